// Package campaign runs properties against an engine over many generated cases and
// reports a verdict per property.
//
// [Run] takes a [Config]: an engine factory (one engine per worker), the properties, a
// seed, a number of checks and/or a wall-clock budget, workers, a shard, the walk length
// and the shrink budget. Case i of property P is generated from [CaseSeed](seed, P.ID, i)
// alone, so results never depend on the worker count; a shard K/N runs the cases with
// i % N == K-1, so the N shards are disjoint and cover the whole run.
//
// A failed property runs its other cases too (Config.StopAtFirstFailure stops it at the
// first), so the shards' reports add up to the whole campaign's ([Merge]). The verdicts ([Outcome]) are
// [Failed] (a case violated it), [Errored] (no violation, but the engine broke on some
// case), [Vacuous] (no case reached its situation) and [Passed]. The case reported for a
// Failed or Errored property is shrunk on its recorded tape (gen.Shrink, bounded by
// Config.ShrinkBudget replays, never by the clock), then a violation on its setup and
// actions (gen.ShrinkSetup, as many replays again: it removes what the generator's
// recipes put on every board, keeping only candidates that violate the same clause), and
// described in a [Failure]: setup,
// actions, annotated game log, violations, tape and the facts that run its case again ([Origin]).
// A property that panics counts as violated, with the panic's message and place.
//
// Cases are counted, not kept: each is folded into its property's counts in case order,
// so memory does not grow with a campaign's length, and the [Report] is the same for any
// worker count and any timing with a fixed number of checks ([PropResult].ElapsedMS
// aside). A counterexample is shrunk as soon as its place in case order is settled, while
// the campaign goes on, and handed to Config.Found (the CLI saves it there), so a campaign
// killed later loses nothing it had shrunk. A case that runs past Config.CaseTimeout is
// abandoned with its engine and reported as an engine error. Config.First runs from a
// given case (one case alone: the CLI's run --case), Config.Resume continues an earlier
// report's campaign, and Config.Tape runs one case given as its tape instead of its seed
// (a coverage-guided fuzzing engine's input: the CLI's import). [Progress] reports go
// to Config.Progress while it runs. Besides the verdicts it carries [Stats]: per property
// the cases that reached it and the cases wasted ([Waste]), over the campaign how often
// each card was on a board and each kind of action taken, and health warnings.
//
// Closing Config.Stop ends the generation of cases early: what failed is still shrunk
// and the report, marked Partial, covers the cases that ran. Cancelling the context does
// the same and cuts shrinking short too (Failure.ShrinkStopped), abandoning after a
// second whatever still runs: the CLI maps a first and a second interrupt to the two.
package campaign
