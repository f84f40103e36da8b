package engine

import (
	"slices"
	"testing"

	h "github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// topBoard is board with A's library (top first) and hand, and A's pool.
func topBoard(mine []string, library, hand []string, pool h.Mana) h.Setup {
	s := board(mine, nil)
	for i, n := range library {
		s.Players[h.A].Library = append(s.Players[h.A].Library, h.CardSpec{ID: h.CardID(10 + i), Name: n})
	}
	for i, n := range hand {
		s.Players[h.A].Hand = append(s.Players[h.A].Hand, h.CardSpec{ID: h.CardID(30 + i), Name: n})
	}
	s.Players[h.A].Pool = pool
	return s
}

// offered reports whether an action of the kind for the card is legal now.
func offered(s *state, kind h.ActionKind, card h.CardID) bool {
	return slices.ContainsFunc(legalActions(s), func(a h.Action) bool { return a.Kind == kind && a.Card == card })
}

func libraryCards(s *state, p h.Player) []h.CardID {
	var out []h.CardID
	for _, id := range s.Players[p].Library {
		out = append(out, s.obj(id).Card)
	}
	return out
}

// TestPermissionsFromTop: each PlayFromTop ability lets its controller cast or play the
// top card of their library when it passes the ability's filter, read from the card's
// current characteristics (CR 601.3, 700.6), and nothing else of the library.
func TestPermissionsFromTop(t *testing.T) {
	cases := []struct {
		permanent, top string
		kind           h.ActionKind
		want           bool
	}{
		{"Crystal Skull, Isu Spyglass", "Isamaru, Hound of Konda", h.Cast, true}, // legendary
		{"Crystal Skull, Isu Spyglass", "Ornithopter", h.Cast, true},             // artifact
		{"Crystal Skull, Isu Spyglass", "Grizzly Bears", h.Cast, false},
		{"Crystal Skull, Isu Spyglass", "Academy Ruins", h.PlayLand, true},     // a historic land
		{"Crystal Skull, Isu Spyglass", "Darksteel Citadel", h.PlayLand, true}, // an artifact land
		{"Crystal Skull, Isu Spyglass", "Forest", h.PlayLand, false},
		{"Mystic Forge", "Ornithopter", h.Cast, true},
		{"Mystic Forge", "Darksteel Citadel", h.PlayLand, false}, // spells only, never lands
		{"Mystic Forge", "Isamaru, Hound of Konda", h.Cast, false},
		{"Vizier of the Menagerie", "Grizzly Bears", h.Cast, true},
		{"Vizier of the Menagerie", "Time Walk", h.Cast, false},
		{"Grizzly Bears", "Isamaru, Hound of Konda", h.Cast, false}, // no permission at all
	}
	for _, c := range cases {
		s := start(t, topBoard([]string{c.permanent}, []string{c.top, "Forest"}, nil, h.Of(h.White, 1).Add(h.Of(h.Green, 2))))
		assert.Equal(t, c.want, offered(s, c.kind, 10), "%s, %s on top", c.permanent, c.top)
		assert.False(t, offered(s, h.Cast, 11) || offered(s, h.PlayLand, 11), "%s: the second card is not the top", c.permanent)
	}
}

// TestLandFromTopIsTheLandDrop: a land played from the top is the turn's land play
// (CR 305.2): after it, no other land may be played, from the hand or the top.
func TestLandFromTopIsTheLandDrop(t *testing.T) {
	for _, fault := range []string{"", FaultTopLandSkipsLandDrop} {
		var faults []string
		if fault != "" {
			faults = append(faults, fault)
		}
		s := start(t, topBoard([]string{"Crystal Skull, Isu Spyglass"}, []string{"Academy Ruins", "Darksteel Citadel"}, []string{"Forest"}, h.Mana{}), faults...)
		s = apply(t, s, h.Action{Player: h.A, Kind: h.PlayLand, Card: 10})
		assert.Equal(t, []h.CardID{11}, libraryCards(s, h.A))
		assert.Equal(t, fault != "", offered(s, h.PlayLand, 30) || offered(s, h.PlayLand, 11), "fault %q: another land after the one from the top", fault)
	}
}

// TestTimingFromTop: a spell cast from the top keeps its timing (CR 601.3, 307.1): a
// creature only in its controller's main phase with an empty stack, unless it has flash
// or an effect lets it be cast as though it had flash (Raff Capashen, CR 702.8a).
func TestTimingFromTop(t *testing.T) {
	lib := []string{"Isamaru, Hound of Konda"}
	for _, c := range []struct {
		mine   []string
		faults []string
		want   bool
	}{
		{[]string{"Crystal Skull, Isu Spyglass"}, nil, false},
		{[]string{"Crystal Skull, Isu Spyglass", "Raff Capashen, Ship's Mage"}, nil, true},
		{[]string{"Crystal Skull, Isu Spyglass"}, []string{FaultTopIgnoresTiming}, true},
	} {
		setup := topBoard(c.mine, lib, nil, h.Of(h.White, 1))
		setup.Step = h.Upkeep
		s := start(t, setup, c.faults...)
		assert.Equal(t, c.want, offered(s, h.Cast, 10), "%v %v in the upkeep", c.mine, c.faults)
	}
}

// TestCancelFromTopKeepsLibraryOrder: cancelling a cast from the top rewinds the game to
// before it began (CR 601.2, 733): the card is on top again, the rest in order.
func TestCancelFromTopKeepsLibraryOrder(t *testing.T) {
	for _, fault := range []string{"", FaultCancelReordersLibrary} {
		var faults []string
		if fault != "" {
			faults = append(faults, fault)
		}
		s := start(t, topBoard([]string{"Crystal Skull, Isu Spyglass"}, []string{"Ornithopter", "Forest", "Island"}, nil, h.Mana{}), faults...)
		before := libraryCards(s, h.A)
		s = apply(t, s, h.Action{Player: h.A, Kind: h.Cast, Card: 10})
		assert.Equal(t, []h.CardID{11, 12}, libraryCards(s, h.A), "the spell has left the library")
		s = apply(t, s, h.Action{Player: h.A, Kind: h.Cancel})
		assert.Equal(t, fault == "", slices.Equal(before, libraryCards(s, h.A)), "fault %q: %v after cancelling", fault, libraryCards(s, h.A))
	}
}

// stackTexts is the stack, bottom first, as the names of spells and "trigger" for
// abilities.
func stackTexts(s *state) []string {
	var out []string
	v := s.projected()
	for _, it := range s.Stack {
		if it.IsSpell {
			out = append(out, v.Of(it.ID).Name)
		} else {
			out = append(out, "trigger of "+v.Of(it.Source).Name)
		}
	}
	return out
}

// TestHistoricCastTrigger: "whenever you cast a historic spell" triggers once for a
// historic spell, however many qualities make it so (CR 700.6), goes on the stack above
// the spell and resolves first (CR 601.2i, 603.3); never for a nonhistoric spell.
func TestHistoricCastTrigger(t *testing.T) {
	cases := []struct {
		card   string
		pool   h.Mana
		faults []string
		want   []string
	}{
		{"Crystal Skull, Isu Spyglass", h.Of(h.Blue, 4), nil, []string{"Crystal Skull, Isu Spyglass", "trigger of Jhoira, Weatherlight Captain"}},
		{"Crystal Skull, Isu Spyglass", h.Of(h.Blue, 4), []string{FaultHistoricPerQuality},
			[]string{"Crystal Skull, Isu Spyglass", "trigger of Jhoira, Weatherlight Captain", "trigger of Jhoira, Weatherlight Captain"}},
		{"Ornithopter", h.Mana{}, []string{FaultCastTriggerUnderSpell}, []string{"trigger of Jhoira, Weatherlight Captain", "Ornithopter"}},
		{"Grizzly Bears", h.Of(h.Green, 2), nil, []string{"Grizzly Bears"}},
	}
	for _, c := range cases {
		s := start(t, topBoard([]string{"Jhoira, Weatherlight Captain"}, []string{"Forest"}, []string{c.card}, c.pool), c.faults...)
		s = apply(t, s, h.Action{Player: h.A, Kind: h.Cast, Card: 30})
		s = apply(t, s, h.Action{Player: h.A, Kind: h.Pay, Payment: c.pool})
		assert.Equal(t, c.want, stackTexts(s), "%s %v", c.card, c.faults)
	}
}

// TestVizierSpendsAnyType: with Vizier of the Menagerie, mana of any type pays a creature
// spell's coloured cost (CR 609.4b), and not a noncreature spell's.
func TestVizierSpendsAnyType(t *testing.T) {
	s := start(t, topBoard([]string{"Vizier of the Menagerie"}, []string{"Grizzly Bears"}, []string{"Time Walk"}, h.Of(h.Red, 2)))
	next := apply(t, s, h.Action{Player: h.A, Kind: h.Cast, Card: 10})
	next = apply(t, next, h.Action{Player: h.A, Kind: h.Pay, Payment: h.Of(h.Red, 2)})
	assert.Equal(t, []string{"Grizzly Bears"}, stackTexts(next))
	next = apply(t, s, h.Action{Player: h.A, Kind: h.Cast, Card: 30})
	_, _, err := applyAction(next, h.Action{Player: h.A, Kind: h.Pay, Payment: h.Of(h.Red, 2)})
	assert.ErrorContains(t, err, "601.2h", "Time Walk is no creature spell")
}

// TestLegendarySorcery: a legendary sorcery can be begun only by a player who controls a
// legendary creature or planeswalker (CR 205.4e); Urza's Ruinous Blast then exiles every
// nonland permanent that isn't legendary.
func TestLegendarySorcery(t *testing.T) {
	pool := h.Of(h.White, 5)
	s := start(t, topBoard([]string{"Grizzly Bears", "Crystal Skull, Isu Spyglass"}, nil, []string{"Urza's Ruinous Blast"}, pool))
	assert.False(t, offered(s, h.Cast, 30), "no legendary creature")
	_, _, err := applyAction(s, h.Action{Player: h.A, Kind: h.Cast, Card: 30})
	assert.ErrorContains(t, err, "205.4e")

	s = start(t, topBoard([]string{"Grizzly Bears", "Isamaru, Hound of Konda", "Forest", "Ornithopter"}, nil, []string{"Urza's Ruinous Blast"}, pool))
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Cast, Card: 30})
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Pay, Payment: pool})
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Pass})
	s = apply(t, s, h.Action{Player: h.B, Kind: h.Pass})
	var names []string
	for _, id := range s.Battlefield {
		names = append(names, s.projected().Of(id).Name)
	}
	assert.ElementsMatch(t, []string{"Isamaru, Hound of Konda", "Forest"}, names)
}

