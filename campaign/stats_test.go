package campaign_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/internal/gentest"
	"github.com/mtgfuzz/mtgfuzz/props"
)

// TestStats: the campaign counts, over the counted cases, the boards each card was on and
// the actions of each kind, and per property the cases that reached it; the numbers are
// the same for any worker count.
func TestStats(t *testing.T) {
	cfg := campaign.Config{Engine: toy(gentest.Options{}), Props: []*props.Property{basicMana}, Seed: 3, Checks: 400, Workers: 1}
	rep := run(t, cfg)
	st := rep.Stats
	require.NotNil(t, st)
	assert.Equal(t, 400, st.Cases)
	pool := gen.DefaultPool().Cards()
	require.Len(t, st.Cards, len(pool), "every card of the pool is listed")
	byName := map[string]int{}
	for i, c := range st.Cards {
		assert.Equal(t, pool[i].Name, c.Name, "in pool order")
		assert.LessOrEqual(t, c.Cases, st.Cases)
		byName[c.Name] = c.Cases
	}
	assert.Positive(t, byName["Forest"])
	kinds := map[harness.ActionKind]int{}
	for _, a := range st.Actions {
		kinds[a.Kind] = a.Count
	}
	assert.Positive(t, kinds[harness.Activate], "mana abilities were activated (the property steers toward them)")
	p := result(rep, basicMana.ID)
	assert.Positive(t, p.CasesReached)
	assert.LessOrEqual(t, p.CasesReached, p.Cases)
	assert.LessOrEqual(t, p.CasesReached, p.Reached, "a case that reached it counts at least one moment")

	cfg.Workers = 3
	assert.Equal(t, st, run(t, cfg).Stats, "the worker count doesn't change the statistics")
}

// TestHealthWarnings: a property reached in under 1% of its cases, and a clause likewise,
// are health warnings; so is a card of the pool that no board held.
func TestHealthWarnings(t *testing.T) {
	rarely := &props.Property{ID: "test.rare", Description: "Reached on case 0 only.",
		Clauses: []props.Clause{{Name: "often"}, {Name: "seldom"}},
		Check: func(_ harness.Engine, tr *gen.Trace) props.Verdict {
			var v props.Verdict
			v.Reach("often")
			if len(tr.Setup.Players[0].Battlefield) == 12 && len(tr.Setup.Players[1].Battlefield) == 12 {
				v.Reach("seldom")
			}
			return v
		}}
	rep := run(t, campaign.Config{Engine: toy(gentest.Options{}), Props: []*props.Property{rarely}, Seed: 1, Checks: 300})
	p := result(rep, rarely.ID)
	require.Len(t, p.Clauses, 2)
	health := strings.Join(rep.Stats.Health, "\n")
	if p.Clauses[1].Cases*100 < p.Cases {
		assert.Contains(t, health, "clause seldom of test.rare is reached in")
	}
	assert.NotContains(t, health, "clause often")
}
