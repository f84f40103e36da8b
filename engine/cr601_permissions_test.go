package engine

import (
	"testing"

	h "github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/stretchr/testify/assert"
)

// TestPermissionsFromHand: what a player may cast or play from their hand, with timing and
// cost (CR 601.3, 305.1, 304.1, 307.1), and an Aura's targets from its enchant ability
// (CR 303.4a).
func TestPermissionsFromHand(t *testing.T) {
	setup := board(nil, nil)
	setup.Players[0].Hand = []h.CardSpec{{ID: 1, Name: "Forest"}, {ID: 2, Name: "Giant Growth"}, {ID: 3, Name: "Walking Ballista"}, {ID: 4, Name: "Wild Growth"}}
	setup.Players[1].Hand = []h.CardSpec{{ID: 5, Name: "Twiddle"}}
	s := start(t, setup)
	v := s.projected()
	perms := permissions(s, v, h.A)
	type summary struct {
		Card    h.CardID
		Play    bool
		Timing  timing
		Cost    string
		Targets []string
	}
	var got []summary
	for _, p := range perms {
		sm := summary{Card: p.Card, Play: p.Play, Timing: p.Timing, Cost: p.Cost.String()}
		for _, ts := range p.Targets {
			sm.Targets = append(sm.Targets, ts.Desc)
		}
		assert.Equal(t, h.Hand, p.Zone)
		got = append(got, sm)
	}
	assert.Equal(t, []summary{
		{Card: 1, Play: true, Timing: SorcerySpeed},
		{Card: 2, Timing: InstantSpeed, Cost: "{G}", Targets: []string{"target creature"}},
		{Card: 3, Timing: SorcerySpeed, Cost: "{X}{X}"},
		{Card: 4, Timing: SorcerySpeed, Cost: "{G}", Targets: []string{"target land"}},
	}, got, "A's hand, in order; not B's")
	assert.Len(t, permissions(s, v, h.B), 1)

	_, _, err := applyAction(s, h.Action{Player: h.A, Kind: h.Cast, Card: 5})
	assert.ErrorContains(t, err, "CR 601.3", "B's card: A has no permission for it")
	_, _, err = applyAction(s, h.Action{Player: h.A, Kind: h.Cast, Card: 1})
	assert.ErrorContains(t, err, "CR 305.1", "a land is played, not cast")
}
