package engine

import (
	"strings"
	"testing"

	h "github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// abbeyBoard: A has Westvale Abbey (card 100), five Grizzly Bears (101-105), Jhoira
// watching for historic spells (106) and {5} floating; B has an Island.
func abbeyBoard() h.Setup {
	s := board([]string{"Westvale Abbey", "Grizzly Bears", "Grizzly Bears", "Grizzly Bears", "Grizzly Bears", "Grizzly Bears",
		"Jhoira, Weatherlight Captain"}, []string{"Island"})
	s.Players[0].Pool = h.Mana{h.Colorless: 5}
	s.Players[0].Library = []h.CardSpec{{ID: 50, Name: "Island"}}
	return s
}

// sacrificesFive is the action activating Westvale Abbey's transform ability (ability 2)
// sacrificing the five Bears.
func sacrificesFive(a h.Action) bool {
	return a.Kind == h.Activate && a.Card == 100 && a.Ability == 2 && len(a.Choices) == 5 &&
		a.Choices[0] == "sacrifice:101" && a.Choices[4] == "sacrifice:105"
}

// resolveStack passes until the stack is empty.
func resolveStack(t *testing.T, s *state) *state {
	t.Helper()
	for len(s.Stack) > 0 {
		s = apply(t, s, h.Action{Player: s.Priority, Kind: h.Pass})
	}
	return s
}

// TestWestvaleAbbeyTransforms: "{5}, {T}, Sacrifice five creatures: Transform this land,
// then untap it." The five creatures are sacrificed as the cost is paid (CR 118.3); as it
// resolves, the land transforms into Ormendahl, Profane Prince: the same object (712.18),
// with the back face's characteristics (712.8e), untapped, not summoning sick (it has
// been under A's control continuously, 302.6; it has haste anyway), and its mana value is
// its front face's (712.8e, 202.3b). It was not cast: Jhoira doesn't trigger (601.2i).
func TestWestvaleAbbeyTransforms(t *testing.T) {
	s := start(t, abbeyBoard())
	before := cardNamed(t, s, "Westvale Abbey").ID
	s = apply(t, s, find(t, s, "activate the transform ability", sacrificesFive))
	s = payAll(t, s)
	assert.Len(t, s.Players[0].Graveyard, 5, "the five Bears were sacrificed as the cost was paid")
	require.Len(t, s.Stack, 1)
	s = resolveStack(t, s)
	o := snap1(t, s, 100)
	assert.Equal(t, "Ormendahl, Profane Prince", o.Name)
	assert.True(t, o.Transformed)
	assert.Equal(t, before, o.Object, "the same object (CR 712.18)")
	assert.False(t, o.Tapped, "then untap it")
	assert.False(t, o.Sick)
	assert.Equal(t, []string{"Legendary"}, o.Supertypes)
	assert.Equal(t, []string{"Creature"}, o.Types)
	assert.Equal(t, "B", o.Colors, "its colour indicator's")
	assert.Equal(t, 9, *o.Power)
	assert.Equal(t, 7, *o.Toughness)
	assert.Equal(t, []string{"Flying, lifelink, indestructible, haste"}, o.Abilities)
	assert.Equal(t, 0, o.ManaValue, "its front face's mana value (CR 712.8e)")
	assert.Empty(t, s.Pending, "transforming is not casting: Jhoira doesn't trigger")
	assert.Equal(t, 1, len(snapshot(s).Players[0].Library), "and drew nothing")
	assert.True(t, canAttack(s, s.projected(), s.obj(o.Object)), "it can attack at once")
}

// TestTransformNeedsFiveCreatures: with four creatures the cost can't be paid (CR 118.3),
// so the ability isn't offered; a named set of fewer is refused.
func TestTransformNeedsFiveCreatures(t *testing.T) {
	setup := abbeyBoard()
	setup.Players[0].Battlefield = setup.Players[0].Battlefield[:5]
	s := start(t, setup)
	for _, a := range legalActions(s) {
		assert.False(t, a.Kind == h.Activate && a.Card == 100 && a.Ability == 2, "offered: %s", a.Text)
	}
	_, _, err := applyAction(s, h.Action{Player: h.A, Kind: h.Activate, Card: 100, Ability: 2,
		Choices: []string{"sacrifice:101", "sacrifice:102", "sacrifice:103", "sacrifice:104"}})
	assert.ErrorContains(t, err, "118.3")
}

// TestTransformOffersEverySetOfFive: seven creatures (five Bears, Jhoira, Llanowar Elves)
// give 21 ways to pay (CR 601.2h: the player chooses which to sacrifice), each naming five
// in battlefield order.
func TestTransformOffersEverySetOfFive(t *testing.T) {
	setup := abbeyBoard()
	setup.Players[0].Battlefield = append(setup.Players[0].Battlefield, h.PermanentSpec{CardSpec: h.CardSpec{ID: 120, Name: "Llanowar Elves"}})
	s := start(t, setup)
	n := 0
	for _, a := range legalActions(s) {
		if a.Kind == h.Activate && a.Card == 100 && a.Ability == 2 {
			n++
			assert.Len(t, a.Choices, 5)
			assert.Contains(t, a.Text, "sacrificing")
		}
	}
	assert.Equal(t, 21, n)
}

// TestTransformedLeavesAsItsFrontFace: a transformed permanent that leaves the battlefield
// is the card with its front face only (CR 712.8a), a new object (400.7).
func TestTransformedLeavesAsItsFrontFace(t *testing.T) {
	setup := board([]string{"Plains", "Plains", "Plains"}, []string{"Westvale Abbey"})
	setup.Players[1].Battlefield[0].Transformed = true
	setup.Players[0].Hand = []h.CardSpec{{ID: 50, Name: "Oblivion Ring"}}
	setup.Players[0].Pool = h.Mana{h.White: 1, h.Colorless: 2}
	s := start(t, setup)
	assert.Equal(t, "Ormendahl, Profane Prince", snap1(t, s, 200).Name)
	s = apply(t, s, find(t, s, "cast Oblivion Ring", func(a h.Action) bool { return a.Kind == h.Cast && a.Card == 50 }))
	s = payAll(t, s)
	s = resolveStack(t, s) // the Ring enters; its trigger goes on the stack
	for s.Decision != nil || len(s.Stack) > 0 {
		if s.Decision != nil {
			s = apply(t, s, find(t, s, "target Ormendahl", func(a h.Action) bool { return a.Kind == h.Choose }))
			continue
		}
		s = apply(t, s, h.Action{Player: s.Priority, Kind: h.Pass})
	}
	o := snap1(t, s, 200)
	assert.Equal(t, h.Exile, o.Zone)
	assert.Equal(t, "Westvale Abbey", o.Name, "in exile it has its front face only (CR 712.8a)")
	assert.False(t, o.Transformed)
}

// TestTransformedSetup: a setup puts a double-faced card back face up; any other card
// can't be (CR 712.9), nor a face-down one (712.16).
func TestTransformedSetup(t *testing.T) {
	setup := board([]string{"Grizzly Bears"}, nil)
	setup.Players[0].Battlefield[0].Transformed = true
	_, err := newGame(setup, nil)
	assert.ErrorContains(t, err, "712.9")
}

// TestCopyOfTransformedCopiesTheFaceUp: a Clone entering as a copy of Ormendahl copies the
// face that is up (CR 707.8): it is a 9/7 Ormendahl, not transformed itself (it is no
// double-faced card, 712.9), and its mana value is 0 (202.3b, 712.8e).
func TestCopyOfTransformedCopiesTheFaceUp(t *testing.T) {
	setup := board([]string{"Westvale Abbey", "Island", "Island", "Island", "Island"}, nil)
	setup.Players[0].Battlefield[0].Transformed = true
	setup.Players[0].Hand = []h.CardSpec{{ID: 50, Name: "Clone"}}
	setup.Players[0].Pool = h.Mana{h.Blue: 4}
	s := start(t, setup)
	s = apply(t, s, find(t, s, "cast Clone", func(a h.Action) bool { return a.Kind == h.Cast && a.Card == 50 }))
	s = payAll(t, s)
	for len(s.Stack) > 0 || s.Decision != nil {
		if s.Decision != nil {
			s = apply(t, s, find(t, s, "copy Ormendahl, then keep the Clone (legend rule, CR 704.5j)", func(a h.Action) bool {
				return a.Kind == h.Choose && len(a.Choices) == 1 && (strings.Contains(a.Choices[0], "copy Ormendahl") || strings.Contains(a.Choices[0], "card 50"))
			}))
			continue
		}
		s = apply(t, s, h.Action{Player: s.Priority, Kind: h.Pass})
	}
	o := snap1(t, s, 50)
	require.Equal(t, h.Battlefield, o.Zone)
	assert.Equal(t, "Ormendahl, Profane Prince", o.CopyOf)
	assert.Equal(t, 9, *o.Power)
	assert.False(t, o.Transformed)
	assert.Equal(t, 0, o.ManaValue)
	assert.Equal(t, "Westvale Abbey", snap1(t, s, 100).Name, "the legend rule put the other Ormendahl into the graveyard, its front face up (CR 704.5j, 712.8a)")
}

// TestLifelink: damage dealt by a source with lifelink gains its controller that much life
// (CR 702.15b): Ormendahl attacking unblocked deals 9 to B, and A gains 9.
func TestLifelink(t *testing.T) {
	setup := board([]string{"Westvale Abbey"}, nil)
	setup.Players[0].Battlefield[0].Transformed = true
	setup.Step = h.BeginCombat
	s := start(t, setup)
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Pass})
	s = apply(t, s, h.Action{Player: h.B, Kind: h.Pass})
	s = apply(t, s, find(t, s, "attack with Ormendahl", func(a h.Action) bool { return a.Kind == h.Attack && len(a.Attackers) == 1 }))
	for s.Step != h.CombatDamage {
		if s.Decision != nil {
			s = apply(t, s, find(t, s, "no blocks", func(a h.Action) bool { return a.Kind == h.Block && len(a.Blocks) == 0 }))
			continue
		}
		s = apply(t, s, h.Action{Player: s.Priority, Kind: h.Pass})
	}
	assert.Equal(t, 11, s.Players[1].Life)
	assert.Equal(t, 29, s.Players[0].Life, "lifelink (CR 702.15b)")
}

// TestHumanClericToken: "{5}, {T}, Pay 1 life: Create a 1/1 white and black Human Cleric
// creature token."
func TestHumanClericToken(t *testing.T) {
	s := start(t, abbeyBoard())
	s = apply(t, s, find(t, s, "activate the token ability", func(a h.Action) bool { return a.Kind == h.Activate && a.Card == 100 && a.Ability == 1 }))
	s = payAll(t, s)
	assert.Equal(t, 19, s.Players[0].Life, "1 life paid")
	s = resolveStack(t, s)
	var cleric *h.Object
	for _, o := range snapshot(s).Battlefield {
		if o.Name == "Human Cleric" {
			cleric = o
		}
	}
	require.NotNil(t, cleric)
	assert.True(t, cleric.Token)
	assert.Equal(t, "WB", cleric.Colors)
	assert.Equal(t, []string{"Human", "Cleric"}, cleric.Subtypes)
}
