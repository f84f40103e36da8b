package engine

import (
	"testing"

	h "github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Copies of planeswalkers, legends, Equipment and creatures: what 306.5b, 704.5i, 704.5j,
// 704.5n, 704.5p and 302.6 make of a permanent that becomes or enters as a copy.

// mirror activates A's Mirage Mirror (card mirror) targeting card target, paying {2} from
// the pool, and lets it resolve.
func mirror(t *testing.T, s *state, mirror, target h.CardID) *state {
	t.Helper()
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Activate, Card: mirror, Ability: 0, Targets: []h.Target{h.CardTarget(target)}})
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Pay, Payment: h.Of(h.Colorless, 2)})
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Pass})
	return apply(t, s, h.Action{Player: h.B, Kind: h.Pass})
}

// withLoyalty gives permanent i of player p n loyalty counters in the setup.
func withLoyalty(setup *h.Setup, p, i, n int) {
	setup.Players[p].Battlefield[i].Counters = map[string]int{"loyalty": n}
}

// cycleUnderResonance has A cycle Spark Spray (card 50, {R} from the pool) with Crystalline
// Resonance out: the Resonance trigger targets card target and, as it resolves, A has the
// Resonance become a copy of it (CR 702.29c, 707.2). The cycling ability stays on the
// stack.
func cycleUnderResonance(t *testing.T, s *state, target string) *state {
	t.Helper()
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Activate, Card: 50, Ability: 1})
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Pay, Payment: h.Of(h.Red, 1)})
	if s.Decision != nil { // more than one legal target
		s = choose(t, s, "target "+target)
	}
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Pass})
	s = apply(t, s, h.Action{Player: h.B, Kind: h.Pass})
	return choose(t, s, "copy "+target)
}

// resonanceAndSpray: A has Crystalline Resonance (card 100), Spark Spray in hand and {R}.
func resonanceAndSpray(mine, theirs []string) h.Setup {
	setup := withLibraries(board(append([]string{"Crystalline Resonance"}, mine...), theirs))
	setup.Players[0].Hand = []h.CardSpec{{ID: 50, Name: "Spark Spray"}}
	setup.Players[0].Pool = h.Of(h.Red, 1)
	return setup
}

// TestBecomingACopyOfAPlaneswalkerGivesNoLoyalty: Crystalline Resonance becoming a copy of
// the opponent's Jace Beleren doesn't enter, so it gets no loyalty counters (CR 306.5b) and
// is put into its owner's graveyard (704.5i); with the fault, it has 3.
func TestBecomingACopyOfAPlaneswalkerGivesNoLoyalty(t *testing.T) {
	for _, tc := range []struct {
		faults  []string
		loyalty int // -1: in the graveyard
	}{{nil, -1}, {[]string{FaultLoyaltyOnBecomingACopy}, 3}} {
		setup := resonanceAndSpray(nil, []string{"Jace Beleren"})
		withLoyalty(&setup, 1, 0, 3)
		s := cycleUnderResonance(t, start(t, setup, tc.faults...), "Jace Beleren (card 200)")
		sn := snap(s)
		if tc.loyalty < 0 {
			assert.Nil(t, sn.Permanent(100), "704.5i")
			assert.Equal(t, h.Graveyard, sn.Find(100).Zone)
		} else {
			require.NotNil(t, sn.Permanent(100), "fault %v", tc.faults)
			assert.Equal(t, "Jace Beleren", sn.Permanent(100).Name)
			assert.Equal(t, tc.loyalty, sn.Permanent(100).Counters["loyalty"])
		}
		assert.Equal(t, 3, sn.Permanent(200).Counters["loyalty"], "the original is untouched")
	}
}

// TestEnteringAsACopyOfAPlaneswalker: Clever Impersonator entering as a copy of Jace
// Beleren enters with Jace's printed loyalty, 3 (CR 306.5b, 707.2: a copiable value);
// Spark Double with one more (707.9b), and not legendary, so the legend rule leaves both.
func TestEnteringAsACopyOfAPlaneswalker(t *testing.T) {
	for _, tc := range []struct {
		card   string
		jaces  int // under A's control
		faults []string
		want   int
	}{
		{"Clever Impersonator", 1, nil, 3}, // copying B's Jace
		{"Spark Double", 2, nil, 4},        // copying A's own
		{"Spark Double", 2, []string{FaultStartingLoyaltyPrinted}, 1},
	} {
		mine, theirs := []string{}, []string{"Jace Beleren"}
		if tc.card == "Spark Double" {
			mine, theirs = []string{"Jace Beleren"}, nil
		}
		setup := withLibraries(board(mine, theirs))
		p := 1
		if len(mine) > 0 {
			p = 0
		}
		withLoyalty(&setup, p, 0, 2)
		setup.Players[0].Hand = []h.CardSpec{{ID: 50, Name: tc.card}}
		setup.Players[0].Pool = h.Of(h.Blue, 2).Add(h.Of(h.Colorless, 2))
		s := castAndResolve(t, start(t, setup, tc.faults...), 50, setup.Players[0].Pool)
		s = choose(t, s, "copy Jace Beleren")
		o := perm(s, 50)
		require.NotNil(t, o, "%s %v", tc.card, tc.faults)
		assert.Equal(t, "Jace Beleren", o.Name)
		assert.Equal(t, tc.want, o.Counters["loyalty"], "%s %v", tc.card, tc.faults)
		assert.Equal(t, tc.card == "Spark Double", !o.HasSupertype("Legendary"))
		n := 0
		for _, x := range snap(s).Battlefield {
			if x.Name == "Jace Beleren" && x.Controller == h.A {
				n++
			}
		}
		assert.Equal(t, tc.jaces, n, "%s: 704.5j leaves a non-legendary copy alone", tc.card)
	}
}

