package gen_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/internal/gentest"
)

func paddedCase(t *testing.T) *gen.Trace {
	t.Helper()
	var s harness.Setup
	s.Turn, s.Step, s.LandsPlayed = 3, harness.Main1, 1
	a := &s.Players[0]
	a.Life = 7
	a.Library = []harness.CardSpec{{Name: "Plains"}, {Name: "Plains"}, {Name: "Plains"}}
	a.Hand = []harness.CardSpec{{Name: "Island"}}
	a.Battlefield = []harness.PermanentSpec{
		{CardSpec: harness.CardSpec{Name: "Forest"}},
		{CardSpec: harness.CardSpec{Name: "Forest"}, Tapped: true, Damage: 2, Counters: map[string]int{"charge": 3}},
		{CardSpec: harness.CardSpec{Name: "Forest"}},
		{CardSpec: harness.CardSpec{Name: "Mountain"}},
	}
	s.Players[1].Life = 20
	s.Players[1].Battlefield = []harness.PermanentSpec{{CardSpec: harness.CardSpec{Name: "Island"}}}
	// Cards 1-3 the Plains, 4 the Island in hand, 5-8 A's lands: A taps the third Forest.
	tr := gen.Replay(gentest.New(gentest.Options{}), s, []harness.Action{
		{Player: harness.A, Kind: harness.Activate, Card: 7},
		{Player: harness.A, Kind: harness.Pass},
		{Player: harness.B, Kind: harness.Pass},
	})
	require.NoError(t, tr.Err)
	return tr
}

// greenAndTwoInLibrary fails when A's pool held {G} and A's library has two cards or
// more: what the shrunk case must keep.
func greenAndTwoInLibrary(tr *gen.Trace) bool {
	if len(tr.Setup.Players[0].Library) < 2 {
		return false
	}
	for _, st := range tr.Steps {
		if st.After.Players[0].Pool[harness.Green] > 0 {
			return true
		}
	}
	return false
}

// TestShrinkSetupKeepsOnlyWhatFails: cards no action names go, but as many as the failure
// needs; life, tapped, damage, counters, turn and lands played go back to their defaults;
// the cards are renumbered and the actions follow.
func TestShrinkSetupKeepsOnlyWhatFails(t *testing.T) {
	tr := paddedCase(t)
	require.True(t, greenAndTwoInLibrary(tr))
	res := gen.ShrinkSetup(gentest.New(gentest.Options{}), tr, greenAndTwoInLibrary, 500)
	got := res.Trace
	require.NoError(t, got.Err)
	assert.True(t, greenAndTwoInLibrary(got))
	a := got.Setup.Players[0]
	assert.Equal(t, []harness.CardSpec{{ID: 1, Name: "Plains"}, {ID: 2, Name: "Plains"}}, a.Library)
	assert.Empty(t, a.Hand)
	assert.Equal(t, []string{"Forest"}, gentest.Permanents(&got.Setup))
	assert.Equal(t, harness.CardID(3), a.Battlefield[0].ID)
	assert.Equal(t, harness.DefaultLife, a.Life)
	assert.Equal(t, 1, got.Setup.Turn)
	assert.Zero(t, got.Setup.LandsPlayed)
	require.Len(t, got.Steps, 3, "the passes can't go one at a time: each is the next player's")
	assert.Equal(t, harness.CardID(3), got.Steps[0].Action.Card, "the activation names the Forest by its new number")
	assert.Positive(t, res.Shrinks)
	assert.LessOrEqual(t, res.Attempts, 500)

	again := gen.ShrinkSetup(gentest.New(gentest.Options{}), paddedCase(t), greenAndTwoInLibrary, 500)
	assert.Equal(t, gen.Log(got), gen.Log(again.Trace), "deterministic")
	assert.Equal(t, res.Attempts, again.Attempts)

	few := gen.ShrinkSetup(gentest.New(gentest.Options{}), paddedCase(t), greenAndTwoInLibrary, 3)
	assert.Equal(t, 3, few.Attempts, "the budget bounds the replays")
	assert.True(t, greenAndTwoInLibrary(few.Trace), "what it returns still fails")
}

