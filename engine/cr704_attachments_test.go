package engine

import (
	"testing"

	h "github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAttachmentsWhenTheHostStopsBeingACreature: Mutavault is a creature until end of
// turn; then Pacifism on it is illegal and goes to the graveyard (704.5m), Bonesplitter
// becomes unattached and stays (704.5n).
func TestAttachmentsWhenTheHostStopsBeingACreature(t *testing.T) {
	setup := withLibraries(board([]string{"Mutavault", "Wastes", "Wastes"}, nil))
	setup.Players[0].Hand = []h.CardSpec{{ID: 50, Name: "Bonesplitter"}}
	setup.Players[0].Battlefield = append(setup.Players[0].Battlefield, h.PermanentSpec{CardSpec: h.CardSpec{ID: 103, Name: "Pacifism"}, AttachedTo: 100})
	setup.Players[0].Pool = h.Of(h.Colorless, 2)
	s := start(t, setup)
	require.Nil(t, snap(s).Permanent(103), "Pacifism on a Mutavault that isn't a creature: 704.5m")

	setup.Players[0].Battlefield = setup.Players[0].Battlefield[:3]
	s = start(t, setup)
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Activate, Card: 100, Ability: 1})
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Pay, Payment: h.Of(h.Colorless, 1)})
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Pass})
	s = apply(t, s, h.Action{Player: h.B, Kind: h.Pass})
	s = castAndResolve(t, s, 50, h.Of(h.Colorless, 1))
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Activate, Card: 101, Ability: 0})
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Activate, Card: 50, Ability: 1, Targets: []h.Target{h.CardTarget(100)}})
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Pay, Payment: h.Of(h.Colorless, 1)})
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Pass})
	s = apply(t, s, h.Action{Player: h.B, Kind: h.Pass})
	mv := snap(s).Permanent(100)
	require.Equal(t, h.CardID(100), snap(s).Permanent(50).AttachedTo)
	assert.Equal(t, 4, *mv.Power, "equipped creature gets +2/+0")
	assert.Equal(t, 2, *mv.Toughness)

	s = passUntil(t, s, 3, h.Upkeep)
	bone := snap(s).Permanent(50)
	require.NotNil(t, bone, "704.5n: an Equipment stays on the battlefield")
	assert.Zero(t, bone.AttachedTo, "704.5n: Mutavault is no longer a creature")
}

// TestAttachedNonAttachmentsBecomeUnattached: 704.5p for a creature and for a permanent
// that is neither an Aura nor an Equipment.
func TestAttachedNonAttachmentsBecomeUnattached(t *testing.T) {
	setup := board([]string{"Grizzly Bears", "Hill Giant@0", "Fellwar Stone@0"}, nil)
	s := start(t, setup)
	for _, c := range []h.CardID{101, 102} {
		o := snap(s).Permanent(c)
		require.NotNil(t, o)
		assert.Zero(t, o.AttachedTo, "704.5p: %s becomes unattached and stays", o.Name)
	}
	s = start(t, setup, FaultAttachedNonEquipmentStays)
	assert.Equal(t, h.CardID(100), snap(s).Permanent(102).AttachedTo, "fault")
}

func TestAuraObeysItsEnchantAbility(t *testing.T) {
	setup := board([]string{"Forest", "Pacifism@0", "Grizzly Bears", "Pacifism@2"}, nil)
	s := start(t, setup)
	assert.Nil(t, snap(s).Permanent(101), "704.5m: Pacifism can't enchant a land")
	assert.NotNil(t, snap(s).Permanent(103))
	s = start(t, setup, FaultAuraIgnoresEnchant)
	assert.NotNil(t, snap(s).Permanent(101), "fault")
}

// TestAuraSpellWithAnIllegalTarget: an Aura spell targets (303.4a); if its target is gone
// as it resolves, it doesn't resolve and goes to the graveyard (608.2b).
func TestAuraSpellWithAnIllegalTarget(t *testing.T) {
	setup := board([]string{"Grizzly Bears"}, nil)
	setup.Players[0].Hand = []h.CardSpec{{ID: 50, Name: "Pacifism"}, {ID: 51, Name: "Disenchant"}}
	setup.Players[0].Pool = h.Of(h.White, 2)
	s := start(t, setup)
	for _, a := range legalActions(s) {
		if a.Kind == h.Cast && a.Card == 50 {
			assert.Equal(t, []h.Target{h.CardTarget(100)}, a.Targets, "an Aura spell targets what it can enchant")
		}
	}
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Cast, Card: 50, Targets: []h.Target{h.CardTarget(100)}})
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Pay, Payment: h.Of(h.White, 2)})
	c := s.clone()
	moveTo(c, project(c), c.byCard(100).ID, h.Graveyard, false, nil)
	s = apply(t, c.finish(nil), h.Action{Player: h.A, Kind: h.Pass})
	s = apply(t, s, h.Action{Player: h.B, Kind: h.Pass})
	assert.Equal(t, h.Graveyard, snap(s).Find(50).Zone)
}

