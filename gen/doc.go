// Package gen generates cases for the harness: a starting position ([Generator.Board])
// and a random walk over an engine's legal actions ([Generator.Run]), recorded as a
// [Trace] that properties judge and that replays from its setup and actions ([Replay]).
//
// # One core, several drivers
//
// Generators draw only from a [Source]: labelled choices (Uintn) and structural groups
// (Group), with the simplest option at 0. The same generator runs under:
//
//   - [TapeSource]: the campaign's own driver, a seeded SplitMix64 stream that records
//     every draw, so a case becomes a tape that replays exactly ([ReplayTape]); [Shrink]
//     minimizes failing tapes Hypothesis-style (delete groups, zero, lower, sort) and
//     [ShortlexLess] orders tapes. [TapeSchema] versions the draw structure. After it,
//     [ShrinkSetup] works on the case itself, below what a recipe puts on every board:
//     setup cards, actions and extra state, replaying the case renumbered.
//   - [Rapid]: pgregory.net/rapid, whose own shrinker works through the adapter;
//     [RapidBoard] and [RapidCase] are ready-made rapid generators.
//   - [Gopter]: a gopter.Gen of [Recorded] values with a tape shrinker.
//   - [BytesSource]: Go native fuzzing (testing.F); [TapeBytes] turns a tape into a fuzz
//     input and [BytesTape] an input into its tape.
//
// # Boards, steering and the walk
//
// A [Pool] lists the cards a board may hold, with the few facts ([Kind]) the generator
// needs: [DefaultPool] is the reference engine's pool, derived from the printed data of
// the cards package ([PoolOf]); [ProbePool] learns one from any engine. A [Steer] biases generation toward a property's situation: recipes ([Recipe]) favour
// cards per zone ([Pick], [Cards]) and keep kinds of card out, [ActionWeights] weigh the
// kinds of action the walk takes ([DefaultActions], [PreferMana]), and Steer.Prefer marks
// actions to favour. [New] compiles a steer against a pool into a [Generator]; [Board]
// is a one-off convenience over the default pool. [Classify] and
// [IsManaAbility] say what kind of action an action is.
//
// # Reading traces
//
// [Log] and [AnnotatedLog] render a trace as a game log, each run of passes as one
// "pass until" line ([PassRuns], which the corpus writes too); [DescribeSetup] and
// [DescribeAction] render its parts. An engine that fails or panics is recorded as an
// [EngineError] in Trace.Err, with a stack cleaned by [CleanStack] so reports stay
// deterministic.
//
// Package gentest holds Toy, a tiny engine for testing all of this without the reference
// engine.
package gen
