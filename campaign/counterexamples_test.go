package campaign_test

import (
	"context"
	"encoding/json"
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
// after the first failing case and reports counterexamples for both rules (one bug may
// show in more than one, seen after different actions), each shrunk; the report is the
// same for any worker count.
func TestDistinctCounterexamples(t *testing.T) {
	run := func(workers int) *campaign.Report {
		rep, err := campaign.Run(context.Background(), campaign.Config{
			Engine: func() (harness.Engine, error) {
				return engine.New(engine.Options{Faults: []string{"invariant.sba/legend-rule-off", "invariant.sba/skip-zero-toughness"}})
			},
			Props: props.Match("invariant.sba"), Seed: 1, Checks: 600, Workers: workers, Counterexamples: 8, ShrinkBudget: 300,
		})
		require.NoError(t, err)
		return rep
	}
	rep := run(2)
	p := rep.Props[0]
	require.Equal(t, campaign.Failed, p.Outcome)
	require.NotNil(t, p.Failure)
	rules := map[string]bool{}
	for _, f := range p.Failures() {
		rules[f.Violations[0].Rule] = true
	}
	assert.Len(t, rules, 2, "both rules broken are shown: %v", rules)
	assert.Equal(t, 600, p.Cases, "every case ran")
	for _, f := range append([]campaign.Failure{*p.Failure}, p.More...) {
		assert.Positive(t, f.Shrinks)
		assert.Less(t, f.Case, 600)
	}
	a, _ := json.Marshal(rep)
	b, _ := json.Marshal(run(1))
	assert.JSONEq(t, string(a), string(b), "the same for one worker or two")
}

// TestCampaignSavesToTheCorpus: from Go, Config.Corpus saves each counterexample as a
// scenario that fails on the faulty engine and holds on the reference engine.
func TestCampaignSavesToTheCorpus(t *testing.T) {
	const fault = "mana.undefined-type/gives-colorless"
	dir := t.TempDir()
	rep, err := campaign.Run(context.Background(), campaign.Config{
		Engine: func() (harness.Engine, error) { return engine.New(engine.Options{Faults: []string{fault}}) },
		Props:  props.Match("mana.undefined-type"), Seed: 1, Checks: 200, Corpus: dir, ShrinkBudget: 300,
	})
	require.NoError(t, err)
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
