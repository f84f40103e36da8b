// Package engine is the reference rules engine: a pure, deterministic implementation of a
// defined subset of the Magic: The Gathering Comprehensive Rules (CR), for the card pool in
// cards_*.go.
//
// What other packages use is small, and it is the only exported functions and types:
// [New] with its [Options] gives the [Reference] engine, which every other package
// reaches only through harness.Engine; [Faults] and [FaultInfo] list its deliberate
// faults, each also a constant (FaultX) a test may switch on by name; [CardNames],
// [TokenNames], [CounterKinds] and [EntryChoices] are its vocabulary, for checking a
// scenario's names. Everything else is the engine's own (the other exported constants are
// values of its unexported types): a change inside it can't break another package, and a
// port reads the rules in docs/ and the harness, not this code's types.
//
// Shape:
//   - Printed card data is the cards package's table; cards_*.go add each card's abilities
//     as data (cardDef).
//   - state is the base state: printed card data by reference, status, counters,
//     attachments, timestamps and continuous-effect records (effect: parts that are
//     modification values, a duration checked at the moments the rules name). It is a
//     value; applyAction never changes its input. Its object records are shared with the
//     states cloned from it until one writes them (object_table.go): rules code reads a
//     record with obj/live and writes one only through state.mut, which a structural test
//     (object_writes_test.go) holds it to.
//   - Characteristics, in every zone, are computed through the layer system (CR 613) by
//     project, layer by layer across all objects, and never written back
//     (cr613_layers.go). The rules read them only there (view.Of): a structural test
//     (printed_reads_test.go) fails on a direct read of printed data elsewhere.
//   - Every ability an object has carries an identity (abilityKey: printed, intrinsic,
//     granted or copied), so links between abilities and "this ability" can name it.
//   - What a player may cast or play, from where, for what cost and when, is listed in one
//     place (cr601_permissions.go) that legal actions and casting both use.
//   - The engine never asks: legalActions enumerates every action, every choice made.
//     Choices needed while something resolves become a pending decision, answered by an
//     action.
//   - Rules areas live in files named after their CR section (cr106_mana.go,
//     cr605_mana_abilities.go, cr704_sba.go, ...).
//   - Deliberate faults (faults.go) are named rule bugs, off by default, each switched at
//     the one decision point it corrupts; they prove the harness's properties can fail.
package engine
