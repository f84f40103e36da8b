package engine

import (
	"strings"
	"testing"

	h "github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// choose answers the pending decision with the option containing text.
func choose(t *testing.T, s *state, text string) *state {
	t.Helper()
	for _, a := range legalActions(s) {
		if a.Kind == h.Choose && strings.Contains(a.Text, text) {
			return apply(t, s, a)
		}
	}
	t.Fatalf("no option %q among %v", text, legalActions(s))
	return nil
}

// perm is the permanent that is card c in s's snapshot.
func perm(s *state, c h.CardID) *h.Object {
	snap := snapshot(s)
	return snap.Permanent(c)
}

// copying sets the copy effects in force on permanent i of player p.
func copying(setup *h.Setup, p, i int, cards ...h.CardID) {
	setup.Players[p].Battlefield[i].Copying = cards
}

func TestCloneEntersAsACopy(t *testing.T) {
	setup := board([]string{"Hill Giant"}, nil)
	setup.Players[0].Battlefield[0].Counters = map[string]int{"+1/+1": 2}
	setup.Players[0].Hand = []h.CardSpec{{ID: 50, Name: "Clone"}}
	setup.Players[0].Pool = h.Of(h.Blue, 1).Add(h.Of(h.Colorless, 3))
	s := start(t, setup)
	s = castAndResolve(t, s, 50, s.Players[0].Pool)
	require.NotNil(t, s.Decision, "the controller chooses as it enters")
	s = choose(t, s, "copy Hill Giant (card 100)")
	o := perm(s, 50)
	require.NotNil(t, o)
	assert.Equal(t, "Hill Giant", o.Name)
	assert.Equal(t, "Hill Giant", o.CopyOf)
	assert.Equal(t, 3, *o.Power, "707.2: counters aren't copied")
	assert.Equal(t, "{3}{R}", o.ManaCost)
	assert.True(t, o.Sick)
}

func TestCloneMayEnterAsItself(t *testing.T) {
	setup := board([]string{"Hill Giant"}, nil)
	setup.Players[0].Hand = []h.CardSpec{{ID: 50, Name: "Clone"}}
	setup.Players[0].Pool = h.Of(h.Blue, 1).Add(h.Of(h.Colorless, 3))
	s := start(t, setup)
	s = castAndResolve(t, s, 50, s.Players[0].Pool)
	s = choose(t, s, dontCopy)
	assert.Nil(t, perm(s, 50), "a 0/0 Clone dies (704.5f)")
}

// TestCopyOfACopy: Clone copying a Mirage Mirror that copies Grizzly Bears becomes Grizzly
// Bears (CR 707.3), not Mirage Mirror; its copy effect has no duration, so it stays a Bears
// when the Mirror's ends.
func TestCopyOfACopy(t *testing.T) {
	for _, tc := range []struct {
		fault string
		want  string
	}{{"", "Grizzly Bears"}, {FaultCopyOfCopyIntermediate, "Mirage Mirror"}} {
		setup := withLibraries(board([]string{"Grizzly Bears", "Mirage Mirror"}, nil))
		copying(&setup, 0, 1, 100)
		setup.Players[0].Hand = []h.CardSpec{{ID: 50, Name: "Clever Impersonator"}}
		setup.Players[0].Pool = h.Of(h.Blue, 2).Add(h.Of(h.Colorless, 2))
		var faults []string
		if tc.fault != "" {
			faults = append(faults, tc.fault)
		}
		s := start(t, setup, faults...)
		require.Equal(t, "Grizzly Bears", perm(s, 101).CopyOf)
		s = castAndResolve(t, s, 50, s.Players[0].Pool)
		s = choose(t, s, "copy Grizzly Bears (card 101)")
		o := perm(s, 50)
		require.NotNil(t, o)
		assert.Equal(t, tc.want, o.CopyOf, "fault %q", tc.fault)
		if tc.fault != "" {
			continue
		}
		s = passUntil(t, s, 3, h.Upkeep)
		snap := snapshot(s)
		assert.Empty(t, snap.Permanent(101).CopyOf, "the Mirror's copy lasted until end of turn")
		assert.Equal(t, "Grizzly Bears", snap.Permanent(50).CopyOf, "707.2b: the Impersonator keeps what it copied")
	}
}

// TestCryptoplasmCopiesCopiableValuesAndKeepsItsAbility: at A's upkeep Cryptoplasm becomes a
// copy of a pumped, countered Hill Giant: a 3/3 Hill Giant (707.2) with Cryptoplasm's
// ability (707.9a), so a Clone of it has the ability too.
func TestCryptoplasmCopiesCopiableValuesAndKeepsItsAbility(t *testing.T) {
	setup := withLibraries(board([]string{"Cryptoplasm"}, []string{"Hill Giant"}))
	setup.Turn, setup.Active, setup.Step = 2, h.B, h.End
	setup.Players[1].Battlefield[0].Counters = map[string]int{"+1/+1": 1}
	s := start(t, setup)
	giant := cardNamed(t, s, "Hill Giant").ID
	s = withEffect(s, duration{Kind: UntilYourNextTurn, Player: h.B}, []modification{modifyPT{3, 3}}, giant)
	s = passUntil(t, s, 3, h.Upkeep)
	require.Len(t, s.Stack, 1, "the trigger, targeting the only other creature")
	assert.Equal(t, h.CardID(200), s.Stack[0].Targets[0].Card)
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Pass})
	s = apply(t, s, h.Action{Player: h.B, Kind: h.Pass})
	s = choose(t, s, "copy Hill Giant")
	o := perm(s, 100)
	assert.Equal(t, "Hill Giant", o.Name)
	assert.Equal(t, 3, *o.Power)
	assert.Equal(t, []string{"At the beginning of your upkeep, you may have this creature become a copy of another target creature, except it has this ability."}, o.Abilities)
	assert.Equal(t, o.Abilities, o.Copiable.Abilities)
}

