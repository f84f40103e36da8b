package campaign_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props"
	"github.com/mtgfuzz/mtgfuzz/scenario"
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
	a, _ := json.Marshal(rep.Untimed())
	b, _ := json.Marshal(run(1).Untimed())
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
	sc, err := scenario.Load(f.CorpusPath)
	require.NoError(t, err)
	faulty, _ := engine.New(engine.Options{Faults: []string{fault}})
	assert.False(t, scenario.Replay(faulty, sc).Passed, "the saved scenario fails on the faulty engine")
	ref, _ := engine.New(engine.Options{})
	assert.True(t, scenario.Replay(ref, sc).Passed, "and holds on the reference engine")
}

// TestCounterexamplesDistinctByWhatFails: one fault seen after casting a spell and after
// activating an ability is cited the same (rules.priority, clause after-action, CR
// 117.3c), but fails on different actions and cards: --counterexamples shows both, and
// no two of them fail on the same action with the same cards once shrunk.
func TestCounterexamplesDistinctByWhatFails(t *testing.T) {
	cfg := campaign.Config{Props: props.Match("rules.priority"), Seed: 1, Checks: 300, Workers: 1, Counterexamples: 4,
		ShrinkBudget: 300, Engine: func() (harness.Engine, error) {
			return engine.New(engine.Options{Faults: []string{engine.FaultOtherAfterCasting}})
		}}
	rep, err := campaign.Run(context.Background(), cfg)
	require.NoError(t, err)
	p := rep.Props[0]
	require.Equal(t, campaign.Failed, p.Outcome)
	fs := p.Failures()
	require.GreaterOrEqual(t, len(fs), 2, "more than one counterexample under one citation")
	eng, err := cfg.Engine()
	require.NoError(t, err)
	seen := map[string]bool{}
	for _, f := range fs {
		v := f.Violations[0]
		assert.Equal(t, "117.3c", v.Rule)
		tr := gen.Replay(eng, f.Setup, f.Actions)
		require.NoError(t, tr.Err)
		require.Less(t, v.Step, len(tr.Steps))
		st := tr.Steps[v.Step]
		key := string(st.Action.Kind)
		if st.Before.Casting != nil {
			key += " for " + st.Before.Casting.Name
		}
		assert.False(t, seen[key], "two counterexamples fail on %s", key)
		seen[key] = true
	}
}

// TestCounterexampleSavedUnderTheRulingItBreaks: a property that checks several rulings
// (mana.outcomes) files a counterexample under the ruling its violation cites.
func TestCounterexampleSavedUnderTheRulingItBreaks(t *testing.T) {
	dir := t.TempDir()
	const fault = "mana.tapped-replacement/applied-twice"
	cfg := campaign.Config{Props: props.Match("mana.outcomes"), Seed: 1, Checks: 500, ShrinkBudget: 200,
		Found: func(p *props.Property, f *campaign.Failure) { require.NoError(t, saveFound(dir, fault)(p, f)) },
		Engine: func() (harness.Engine, error) {
			return engine.New(engine.Options{Faults: []string{fault}})
		}}
	rep, err := campaign.Run(context.Background(), cfg)
	require.NoError(t, err)
	f := rep.Props[0].Failure
	require.NotNil(t, f)
	ruling := f.Violations[0].Ruling
	require.NotEqual(t, "mana.undefined-type", ruling, "a ruling other than the property's first")
	assert.Equal(t, filepath.Join(dir, ruling), filepath.Dir(f.CorpusPath))
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
