package engine

import (
	"testing"

	h "github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// toStep passes (taking no combat action) until the game is in step, or a decision of A
// or B waits there.
func toStep(t *testing.T, s *state, step h.Step) *state {
	t.Helper()
	for i := 0; i < 50 && s.Step != step; i++ {
		s = apply(t, s, legalActions(s)[0])
	}
	require.Equal(t, step, s.Step)
	return s
}

func attackers(s *state) [][]h.CardID {
	var out [][]h.CardID
	for _, a := range legalActions(s) {
		if a.Kind == h.Attack {
			out = append(out, a.Attackers)
		}
	}
	return out
}

func TestPacifismStopsAttackingAndBlocking(t *testing.T) {
	setup := board([]string{"Grizzly Bears", "Hill Giant"}, []string{"Grizzly Bears"})
	setup.Players[0].Hand = []h.CardSpec{{ID: 50, Name: "Pacifism"}}
	setup.Players[0].Pool = h.Of(h.White, 2)
	s := start(t, setup)
	s = castAndResolve(t, s, 50, h.Of(h.White, 2), h.CardTarget(100))
	require.Equal(t, h.CardID(100), snap(s).Permanent(50).AttachedTo, "the Aura spell's target is what it enchants (303.4f)")
	s = toStep(t, s, h.DeclareAttackers)
	for _, set := range attackers(s) {
		assert.NotContains(t, set, h.CardID(100), "508.1c: the enchanted creature can't attack")
	}
	assert.Len(t, attackers(s), 2, "Hill Giant attacks or not")

	// B's Bears enchanted with A's Pacifism can't block.
	setup = board([]string{"Hill Giant"}, []string{"Grizzly Bears", "Pacifism@0"})
	s = toStep(t, start(t, setup), h.DeclareAttackers)
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Attack, Attackers: []h.CardID{100}})
	s = toStep(t, s, h.CombatDamage)
	assert.Equal(t, 17, s.Players[1].Life, "no block was possible: 3 damage to B")
}

func TestBlockingAndDamage(t *testing.T) {
	setup := board([]string{"Hill Giant"}, []string{"Grizzly Bears", "Llanowar Elves"})
	s := toStep(t, start(t, setup), h.DeclareAttackers)
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Attack, Attackers: []h.CardID{100}})
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Pass})
	s = apply(t, s, h.Action{Player: h.B, Kind: h.Pass})
	require.Equal(t, h.DeclareBlockers, s.Step)
	require.NotNil(t, s.Decision)
	assert.Len(t, legalActions(s), 4, "each of two creatures blocks the giant or not")
	s = apply(t, s, h.Action{Player: h.B, Kind: h.Block, Blocks: []h.Blocking{{Blocker: 200, Attacker: 100}, {Blocker: 201, Attacker: 100}}})
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Pass})
	s = apply(t, s, h.Action{Player: h.B, Kind: h.Pass})
	require.Equal(t, h.CombatDamage, s.Step)
	require.NotNil(t, s.Decision, "510.1c: A divides the giant's 3 damage between two blockers")
	opts := legalActions(s)
	require.Len(t, opts, 4, "3+0, 2+1, 1+2, 0+3")
	var pick h.Action
	for _, a := range opts {
		if a.Choices[0] == "option:Hill Giant (card 100) assigns 2 to Grizzly Bears (card 200), 1 to Llanowar Elves (card 201)" {
			pick = a
		}
	}
	require.NotEmpty(t, pick.Choices, "options: %v", opts)
	s = apply(t, s, pick)
	sn := snap(s)
	assert.Nil(t, sn.Permanent(200), "2 damage kills the bears")
	assert.Nil(t, sn.Permanent(201), "1 damage kills the elves")
	assert.Nil(t, sn.Permanent(100), "2 + 1 damage from the blockers, dealt at once (510.2), is lethal to the 3/3 giant")
	assert.Equal(t, 20, s.Players[1].Life, "a blocked creature deals no damage to the player")
}

