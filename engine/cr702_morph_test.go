package engine

import (
	"testing"

	h "github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// morphBoard: A has Akroma, Angel of Fury in hand and three Mountains untapped (and
// three more for the morph cost later).
func morphBoard() h.Setup {
	s := board([]string{"Mountain", "Mountain", "Mountain", "Mountain", "Mountain", "Mountain"}, []string{"Island", "Island", "Island"})
	s.Players[0].Hand = []h.CardSpec{{ID: 50, Name: "Akroma, Angel of Fury"}}
	s.Players[1].Hand = []h.CardSpec{{ID: 60, Name: "Cancel"}}
	return s
}

func castsDown(card h.CardID) func(h.Action) bool {
	return func(a h.Action) bool { return a.Kind == h.Cast && a.Card == card && a.CastsFaceDown() }
}

// payAll pays the proposal with the first payment listed, tapping lands first.
func payAll(t *testing.T, s *state) *state {
	t.Helper()
	for s.Proposal != nil {
		var pay, tap *h.Action
		for _, a := range legalActions(s) {
			switch {
			case a.Kind == h.Pay && pay == nil:
				pay = &a
			case a.Kind == h.Activate && tap == nil:
				tap = &a
			}
		}
		if pay != nil {
			return apply(t, s, *pay)
		}
		require.NotNil(t, tap, "nothing to pay with")
		s = apply(t, s, *tap)
	}
	return s
}

// TestMorphCastFaceDown: Akroma cast face down costs {3} (CR 702.37c) and is on the stack a
// 2/2 creature spell with no name, mana cost, colour, supertype, subtype or ability
// (708.2a); it resolves into a face-down permanent with the same characteristics (708.4).
func TestMorphCastFaceDown(t *testing.T) {
	s := start(t, morphBoard())
	s = apply(t, s, find(t, s, "cast Akroma face down", castsDown(50)))
	require.NotNil(t, s.Proposal)
	assert.Equal(t, 3, s.Proposal.Generic, "face down it costs {3}")
	assert.True(t, s.Proposal.Colored.IsZero())
	s = payAll(t, s)
	snap := snapshot(s)
	require.Len(t, snap.Stack, 1)
	assert.Equal(t, "", snap.Stack[0].Name, "a face-down spell has no name (CR 708.2a)")
	assert.Empty(t, snap.Stack[0].Abilities, "nor abilities")
	for s.Stack != nil && len(s.Stack) > 0 {
		s = apply(t, s, h.Action{Player: s.Priority, Kind: h.Pass})
	}
	o := snap1(t, s, 50)
	assert.True(t, o.FaceDown)
	assert.Equal(t, "", o.Name)
	assert.Equal(t, []string{"Creature"}, o.Types)
	assert.Empty(t, o.Supertypes, "not legendary: no longer historic (CR 700.6, 708.2a)")
	assert.Empty(t, o.Subtypes)
	assert.Empty(t, o.Colors)
	assert.Equal(t, "", o.ManaCost)
	assert.Equal(t, 2, *o.Power)
	assert.Equal(t, 2, *o.Toughness)
}

func snap1(t *testing.T, s *state, c h.CardID) *h.Object {
	t.Helper()
	snap := snapshot(s)
	o := snap.Find(c)
	require.NotNil(t, o, "card %d", c)
	return o
}

// TestFaceDownSpellCanBeCountered: "This spell can't be countered" is an ability the
// face-down spell doesn't have (CR 708.2a): Cancel counters it; face up, it can't.
func TestFaceDownSpellCanBeCountered(t *testing.T) {
	for _, faceDown := range []bool{true, false} {
		setup := morphBoard()
		setup.Players[0].Battlefield = append(setup.Players[0].Battlefield, h.PermanentSpec{CardSpec: h.CardSpec{ID: 110, Name: "Mountain"}},
			h.PermanentSpec{CardSpec: h.CardSpec{ID: 111, Name: "Mountain"}})
		s := start(t, setup)
		if faceDown {
			s = apply(t, s, find(t, s, "cast Akroma face down", castsDown(50)))
		} else {
			s = apply(t, s, find(t, s, "cast Akroma", func(a h.Action) bool { return a.Kind == h.Cast && a.Card == 50 && !a.CastsFaceDown() }))
		}
		s = payAll(t, s)
		s = apply(t, s, h.Action{Player: h.A, Kind: h.Pass})
		s = apply(t, s, find(t, s, "cast Cancel", func(a h.Action) bool { return a.Kind == h.Cast && a.Card == 60 }))
		s = payAll(t, s)
		for len(s.Stack) > 0 {
			s = apply(t, s, h.Action{Player: s.Priority, Kind: h.Pass})
		}
		o := snap1(t, s, 50)
		if faceDown {
			assert.Equal(t, h.Graveyard, o.Zone, "the face-down spell is countered")
		} else {
			assert.Equal(t, h.Battlefield, o.Zone, "Akroma can't be countered (CR 101.2)")
		}
	}
}

// TestTurnFaceUp: turning a face-down Akroma face up for {3}{R}{R}{R} is a special action
// (CR 116.2b, 702.37e): nothing goes on the stack, its controller keeps priority, and it is
// the same object (708.8) with its own characteristics.
func TestTurnFaceUp(t *testing.T) {
	setup := morphBoard()
	setup.Players[0].Hand = nil
	setup.Players[0].Battlefield = append(setup.Players[0].Battlefield, h.PermanentSpec{CardSpec: h.CardSpec{ID: 50, Name: "Akroma, Angel of Fury"}, FaceDown: true})
	setup.Players[0].Pool = h.Mana{h.Red: 3, h.Colorless: 3}
	s := start(t, setup)
	before := cardNamed(t, s, "").ID
	up := find(t, s, "turn Akroma face up", func(a h.Action) bool { return a.Kind == h.TurnFaceUp && a.Card == 50 })
	s = apply(t, s, up)
	assert.Empty(t, s.Stack, "a special action doesn't use the stack")
	assert.Equal(t, h.A, s.Priority, "its controller keeps priority (CR 116.3)")
	o := cardNamed(t, s, "Akroma, Angel of Fury")
	assert.Equal(t, before, o.ID, "the same object (CR 708.8)")
	assert.True(t, s.Players[0].Pool.IsZero(), "the morph cost was paid")
}
