package engine

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// cyclingBoard: A holds the hand cards (IDs 50, 51, ...) with mana in the pool and a
// library to draw from; mine and theirs are the battlefields.
func cyclingBoard(t *testing.T, mine, theirs, hand []string, pool h.Mana, faults ...string) *state {
	t.Helper()
	setup := withLibraries(board(mine, theirs))
	for i, n := range hand {
		setup.Players[0].Hand = append(setup.Players[0].Hand, h.CardSpec{ID: h.CardID(50 + i), Name: n})
	}
	setup.Players[0].Pool = pool
	return start(t, setup, faults...)
}

// legalWhere returns the legal actions for which keep holds.
func legalWhere(s *state, keep func(a h.Action) bool) []h.Action {
	var out []h.Action
	for _, a := range legalActions(s) {
		if keep(a) {
			out = append(out, a)
		}
	}
	return out
}

// cycle activates card's cycling ability with X and pays with the first payment offered.
func cycle(t *testing.T, s *state, card h.CardID, x int) *state {
	t.Helper()
	acts := legalWhere(s, func(a h.Action) bool {
		return a.Kind == h.Activate && a.Card == card && a.X == x && strings.HasPrefix(a.Text, "activate "+s.projected().Of(s.byCard(card).ID).Name+": Cycling")
	})
	require.Len(t, acts, 1, "cycling card %d with X=%d", card, x)
	return payFirst(t, apply(t, s, acts[0]))
}

// payFirst pays the pending proposal with the first payment offered.
func payFirst(t *testing.T, s *state) *state {
	t.Helper()
	pays := legalWhere(s, func(a h.Action) bool { return a.Kind == h.Pay })
	require.NotEmpty(t, pays, "a payment for the proposal")
	return apply(t, s, pays[0])
}

// chooseOption answers the pending decision with the option that starts with prefix.
func chooseOption(t *testing.T, s *state, prefix string) *state {
	t.Helper()
	require.NotNil(t, s.Decision, "a decision is pending")
	for _, o := range s.Decision.Options {
		if strings.HasPrefix(o, prefix) {
			return apply(t, s, h.Action{Player: s.Decision.Player, Kind: h.Choose, Choices: []string{h.Choice(h.ChoiceOption, o)}})
		}
	}
	t.Fatalf("no option %q among %q", prefix, s.Decision.Options)
	return nil
}

// stackNames lists the stack bottom first: a spell's name, or "Name: ability text".
func stackNames(s *state) []string {
	v := s.projected()
	var out []string
	for i := range s.Stack {
		out = append(out, itemText(v, &s.Stack[i]))
	}
	return out
}

func handSize(s *state, p h.Player) int { return len(s.Players[p].Hand) }

// TestCyclingTriggersGoAboveTheCyclingAbility: cycling Spark Spray with Drake Haven and
// Lightning Rift out discards it as a cost; both triggers go on the stack above the
// cycling ability (CR 603.3, 702.29c), so they resolve before the draw (405.5). With the
// fault, they go under it.
func TestCyclingTriggersGoAboveTheCyclingAbility(t *testing.T) {
	for _, tc := range []struct {
		fault       []string
		cyclingAtop bool
	}{{nil, false}, {[]string{FaultCycleTriggersUnderDraw}, true}} {
		s := cyclingBoard(t, []string{"Drake Haven", "Lightning Rift"}, nil, []string{"Spark Spray"}, h.Of(h.Red, 1), tc.fault...)
		s = cycle(t, s, 50, 0)
		assert.Equal(t, h.Graveyard, s.byCard(50).Zone, "discarded as the cost (702.29a)")
		s = chooseOption(t, s, "Drake Haven")     // A orders the two triggers (603.3b)
		s = chooseOption(t, s, "target player B") // Lightning Rift's target, as it goes on the stack (603.3d)
		names := stackNames(s)
		require.Len(t, names, 3)
		top := names[len(names)-1]
		assert.Equal(t, tc.cyclingAtop, strings.Contains(top, "Cycling"), "stack %q", names)
		var riftTargets []h.Target
		for _, so := range snapshot(s).Stack {
			if so.Name == "Lightning Rift" {
				riftTargets = so.Targets
			}
		}
		assert.Equal(t, []h.Target{h.PlayerTarget(h.B)}, riftTargets, "Lightning Rift's target")
	}
}