func TestAttackingAPlaneswalker(t *testing.T) {
	setup := board([]string{"Grizzly Bears", "Hill Giant"}, nil)
	setup.Players[1].Battlefield = []h.PermanentSpec{{CardSpec: h.CardSpec{ID: 200, Name: "Jace Beleren"}, Counters: map[string]int{"loyalty": 3}}}
	s := toStep(t, start(t, setup), h.DeclareAttackers)
	assert.Len(t, legalActions(s), 9, "each of two creatures stays home, attacks B or attacks Jace")
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Attack, Attackers: []h.CardID{100, 101}, Attacking: []h.CardID{200, 0}})
	s = toStep(t, s, h.CombatDamage)
	assert.Equal(t, 17, s.Players[1].Life, "the giant attacks B")
	assert.Equal(t, 1, snap(s).Permanent(200).Counters["loyalty"], "306.8: 2 damage removes 2 loyalty counters")
	_, _, err := applyAction(toStep(t, start(t, setup), h.DeclareAttackers), h.Action{Player: h.A, Kind: h.Attack, Attackers: []h.CardID{100}, Attacking: []h.CardID{101}})
	assert.ErrorContains(t, err, "508.1b")
}

// TestBecomingACreatureTheTurnItEntered: a permanent that entered this turn is sick even
// if it wasn't a creature then (CR 302.6): Mutavault played and animated can't attack.
func TestBecomingACreatureTheTurnItEntered(t *testing.T) {
	for _, tc := range []struct {
		faults []string
		attack bool
	}{{nil, false}, {[]string{FaultSickOnlyIfEnteredCreature}, true}} {
		setup := board([]string{"Wastes"}, nil)
		setup.Players[0].Hand = []h.CardSpec{{ID: 50, Name: "Mutavault"}}
		s := start(t, setup, tc.faults...)
		s = apply(t, s, h.Action{Player: h.A, Kind: h.PlayLand, Card: 50})
		s = apply(t, s, h.Action{Player: h.A, Kind: h.Activate, Card: 100, Ability: 0})
		s = apply(t, s, h.Action{Player: h.A, Kind: h.Activate, Card: 50, Ability: 1})
		s = apply(t, s, h.Action{Player: h.A, Kind: h.Pay, Payment: h.Of(h.Colorless, 1)})
		s = apply(t, s, h.Action{Player: h.A, Kind: h.Pass})
		s = apply(t, s, h.Action{Player: h.B, Kind: h.Pass})
		require.True(t, snap(s).Permanent(50).HasType("Creature"))
		s = apply(t, s, h.Action{Player: h.A, Kind: h.Pass})
		s = apply(t, s, h.Action{Player: h.B, Kind: h.Pass})
		s = apply(t, s, h.Action{Player: h.A, Kind: h.Pass})
		s = apply(t, s, h.Action{Player: h.B, Kind: h.Pass})
		assert.Equal(t, h.DeclareAttackers, s.Step)
		assert.Equal(t, tc.attack, s.Decision != nil, "an attack is possible: %v", tc.faults)
	}
}

// TestFlyingIsBlockedOnlyByFlyers: an attacking Ornithopter can be blocked by B's
// Pili-Pala, which has flying, but not by B's Grizzly Bears (CR 702.9b); declaring that
// block anyway is refused.
func TestFlyingIsBlockedOnlyByFlyers(t *testing.T) {
	setup := board([]string{"Ornithopter"}, []string{"Grizzly Bears", "Pili-Pala"})
	s := toStep(t, start(t, setup), h.DeclareAttackers)
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Attack, Attackers: []h.CardID{100}})
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Pass})
	s = apply(t, s, h.Action{Player: h.B, Kind: h.Pass})
	require.Equal(t, h.DeclareBlockers, s.Step)
	var blockers []h.CardID
	for _, a := range legalActions(s) {
		for _, b := range a.Blocks {
			blockers = append(blockers, b.Blocker)
		}
	}
	assert.Equal(t, []h.CardID{201}, blockers, "only the flying Pili-Pala is offered as a blocker")
	_, _, err := applyAction(s, h.Action{Player: h.B, Kind: h.Block, Blocks: []h.Blocking{{Blocker: 200, Attacker: 100}}})
	assert.ErrorContains(t, err, "CR 702.9b")
}
