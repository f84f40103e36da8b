// Package mutate is mutation testing of the reference engine judged by the campaign
// (issue 23): it makes mutants of engine/ at every decision point its operators reach,
// and runs the default campaign and the corpus replay against each, to find the engine
// bugs the properties can't tell from a correct engine.
//
// It uses mutant schemata: engine/ is rewritten once, into a scratch copy of the module,
// with every mutation guarded by mutant.Active(id) (package mutant), and that copy's fuzz
// command is built once. Each mutant is then one run of that binary with its ID in the
// environment (mutant.Env), judging it (Judge): the campaign stops at its first failing
// case, unshrunk, so a killed mutant costs a fraction of a second; only a survivor costs
// the whole campaign and the corpus. The well-kept tools were looked at and not used:
// go-gremlins (by its documentation) picks mutants by the coverage of go test and judges
// them by go test, meant for small modules, where a run can take hours on large ones;
// go-mutesting can run a command of our choosing (--exec) but writes and builds each
// mutant on its own, a build of the fuzz command (tens of seconds) for each of thousands
// of mutants, and neither reports which property and clause killed one. The rewriting
// here is go/ast and go/types, a few hundred lines.
//
// The package is internal: its one user is `fuzz mutate`, and engine authors test their
// engine through properties and ports, not by mutating this repository's engine.
//
// # Pruning by reach
//
// Most mutants are reached by few of the campaign's properties, and a survivor costs the
// whole campaign. So, first, the schema's binary with no mutant active runs each property
// of the campaign (its cases as the judgement runs them: the same seed, each case's seed
// made from the campaign's seed, the property's ID and the case's place, never from which
// other properties run) and each scenario of the corpus, each in a process of its own,
// recording which mutants' guards it evaluates (mutant.RecordEnv). Then each mutant is
// judged by the properties and scenarios that reached it alone, in the campaign's order
// (Reach.Units, JudgeConfig.Units), stopping at the first kill; a mutant reached by none
// is Unreached, judged by nothing, counted on its own and never as killed (a hole of the
// generator's reach, or dead code). This is sound by determinism: a mutant differs from
// the engine only in what its guard returns, so a run is the unmutated run until the
// guard is first evaluated; a property whose unmutated run never evaluates it runs every
// case as the unmutated engine does, and passes. The campaign's halt makes the verdict the
// first failing case in the campaign's order (a violation or, with StopOnEngineError, an
// engine that breaks), and the properties left out could not have failed before it, so
// the verdict, property, clause and case are the whole campaign's.
//
// What the engine keeps between cases and properties could break this, and is why each
// property and scenario is recorded in a fresh process rather than one after another:
// the Reference engine keeps nothing between games (a game's memos, manaEnv and the mana
// outcomes, live in its states); the card registry is filled at init, whose guards every
// run evaluates, so every unit reaches them; sizedDefs is a memo keyed by what it is made
// of, so an entry is made by the same code, reaching the same guards, whichever run makes
// it first: a property that reads an entry made by an earlier one would make it itself
// from a cold start, and so is recorded as reaching that code; the explorer and listing
// sync.Pools are emptied by any collection, so the unmutated engine can't read what a
// pooled object held (it resets each one it takes), and a run that takes one runs the code
// that resets it. One thing can still differ: a mutant that leaks memory is stopped at the
// judgement's heap limit (JudgeConfig.MemoryLimit) sooner in the whole campaign than in
// the properties reaching it alone. TestPruneSameVerdicts checks pruned and unpruned
// judging agree on a seeded sample.
//
// A run with --journal appends each verdict to a file as it is known (Journal) and, run
// again, judges only the mutants it has none for; its first line holds the Settings (the
// source's hash and the campaign's settings) that its verdicts are of. Shards' journals or
// JSON reports merge into one report (Merge) as one whole run's.
//
// Mutant IDs are the mutants' places in a fixed order (file name, then position in the
// file, then operator), so the same source gives the same IDs and the same report.
package mutate
