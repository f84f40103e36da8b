// Package mutate is mutation testing of the reference engine judged by the campaign
// (issue 23): it makes mutants of engine/ at every decision point its operators reach,
// and runs the default campaign and the corpus replay against each, to find the engine
// bugs the properties can't tell from a correct engine.
//
// It uses mutant schemata: engine/ is rewritten once, into a scratch copy of the module,
// with every mutation guarded by mutant.Active(id) (package mutant), and that copy's fuzz
// command is built once to judge (with the tag mtgfuzzjudge, whose guards can't record and
// cost the engine about 15% of its speed) and once to record the reach (below; its guards
// cost about 85%). Each mutant is then one run of that binary with its ID in the
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
// # Pruning by infection
//
// Most mutants change what their code computes in few of the campaign's cases, and a
// survivor costs every case it is judged by. So, first, the schema's recording binary with
// no mutant active runs each property of the campaign (its cases as the judgement runs them: the
// same seed, each case's seed made from the campaign's seed, the property's ID and the
// case's place, never from which other cases run) and each scenario of the corpus, each in
// a process of its own, recording for every mutant where its guard is evaluated (reached)
// and where, were it active, it would change a value (infected; package mutant says how
// each operator's infection is told), case by case (campaign.Config.RunCase and
// CaseDone), and which cases reach each property's clauses. Then each mutant is judged
// only by the cases and scenarios it infects, in the campaign's order (Reach.Units,
// JudgeConfig.Units), stopping at the first kill. A mutant infecting nothing survives
// without a run: Unreached when nothing even evaluates its guard (a hole of the
// generator's reach, or dead code), Uninfected when its guard runs but never with a value
// the change would alter (a boundary whose two sides are never equal: a hole of the
// generator's reach, or an equivalent mutant). Both are counted on their own and never as
// killed.
//
// This is sound by determinism: a mutant differs from the engine only in what its guard
// returns, so a run is the unmutated run until the first evaluation at which the guard's
// value differs, and a case that the unmutated run never infects runs as the unmutated
// engine does, and passes. A condition made always true or false is skipped by its
// mutant, so an evaluation of it that never returns (the engine asks a player's choice by
// panicking, and recovers higher up) infects it too (mutant.Enter): were it active, the
// run would have gone on there. The campaign's halt makes the verdict the first failing case
// in the campaign's order (a violation or, with StopOnEngineError, an engine that breaks),
// and the cases left out could not have failed before it, so the verdict, property,
// clause and case are the whole campaign's. Vacuity is the one verdict of all a property's
// cases: a clause (or the property's situation) that a case left out reaches is reached
// in the whole campaign whatever the mutant does; one reached only by infected cases is
// at risk (Units.AtRisk), and the property is vacuous if the cases run leave it unreached.
//
// What the engine keeps between cases and properties could break this, and is why the
// infections before a property's first case (the engine's initialisation, whose guards
// every run evaluates: the card registry; the campaign's setting up) count as infecting
// every case, and why each property and scenario is recorded in a fresh process. A memo
// kept between cases is the one thing a case can read without evaluating the guards that
// made it: the functions writing one (memoWriters: sizedDefs, the sized tokens'
// definitions) make their mutants CrossCase, judged by every case of the properties they
// infect, and TestEngineMemos fails when the engine gains another. Across properties, a
// property that reads an entry made by an earlier one would make it itself from a cold
// start, and so is recorded as infected by that code. The explorer and listing sync.Pools
// are emptied by any collection, so the unmutated engine can't read what a pooled object
// held (it resets each one it takes), and a run that takes one runs the code that resets
// it. One thing can still differ: a mutant that leaks memory is stopped at the
// judgement's heap limit (JudgeConfig.MemoryLimit) sooner in the whole campaign than in
// the cases it infects alone. TestPruneSameVerdicts checks pruned and whole judging agree
// on a seeded sample. A mutant infecting more than a sixteenth of a property's cases is
// judged by all of them: the case lists are what the reach costs to keep.
//
// A run with --journal appends each verdict to a file as it is known (Journal) and, run
// again, judges only the mutants it has none for; its first line holds the Settings (the
// source's hash and the campaign's settings) that its verdicts are of. Shards' journals or
// JSON reports merge into one report (Merge) as one whole run's.
//
// Mutant IDs are the mutants' places in a fixed order (file name, then position in the
// file, then operator), so the same source gives the same IDs and the same report.
package mutate
