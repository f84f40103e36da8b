package props

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

func TestReadTrigger(t *testing.T) {
	upkeep := readTrigger("At the beginning of your upkeep, you may pay {4}. If you do, untap this artifact.")
	assert.Equal(t, trigStepBegins, upkeep.kind)
	assert.Equal(t, harness.Upkeep, upkeep.step)
	assert.Nil(t, upkeep.cond, "no intervening if")

	draw := readTrigger("At the beginning of your draw step, if this artifact is tapped, it deals 1 damage to you.")
	assert.Equal(t, harness.Draw, draw.step)
	require.NotNil(t, draw.cond)
	assert.True(t, draw.cond.holds(&harness.Object{Tapped: true}))
	assert.False(t, draw.cond.holds(&harness.Object{}))

	assert.Equal(t, trigDies, readTrigger("When this creature dies, create a 1/1 colorless Thopter artifact creature token with flying for each +1/+1 counter on this creature.").kind)
	assert.Equal(t, trigUnreadable, readTrigger("At the beginning of your end step, if you control four or more artifacts, draw a card.").kind,
		"a condition it can't judge: the ability is left alone")
	assert.Equal(t, trigNone, readTrigger("Whenever a player taps a land for mana, that player adds one mana of any type that land produced.").kind,
		"a triggered mana ability doesn't use the stack (CR 605.1b)")
	assert.False(t, knownTrigger("{T}: Add {G}."))
}

// play starts setup on the reference engine and takes the actions, failing on any refusal.
func play(t *testing.T, eng harness.Engine, setup harness.Setup, actions ...harness.Action) *gen.Trace {
	t.Helper()
	tr := gen.Replay(eng, setup, actions)
	require.NoError(t, tr.Err)
	require.Len(t, tr.Steps, len(actions))
	return tr
}

func TestFreshBoardsAndEffectDelta(t *testing.T) {
	eng, err := engine.New(engine.Options{})
	require.NoError(t, err)
	setup := harness.Setup{Turn: 3, Active: A, Step: harness.Main1}
	setup.Players[A] = harness.PlayerSetup{Life: 20, Pool: mana("CG"),
		Hand: []harness.CardSpec{{ID: 1, Name: "Giant Growth"}},
		Battlefield: []harness.PermanentSpec{
			{CardSpec: harness.CardSpec{ID: 2, Name: "Mutavault"}, Counters: map[string]int{"+1/+1": 1}},
			{CardSpec: harness.CardSpec{ID: 3, Name: "Grizzly Bears"}, Damage: 1},
		}}
	setup.Players[B] = harness.PlayerSetup{Life: 20, Library: []harness.CardSpec{{ID: 4, Name: "Swamp"}}}
	pass := func(p harness.Player) harness.Action { return harness.Action{Player: p, Kind: harness.Pass} }
	tr := play(t, eng, setup,
		harness.Action{Player: A, Kind: harness.Activate, Card: 2, Ability: 1},
		harness.Action{Player: A, Kind: harness.Pay, Payment: mana("C")},
		pass(A), pass(B),
		harness.Action{Player: A, Kind: harness.Cast, Card: 1, Targets: []harness.Target{harness.CardTarget(3)}},
		harness.Action{Player: A, Kind: harness.Pay, Payment: mana("G")},
		pass(A), pass(B))
	fresh := newFreshBoards(eng, tr)

	start, skip := fresh.of(&tr.Start)
	require.Nil(t, skip)
	for _, c := range []harness.CardID{2, 3} {
		assert.Empty(t, effectDelta(tr.Start.Permanent(c), start[c]), "card %d: nothing has resolved yet", c)
	}
	assert.Zero(t, start[3].Damage, "damage is left out of a fresh board, so nothing dies of it there")

	now := tr.Final()
	f, skip := fresh.of(now)
	require.Nil(t, skip)
	assert.Equal(t, "types [Land; Creature] instead of [Land]; subtypes [(all creature types)] instead of none; P/T 2/2 before counters, where it has none",
		effectDelta(now.Permanent(2), f[2]), "animated: its counter counts in the game, and is taken out of the P/T part")
	assert.Equal(t, "P/T +3/+3", effectDelta(now.Permanent(3), f[3]))
	again, skip := fresh.of(now)
	require.Nil(t, skip)
	assert.Same(t, f[2], again[2], "one fresh game per distinct board")
}

