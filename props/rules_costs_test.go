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

// TestOtherCostsPaid: paying Walking Ballista's "Remove a +1/+1 counter" takes one of its
// two counters, and Mystic Forge's "{T}, Pay 1 life" takes one life, both as the Pay
// completes the activation (CR 601.2h, 119.4); an engine that leaves the counters breaks
// other-costs-paid.
func TestOtherCostsPaid(t *testing.T) {
	setup := harness.Setup{Turn: 3, Active: A, Step: harness.Main1}
	setup.Players[A] = harness.PlayerSetup{Life: 20, Library: []harness.CardSpec{{ID: 5, Name: "Island"}},
		Battlefield: []harness.PermanentSpec{{CardSpec: harness.CardSpec{ID: 2, Name: "Walking Ballista"}, Counters: map[string]int{"+1/+1": 2}},
			{CardSpec: harness.CardSpec{ID: 3, Name: "Mystic Forge"}}}}
	setup.Players[B] = harness.PlayerSetup{Life: 20, Library: []harness.CardSpec{{ID: 4, Name: "Island"}}}
	actions := []harness.Action{
		{Player: A, Kind: harness.Activate, Card: 2, Ability: 2, Targets: []harness.Target{harness.PlayerTarget(B)}}, {Player: A, Kind: harness.Pay},
		{Player: A, Kind: harness.Pass}, {Player: B, Kind: harness.Pass},
		{Player: A, Kind: harness.Activate, Card: 3, Ability: 2}, {Player: A, Kind: harness.Pay}}
	p := costRules()
	eng, err := engine.New(engine.Options{})
	require.NoError(t, err)
	tr := play(t, eng, setup, actions...)
	assert.Equal(t, 1, tr.Steps[1].After.Permanent(2).Counters["+1/+1"], "the counter removed as the Pay completes the activation")
	assert.Equal(t, 19, tr.Final().Players[A].Life)
	v := p.Check(eng, tr)
	assert.Empty(t, v.Violations)
	assert.Equal(t, 2, v.Clauses["other-costs-paid"], "the Ballista's counter and the Forge's life")

	faulty, err := engine.New(engine.Options{Faults: []string{engine.FaultCounterCostNotPaid}})
	require.NoError(t, err)
	v = p.Check(faulty, play(t, faulty, setup, actions...))
	require.Len(t, v.Violations, 1)
	assert.Equal(t, "other-costs-paid", v.Violations[0].Clause)
	assert.Contains(t, v.Violations[0].Message, "2 +1/+1 counters")
}