// TestShrinkSetupKeepsNeededState: state the failure needs (a tapped Forest) stays, and
// the rest of that permanent's extra state goes.
func TestShrinkSetupKeepsNeededState(t *testing.T) {
	tr := paddedCase(t)
	needsTapped := func(tr *gen.Trace) bool {
		for _, pm := range tr.Setup.Players[0].Battlefield {
			if pm.Tapped && pm.Name == "Forest" {
				return greenAndTwoInLibrary(tr)
			}
		}
		return false
	}
	got := gen.ShrinkSetup(gentest.New(gentest.Options{}), tr, needsTapped, 500).Trace
	assert.Equal(t, []string{"Forest", "Forest"}, gentest.Permanents(&got.Setup))
	assert.True(t, got.Setup.Players[0].Battlefield[0].Tapped)
	assert.Zero(t, got.Setup.Players[0].Battlefield[0].Damage)
	assert.Empty(t, got.Setup.Players[0].Battlefield[0].Counters)

	needsCharge := func(tr *gen.Trace) bool {
		for _, pm := range tr.Setup.Players[0].Battlefield {
			if pm.Counters["charge"] > 0 {
				return greenAndTwoInLibrary(tr)
			}
		}
		return false
	}
	got = gen.ShrinkSetup(gentest.New(gentest.Options{}), paddedCase(t), needsCharge, 500).Trace
	require.Len(t, got.Setup.Players[0].Battlefield, 2)
	assert.Equal(t, map[string]int{"charge": 1}, got.Setup.Players[0].Battlefield[0].Counters, "three charge counters lowered to the one needed")
	assert.False(t, got.Setup.Players[0].Battlefield[0].Tapped)
}

// TestPassRuns: passes that move the game to a new step read as one line; a run stops
// where a note is, and passes that stay in the step are left as they are.
func TestPassRuns(t *testing.T) {
	var s harness.Setup
	s.Turn, s.Step = 1, harness.Upkeep
	s.Players[0].Library = []harness.CardSpec{{Name: "Plains"}, {Name: "Plains"}}
	s.Players[1].Library = []harness.CardSpec{{Name: "Plains"}}
	// Whoever has priority passes, from turn 1's upkeep to turn 2's.
	eng := gentest.New(gentest.Options{})
	st, err := eng.Start(s)
	require.NoError(t, err)
	var actions []harness.Action
	for {
		snap, err := eng.Observe(st)
		require.NoError(t, err)
		if snap.Turn == 2 && snap.Step == harness.Upkeep || len(actions) > 40 {
			break
		}
		a := harness.Action{Player: snap.Priority, Kind: harness.Pass}
		actions = append(actions, a)
		st, _, err = eng.Apply(st, a)
		require.NoError(t, err)
	}
	tr := gen.Replay(eng, s, actions)
	require.NoError(t, tr.Err)
	runs := gen.PassRuns(tr.Steps, nil)
	require.NotEmpty(t, runs)
	assert.Equal(t, 0, runs[0].From)
	last := runs[len(runs)-1]
	assert.Equal(t, "pass until B upkeep", last.String(), "A's pass in the first upkeep stays in an upkeep: the line says whose")
	assert.Equal(t, len(actions)-1, last.To, "the pass that began turn 2's upkeep")
	assert.Len(t, runs, 1, "one line from the first pass to the next turn: %v", runs)

	noted := gen.PassRuns(tr.Steps, func(i int) bool { return i == 5 })
	require.Len(t, noted, 2, "%v", noted)
	assert.Equal(t, 5, noted[0].To, "ends at the noted step")
	assert.Equal(t, 6, noted[1].From)
}