// TestLoyaltyAbilitiesOfACopyArePerPermanent: Spark Double as a copy of A's Jace may
// activate a loyalty ability after Jace did this turn (CR 606.3: once per turn per
// permanent), and not a second one.
func TestLoyaltyAbilitiesOfACopyArePerPermanent(t *testing.T) {
	setup := withLibraries(board([]string{"Jace Beleren"}, nil))
	withLoyalty(&setup, 0, 0, 3)
	setup.Players[0].Hand = []h.CardSpec{{ID: 50, Name: "Spark Double"}}
	setup.Players[0].Pool = h.Of(h.Blue, 1).Add(h.Of(h.Colorless, 3))
	s := castAndResolve(t, start(t, setup), 50, setup.Players[0].Pool)
	s = choose(t, s, "copy Jace Beleren")
	activate := func(s *state, card h.CardID) *state {
		s = apply(t, s, h.Action{Player: h.A, Kind: h.Activate, Card: card, Ability: 0})
		s = apply(t, s, h.Action{Player: h.A, Kind: h.Pay})
		s = apply(t, s, h.Action{Player: h.A, Kind: h.Pass})
		return apply(t, s, h.Action{Player: h.B, Kind: h.Pass})
	}
	s = activate(s, 100)
	assert.True(t, canActivate(s, 50, 0), "the copy's own loyalty abilities are still available")
	s = activate(s, 50)
	assert.Equal(t, 6, perm(s, 50).Counters["loyalty"])
	assert.False(t, canActivate(s, 50, 0))
	assert.False(t, canActivate(s, 100, 0))
}

// TestACopyOfALegendIsSubjectToTheLegendRule: Mirage Mirror becoming a copy of A's
// Isamaru is a legendary Isamaru too (CR 707.2), so A chooses one to keep (704.5j).
func TestACopyOfALegendIsSubjectToTheLegendRule(t *testing.T) {
	for _, tc := range []struct {
		faults []string
		choice bool
	}{{nil, true}, {[]string{FaultLegendRuleIgnoresCopies}, false}} {
		setup := withLibraries(board([]string{"Mirage Mirror", "Isamaru, Hound of Konda"}, nil))
		setup.Players[0].Pool = h.Of(h.Colorless, 2)
		s := mirror(t, start(t, setup, tc.faults...), 100, 101)
		require.Equal(t, tc.choice, s.Decision != nil, "fault %v", tc.faults)
		if !tc.choice {
			continue
		}
		s = choose(t, s, "keep Isamaru, Hound of Konda (card 100)")
		sn := snap(s)
		assert.Equal(t, "Isamaru, Hound of Konda", sn.Permanent(100).Name)
		assert.Nil(t, sn.Permanent(101), "the original went to the graveyard: its controller chose")
	}
}

