package engine

import (
	"testing"

	h "github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// passUntil passes priority (declaring no attackers, taking the first option of any
// decision) until turn and step are reached.
func passUntil(t *testing.T, s *state, turn int, step h.Step) *state {
	t.Helper()
	for i := 0; i < 200 && (s.Turn != turn || s.Step != step); i++ {
		acts := legalActions(s)
		require.NotEmpty(t, acts)
		s = apply(t, s, acts[0]) // pass, no attackers, or the first option
	}
	require.Equal(t, turn, s.Turn)
	require.Equal(t, step, s.Step)
	return s
}

func power(s *state, id h.ObjectID) int { return s.projected().Of(id).Power }

// withLibraries gives both players cards to draw for a few turns.
func withLibraries(setup h.Setup) h.Setup {
	for p := range setup.Players {
		setup.Players[p].Library = []h.CardSpec{{Name: "Forest"}, {Name: "Forest"}, {Name: "Forest"}}
	}
	return setup
}

// TestUntilYourNextTurn: the effect lasts through the other player's turn and ends
// immediately before its player's next turn begins (CR 611.2a), at whatever turn number.
func TestUntilYourNextTurn(t *testing.T) {
	s := start(t, withLibraries(board([]string{"Grizzly Bears"}, nil)))
	bears := cardNamed(t, s, "Grizzly Bears").ID
	s = withEffect(s, duration{Kind: UntilYourNextTurn, Player: h.A}, []modification{modifyPT{1, 1}}, bears)
	assert.Equal(t, 3, power(s, bears))
	s = passUntil(t, s, 3, h.Upkeep)
	assert.Equal(t, h.B, s.Active)
	assert.Equal(t, 3, power(s, bears), "B's turn isn't A's next turn")
	s = passUntil(t, s, 4, h.Upkeep)
	assert.Equal(t, 2, power(s, bears), "ended before A's turn 4 began")
}

// TestUntilEndOfTurnEndsInCleanup: CR 514.2.
func TestUntilEndOfTurnEndsInCleanup(t *testing.T) {
	s := start(t, withLibraries(board([]string{"Grizzly Bears"}, nil)))
	bears := cardNamed(t, s, "Grizzly Bears").ID
	s = withEffect(s, untilEndOfTurn, []modification{modifyPT{3, 3}}, bears)
	s = passUntil(t, s, 2, h.End)
	assert.Equal(t, 5, power(s, bears))
	s = passUntil(t, s, 3, h.Upkeep)
	assert.Equal(t, 2, power(s, bears))
}

// TestForAsLongAs: "for as long as" lasts while its condition holds, ends when it stops
// (and stays ended), and does nothing if it never starts (CR 611.2b).
func TestForAsLongAs(t *testing.T) {
	s := start(t, board([]string{"Grizzly Bears", "Contamination"}, nil))
	bears, source := cardNamed(t, s, "Grizzly Bears").ID, cardNamed(t, s, "Contamination").ID
	// "for as long as [this] remains on the battlefield": the source is still the same
	// permanent (CR 400.7).
	whileSourceOnBattlefield := func(s *state, e *effect) bool { return s.onBattlefield(e.Source) }
	c := s.clone()
	c.addEffect(effect{Source: source, Duration: duration{Kind: ForAsLongAs, While: whileSourceOnBattlefield}, Mods: []modification{modifyPT{1, 0}}, Objects: []h.ObjectID{bears}})
	c.addEffect(effect{Source: 999, Duration: duration{Kind: ForAsLongAs, While: whileSourceOnBattlefield}, Mods: []modification{modifyPT{5, 0}}, Objects: []h.ObjectID{bears}})
	require.Len(t, c.Effects, 1, "an effect whose duration never starts does nothing")
	s = c.finish(nil)
	assert.Equal(t, 3, power(s, bears))

	c = s.clone()
	moveTo(c, project(c), source, h.Graveyard, false, nil)
	assert.Equal(t, 2, project(c).Of(bears).Power, "the source left: the effect is over")
	next, _, err := settleWith(c, nil)
	require.NoError(t, err)
	assert.Empty(t, next.Effects, "and it is removed when the game next checks")
}
