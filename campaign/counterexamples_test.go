package campaign_test

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/corpus"
	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props"
)

// TestDistinctCounterexamples: with two bugs behind one property, the campaign goes on
// after the first failing case and reports a second counterexample for the other rule,
// each shrunk; the report is the same for any worker count.
func TestDistinctCounterexamples(t *testing.T) {
	run := func(workers int) *campaign.Report {
		rep, err := campaign.Run(context.Background(), campaign.Config{
			Engine: func() (harness.Engine, error) {
				return engine.New(engine.Options{Faults: []string{"invariant.sba/legend-rule-off", "invariant.sba/skip-zero-toughness"}})
			},
			Props: props.Match("invariant.sba"), Seed: 1, Checks: 600, Workers: workers, Counterexamples: 3, ShrinkBudget: 300,
		})
		require.NoError(t, err)
		return rep
	}
	rep := run(2)
	p := rep.Props[0]
	require.Equal(t, campaign.Failed, p.Outcome)
	require.NotNil(t, p.Failure)
	require.Len(t, p.More, 1, "two rules broken, two counterexamples")
	rules := map[string]bool{p.Failure.Violations[0].Rule: true, p.More[0].Violations[0].Rule: true}
	assert.Len(t, rules, 2, "the counterexamples break different rules: %v", rules)
	assert.Equal(t, 600, p.Cases, "every case ran")
	for _, f := range append([]campaign.Failure{*p.Failure}, p.More...) {
		assert.Positive(t, f.Shrinks)
		assert.Less(t, f.Case, 600)
	}
	a, _ := json.Marshal(rep)
	b, _ := json.Marshal(run(1))
	assert.JSONEq(t, string(a), string(b), "the same for one worker or two")
}

// TestCampaignSavesToTheCorpus: from Go, Config.Found with SaveCounterexample saves each
// counterexample as a scenario that fails on the faulty engine and holds on the reference
// engine; it hears of it while the cases of the other property still run.
func TestCampaignSavesToTheCorpus(t *testing.T) {
	const fault = "mana.undefined-type/gives-colorless"
	dir := t.TempDir()
	var phases []string
	rep, err := campaign.Run(context.Background(), campaign.Config{
		Engine: func() (harness.Engine, error) { return engine.New(engine.Options{Faults: []string{fault}}) },
		Props:  append(props.Match("mana.undefined-type"), props.Match("rules.turn")...), Seed: 1, Checks: 1000, ShrinkBudget: 300, Workers: 1,
		Found: func(p *props.Property, f *campaign.Failure) {
			phases = append(phases, "found")
			require.NoError(t, saveFound(dir, fault)(p, f))
		},
		Progress: func(p campaign.Progress) { phases = append(phases, p.Phase) },
	})
	require.NoError(t, err)
	assert.Contains(t, phases[slices.Index(phases, "found"):], "cases", "found while the cases run")
	f := rep.Props[0].Failure
	require.NotNil(t, f)
	require.NotEmpty(t, f.CorpusPath)
	sc, err := corpus.Load(f.CorpusPath)
	require.NoError(t, err)
	faulty, _ := engine.New(engine.Options{Faults: []string{fault}})
	assert.False(t, corpus.Replay(faulty, sc).Passed, "the saved scenario fails on the faulty engine")
	ref, _ := engine.New(engine.Options{})
	assert.True(t, corpus.Replay(ref, sc).Passed, "and holds on the reference engine")
}

// saveFound is a Config.Found that saves each counterexample under dir, replaying it on
// the reference engine with fault on.
func saveFound(dir, fault string) func(*props.Property, *campaign.Failure) error {
	return func(p *props.Property, f *campaign.Failure) error {
		eng, err := engine.New(engine.Options{Faults: []string{fault}})
		if err != nil {
			return err
		}
		return campaign.SaveCounterexample(dir, p, f, eng, "found by a test")
	}
}