func TestCrossedCleanup(t *testing.T) {
	step := func(before, after harness.Snapshot) *gen.TraceStep {
		return &gen.TraceStep{Before: &before, After: &after}
	}
	end := harness.Snapshot{Turn: 3, Step: harness.End}
	next := harness.Snapshot{Turn: 4, Step: harness.Upkeep, Pending: &harness.Decision{Player: B}}
	cleanup := harness.Snapshot{Turn: 3, Step: harness.Cleanup, Priority: A}
	discard := harness.Snapshot{Turn: 3, Step: harness.Cleanup, Pending: &harness.Decision{Player: A}}
	assert.True(t, crossedCleanup(step(end, next)), "a new turn: the cleanup is done, whatever waits in it")
	assert.True(t, crossedCleanup(step(end, cleanup)), "priority in the cleanup step comes after 514.2")
	assert.False(t, crossedCleanup(step(end, discard)), "a discard decision comes before 514.2")
	assert.False(t, crossedCleanup(step(cleanup, cleanup)), "already past it")
}

// withoutSBAQueries is an engine that answers no state-based-action queries.
type withoutSBAQueries struct{ harness.Engine }

// TestSBAChecksJudgeMidGameDeaths: Walking Ballista's ping kills the Elves in the middle
// of the game. On the reference engine, which shows the board of each check, the death is
// judged against it (damage-mid-game) and the check's conditions were all acted on
// (all-performed); with the fault that destroys a creature one damage short of lethal,
// the Bears it pings die and the death is a violation of damage-mid-game. An engine that
// shows no checks has those clauses unsupported, and they are not reached.
func TestSBAChecksJudgeMidGameDeaths(t *testing.T) {
	setup := harness.Setup{Turn: 3, Active: A, Step: harness.Main1}
	setup.Players[A] = harness.PlayerSetup{Life: 20, Battlefield: []harness.PermanentSpec{
		{CardSpec: harness.CardSpec{ID: 1, Name: "Walking Ballista"}, Counters: map[string]int{"+1/+1": 2}}}}
	setup.Players[B] = harness.PlayerSetup{Life: 20, Battlefield: []harness.PermanentSpec{
		{CardSpec: harness.CardSpec{ID: 2, Name: "Llanowar Elves"}}, {CardSpec: harness.CardSpec{ID: 3, Name: "Grizzly Bears"}}}}
	ping := func(target harness.CardID) []harness.Action {
		return []harness.Action{{Player: A, Kind: harness.Activate, Card: 1, Ability: 2, Targets: []harness.Target{harness.CardTarget(target)}},
			{Player: A, Kind: harness.Pay}, {Player: A, Kind: harness.Pass}, {Player: B, Kind: harness.Pass}}
	}
	p := stateBasedRules()

	eng, err := engine.New(engine.Options{})
	require.NoError(t, err)
	v := p.Check(eng, play(t, eng, setup, ping(2)...))
	assert.Empty(t, v.Violations)
	assert.Equal(t, 1, v.Clauses["damage-mid-game"], "the Elves died of their damage")
	assert.Equal(t, 1, v.Clauses["all-performed"], "the Elves' lethal damage on the board of a check")

	faulty, err := engine.New(engine.Options{Faults: []string{engine.FaultOneShortOfLethalDies}})
	require.NoError(t, err)
	v = p.Check(faulty, play(t, faulty, setup, ping(3)...))
	require.Len(t, v.Violations, 1)
	assert.Equal(t, "damage-mid-game", v.Violations[0].Clause)
	assert.Contains(t, v.Violations[0].Message, "it had toughness 2 and 1 damage")

	blind := withoutSBAQueries{eng}
	assert.NotEmpty(t, needsSBAQueries.Missing(harness.SupportOf(blind)))
	v = p.Check(blind, play(t, blind, setup, ping(2)...))
	assert.Empty(t, v.Violations)
	for _, c := range []string{"damage-mid-game", "toughness-mid-game", "all-performed"} {
		assert.Zero(t, v.Clauses[c], c)
	}
}
