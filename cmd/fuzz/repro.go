package main

import (
	"fmt"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/internal/fuzztarget"
	"github.com/mtgfuzz/mtgfuzz/report"
)

// runArgs are the facts of a "run" command line that generates the cases of one
// property again: the one place they are written as a command (a Failure carries them as
// campaign.Origin; the corpus origin, the printed reproduce lines and the fault matrix all
// render them here). Zero values leave flags out: no fault, no shard, default steps.
type runArgs struct {
	prop   string
	seed   uint64
	faults []string
	shard  string // "k/n", or ""
	steps  int
	engine string // the flags selecting the engine under test (" --engine 'CMD'"), or ""
	// input is the fuzz target's input the case came from (campaign.Origin.Input), or "":
	// then the command imports it again instead of generating the case.
	input string
}

// originArgs are the run arguments a counterexample was found with.
func originArgs(o campaign.Origin, engine string) runArgs {
	return runArgs{prop: o.Property, seed: o.Seed, faults: o.Faults, shard: o.Shard, steps: o.Steps, engine: engine, input: o.Input}
}

// oneCase runs case n alone, from the module root.
func (a runArgs) oneCase(n int) string { return report.Command + " " + a.caseArgs(n) }

// caseArgs are the arguments of "fuzz" that run case n alone (run --case): a case's seed
// depends on the seed, the property and n alone, so no shard is needed.
func (a runArgs) caseArgs(n int) string {
	return a.args(fmt.Sprintf("--case %d", n), false)
}

// upTo runs every case below upto that belongs to the shard, from the module root.
func (a runArgs) upTo(upto int) string {
	return report.Command + " " + a.args(fmt.Sprintf("--checks %d", upto), true)
}

func (a runArgs) args(cases string, shard bool) string {
	if a.input != "" {
		return fuzztarget.ImportArgs(a.prop, a.input, a.faults) + a.engine
	}
	cmd := fmt.Sprintf("run --props %s --seed %d %s", campaign.ShellQuote(a.prop), a.seed, cases)
	if a.steps > 0 && a.steps != campaign.DefaultMaxSteps {
		cmd += fmt.Sprintf(" --steps %d", a.steps)
	}
	cmd += faultArgs(a.faults)
	if shard && a.shard != "" {
		cmd += " --shard " + a.shard
	}
	return cmd + a.engine
}

// faultArgs are the --fault flags switching faults on (" --fault A --fault B"), for a
// command line that must meet the same engine: a run, or the replay of a saved case.
func faultArgs(faults []string) string {
	var b strings.Builder
	for _, f := range faults {
		b.WriteString(" --fault " + campaign.ShellQuote(f))
	}
	return b.String()
}