// TestCycleOrDiscardTriggersOnce: a cycled card triggers "whenever you cycle or discard"
// once (CR 702.29d); the fault makes it twice.
func TestCycleOrDiscardTriggersOnce(t *testing.T) {
	for _, tc := range []struct {
		fault []string
		want  int
	}{{nil, 1}, {[]string{FaultCycleDiscardTwice}, 2}} {
		s := cyclingBoard(t, []string{"Drake Haven"}, nil, []string{"Spark Spray"}, h.Of(h.Red, 1), tc.fault...)
		s = cycle(t, s, 50, 0)
		assert.Len(t, s.Stack, 1+tc.want, "%q", stackNames(s))
	}
}

// TestCyclingWithNoLegalTargetForItsTrigger: Nimble Obstructionist can be cycled with no
// ability an opponent controls on the stack; its trigger is removed (CR 603.3d) and the
// cycling ability still draws. With the fault, the cycling isn't offered.
func TestCyclingWithNoLegalTargetForItsTrigger(t *testing.T) {
	s := cyclingBoard(t, nil, nil, []string{"Nimble Obstructionist"}, h.Of(h.Blue, 1).Add(h.Of(h.Colorless, 2)))
	s = cycle(t, s, 50, 0)
	assert.Equal(t, []string{"Nimble Obstructionist: Cycling {2}{U} ({2}{U}, Discard this card: Draw a card.)"}, stackNames(s))
	hand := handSize(s, h.A)
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Pass})
	s = apply(t, s, h.Action{Player: h.B, Kind: h.Pass})
	assert.Equal(t, hand+1, handSize(s, h.A), "the cycling ability drew")

	f := cyclingBoard(t, nil, nil, []string{"Nimble Obstructionist"}, h.Of(h.Blue, 1).Add(h.Of(h.Colorless, 2)), FaultNoTargetBlocksCycling)
	assert.Empty(t, legalWhere(f, func(a h.Action) bool { return a.Kind == h.Activate && a.Card == 50 }))
}

// TestStackTargets: Cancel targets spells only, Stifle abilities only, Disallow both
// (CR 115.1, 702.29a: the cycling ability is no spell).
func TestStackTargets(t *testing.T) {
	s := cyclingBoard(t, nil, nil, []string{"Spark Spray", "Cancel", "Stifle", "Disallow"}, h.Of(h.Blue, 8).Add(h.Of(h.Red, 1)))
	s = cycle(t, s, 50, 0)
	cycID := s.Stack[0].ID
	targetsOf := func(s *state, card h.CardID) []h.Target {
		var out []h.Target
		for _, a := range legalWhere(s, func(a h.Action) bool { return a.Kind == h.Cast && a.Card == card }) {
			out = append(out, a.Targets...)
		}
		return out
	}
	assert.Empty(t, targetsOf(s, 51), "Cancel: no spell on the stack")
	assert.Equal(t, []h.Target{h.StackTarget(cycID)}, targetsOf(s, 52), "Stifle")
	assert.Equal(t, []h.Target{h.StackTarget(cycID)}, targetsOf(s, 53), "Disallow")

	f := cyclingBoard(t, nil, nil, []string{"Spark Spray", "Cancel"}, h.Of(h.Blue, 8).Add(h.Of(h.Red, 1)), FaultCancelTargetsAbilities)
	f = cycle(t, f, 50, 0)
	assert.Equal(t, []h.Target{h.StackTarget(f.Stack[0].ID)}, targetsOf(f, 51), "the fault: Cancel targets the ability")
}

// TestCounteringTheCyclingAbilityLeavesItsTriggers: Stifle on the cycling ability: no
// draw, but Drake Haven's trigger stays and resolves (CR 701.6a, 702.29c). With the fault,
// the trigger goes with it.
func TestCounteringTheCyclingAbilityLeavesItsTriggers(t *testing.T) {
	for _, tc := range []struct {
		fault    []string
		triggers int
	}{{nil, 1}, {[]string{FaultCounterTakesTriggers}, 0}} {
		s := cyclingBoard(t, []string{"Drake Haven"}, nil, []string{"Spark Spray", "Stifle"}, h.Of(h.Blue, 1).Add(h.Of(h.Red, 1)), tc.fault...)
		s = cycle(t, s, 50, 0)
		cycID := s.Stack[0].ID
		hand := handSize(s, h.A)
		s = apply(t, s, h.Action{Player: h.A, Kind: h.Cast, Card: 51, Targets: []h.Target{h.StackTarget(cycID)}})
		s = payFirst(t, s)
		s = apply(t, s, h.Action{Player: h.A, Kind: h.Pass})
		s = apply(t, s, h.Action{Player: h.B, Kind: h.Pass})
		require.Nil(t, s.stackItem(cycID), "the cycling ability is countered")
		assert.Len(t, s.Stack, tc.triggers, "%q", stackNames(s))
		assert.Equal(t, hand-1, handSize(s, h.A), "Stifle left the hand; nothing was drawn")
	}
}