// TestAnEquipmentCopyUnattachesWhenItReverts: Mirage Mirror as a copy of Bonesplitter can
// be equipped ({1}) to Grizzly Bears, which gets +2/+0; in the cleanup step the copy effect
// ends, the Mirror is an artifact that isn't an Equipment, and it becomes unattached
// (CR 704.5p) and stays.
func TestAnEquipmentCopyUnattachesWhenItReverts(t *testing.T) {
	for _, tc := range []struct {
		faults   []string
		attached bool
	}{{nil, false}, {[]string{FaultAttachedNonEquipmentStays}, true}} {
		setup := withLibraries(board([]string{"Mirage Mirror", "Bonesplitter", "Grizzly Bears"}, nil))
		setup.Players[0].Pool = h.Of(h.Colorless, 3)
		s := mirror(t, start(t, setup, tc.faults...), 100, 101)
		require.Equal(t, "Bonesplitter", perm(s, 100).Name)
		s = apply(t, s, h.Action{Player: h.A, Kind: h.Activate, Card: 100, Ability: 1, Targets: []h.Target{h.CardTarget(102)}})
		s = apply(t, s, h.Action{Player: h.A, Kind: h.Pay, Payment: h.Of(h.Colorless, 1)})
		s = apply(t, s, h.Action{Player: h.A, Kind: h.Pass})
		s = apply(t, s, h.Action{Player: h.B, Kind: h.Pass})
		require.Equal(t, h.CardID(102), perm(s, 100).AttachedTo, "equipped")
		assert.Equal(t, 4, *perm(s, 102).Power)
		s = passUntil(t, s, 3, h.Upkeep)
		o := perm(s, 100)
		require.NotNil(t, o, "704.5p: it stays on the battlefield")
		assert.Equal(t, "Mirage Mirror", o.Name)
		assert.Equal(t, tc.attached, o.AttachedTo != 0, "fault %v", tc.faults)
	}
}

// TestABecomingCopyOfACreatureIsSickTheTurnItArrived: a Mirage Mirror that came under A's
// control this turn and becomes a copy of Grizzly Bears can't attack (CR 302.6); one A has
// controlled since the turn began can.
func TestABecomingCopyOfACreatureIsSickTheTurnItArrived(t *testing.T) {
	for _, tc := range []struct {
		mirror string
		faults []string
		attack bool
	}{{"Mirage Mirror!", nil, false}, {"Mirage Mirror", nil, true}, {"Mirage Mirror!", []string{FaultSickFromCopied}, true}} {
		setup := withLibraries(board([]string{tc.mirror, "Grizzly Bears*"}, nil))
		setup.Players[0].Pool = h.Of(h.Colorless, 2)
		s := mirror(t, start(t, setup, tc.faults...), 100, 101)
		require.Equal(t, "Grizzly Bears", perm(s, 100).Name)
		s = toStep(t, s, h.DeclareAttackers)
		got := false
		for _, as := range attackers(s) {
			for _, c := range as {
				got = got || c == 100
			}
		}
		assert.Equal(t, tc.attack, got, "%s %v", tc.mirror, tc.faults)
	}
}

// TestACopyOfAnAuraThatIsntAttachedIsPutIntoTheGraveyard: Crystalline Resonance becoming a
// copy of Pacifism is an Aura attached to nothing, so it is put into its owner's graveyard
// (CR 704.5m); the Pacifism it copied stays on its creature.
func TestACopyOfAnAuraThatIsntAttachedIsPutIntoTheGraveyard(t *testing.T) {
	setup := resonanceAndSpray(nil, []string{"Grizzly Bears", "Pacifism@0"})
	s := cycleUnderResonance(t, start(t, setup), "Pacifism (card 201)")
	sn := snap(s)
	assert.Nil(t, sn.Permanent(100))
	assert.Equal(t, h.Graveyard, sn.Find(100).Zone)
	assert.Equal(t, h.CardID(200), sn.Permanent(201).AttachedTo)
}

// TestACopyOfABasicLandHasItsManaAbilityOnce: Mirage Mirror becoming a copy of a Forest is
// a Forest, and its type gives it "{T}: Add {G}." (CR 305.6) once: the ability in the
// copied values is the one the type gives, not a second one beside it (707.2). Tapping it
// for mana is one offer, and adds {G}. With the fault, the copy has it twice.
func TestACopyOfABasicLandHasItsManaAbilityOnce(t *testing.T) {
	setup := withLibraries(board([]string{"Mirage Mirror", "Forest"}, nil))
	setup.Players[0].Pool = h.Of(h.Colorless, 2)
	faulty := snap(mirror(t, start(t, setup, FaultLandAbilityTwice), 100, 101))
	assert.Equal(t, []string{"({T}: Add {G}.)", "({T}: Add {G}.)"}, faulty.Permanent(100).Abilities)
	s := mirror(t, start(t, setup), 100, 101)
	sn := snap(s)
	require.Equal(t, "Forest", sn.Permanent(100).Name)
	assert.Equal(t, []string{"({T}: Add {G}.)"}, sn.Permanent(100).Abilities)
	assert.Equal(t, []string{"({T}: Add {G}.)"}, sn.Permanent(100).Copiable.Abilities, "the copiable values are the Forest's")
	var offers []h.Action
	for _, a := range legalActions(s) {
		if a.Kind == h.Activate && a.Card == 100 {
			offers = append(offers, a)
		}
	}
	require.Len(t, offers, 1, "one mana ability: %v", offers)
	s = apply(t, s, offers[0])
	assert.Equal(t, h.Of(h.Green, 1), snap(s).Players[0].Pool)
}
