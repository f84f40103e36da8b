package campaign

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props"
	"github.com/mtgfuzz/mtgfuzz/scenario"
)

// SaveCounterexample writes f, a shrunk counterexample of p, into the corpus under dir as
// a scenario whose one expectation is that p holds, so the file replays as a regression
// gate; origin says where it came from ("found by fuzz run ..."). eng, the engine it was found on, is replayed to name things in the file as a
// person would, and to write runs of passes as "pass until" lines. The corpus
// deduplicates by content and never overwrites; the path, new or existing, goes into
// f.CorpusPath.
func SaveCounterexample(dir string, p *props.Property, f *Failure, eng harness.Engine, origin string) error {
	rulings := violatedFirst(p.Rulings, f.Violations) // the first names the folder
	if len(rulings) == 0 {
		rulings = []string{p.ID} // a property without a ruling files its cases under its own ID
	}
	title := p.ID
	if len(f.Violations) > 0 {
		first, _, _ := strings.Cut(f.Violations[0].Message, "\n")
		title += ": " + clip(first, 100)
	}
	opts := []scenario.Option{scenario.WithProperties(p.ID)}
	actions := f.Actions
	if f.BrokeOn != nil {
		actions = append(slices.Clone(actions), *f.BrokeOn)
	}
	before, runs := replayed(eng, f.Setup, actions)
	if before != nil {
		opts = append(opts, scenario.WithSnapshots(before))
	}
	opts = append(opts, scenario.WithPassRuns(runs))
	sc := scenario.FromCounterexample(rulings, p.Rules, title, origin, f.Setup, actions, opts...)
	path, _, err := scenario.Save(dir, sc)
	if err != nil {
		return fmt.Errorf("saving the counterexample of %s: %w", p.ID, err)
	}
	f.CorpusPath = path
	return nil
}

// replayed replays the actions to get the board before each one (nil if the replay does
// not get through every action) and the runs of passes among the actions it took.
func replayed(eng harness.Engine, setup harness.Setup, actions []harness.Action) ([]harness.Snapshot, []gen.PassRun) {
	tr := gen.Replay(eng, setup, actions)
	runs := gen.PassRuns(tr.Steps, nil)
	if len(tr.Steps) != len(actions) {
		return nil, runs
	}
	before := make([]harness.Snapshot, len(tr.Steps))
	for i, s := range tr.Steps {
		before[i] = *s.Before
	}
	return before, runs
}

// clip shortens s to at most n runes, marking the cut.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
