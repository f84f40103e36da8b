// Package harness holds the vocabulary every engine speaks with the fuzzing harness: a
// [Setup] to start a game from, the [Action]s a player may take, the [Snapshot] of the
// computed game an engine reports, and the [Engine] interface that the reference engine,
// an in-process Go port and an out-of-process port all implement.
//
// The types are plain data with JSON tags: they are also the wire format of the process
// protocol, so an engine in any language can be driven through them.
//
// Snapshots are read only, everything they point to included. A snapshot's zones list
// pointers to objects, so that an engine in Go may share an object that did not change
// between the snapshots of a game (the reference engine does: a step that taps one land
// renders that land alone); writing to an object through any snapshot would change it in
// the others. Code that wants a changed snapshot changes a [Snapshot.Clone].
//
// Identities: every card named in a Setup gets a [CardID] from [Setup.Normalize], in setup
// order. Card IDs are stable across zones (CR 400.7 says the object is new, the card is
// not); engines report their own object IDs beside them.
package harness
