package main

import (
	"fmt"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/diff"
	"github.com/mtgfuzz/mtgfuzz/props"
	"github.com/mtgfuzz/mtgfuzz/report"
	"github.com/mtgfuzz/mtgfuzz/scenario"
)

// diffEngines is differential testing: generated cases played step by step on the
// reference engine (or the --against port) and on the --engine port, compared after every
// action; up to --counterexamples distinct divergences are shrunk, shown side by side and
// saved (under found/ unless --corpus says otherwise) as scenarios that expect what the
// first engine showed. A board an engine declines is counted and skipped. Exit 1 on a
// divergence.
func (c *cli) diffEngines(args []string) error {
	fs := newFlagSet("diff")
	var b engineFlags
	b.register(fs)
	against := fs.String("against", "", "compare with the port `CMD` instead of the reference engine")
	seed := fs.Uint64("seed", 1, "the seed of the generated cases")
	cases := checksFlag(fs, 500, "generated cases to compare")
	steps := fs.Int("steps", campaign.DefaultMaxSteps, "at most `N` actions per generated case")
	counterexamples := fs.Int("counterexamples", 1, "after a divergence, go on and report up to `N` distinct divergences (distinct by what differs, the kind of action and the cards)")
	dir := fs.String("corpus", "", "save the divergences under `DIR` (default: "+foundDirName+"/ at the module root, ignored by git)")
	pos, err := c.parse(fs, args)
	if err != nil {
		return err
	}
	switch {
	case len(pos) > 0:
		return usageErrorf("diff takes no arguments, got %q", pos)
	case b.command == "":
		return usageErrorf("diff needs --engine CMD, the port to compare")
	case *cases < 1 || *steps < 1 || *counterexamples < 1:
		return usageErrorf("--checks, --steps and --counterexamples must be at least 1")
	}
	if *dir == "" {
		*dir = foundDir()
	}
	if err := checkWritableDir(*dir); err != nil { // before the run, so no divergence is lost
		return inputErrorf("--corpus %s: %v", *dir, err)
	}
	a := engineFlags{command: *against, timeout: b.timeout}
	engA, err := a.open(nil)
	if err != nil {
		return err
	}
	defer engA.Close()
	engB, err := b.open(nil)
	if err != nil {
		return err
	}
	defer engB.Close()
	res, err := diff.Run(c.ctx, diff.Config{A: engA, B: engB, Steers: props.Steers(), Seed: *seed, Cases: *cases,
		MaxSteps: *steps, Counterexamples: *counterexamples})
	if err != nil {
		return err
	}
	saved, replay := make([]string, len(res.Divergences)), make([]string, len(res.Divergences))
	for i, d := range res.Divergences {
		more := ""
		if *counterexamples > 1 {
			more = fmt.Sprintf(" --counterexamples %d", i+1)
		}
		origin := fmt.Sprintf("fuzz diff%s%s --seed %d --checks %d%s", b.args(), againstArgs(*against), *seed, d.Case+1, more)
		saved[i], err = saveDivergence(*dir, res, d, origin)
		if err != nil {
			c.errorf("%v", err)
			continue
		}
		replay[i] = fmt.Sprintf("%s replay %s%s", report.Command, campaign.ShellQuote(saved[i]), b.args())
	}
	if err := report.DiffText(c.stdout, res, saved, replay); err != nil {
		return err
	}
	if len(res.Divergences) > 0 {
		return errFailed
	}
	return nil
}

func againstArgs(cmd string) string {
	if cmd == "" {
		return ""
	}
	return " --against " + campaign.ShellQuote(cmd)
}

// saveDivergence writes a shrunk divergence as a scenario expecting what engine A
// showed, filed under the rules area "rules.differential".
func saveDivergence(dir string, res *diff.Result, d *diff.Divergence, origin string) (string, error) {
	title := fmt.Sprintf("%s and %s diverge", res.A, res.B)
	if len(d.Differences) > 0 {
		title += " on " + d.Differences[0].What
	}
	obs := scenario.Observed{Snapshot: d.Observed.Snapshot, Could: d.Observed.Could, Legal: d.Observed.Legal, Illegal: d.Observed.Illegal}
	sc := scenario.FromCounterexample([]string{"rules.differential"}, nil, title, "found by "+origin, d.Setup, d.Actions, scenario.WithObserved(obs))
	path, _, err := scenario.Save(dir, sc)
	if err != nil {
		return "", fmt.Errorf("saving the divergence: %w", err)
	}
	return display(path), nil
}
