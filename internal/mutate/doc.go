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
// Mutant IDs are the mutants' places in a fixed order (file name, then position in the
// file, then operator), so the same source gives the same IDs and the same report.
package mutate
