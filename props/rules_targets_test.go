package props

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// TestTargetsOffered: with Spark Spray ("any target") and Giant Growth ("target
// creature") in hand, the reference engine offers both players, the Bears and Jace to the
// first and only the Bears to the second; an engine that never offers player B misses
// one player of "any target".
func TestTargetsOffered(t *testing.T) {
	setup := harness.Setup{Turn: 3, Active: A, Step: harness.Main1}
	setup.Players[A] = harness.PlayerSetup{Life: 20, Pool: harness.Mana{harness.Red: 1, harness.Green: 1},
		Hand: []harness.CardSpec{{ID: 1, Name: "Spark Spray"}, {ID: 2, Name: "Giant Growth"}}}
	setup.Players[B] = harness.PlayerSetup{Life: 20, Battlefield: []harness.PermanentSpec{
		{CardSpec: harness.CardSpec{ID: 3, Name: "Grizzly Bears"}}, {CardSpec: harness.CardSpec{ID: 4, Name: "Jace Beleren"}, Counters: map[string]int{"loyalty": 3}}}}
	p := targetRules()
	judge := func(eng harness.Engine) (Verdict, []*targetGroup) {
		tr := play(t, eng, setup, harness.Action{Player: A, Kind: harness.Pass})
		return p.Check(eng, tr), targetGroups(&tr.Steps[0])
	}
	eng, err := engine.New(engine.Options{})
	require.NoError(t, err)
	v, groups := judge(eng)
	assert.Empty(t, v.Violations)
	assert.Equal(t, 2, v.Clauses["all-offered"], "Spark Spray and Giant Growth")
	require.Len(t, groups, 2)
	kinds := map[string]int{}
	for _, g := range groups {
		kinds[g.kind.desc] = len(g.offered)
	}
	assert.Equal(t, map[string]int{"any target": 4, "target creature": 1}, kinds)

	faulty, err := engine.New(engine.Options{Faults: []string{engine.FaultTargetsNoPlayerB}})
	require.NoError(t, err)
	v, _ = judge(faulty)
	require.Len(t, v.Violations, 1)
	assert.Equal(t, "all-offered", v.Violations[0].Clause)
	assert.Contains(t, v.Violations[0].Message, "got: B not offered")
}

// TestDescribedTargets reads the one-target descriptions of the pool's texts: the kinds
// of permanent listed, "non", "another" and who controls the target.
func TestDescribedTargets(t *testing.T) {
	for text, want := range map[string]targetKind{
		"{7}, {T}: Exile target creature you don't control.": {desc: "target creature you don't control", types: []string{"Creature"}, control: youDontControl},
		"{1}, {T}: Exile target creature you control.":       {desc: "target creature you control", types: []string{"Creature"}, control: youControl},
		"You may tap or untap target artifact, creature, or land.": {desc: "target artifact, creature, or land",
			types: []string{"Artifact", "Creature", "Land"}},
		"Destroy target artifact or enchantment.": {desc: "target artifact or enchantment", types: []string{"Artifact", "Enchantment"}},
		"{2}: This artifact becomes a copy of target artifact, creature, enchantment, or land until end of turn.": {
			desc: "target artifact, creature, enchantment, or land", types: []string{"Artifact", "Creature", "Enchantment", "Land"}},
		"When this enchantment enters, exile another target nonland permanent.": {desc: "another target nonland permanent",
			types: []string{"Permanent"}, non: "Land", another: true},
		"Spark Spray deals 1 damage to any target.": {desc: "any target", players: true, any: true},
		"Target player draws a card.":               {desc: "target player", players: true},
		"Counter target spell.":                     {desc: "target spell", spells: true},
		"Counter target spell, activated ability, or triggered ability. (Mana abilities can't be targeted.)": {
			desc: "target spell, activated ability, or triggered ability", spells: true, abilities: true},
		"When you cycle this card, counter target activated or triggered ability you don't control.": {
			desc: "target activated or triggered ability you don't control", abilities: true, control: youDontControl},
	} {
		got, ok := describedTarget(text)
		if assert.True(t, ok, text) {
			assert.Equal(t, want, got, text)
		}
	}
	for _, text := range []string{
		"Return target artifact card from your graveyard to your hand.",    // a card in a graveyard, not a permanent
		"Tap target creature. It deals damage to another target creature.", // two targets
	} {
		_, ok := describedTarget(text)
		assert.False(t, ok, text)
	}
}

// TestTargetsByController: Helvault's abilities offer A's Bears to "target creature you
// control" and B's to "target creature you don't control", each only that one; an engine
// that ignores who controls the creature offers both to each, which only-allowed sees.
func TestTargetsByController(t *testing.T) {
	setup := harness.Setup{Turn: 3, Active: A, Step: harness.Main1}
	setup.Players[A] = harness.PlayerSetup{Life: 20, Battlefield: []harness.PermanentSpec{
		{CardSpec: harness.CardSpec{ID: 1, Name: "Helvault"}}, {CardSpec: harness.CardSpec{ID: 2, Name: "Grizzly Bears"}}}}
	setup.Players[B] = harness.PlayerSetup{Life: 20, Battlefield: []harness.PermanentSpec{{CardSpec: harness.CardSpec{ID: 3, Name: "Grizzly Bears"}}}}
	p := targetRules()
	judge := func(eng harness.Engine) (Verdict, map[string][]harness.CardID) {
		tr := play(t, eng, setup, harness.Action{Player: A, Kind: harness.Pass})
		offered := map[string][]harness.CardID{}
		for _, g := range targetGroups(&tr.Steps[0]) {
			for _, x := range g.offered {
				offered[g.kind.desc] = append(offered[g.kind.desc], x.Card)
			}
		}
		return p.Check(eng, tr), offered
	}
	eng, err := engine.New(engine.Options{})
	require.NoError(t, err)
	v, offered := judge(eng)
	assert.Empty(t, v.Violations)
	assert.Equal(t, map[string][]harness.CardID{"target creature you control": {2}, "target creature you don't control": {3}}, offered)

	faulty, err := engine.New(engine.Options{Faults: []string{engine.FaultTargetsIgnoreController}})
	require.NoError(t, err)
	v, _ = judge(faulty)
	require.Len(t, v.Violations, 2, "one for each of Helvault's abilities")
	for _, x := range v.Violations {
		assert.Equal(t, "only-allowed", x.Clause)
	}
}