// TestPriorEffectsPersist: Giant Growth on a Mirage Mirror copying Grizzly Bears keeps
// applying when the Mirror becomes a copy of Hill Giant (707.4, 611.2c).
func TestPriorEffectsPersist(t *testing.T) {
	for _, fault := range []string{"", FaultCopyIsNewObject} {
		setup := board([]string{"Grizzly Bears", "Mirage Mirror", "Hill Giant"}, nil)
		copying(&setup, 0, 1, 100)
		setup.Players[0].Pool = h.Of(h.Colorless, 2)
		var faults []string
		if fault != "" {
			faults = []string{fault}
		}
		s := start(t, setup, faults...)
		mirror := s.byCard(101)
		// A Giant Growth on it; then a new copy effect of its ability (as a Bears it has lost
		// the {2} ability until the first one ends).
		s = withEffect(s, untilEndOfTurn, []modification{modifyPT{3, 3}}, mirror.ID)
		assert.Equal(t, 5, power(s, mirror.ID))
		c := s.clone()
		copyEffect(c, project(c), mirror.ID, cardNamed(t, c, "Hill Giant").ID, copyAbilityOf(mirror.Def), h.A, untilEndOfTurn, &events{})
		c = c.finish(nil)
		want := 6
		if fault != "" {
			want = 3
		}
		assert.Equal(t, want, power(c, mirror.ID), "fault %q", fault)
		assert.Equal(t, "Hill Giant", perm(c, 101).CopyOf)
	}
}

// TestResonanceCopiesExpireTogether: two "until your next turn" copy effects on one
// Resonance: the later wins (613.7), both end immediately before A's next turn (611.2a),
// not before B's.
func TestResonanceCopiesExpireTogether(t *testing.T) {
	for _, fault := range []string{"", FaultCopiesExpireOneAtATime} {
		setup := withLibraries(board([]string{"Grizzly Bears", "Hill Giant", "Crystalline Resonance"}, nil))
		copying(&setup, 0, 2, 100, 101)
		var faults []string
		if fault != "" {
			faults = []string{fault}
		}
		s := start(t, setup, faults...)
		assert.Equal(t, "Hill Giant", perm(s, 102).CopyOf, "the later copy effect wins")
		s = passUntil(t, s, 3, h.Upkeep)
		assert.Equal(t, "Hill Giant", perm(s, 102).CopyOf, "B's turn is not A's next turn")
		s = passUntil(t, s, 4, h.Upkeep)
		got := perm(s, 102)
		if fault == "" {
			assert.Empty(t, got.CopyOf)
			assert.Equal(t, "Crystalline Resonance", got.Name)
		} else {
			assert.Equal(t, "Hill Giant", got.CopyOf, "one at a time: the later is left")
		}
	}
}

// TestUntilYourNextTurnWithAnExtraTurn: Time Walk's extra turn is A's next turn (500.7).
func TestUntilYourNextTurnWithAnExtraTurn(t *testing.T) {
	setup := withLibraries(board([]string{"Grizzly Bears", "Crystalline Resonance"}, nil))
	copying(&setup, 0, 1, 100)
	setup.Players[0].Hand = []h.CardSpec{{ID: 50, Name: "Time Walk"}}
	setup.Players[0].Pool = h.Of(h.Blue, 1).Add(h.Of(h.Colorless, 1))
	s := start(t, setup)
	s = castAndResolve(t, s, 50, s.Players[0].Pool)
	s = passUntil(t, s, 3, h.Upkeep)
	assert.Equal(t, h.A, s.Active, "the extra turn")
	assert.Empty(t, perm(s, 101).CopyOf)
	s = passUntil(t, s, 4, h.Upkeep)
	assert.Equal(t, h.B, s.Active)
}

func TestUntilYourNextTurnFaultEndsOnOpponentsTurn(t *testing.T) {
	setup := withLibraries(board([]string{"Grizzly Bears", "Crystalline Resonance"}, nil))
	copying(&setup, 0, 1, 100)
	s := start(t, setup, FaultUntilNextTurnEndsEarly)
	s = passUntil(t, s, 3, h.Upkeep)
	assert.Empty(t, perm(s, 101).CopyOf)
}

