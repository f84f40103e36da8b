package engine

import (
	"testing"

	h "github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// leave moves a permanent to its owner's graveyard as a rule would, and settles.
func leave(t *testing.T, s *state, card h.CardID) *state {
	t.Helper()
	c := s.clone()
	moveTo(c, project(c), c.byCard(card).ID, h.Graveyard, false, &events{})
	next, _, err := settleWith(c, nil)
	require.NoError(t, err)
	return next.finish(nil)
}

func passBoth(t *testing.T, s *state) *state {
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
			copyEffect(c, project(c), mirror.ID, c.byCard(200).ID, copyAbilityOf(mirror.Def), h.A, untilEndOfTurn, &events{})
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

// TestAnAuraReturnedWithItsOnlyHostStaysInExile: Helvault goes to the graveyard and
// returns, at once, the Grizzly Bears and the Pacifism exiled with it. What an Aura put
// onto the battlefield enchants is chosen as it enters (CR 303.4f), among what is on the
// battlefield: not the Bears, entering at the same time. With no other creature it has
// nothing to enchant and stays in exile (303.4g); with B's Hill Giant out it enchants the
// Giant. Put onto the battlefield one at a time (the fault), it enchants the Bears.
func TestAnAuraReturnedWithItsOnlyHostStaysInExile(t *testing.T) {
	for _, tc := range []struct {
		fault string
		giant bool
		want  h.CardID // what Pacifism enchants; 0: it stays in exile
	}{{"", false, 0}, {"", true, 200}, {FaultAuraEnchantsEntering, false, 60}} {
		var theirs []string
		if tc.giant {
			theirs = []string{"Hill Giant"}
		}
		setup := board([]string{"Helvault"}, theirs)
		setup.Players[0].Exile = []h.CardSpec{{ID: 60, Name: "Grizzly Bears"}, {ID: 61, Name: "Pacifism"}}
		setup.Players[0].Battlefield[0].ExiledWith = []h.CardID{60, 61}
		var faults []string
		if tc.fault != "" {
			faults = []string{tc.fault}
		}
		s := start(t, setup, faults...)
		s = leave(t, s, 100)
		require.Len(t, s.Stack, 1, "the return trigger")
		s = passBoth(t, s)
		require.Nil(t, s.Decision, "one creature or none to enchant: nothing to choose")
		sn := snap(s)
		require.Equal(t, h.Battlefield, sn.Find(60).Zone, "the Bears return")
		pacifism := sn.Find(61)
		if tc.want == 0 {
			assert.Equal(t, h.Exile, pacifism.Zone, "nothing it may enchant on the battlefield as it enters: it stays in exile")
			continue
		}
		require.Equal(t, h.Battlefield, pacifism.Zone, "fault %q", tc.fault)
		assert.Equal(t, tc.want, pacifism.AttachedTo, "fault %q", tc.fault)
	}
}

// TestACopyReturnedWithOthersCantCopyThem: Helvault returns Grizzly Bears and Clever
// Impersonator at once. The Impersonator's "enter as a copy" chooses among the permanents
// already on the battlefield as it enters (CR 707.5, 614.12): B's Hill Giant, not the
// Bears entering with it.
func TestACopyReturnedWithOthersCantCopyThem(t *testing.T) {
	setup := board([]string{"Helvault"}, []string{"Hill Giant"})
	setup.Players[0].Exile = []h.CardSpec{{ID: 60, Name: "Grizzly Bears"}, {ID: 61, Name: "Clever Impersonator"}}
	setup.Players[0].Battlefield[0].ExiledWith = []h.CardID{60, 61}
	s := start(t, setup)
	s = leave(t, s, 100)
	s = passBoth(t, s)
	require.NotNil(t, s.Decision, "what to copy")
	assert.Equal(t, []string{dontCopy, "copy Hill Giant (card 200)"}, s.Decision.Options)
	s = choose(t, s, "Hill Giant")
	sn := snap(s)
	assert.Equal(t, "Hill Giant", sn.Find(61).CopyOf)
	assert.Equal(t, h.Battlefield, sn.Find(60).Zone)
}
