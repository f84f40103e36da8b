package engine

import (
	"testing"

	h "github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// viewBoard: A controls Crystal Skull and a face-down Akroma; each player has a hand and a
// library of two cards.
func viewBoard(skull bool) h.Setup {
	s := board([]string{"Island", "Island", "Island", "Mountain"}, []string{"Forest"})
	if skull {
		s.Players[0].Battlefield = append(s.Players[0].Battlefield, h.PermanentSpec{CardSpec: h.CardSpec{ID: 120, Name: "Crystal Skull, Isu Spyglass"}})
	}
	s.Players[0].Battlefield = append(s.Players[0].Battlefield, h.PermanentSpec{CardSpec: h.CardSpec{ID: 121, Name: "Akroma, Angel of Fury"}, FaceDown: true})
	s.Players[0].Library = []h.CardSpec{{ID: 10, Name: "Pili-Pala"}, {ID: 11, Name: "Grizzly Bears"}}
	s.Players[1].Library = []h.CardSpec{{ID: 20, Name: "Hill Giant"}, {ID: 21, Name: "Forest"}}
	s.Players[0].Hand = []h.CardSpec{{ID: 30, Name: "Cancel"}}
	s.Players[1].Hand = []h.CardSpec{{ID: 40, Name: "Giant Growth"}}
	return s
}

func TestPlayerViewHidesWhatThePlayerCantSee(t *testing.T) {
	s := start(t, viewBoard(false))
	a, b := playerView(s, h.A), playerView(s, h.B)
	assert.Equal(t, "Cancel", a.Board.Players[0].Hand[0].Name, "A sees A's hand")
	assert.True(t, a.Board.Players[1].Hand[0].IsHidden(), "not B's (CR 402.3)")
	assert.True(t, b.Board.Players[0].Hand[0].IsHidden())
	for _, v := range []h.PlayerView{a, b} {
		for q := range v.Board.Players {
			for _, o := range v.Board.Players[q].Library {
				assert.True(t, o.IsHidden(), "no library card shows without a look effect (CR 401.2)")
				assert.Zero(t, o.Object, "nor its object ID")
			}
		}
	}
	assert.Equal(t, []h.Identity{{Card: 121, Name: "Akroma, Angel of Fury"}}, a.FaceDown, "A may look at the face-down permanent A controls (CR 708.5)")
	assert.Empty(t, b.FaceDown, "B may not")
	down := b.Board.Permanent(121)
	require.NotNil(t, down)
	assert.Equal(t, "", down.Name)
}

func TestPlayerViewTopCardWithCrystalSkull(t *testing.T) {
	s := start(t, viewBoard(true))
	a, b := playerView(s, h.A), playerView(s, h.B)
	assert.Equal(t, "Pili-Pala", a.Board.Players[0].Library[0].Name, "A may look at the top card any time (CR 401.5)")
	assert.True(t, a.Board.Players[0].Library[1].IsHidden(), "not the one below it")
	assert.True(t, b.Board.Players[0].Library[0].IsHidden(), "B may not look at A's library")
	assert.True(t, a.Board.Players[1].Library[0].IsHidden(), "nor A at B's")
}

// TestPlayerViewNewTopHiddenWhileCasting: if the top card of A's library changes while A
// casts a spell (a spell cast from the top, say), A can't look at the new top card until
// A finishes casting (CR 401.5): the view hides it while the proposal waits for payment.
// An unchanged top card stays known.
func TestPlayerViewNewTopHiddenWhileCasting(t *testing.T) {
	setup := viewBoard(true)
	setup.Players[0].Hand = []h.CardSpec{{ID: 31, Name: "Llanowar Elves"}}
	setup.Players[0].Pool = h.Mana{h.Green: 1}
	s := start(t, setup)
	s = apply(t, s, find(t, s, "cast Llanowar Elves", func(a h.Action) bool { return a.Kind == h.Cast && a.Card == 31 }))
	require.NotNil(t, s.Proposal)
	assert.Equal(t, "Pili-Pala", playerView(s, h.A).Board.Players[0].Library[0].Name, "an unchanged top card stays known while casting")
	changed := s.clone()
	changed.Players[h.A].Library = changed.Players[h.A].Library[1:] // the top card left during the cast
	assert.True(t, playerView(changed, h.A).Board.Players[0].Library[0].IsHidden(), "the new top card, not while casting")
	changed.Proposal = nil
	assert.Equal(t, "Grizzly Bears", playerView(changed, h.A).Board.Players[0].Library[0].Name, "once done")
}

// castFromTopBoard: A controls Crystal Skull and a tapped Pili-Pala, and
// A's library is Ornithopter (a {0} artifact, historic) on Grizzly Bears.
func castFromTopBoard() h.Setup {
	setup := viewBoard(true)
	setup.Players[0].Battlefield = append(setup.Players[0].Battlefield, h.PermanentSpec{CardSpec: h.CardSpec{ID: 122, Name: "Pili-Pala"}, Tapped: true})
	setup.Players[0].Library = []h.CardSpec{{ID: 10, Name: "Ornithopter"}, {ID: 11, Name: "Grizzly Bears"}}
	return setup
}

// castOrnithopterFromTop casts the top card, Ornithopter (CR 601.2a moves it to the stack).
func castOrnithopterFromTop(t *testing.T, s *state) *state {
	t.Helper()
	return apply(t, s, find(t, s, "cast Ornithopter from the top", func(a h.Action) bool { return a.Kind == h.Cast && a.Card == 10 && !a.CastsFaceDown() }))
}

// TestPlayerViewNewTopHiddenThroughAManaAbility: a mana ability activated while paying for
// a spell cast from the top (CR 601.2g; Pili-Pala's {2}, {Q} waits for its own payment)
// doesn't end the cast: the new top card stays hidden (401.5) until the spell is cast.
// It showed before: the view compared the top with the one before the mana ability.
func TestPlayerViewNewTopHiddenThroughAManaAbility(t *testing.T) {
	s := castOrnithopterFromTop(t, start(t, castFromTopBoard()))
	require.True(t, playerView(s, h.A).Board.Players[0].Library[0].IsHidden(), "the new top, while casting (CR 401.5)")
	s = apply(t, s, find(t, s, "activate Pili-Pala", func(a h.Action) bool { return a.Kind == h.Activate && a.Card == 122 && a.Payment.IsZero() }))
	require.NotNil(t, s.Proposal.Mana, "Pili-Pala's ability waits for its {2}")
	assert.True(t, playerView(s, h.A).Board.Players[0].Library[0].IsHidden(), "still casting Ornithopter")
}

// TestPlayerViewNewTopFaults: each fault of library.top-changes-while-casting moves one
// bound of 401.5's "until you finish casting".
func TestPlayerViewNewTopFaults(t *testing.T) {
	casting := castOrnithopterFromTop(t, start(t, castFromTopBoard(), FaultNewTopShownCasting))
	assert.Equal(t, "Grizzly Bears", playerView(casting, h.A).Board.Players[0].Library[0].Name, "shown while casting: the fault")

	s := castOrnithopterFromTop(t, start(t, castFromTopBoard(), FaultNewTopHiddenOnStack))
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Pay})
	require.Nil(t, s.Proposal)
	require.Len(t, s.Stack, 1, "Ornithopter is cast, on the stack")
	assert.True(t, playerView(s, h.A).Board.Players[0].Library[0].IsHidden(), "hidden while the spell is on the stack: the fault")
	ok := apply(t, castOrnithopterFromTop(t, start(t, castFromTopBoard())), h.Action{Player: h.A, Kind: h.Pay})
	assert.Equal(t, "Grizzly Bears", playerView(ok, h.A).Board.Players[0].Library[0].Name, "seen once cast (CR 401.5)")
}