func TestDisenchant(t *testing.T) {
	setup := board([]string{"Bonesplitter", "Darksteel Citadel"}, nil)
	setup.Players[0].Hand = []h.CardSpec{{ID: 50, Name: "Disenchant"}, {ID: 51, Name: "Disenchant"}}
	setup.Players[0].Pool = h.Of(h.White, 4)
	s := start(t, setup)
	s = castAndResolve(t, s, 50, h.Of(h.White, 2), h.CardTarget(100))
	assert.Equal(t, h.Graveyard, snap(s).Find(100).Zone)
	s = castAndResolve(t, s, 51, h.Of(h.White, 2), h.CardTarget(101))
	assert.NotNil(t, snap(s).Permanent(101), "702.12b: indestructible")
}

func TestLegendRuleKeepsTheChosenOne(t *testing.T) {
	for _, tc := range []struct {
		faults []string
		kept   h.CardID
	}{{nil, 101}, {[]string{FaultLegendKeepsFirst}, 100}} {
		s := start(t, board([]string{"Isamaru, Hound of Konda", "Isamaru, Hound of Konda"}, nil), tc.faults...)
		require.NotNil(t, s.Decision)
		s = apply(t, s, h.Action{Player: h.A, Kind: h.Choose, Choices: []string{"option:keep Isamaru, Hound of Konda (card 101)"}})
		sn := snap(s)
		require.Len(t, sn.Battlefield, 1)
		assert.Equal(t, tc.kept, sn.Battlefield[0].Card)
	}
}

// TestEnchantedLandMeansALand: while a legend-rule choice keeps state-based actions
// waiting, Wild Growth is still attached to a creature it can't enchant; "whenever
// enchanted land is tapped for mana" doesn't trigger for a creature that isn't a land.
func TestEnchantedLandMeansALand(t *testing.T) {
	setup := board([]string{"Llanowar Elves", "Wild Growth@0", "Isamaru, Hound of Konda", "Isamaru, Hound of Konda"}, nil)
	s := start(t, setup)
	require.NotNil(t, s.Decision, "the legend rule asks first")
	assert.Equal(t, []string{"{G}"}, outcomes(t, s, "Llanowar Elves", 0))
}

// TestACopyOfAnAuraEntersAttached: Clever Impersonator enters as a copy of B's Pacifism,
// which enchants B's Llanowar Elves. It isn't resolving as an Aura spell, so A chooses what
// it enchants as it enters, among what its (copied) enchant ability allows (CR 303.4f,
// 707.5): with the Elves the only creature there is nothing to choose; with A's Bears too A
// chooses. With the fault it enters attached to nothing and goes to the graveyard (704.5m).
func TestACopyOfAnAuraEntersAttached(t *testing.T) {
	for _, tc := range []struct {
		mine  []string
		fault string
		pick  string
		want  h.CardID // what it enchants; 0: it is in the graveyard
	}{{nil, "", "", 201}, {[]string{"Grizzly Bears"}, "", "Grizzly Bears", 100}, {nil, FaultAuraCopyEntersUnattached, "", 0}} {
		setup := board(tc.mine, []string{"Pacifism@1", "Llanowar Elves"})
		setup.Players[0].Hand = []h.CardSpec{{ID: 50, Name: "Clever Impersonator"}}
		setup.Players[0].Pool = h.Of(h.Blue, 4)
		var faults []string
		if tc.fault != "" {
			faults = []string{tc.fault}
		}
		s := castAndResolve(t, start(t, setup, faults...), 50, h.Of(h.Blue, 4))
		s = choose(t, s, "copy Pacifism")
		if tc.pick != "" {
			require.NotNil(t, s.Decision, "what it enchants")
			s = choose(t, s, "enchant "+tc.pick)
		}
		require.Nil(t, s.Decision)
		o := snap(s).Find(50)
		if tc.want == 0 {
			assert.Equal(t, h.Graveyard, o.Zone, "%v %q", tc.mine, tc.fault)
			continue
		}
		require.Equal(t, h.Battlefield, o.Zone, "%v", tc.mine)
		assert.Equal(t, "Pacifism", o.CopyOf)
		assert.Equal(t, tc.want, o.AttachedTo)
	}
}
