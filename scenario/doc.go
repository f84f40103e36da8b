// Package scenario reads, replays and writes scenarios: readable, hand-editable YAML files
// that set up a game, take actions with every choice explicit, and check expectations,
// like XMage's card tests. Hand-written scenarios (at least two per ruling) and
// counterexamples found by fuzzing runs live side by side in the module's corpus, under
// corpus/<ruling-id>/, and replaying them all is the regression gate. The format is
// documented in corpus/README.md, beside the scenarios.
//
// Reading: [Parse], [Load] and [LoadDir] give a [Scenario]; every error names its file
// and line, and the column of the offending value. A [Vocabulary] (an engine's cards,
// counter kinds and entry choices, with every property and ruling ID) checks every name
// as it is read, suggesting the nearest valid ones; numbers are bounded so no engine's
// arithmetic overflows. [Scenario.Setup] gives the normalized harness.Setup.
//
// Replaying: [Replay] plays a scenario on any harness.Engine and returns a [Result] with
// failures ("file:line: expected X, got Y") and a game log; [Explain] returns the log
// alone. Each action line must match exactly one of the engine's legal actions: that is
// how a scenario says "this is legal". "property: ID" expectations judge the replayed
// trace through [PropertyChecker]. Most expectations read the board at their checkpoint;
// [TriggerCheck] ("triggered:", with exact counts, or "triggered: []" for nothing at all)
// and [EventCheck] ("happened:": a card moved between zones, a permanent became tapped or
// untapped) read the events the engine reported since the previous checkpoint, so they
// see what no checkpoint can stop at (the untap step, CR 502.4; a creature state-based
// actions removed as a spell resolved, 704.3). An engine that declares it doesn't report
// what one reads (harness.Support.Reported) makes the scenario unsupported, see
// [Unsupported].
//
// Writing: [FromCounterexample] turns a shrunk counterexample into a scenario, [Marshal]
// writes the canonical YAML, and [Save] stores it as found-<hash>.yaml without ever
// overwriting a file.
package scenario
