package props

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// TestCostsPrintedAndWhilePaying: Walking Ballista's "{4}: Put a +1/+1 counter" and Decree
// of Pain's cycling {3}{B}{B} are proposed at their printed costs, and while each waits
// only mana abilities, pay and cancel are listed; an engine that adds {1} to an ability's
// cost breaks printed-cost, one that lists a pass while paying breaks while-paying.
func TestCostsPrintedAndWhilePaying(t *testing.T) {
	setup := harness.Setup{Turn: 3, Active: A, Step: harness.Main1}
	setup.Players[A] = harness.PlayerSetup{Life: 20, Pool: harness.Mana{harness.Black: 2, harness.Colorless: 7},
		Hand:        []harness.CardSpec{{ID: 1, Name: "Decree of Pain"}},
		Battlefield: []harness.PermanentSpec{{CardSpec: harness.CardSpec{ID: 2, Name: "Walking Ballista"}, Counters: map[string]int{"+1/+1": 1}}, {CardSpec: harness.CardSpec{ID: 3, Name: "Swamp"}}}}
	setup.Players[B] = harness.PlayerSetup{Life: 20, Library: []harness.CardSpec{{ID: 4, Name: "Island"}}}
	setup.Players[A].Library = []harness.CardSpec{{ID: 5, Name: "Island"}}
	actions := []harness.Action{{Player: A, Kind: harness.Activate, Card: 2, Ability: 1}, {Player: A, Kind: harness.Cancel},
		{Player: A, Kind: harness.Activate, Card: 1, Ability: 1}, {Player: A, Kind: harness.Cancel}}
	p := costRules()
	eng, err := engine.New(engine.Options{})
	require.NoError(t, err)
	tr := play(t, eng, setup, actions...)
	require.NotNil(t, tr.Steps[2].After.Casting)
	assert.Equal(t, harness.Mana{harness.Black: 2}, tr.Steps[2].After.Casting.Cost, "Decree of Pain's cycling cost's coloured part")
	v := p.Check(eng, tr)
	assert.Empty(t, v.Violations)
	assert.Equal(t, 2, v.Clauses["printed-cost"])
	assert.Equal(t, 2, v.Clauses["while-paying"])

	for fault, clause := range map[string]string{engine.FaultAbilityCostPlusOne: "printed-cost", engine.FaultPassWhilePaying: "while-paying"} {
		faulty, err := engine.New(engine.Options{Faults: []string{fault}})
		require.NoError(t, err)
		v := p.Check(faulty, play(t, faulty, setup, actions...))
		require.Len(t, v.Violations, 2, fault)
		assert.Equal(t, clause, v.Violations[0].Clause, fault)
	}
}
