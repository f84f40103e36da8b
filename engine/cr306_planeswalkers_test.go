package engine

import (
	"testing"

	h "github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// castAndResolve casts card from A's hand with targets, pays from the pool and lets it
// resolve.
func castAndResolve(t *testing.T, s *state, card h.CardID, pay h.Mana, targets ...h.Target) *state {
	t.Helper()
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Cast, Card: card, Targets: targets})
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Pay, Payment: pay})
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Pass})
	return apply(t, s, h.Action{Player: h.B, Kind: h.Pass})
}

func snap(s *state) *h.Snapshot {
	sn := snapshot(s)
	return &sn
}

func jaceInHand() h.Setup {
	setup := withLibraries(board(nil, nil))
	setup.Players[0].Hand = []h.CardSpec{{ID: 50, Name: "Jace Beleren"}}
	setup.Players[0].Pool = h.Of(h.Blue, 3)
	return setup
}

// TestPlaneswalkerEntersWithPrintedLoyalty: CR 306.5b, a replacement effect as it enters.
func TestPlaneswalkerEntersWithPrintedLoyalty(t *testing.T) {
	s := castAndResolve(t, start(t, jaceInHand()), 50, h.Of(h.Blue, 3))
	jace := snap(s).Permanent(50)
	require.NotNil(t, jace)
	assert.Equal(t, 3, jace.Counters["loyalty"])
	assert.Equal(t, 3, *jace.Loyalty, "306.5c: its loyalty is its loyalty counters")

	s = castAndResolve(t, start(t, jaceInHand(), FaultNoStartingLoyalty), 50, h.Of(h.Blue, 3))
	assert.Nil(t, snap(s).Permanent(50), "with no counters it has loyalty 0 and dies (704.5i)")
	assert.Equal(t, h.Graveyard, snap(s).Find(50).Zone)
}

func TestLoyaltyAbilities(t *testing.T) {
	setup := withLibraries(board(nil, nil))
	setup.Players[0].Battlefield = []h.PermanentSpec{{CardSpec: h.CardSpec{ID: 60, Name: "Jace Beleren"}, Counters: map[string]int{"loyalty": 3}}}
	s := start(t, setup)
	require.True(t, canActivate(s, 60, 0) && canActivate(s, 60, 1))
	assert.False(t, canActivate(s, 60, 2), "606.6: -10 needs ten loyalty counters")

	s = apply(t, s, h.Action{Player: h.A, Kind: h.Activate, Card: 60, Ability: 0})
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Pay})
	assert.Equal(t, 5, snap(s).Permanent(60).Counters["loyalty"], "606.4: +2 is paid as it is activated")
	assert.False(t, canActivate(s, 60, 1), "606.3: the stack isn't empty")
	hands := func(s *state) [2]int { return [2]int{len(s.Players[0].Hand), len(s.Players[1].Hand)} }
	before := hands(s)
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Pass})
	s = apply(t, s, h.Action{Player: h.B, Kind: h.Pass})
	assert.Equal(t, [2]int{before[0] + 1, before[1] + 1}, hands(s), "each player draws a card")
	for i := range 3 {
		assert.False(t, canActivate(s, 60, i), "606.3: once per turn per permanent")
	}

	twice := start(t, setup, FaultLoyaltyTwicePerTurn)
	twice = apply(t, twice, h.Action{Player: h.A, Kind: h.Activate, Card: 60, Ability: 1, Targets: []h.Target{h.PlayerTarget(h.B)}})
	twice = apply(t, twice, h.Action{Player: h.A, Kind: h.Pay})
	twice = apply(t, twice, h.Action{Player: h.A, Kind: h.Pass})
	twice = apply(t, twice, h.Action{Player: h.B, Kind: h.Pass})
	assert.True(t, canActivate(twice, 60, 0), "fault: a second activation this turn")

	// On the next turn of its controller it may be activated again; never in B's turn.
	s = passUntil(t, s, 3, h.Main1)
	assert.False(t, canActivate(s, 60, 0), "606.3: only during its controller's turn")
	s = passUntil(t, s, 4, h.Main1)
	assert.True(t, canActivate(s, 60, 0), "a new turn of its controller")
}

func TestJaceMills(t *testing.T) {
	setup := withLibraries(board(nil, nil))
	setup.Players[0].Battlefield = []h.PermanentSpec{{CardSpec: h.CardSpec{ID: 60, Name: "Jace Beleren"}, Counters: map[string]int{"loyalty": 11}}}
	s := start(t, setup)
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Activate, Card: 60, Ability: 2, Targets: []h.Target{h.PlayerTarget(h.B)}})
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Pay})
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Pass})
	s = apply(t, s, h.Action{Player: h.B, Kind: h.Pass})
	assert.Empty(t, s.Players[1].Library, "701.17b: as many as there are")
	assert.Len(t, s.Players[1].Graveyard, 3)
	assert.Equal(t, 1, snap(s).Permanent(60).Counters["loyalty"])
}
