package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/cards"
	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// TestResonanceBecomesACopyWhenYouCycle: cycling a card triggers Crystalline Resonance
// ("Whenever you cycle a card", CR 702.29c); its trigger goes on the stack above the
// cycling ability targeting another permanent (115.1), and on resolution Resonance may
// become a copy of it until its controller's next turn, keeping the triggered ability
// (707.9a). The copy lasts through B's turn and ends immediately before A's next turn
// (611.2a), and Resonance is the same object throughout (707.4).
func TestResonanceBecomesACopyWhenYouCycle(t *testing.T) {
	s := cyclingBoard(t, []string{"Crystalline Resonance", "Hill Giant"}, []string{"Forest"}, []string{"Drifting Meadow"}, h.Of(h.Colorless, 2))
	res := s.byCard(100).ID
	s = cycle(t, s, 50, 0)
	s = chooseOption(t, s, "target Hill Giant (card 101)")
	names := stackNames(s)
	require.Len(t, names, 2, "%q", names)
	assert.Contains(t, names[0], "Cycling", "the cycling ability at the bottom")
	assert.Contains(t, names[1], "Crystalline Resonance: Whenever you cycle a card", "Resonance's trigger above it")
	hand := handSize(s, h.A)

	s = apply(t, s, h.Action{Player: h.A, Kind: h.Pass})
	s = apply(t, s, h.Action{Player: h.B, Kind: h.Pass})
	s = chooseOption(t, s, "copy Hill Giant")
	o := perm(s, 100)
	require.NotNil(t, o)
	assert.Equal(t, "Hill Giant", o.CopyOf)
	assert.Equal(t, "Hill Giant", o.Name)
	assert.Equal(t, []string{"Creature"}, o.Types)
	require.NotNil(t, o.Power)
	assert.Equal(t, 3, *o.Power)
	assert.Equal(t, []string{cardText(t, "Crystalline Resonance")}, o.Abilities, "Hill Giant has no abilities; the exception keeps Resonance's")
	assert.Equal(t, res, s.byCard(100).ID, "the same object")
	assert.Equal(t, hand, handSize(s, h.A), "the draw is still to come: the trigger resolved first")

	s = passUntil(t, s, 3, h.Upkeep)
	assert.Equal(t, "Hill Giant", perm(s, 100).CopyOf, "B's turn is not A's next turn")
	s = passUntil(t, s, 4, h.Upkeep)
	o = perm(s, 100)
	assert.Empty(t, o.CopyOf, "the copy effect ended immediately before A's turn 4 began")
	assert.Equal(t, "Crystalline Resonance", o.Name)
	assert.Equal(t, res, s.byCard(100).ID, "still the same object")
}

// TestResonanceIgnoresAnOpponentsCycling: "whenever you cycle" (CR 702.29c) doesn't
// trigger on another player's cycling.
func TestResonanceIgnoresAnOpponentsCycling(t *testing.T) {
	s := cyclingBoard(t, []string{"Hill Giant"}, []string{"Crystalline Resonance"}, []string{"Drifting Meadow"}, h.Of(h.Colorless, 2))
	s = cycle(t, s, 50, 0)
	names := stackNames(s)
	require.Len(t, names, 1, "%q", names)
	assert.Contains(t, names[0], "Cycling")
}

// cardText is the card's first Oracle line, from the printed card data.
func cardText(t *testing.T, name string) string {
	t.Helper()
	c, ok := cards.ByName(name)
	require.True(t, ok, name)
	return c.Oracle[0]
}
