package engine

import (
	"testing"

	h "github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// leave moves a permanent to its owner's graveyard as a rule would, and settles.
func leave(t *testing.T, s *State, card h.CardID) *State {
	t.Helper()
	c := s.clone()
	moveTo(c, Project(c), c.byCard(card).ID, h.Graveyard, false, &events{})
	next, _, err := settleWith(c, nil)
	require.NoError(t, err)
	return next.finish(nil)
}

func passBoth(t *testing.T, s *State) *State {
	t.Helper()
	s = apply(t, s, h.Action{Player: s.Priority, Kind: h.Pass})
	return apply(t, s, h.Action{Player: s.Priority, Kind: h.Pass})
}

// TestOblivionRingReturnsTheCardItExiled: the enters trigger exiles, the leaves trigger
// returns that card (CR 607.2a), under its owner's control.
func TestOblivionRingReturnsTheCardItExiled(t *testing.T) {
	setup := board(nil, []string{"Grizzly Bears"})
	setup.Players[0].Hand = []h.CardSpec{{ID: 50, Name: "Oblivion Ring"}}
	setup.Players[0].Pool = h.Of(h.White, 1).Add(h.Of(h.Colorless, 2))
	s := start(t, setup)
	s = castAndResolve(t, s, 50, s.Players[0].Pool)
	require.Len(t, s.Stack, 1, "the enters trigger, targeting the only other nonland permanent")
	s = passBoth(t, s)
	require.Nil(t, perm(s, 200))
	s = leave(t, s, 50)
	require.Len(t, s.Stack, 1, "the leaves trigger")
	s = passBoth(t, s)
	o := perm(s, 200)
	require.NotNil(t, o, "returned")
	assert.Equal(t, h.B, o.Controller)
}

// TestLinkLostOnRecopy: a Mirage Mirror copying Helvault exiles Grizzly Bears with the
// copied ability; going to the graveyard under the same copy effect it returns the Bears,
// but after the copy effect ended and a new one copied Helvault again it returns nothing
// (CR 607.1, 707.7).
func TestLinkLostOnRecopy(t *testing.T) {
	for _, tc := range []struct {
		fault   string
		recopy  bool
		returns bool
	}{{"", false, true}, {"", true, false}, {FaultLinkSurvivesRecopy, true, true}} {
		setup := board([]string{"Mirage Mirror", "Grizzly Bears"}, []string{"Helvault"})
		copying(&setup, 0, 0, 200)
		setup.Players[0].Pool = h.Of(h.Colorless, 1)
		var faults []string
		if tc.fault != "" {
			faults = []string{tc.fault}
		}
		s := start(t, setup, faults...)
		s = apply(t, s, h.Action{Player: h.A, Kind: h.Activate, Card: 100, Ability: 0, Targets: []h.Target{h.CardTarget(101)}})
		s = apply(t, s, h.Action{Player: h.A, Kind: h.Pay, Payment: h.Of(h.Colorless, 1)})
		s = passBoth(t, s)
		require.Nil(t, perm(s, 101), "exiled")
		if tc.recopy {
			c := s.clone()
			mirror := c.byCard(100)
			c.Effects = nil // the first copy effect ends
			copyEffect(c, Project(c), mirror.ID, c.byCard(200).ID, copyAbilityOf(mirror.Def), h.A, untilEndOfTurn, &events{})
			s = c.finish(nil)
			require.Equal(t, "Helvault", perm(s, 100).CopyOf)
		}
		s = leave(t, s, 100)
		require.Len(t, s.Stack, 1, "the copied leaves trigger")
		s = passBoth(t, s)
		assert.Equal(t, tc.returns, perm(s, 101) != nil, "recopy %v fault %q", tc.recopy, tc.fault)
	}
}

// TestAnAuraReturnedWithNothingToEnchantStaysInExile: Oblivion Ring exiles B's Pacifism,
// which enchanted B's Grizzly Bears. When the Ring leaves, Pacifism returns enchanting
// the Bears, the one creature, without a choice (CR 303.4f); if the Bears are gone by then,
// there is nothing it could enchant and it stays in exile (303.4g), not entering to be put
// into the graveyard.
func TestAnAuraReturnedWithNothingToEnchantStaysInExile(t *testing.T) {
	for _, bearsLeave := range []bool{false, true} {
		setup := board(nil, []string{"Pacifism", "Grizzly Bears"})
		setup.Players[1].Battlefield[0].AttachedTo = 201
		setup.Players[0].Hand = []h.CardSpec{{ID: 50, Name: "Oblivion Ring"}}
		setup.Players[0].Pool = h.Of(h.White, 1).Add(h.Of(h.Colorless, 2))
		s := start(t, setup)
		s = castAndResolve(t, s, 50, s.Players[0].Pool)
		if s.Decision != nil {
			s = choose(t, s, "Pacifism")
		}
		s = passBoth(t, s)
		require.Nil(t, perm(s, 200), "Pacifism exiled")
		if bearsLeave {
			s = leave(t, s, 201)
		}
		s = leave(t, s, 50)
		require.Len(t, s.Stack, 1, "the leaves trigger")
		s = passBoth(t, s)
		sn := snap(s)
		pacifism := sn.Find(200)
		require.NotNil(t, pacifism)
		if bearsLeave {
			assert.Equal(t, h.Exile, pacifism.Zone, "nothing to enchant: it stays in exile")
			continue
		}
		require.Equal(t, h.Battlefield, pacifism.Zone)
		assert.Equal(t, h.CardID(201), pacifism.AttachedTo, "enchanting the Bears")
	}
}
