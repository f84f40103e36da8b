package props

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// combatSetup: A's Hill Giant (card 1) and Grizzly Bears (card 2) at the beginning of
// combat of turn 3; B has Grizzly Bears with three +1/+1 counters (3), Llanowar Elves (4)
// and Jace Beleren (5).
func combatSetup() harness.Setup {
	setup := harness.Setup{Turn: 3, Active: A, Step: harness.BeginCombat}
	setup.Players[A] = harness.PlayerSetup{Life: 20, Battlefield: []harness.PermanentSpec{
		{CardSpec: harness.CardSpec{ID: 1, Name: "Hill Giant"}}, {CardSpec: harness.CardSpec{ID: 2, Name: "Grizzly Bears"}}}}
	setup.Players[B] = harness.PlayerSetup{Life: 20, Battlefield: []harness.PermanentSpec{
		{CardSpec: harness.CardSpec{ID: 3, Name: "Grizzly Bears"}, Counters: map[string]int{"+1/+1": 3}}, {CardSpec: harness.CardSpec{ID: 4, Name: "Llanowar Elves"}},
		{CardSpec: harness.CardSpec{ID: 5, Name: "Jace Beleren"}, Counters: map[string]int{"loyalty": 3}}}}
	return setup
}

// combatTrace plays combatSetup on eng: the Giant attacks B and the Bears attack Jace; the
// blocks given are declared, and a blocked creature's damage is divided as the first
// option the engine lists; then both pass until a player has priority in the combat damage step.
func combatTrace(t *testing.T, eng harness.Engine, blocks []harness.Blocking) *gen.Trace {
	t.Helper()
	pass := func(p harness.Player) harness.Action { return harness.Action{Player: p, Kind: harness.Pass} }
	actions := []harness.Action{pass(A), pass(B),
		{Player: A, Kind: harness.Attack, Attackers: []harness.CardID{1, 2}, Attacking: []harness.CardID{0, 5}},
		pass(A), pass(B), {Player: B, Kind: harness.Block, Blocks: blocks}, pass(A), pass(B)}
	tr := play(t, eng, combatSetup(), actions...)
	if d := tr.Final().Pending; d != nil {
		actions = append(actions, harness.Action{Player: d.Player, Kind: harness.Choose, Choices: []string{harness.ChoiceOption + ":" + d.Options[0]}})
		tr = play(t, eng, combatSetup(), actions...)
	}
	require.Equal(t, harness.CombatDamage, tr.Final().Step)
	return tr
}

// TestDamageFollowsCombat: the reference engine's combat damage is judged in every clause
// it reaches (Jace loses 2 of his 3 counters, the 5/5 Bears blocking the Giant with the
// Elves are dealt its 3 damage and survive) with no violation; engines with faults that drop a
// blocker's damage, mark damage once, take one loyalty counter whatever the damage, or
// leave the division's options unlabelled are each caught by their clause.
func TestDamageFollowsCombat(t *testing.T) {
	double := []harness.Blocking{{Blocker: 3, Attacker: 1}, {Blocker: 4, Attacker: 1}}
	p := damageRules()
	eng, err := engine.New(engine.Options{})
	require.NoError(t, err)
	tr := combatTrace(t, eng, double)
	v := p.Check(eng, tr)
	assert.Empty(t, v.Violations)
	assert.Equal(t, 1, v.Clauses["combat"])
	assert.Equal(t, 1, v.Clauses["planeswalker-loyalty"], "Jace is dealt 2 damage")
	assert.Equal(t, 1, v.Clauses["distinct-options"], "the division of the Giant's damage")
	assert.Equal(t, 1, v.Clauses["creature-damage"], "the Bears survive their 3 damage")
	assert.Equal(t, 3, tr.Final().Permanent(3).Damage)
	assert.Equal(t, 1, tr.Final().Permanent(5).Counters["loyalty"])

	for fault, clause := range map[string]string{
		engine.FaultBlockersDealNoDamage: "combat",
		engine.FaultDamageMarkedOnce:     "creature-damage",
		engine.FaultLoyaltyLostOnce:      "planeswalker-loyalty",
		engine.FaultDivisionUnlabelled:   "distinct-options",
	} {
		faulty, err := engine.New(engine.Options{Faults: []string{fault}})
		require.NoError(t, err)
		v := p.Check(faulty, combatTrace(t, faulty, double))
		clauses := map[string]bool{}
		for _, x := range v.Violations {
			clauses[x.Clause] = true
		}
		assert.True(t, clauses[clause], "%s: caught by %s, got %v", fault, clause, v.Violations)
	}
}

// TestDamageFromEffects: Spark Spray at B and at B's Bears deals its 1 damage to each
// (effect-deals), B's life falls by it (player-life), the Bears have it marked; with the
// fault that spares an undamaged creature, the Bears' Spark Spray is a violation.
func TestDamageFromEffects(t *testing.T) {
	setup := harness.Setup{Turn: 3, Active: A, Step: harness.Main1}
	setup.Players[A] = harness.PlayerSetup{Life: 20, Pool: harness.Mana{harness.Red: 2},
		Hand: []harness.CardSpec{{ID: 1, Name: "Spark Spray"}, {ID: 2, Name: "Spark Spray"}}}
	setup.Players[B] = harness.PlayerSetup{Life: 20, Battlefield: []harness.PermanentSpec{{CardSpec: harness.CardSpec{ID: 3, Name: "Grizzly Bears"}}}}
	spray := func(card harness.CardID, target harness.Target) []harness.Action {
		return []harness.Action{{Player: A, Kind: harness.Cast, Card: card, Ability: 1, Targets: []harness.Target{target}},
			{Player: A, Kind: harness.Pay, Payment: harness.Mana{harness.Red: 1}}, {Player: A, Kind: harness.Pass}, {Player: B, Kind: harness.Pass}}
	}
	actions := append(spray(1, harness.PlayerTarget(B)), spray(2, harness.CardTarget(3))...)
	p := damageRules()

	eng, err := engine.New(engine.Options{})
	require.NoError(t, err)
	tr := play(t, eng, setup, actions...)
	v := p.Check(eng, tr)
	assert.Empty(t, v.Violations)
	assert.Equal(t, 2, v.Clauses["effect-deals"])
	assert.Equal(t, 1, v.Clauses["player-life"])
	assert.Equal(t, 1, v.Clauses["creature-damage"])
	assert.Equal(t, 19, tr.Final().Players[B].Life)

	faulty, err := engine.New(engine.Options{Faults: []string{engine.FaultEffectDamageSpared}})
	require.NoError(t, err)
	v = p.Check(faulty, play(t, faulty, setup, actions...))
	require.Len(t, v.Violations, 1)
	assert.Equal(t, "effect-deals", v.Violations[0].Clause)

	twice, err := engine.New(engine.Options{Faults: []string{engine.FaultPlayerDamageTwice}})
	require.NoError(t, err)
	v = p.Check(twice, play(t, twice, setup, actions...))
	require.Len(t, v.Violations, 1)
	assert.Equal(t, "player-life", v.Violations[0].Clause)
}
