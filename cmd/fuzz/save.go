package main

import (
	"fmt"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/corpus"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// saveCounterexample writes p's shrunk counterexample into the corpus as a scenario whose
// one expectation is that p holds, so the file replays as a regression gate. The corpus
// deduplicates by content and never overwrites; the path, new or existing, goes into the
// report for the replay command.
func (c *cli) saveCounterexample(f campaignFlags, p *campaign.PropResult) error {
	fail := p.Failure
	rulings := p.Rulings
	if len(rulings) == 0 {
		rulings = []string{p.ID} // a property without a ruling files its cases under its own ID
	}
	title := p.ID
	if len(fail.Violations) > 0 {
		title += ": " + clip(firstLine(fail.Violations[0].Message), 100)
	}
	opts := []corpus.Option{corpus.WithProperties(p.ID)}
	if before := snapshotsBefore(f, fail.Setup, fail.Actions); before != nil {
		opts = append(opts, corpus.WithSnapshots(before))
	}
	origin := "found by " + strings.TrimPrefix(fail.Repro, "go run ./cmd/")
	sc := corpus.FromCounterexample(rulings, p.Rules, title, origin, fail.Setup, fail.Actions, opts...)
	path, _, err := corpus.Save(f.corpus, sc)
	if err != nil {
		return fmt.Errorf("saving the counterexample of %s: %w", p.ID, err)
	}
	fail.CorpusPath = display(path)
	return nil
}

// snapshotsBefore replays the counterexample on the run's engine to get the board before
// each action, which lets the scenario writer name things as a person would. It returns
// nil if the replay does not get through every action.
func snapshotsBefore(f campaignFlags, setup harness.Setup, actions []harness.Action) []harness.Snapshot {
	tr := f.engine.trace(f.faults.String(), setup, actions)
	if tr == nil || len(tr.Steps) != len(actions) {
		return nil
	}
	before := make([]harness.Snapshot, len(tr.Steps))
	for i, s := range tr.Steps {
		before[i] = s.Before
	}
	return before
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// clip shortens s to at most n runes, marking the cut.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