// TestSneakAttackPutsWithoutCasting: Sneak Attack puts a creature onto the battlefield
// with haste; it isn't cast, so "whenever you cast" abilities don't trigger (CR 601.2i);
// at the next end step it is sacrificed.
func TestSneakAttackPutsWithoutCasting(t *testing.T) {
	for _, fault := range []string{"", FaultPutFiresCastTriggers} {
		var faults []string
		if fault != "" {
			faults = append(faults, fault)
		}
		s := start(t, topBoard([]string{"Sneak Attack", "Jhoira, Weatherlight Captain"}, nil, []string{"Isamaru, Hound of Konda"}, h.Of(h.Red, 1)), faults...)
		var act h.Action
		for _, a := range legalActions(s) {
			if a.Kind == h.Activate && s.byCard(a.Card).Def == registry["Sneak Attack"] {
				act = a
			}
		}
		require.Equal(t, h.Activate, act.Kind)
		s = apply(t, s, act)
		s = apply(t, s, h.Action{Player: h.A, Kind: h.Pay, Payment: h.Of(h.Red, 1)})
		s = apply(t, s, h.Action{Player: h.A, Kind: h.Pass})
		s = apply(t, s, h.Action{Player: h.B, Kind: h.Pass})
		require.NotNil(t, s.Decision)
		s = apply(t, s, h.Action{Player: h.A, Kind: h.Choose, Choices: []string{h.Choice(h.ChoiceOption, "put Isamaru, Hound of Konda (card 30) onto the battlefield")}})
		isamaru := cardNamed(t, s, "Isamaru, Hound of Konda")
		assert.True(t, s.projected().Of(isamaru.ID).HasKeyword("Haste"))
		assert.Equal(t, fault != "", len(s.Stack) > 0, "fault %q: stack %v", fault, stackTexts(s))
		assert.Len(t, s.Delayed, 1, "the sacrifice waits for the end step")
	}
}