// TestCopyOfResonance: a Clone copying a Resonance that copies Hill Giant is a Hill Giant
// with Resonance's ability (707.3, 707.9a), once; its effect has no duration.
func TestCopyOfResonance(t *testing.T) {
	for _, tc := range []struct {
		fault string
		n     int
	}{{"", 1}} {
		setup := board([]string{"Hill Giant", "Crystalline Resonance"}, nil)
		copying(&setup, 0, 1, 100)
		setup.Players[0].Hand = []h.CardSpec{{ID: 50, Name: "Clone"}}
		setup.Players[0].Pool = h.Of(h.Blue, 1).Add(h.Of(h.Colorless, 3))
		var faults []string
		if tc.fault != "" {
			faults = []string{tc.fault}
		}
		s := start(t, setup, faults...)
		s = castAndResolve(t, s, 50, s.Players[0].Pool)
		s = choose(t, s, "copy Hill Giant (card 101)")
		o := perm(s, 50)
		require.NotNil(t, o)
		assert.Equal(t, "Hill Giant", o.CopyOf)
		assert.Len(t, o.Abilities, tc.n)
		assert.Contains(t, o.Abilities[0], "Whenever you cycle a card")
	}
}

// TestExceptAppliedTwiceFault: Cryptoplasm copying a Cryptoplasm that copies Hill Giant has
// the ability twice: once copied (707.3), once by its own exception (707.9a); with the
// fault, three times.
func TestExceptAppliedTwiceFault(t *testing.T) {
	for _, tc := range []struct {
		fault string
		n     int
	}{{"", 2}, {FaultExceptAppliedTwice, 3}} {
		setup := board([]string{"Hill Giant", "Cryptoplasm", "Cryptoplasm"}, nil)
		copying(&setup, 0, 1, 100)
		copying(&setup, 0, 2, 101)
		var faults []string
		if tc.fault != "" {
			faults = []string{tc.fault}
		}
		s := start(t, setup, faults...)
		o := perm(s, 102)
		assert.Equal(t, "Hill Giant", o.CopyOf)
		assert.Len(t, o.Abilities, tc.n, "fault %q", tc.fault)
	}
}

// TestSparkDoubleExceptions: a copy of Isamaru-like legendary creature isn't legendary and
// enters with an extra +1/+1 counter; the legend rule doesn't apply.
func TestSparkDoubleExceptions(t *testing.T) {
	setup := board([]string{"Helvault", "Hill Giant"}, nil)
	setup.Players[0].Hand = []h.CardSpec{{ID: 50, Name: "Spark Double"}}
	setup.Players[0].Pool = h.Of(h.Blue, 1).Add(h.Of(h.Colorless, 3))
	s := start(t, setup)
	s = castAndResolve(t, s, 50, s.Players[0].Pool)
	s = choose(t, s, "copy Hill Giant (card 101)")
	o := perm(s, 50)
	require.NotNil(t, o)
	assert.Equal(t, 4, *o.Power, "3/3 and an additional +1/+1 counter")
	assert.Equal(t, 1, o.Counters["+1/+1"])
	require.NotNil(t, o.Copiable)
	assert.Equal(t, 3, *o.Copiable.Power, "the counter isn't a copiable value")
}

// TestPhantasmalImageIsAnIllusionThatDiesWhenTargeted: its exceptions are copiable values
// (707.9b): an Illusion with the sacrifice trigger, which a Mirage Mirror targeting it
// sets off.
func TestPhantasmalImageIsAnIllusionThatDiesWhenTargeted(t *testing.T) {
	setup := board([]string{"Hill Giant", "Mirage Mirror"}, nil)
	setup.Players[0].Hand = []h.CardSpec{{ID: 50, Name: "Phantasmal Image"}}
	setup.Players[0].Pool = h.Of(h.Blue, 1).Add(h.Of(h.Colorless, 3))
	s := start(t, setup)
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Cast, Card: 50})
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Pay, Payment: h.Of(h.Blue, 1).Add(h.Of(h.Colorless, 1))})
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Pass})
	s = apply(t, s, h.Action{Player: h.B, Kind: h.Pass})
	s = choose(t, s, "copy Hill Giant (card 100)")
	o := perm(s, 50)
	require.NotNil(t, o)
	assert.Contains(t, o.Subtypes, "Illusion")
	assert.Contains(t, o.Subtypes, "Giant")
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Activate, Card: 101, Ability: 0, Targets: []h.Target{h.CardTarget(50)}})
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Pay, Payment: h.Of(h.Colorless, 2)})
	require.Len(t, s.Stack, 2, "the sacrifice trigger is above the Mirror's ability")
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Pass})
	s = apply(t, s, h.Action{Player: h.B, Kind: h.Pass})
	assert.Nil(t, perm(s, 50))
}