// TestAstralSlideReturnsAtTheNextEndStep: the exiled creature comes back under its
// owner's control at the beginning of the next end step, as a new object (CR 603.7, 400.7).
func TestAstralSlideReturnsAtTheNextEndStep(t *testing.T) {
	s := cyclingBoard(t, []string{"Astral Slide"}, []string{"Grizzly Bears"}, []string{"Spark Spray"}, h.Of(h.Red, 1))
	bears := cardNamed(t, s, "Grizzly Bears")
	bearsCard, bearsID := bears.Card, bears.ID
	s = cycle(t, s, 50, 0) // the only creature is the target: no choice
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Pass})
	s = apply(t, s, h.Action{Player: h.B, Kind: h.Pass})
	s = chooseOption(t, s, "exile Grizzly Bears")
	assert.Equal(t, h.Exile, s.byCard(bearsCard).Zone)
	s = passUntil(t, s, 2, h.End)
	require.Len(t, s.Stack, 1, "the delayed trigger")
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Pass})
	s = apply(t, s, h.Action{Player: h.B, Kind: h.Pass})
	back := s.byCard(bearsCard)
	assert.Equal(t, h.Battlefield, back.Zone)
	assert.Equal(t, h.B, back.Controller, "under its owner's control")
	assert.NotEqual(t, bearsID, back.ID, "a new object (CR 400.7)")
}

// TestSharkTyphoon: cycling with X=2 makes a 2/2 Shark (the trigger uses the cycling
// ability's X); on the battlefield, a noncreature spell of mana value 1 makes a 1/1.
func TestSharkTyphoon(t *testing.T) {
	s := cyclingBoard(t, nil, nil, []string{"Shark Typhoon"}, h.Of(h.Blue, 1).Add(h.Of(h.Colorless, 3)))
	s = cycle(t, s, 50, 2)
	for len(s.Stack) > 0 {
		s = apply(t, s, legalActions(s)[0])
	}
	shark := cardNamed(t, s, "Shark")
	assert.Equal(t, 2, power(s, shark.ID))

	c := cyclingBoard(t, []string{"Shark Typhoon", "Grizzly Bears"}, nil, []string{"Giant Growth"}, h.Of(h.Green, 1))
	c = payFirst(t, apply(t, c, h.Action{Player: h.A, Kind: h.Cast, Card: 50, Targets: []h.Target{h.CardTarget(101)}}))
	assert.Len(t, c.Stack, 2, "the cast trigger above the spell (CR 601.2i, 603.3)")
	for len(c.Stack) > 0 {
		c = apply(t, c, legalActions(c)[0])
	}
	assert.Equal(t, 1, power(c, cardNamed(t, c, "Shark").ID), "X is Giant Growth's mana value")
}

// TestDecreeOfPainCycleTrigger: all creatures get -2/-2 until end of turn: the 2/2s die,
// the 4/4 survives as a 2/2.
func TestDecreeOfPainCycleTrigger(t *testing.T) {
	s := cyclingBoard(t, []string{"Grizzly Bears", "Curator of Mysteries"}, []string{"Grizzly Bears"}, []string{"Decree of Pain"},
		h.Of(h.Black, 2).Add(h.Of(h.Colorless, 3)))
	s = cycle(t, s, 50, 0)
	s = chooseOption(t, s, "Curator") // A orders the Curator's and the Decree's triggers
	for len(s.Stack) > 0 {
		s = apply(t, s, legalActions(s)[0])
	}
	assert.Len(t, s.Battlefield, 1)
	assert.Equal(t, 2, power(s, cardNamed(t, s, "Curator of Mysteries").ID))
}