// TestMysticForgeExilesTheTop: "{T}, Pay 1 life: Exile the top card of your library":
// the life is paid as a cost (CR 119.4, 118.3), the card exiled as it resolves.
func TestMysticForgeExilesTheTop(t *testing.T) {
	s := start(t, topBoard([]string{"Mystic Forge"}, []string{"Forest", "Island"}, nil, h.Mana{}))
	var act h.Action
	for _, a := range legalActions(s) {
		if a.Kind == h.Activate {
			act = a
		}
	}
	require.Equal(t, h.Activate, act.Kind, "the Forge's ability is offered")
	s = apply(t, s, act)
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Pay})
	assert.Equal(t, 19, s.Players[h.A].Life, "1 life paid as the cost")
	assert.True(t, s.obj(cardNamed(t, s, "Mystic Forge").ID).Tapped)
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Pass})
	s = apply(t, s, h.Action{Player: h.B, Kind: h.Pass})
	assert.Equal(t, []h.CardID{11}, libraryCards(s, h.A))
	require.Len(t, s.Players[h.A].Exile, 1)
	assert.Equal(t, h.CardID(10), s.obj(s.Players[h.A].Exile[0]).Card)
}

// TestFaceDownFromTop: a permission from the top is checked against the spell's
// characteristics (CR 601.3e). Cast face down, a morph card is a colourless 2/2 creature
// spell with no name or supertype (708.2a): Mystic Forge (colourless) and Vizier of the
// Menagerie (creature) let it be cast face down from the top, Crystal Skull (historic)
// doesn't; and Raff Capashen's flash for historic spells gives it none.
func TestFaceDownFromTop(t *testing.T) {
	faceDown := func(s *state) bool {
		return slices.ContainsFunc(legalActions(s), func(a h.Action) bool { return a.Kind == h.Cast && a.Card == 10 && a.CastsFaceDown() })
	}
	faceUp := func(s *state) bool {
		return slices.ContainsFunc(legalActions(s), func(a h.Action) bool { return a.Kind == h.Cast && a.Card == 10 && !a.CastsFaceDown() })
	}
	pool := h.Of(h.Colorless, 3)
	for _, c := range []struct {
		permanent string
		want      bool
	}{{"Mystic Forge", true}, {"Vizier of the Menagerie", true}, {"Crystal Skull, Isu Spyglass", false}} {
		s := start(t, topBoard([]string{c.permanent}, []string{"Akroma, Angel of Fury", "Forest"}, nil, pool))
		assert.Equal(t, c.want, faceDown(s), "%s: Akroma face down from the top", c.permanent)
	}
	upkeep := topBoard([]string{"Vizier of the Menagerie", "Raff Capashen, Ship's Mage"}, []string{"Akroma, Angel of Fury"}, nil,
		h.Of(h.Red, 8))
	upkeep.Step = h.Upkeep
	s := start(t, upkeep)
	assert.False(t, faceDown(s), "a face-down spell isn't historic: no flash from Raff")
	assert.True(t, faceUp(s), "Akroma face up is legendary, so historic: Raff gives it flash")
}
