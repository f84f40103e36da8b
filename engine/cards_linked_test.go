package engine

import (
	"testing"

	h "github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// could is what the permanent that is card c could produce (CR 106.7), as letters.
func could(t *testing.T, s *state, c h.CardID) string {
	t.Helper()
	set, err := (&Reference{}).CouldProduce(s, c)
	require.NoError(t, err)
	return set.String()
}

// castMox casts Chrome Mox (card 50) from A's hand with Giant Growth (51) and Dark Ritual
// (52) there too, and resolves it: its imprint trigger is then on the stack.
func castMox(t *testing.T, setup h.Setup) *state {
	t.Helper()
	setup.Players[0].Hand = []h.CardSpec{{ID: 50, Name: "Chrome Mox"}, {ID: 51, Name: "Giant Growth"}, {ID: 52, Name: "Dark Ritual"}, {ID: 53, Name: "Forest"}}
	s := start(t, setup)
	s = castAndResolve(t, s, 50, h.Mana{})
	require.Len(t, s.Stack, 1, "the imprint trigger")
	return s
}

// TestChromeMoxImprint: the imprint exiles a nonartifact, nonland card chosen as it
// resolves, and the linked mana ability adds one mana of that card's colour (CR 607.2a);
// with nothing exiled its type is undefined and it adds nothing (106.5, 106.7).
func TestChromeMoxImprint(t *testing.T) {
	s := castMox(t, board(nil, nil))
	s = passBoth(t, s)
	require.NotNil(t, s.Decision)
	assert.Equal(t, []string{"don't exile", "exile Giant Growth (card 51)", "exile Dark Ritual (card 52)"}, s.Decision.Options,
		"the Forest is a land; nothing is targeted")
	imprinted := choose(t, s, "exile Giant Growth")
	assert.Equal(t, []h.CardID{51}, perm(imprinted, 50).ExiledWith)
	assert.Equal(t, "G", could(t, imprinted, 50))
	assert.Equal(t, []string{"{G}"}, outcomes(t, imprinted, "Chrome Mox", 1))

	none := choose(t, s, "don't exile")
	assert.Empty(t, perm(none, 50).ExiledWith)
	assert.Equal(t, "", could(t, none, 50), "nothing imprinted: it could produce nothing (CR 106.7)")
	assert.Equal(t, []string{"{}"}, outcomes(t, none, "Chrome Mox", 1), "activating it adds no mana (CR 106.5)")
}

// TestChromeMoxCopies: a Mirage Mirror that becomes a copy of an imprinted Chrome Mox has
// the Mox's abilities, linked to each other on the Mirror (CR 707.7), but its own imprint
// exiled nothing: it adds nothing. A Clever Impersonator entering as a copy of it
// triggers its own imprint, and its mana ability sees only that card.
func TestChromeMoxCopies(t *testing.T) {
	setup := board([]string{"Chrome Mox", "Mirage Mirror"}, nil)
	setup.Players[0].Pool = h.Of(h.Colorless, 2)
	setup.Players[0].Exile = []h.CardSpec{{ID: 60, Name: "Giant Growth"}}
	setup.Players[0].Battlefield[0].ExiledWith = []h.CardID{60}
	s := start(t, setup)
	require.Equal(t, "G", could(t, s, 100))
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Activate, Card: 101, Ability: 0, Targets: []h.Target{h.CardTarget(100)}})
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Pay, Payment: h.Of(h.Colorless, 2)})
	s = passBoth(t, s)
	require.Equal(t, "Chrome Mox", perm(s, 101).CopyOf)
	assert.Empty(t, perm(s, 101).ExiledWith, "becoming a copy imprints nothing")
	assert.Equal(t, "", could(t, s, 101))
	assert.Equal(t, "G", could(t, s, 100), "the original keeps its own imprint")

	setup = board([]string{"Chrome Mox"}, nil)
	setup.Players[0].Exile = []h.CardSpec{{ID: 60, Name: "Giant Growth"}}
	setup.Players[0].Battlefield[0].ExiledWith = []h.CardID{60}
	setup.Players[0].Hand = []h.CardSpec{{ID: 50, Name: "Clever Impersonator"}, {ID: 51, Name: "Dark Ritual"}}
	setup.Players[0].Pool = h.Of(h.Blue, 2).Add(h.Of(h.Colorless, 2))
	s = start(t, setup)
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Cast, Card: 50})
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Pay, Payment: s.Players[0].Pool})
	s = passBoth(t, s)
	s = choose(t, s, "copy Chrome Mox")
	require.Len(t, s.Stack, 1, "the copied imprint triggers as the copy enters")
	s = passBoth(t, s)
	s = choose(t, s, "exile Dark Ritual")
	assert.Equal(t, []h.CardID{51}, perm(s, 50).ExiledWith)
	assert.Equal(t, "B", could(t, s, 50))
	assert.Equal(t, []h.CardID{60}, perm(s, 100).ExiledWith)
	assert.Equal(t, "G", could(t, s, 100))
}

// TestCopiedLinkFaultUsesOriginals: with the fault, a Mirage Mirror copying an imprinted
// Chrome Mox reads the original's imprint.
func TestCopiedLinkFaultUsesOriginals(t *testing.T) {
	setup := board([]string{"Chrome Mox", "Mirage Mirror"}, nil)
	setup.Players[0].Pool = h.Of(h.Colorless, 2)
	setup.Players[0].Exile = []h.CardSpec{{ID: 60, Name: "Giant Growth"}}
	setup.Players[0].Battlefield[0].ExiledWith = []h.CardID{60}
	for _, faults := range [][]string{nil, {FaultLinkUsesOriginals}} {
		s := start(t, setup, faults...)
		s = apply(t, s, h.Action{Player: h.A, Kind: h.Activate, Card: 101, Ability: 0, Targets: []h.Target{h.CardTarget(100)}})
		s = apply(t, s, h.Action{Player: h.A, Kind: h.Pay, Payment: h.Of(h.Colorless, 2)})
		s = passBoth(t, s)
		assert.Equal(t, faults != nil, len(perm(s, 101).ExiledWith) > 0, "faults %v", faults)
	}
}
