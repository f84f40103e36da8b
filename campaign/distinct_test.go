package campaign_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props"
)

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
