package engine

import (
	"testing"

	h "github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

func TestManaOutcomes(t *testing.T) {
	tests := []struct {
		name         string
		mine, theirs []string
		source       string
		ability      int
		faults       []string
		want         []string
		reason       string
	}{
		{"pool alone", []string{"Reflecting Pool"}, nil, "Reflecting Pool", 0, nil, []string{"{}"},
			"106.7/106.5: no land could produce a type, so the type is undefined and it adds nothing"},
		{"two pools", []string{"Reflecting Pool", "Reflecting Pool"}, nil, "Reflecting Pool", 0, nil, []string{"{}"},
			"106.7: each Pool adds only what other lands could produce; the least fixpoint is empty"},
		{"pool with island and wastes", []string{"Reflecting Pool", "Island*", "Wastes*"}, nil, "Reflecting Pool", 0, nil, []string{"{U}", "{C}"},
			"106.7 ignores whether costs could be paid (the lands are tapped); type includes colourless"},
		{"orchard sees only colourless", []string{"Exotic Orchard"}, []string{"Wastes"}, "Exotic Orchard", 0, nil, []string{"{}"},
			"Exotic Orchard makes colours only: {C} is not a colour, so nothing is defined (106.5)"},
		{"orchard through opponent's pool", []string{"Exotic Orchard"}, []string{"Reflecting Pool", "Forest"}, "Exotic Orchard", 0, nil, []string{"{G}"},
			"the opponent's Pool could produce G because their Forest could"},
		{"undefined gives colourless (fault)", []string{"Meteor Crater", "Darksteel Citadel"}, nil, "Meteor Crater", 0, []string{FaultUndefinedGivesColorless}, []string{"{C}"},
			"the fault replaces 106.5's 'no mana' with {C}"},
		{"crater colourless permanents", []string{"Meteor Crater", "Darksteel Citadel"}, nil, "Meteor Crater", 0, nil, []string{"{}"},
			"no permanent A controls has a colour: undefined (106.5)"},
		{"crater looks at own permanents only", []string{"Meteor Crater", "Llanowar Elves"}, []string{"Hill Giant"}, "Meteor Crater", 0, nil, []string{"{G}"},
			"a colour of a permanent *you* control"},
		{"contamination and reflection in either order", []string{"Forest", "Mana Reflection", "Contamination"}, nil, "Forest", 0, nil, []string{"{B}", "{B}{B}"},
			"616.1: Contamination then Reflection gives BB; Reflection then Contamination gives B"},
		{"one order only (fault)", []string{"Forest", "Mana Reflection", "Contamination"}, nil, "Forest", 0, []string{FaultOneOrderOnly}, []string{"{B}"},
			"the fault offers only the first order"},
		{"nyxbloom triples elves", []string{"Llanowar Elves", "Nyxbloom Ancient"}, nil, "Llanowar Elves", 0, nil, []string{"{G}{G}{G}"},
			"106.12b: tapped for mana, three times as much"},
		{"reflection and nyxbloom", []string{"Forest", "Nyxbloom Ancient", "Mana Reflection"}, nil, "Forest", 0, nil, []string{"{G}{G}{G}{G}{G}{G}"},
			"x2 and x3 in either order: six"},
		{"reflection ignores opponent's taps", []string{"Forest"}, []string{"Mana Reflection"}, "Forest", 0, nil, []string{"{G}"},
			"'If you tap': B's Reflection doesn't apply to A's Forest"},
		{"pili-pala not tapped for mana", []string{"Pili-Pala", "Mana Reflection"}, nil, "Pili-Pala", 1, nil, []string{"{W}", "{U}", "{B}", "{R}", "{G}"},
			"106.12: its ability has {Q}, not {T}: Reflection doesn't apply"},
		{"pili-pala counted as tapping (fault)", []string{"Pili-Pala", "Mana Reflection"}, nil, "Pili-Pala", 1, []string{FaultUntapCountsAsTap}, []string{"{W}{W}", "{U}{U}", "{B}{B}", "{R}{R}", "{G}{G}"},
			"the fault treats {Q} as tapping for mana"},
		{"cradle with no creatures and wild growth", []string{"Gaea's Cradle", "Wild Growth@0"}, nil, "Gaea's Cradle", 0, nil, []string{"{}"},
			"106.12a: produced no mana, so 'tapped for mana' doesn't trigger"},
		{"wild growth not doubled", []string{"Forest", "Wild Growth@0", "Mana Reflection"}, nil, "Forest", 0, nil, []string{"{G}{G}{G}"},
			"Reflection doubles the Forest's G (GG); Wild Growth's extra G is a triggered mana ability's, not tapping"},
		{"cradle with no creatures and wild growth (fault)", []string{"Gaea's Cradle", "Wild Growth@0"}, nil, "Gaea's Cradle", 0, []string{FaultTriggerOnZeroMana}, []string{"{G}"},
			"the fault fires the trigger on a zero production"},
		{"mana flare copies type", []string{"Forest", "Mana Flare"}, nil, "Forest", 0, nil, []string{"{G}{G}"}, "Mana Flare adds one of a type produced"},
		{"mana flare after contamination", []string{"Forest", "Mana Flare", "Contamination"}, nil, "Forest", 0, nil, []string{"{B}{B}"},
			"the land produced B (after replacement), so Flare adds B"},
		{"mana flare ignores creatures", []string{"Llanowar Elves", "Mana Flare"}, nil, "Llanowar Elves", 0, nil, []string{"{G}"}, "Flare: a player taps a *land*"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := start(t, board(tt.mine, tt.theirs), tt.faults...)
			assert.Equal(t, tt.want, outcomes(t, s, tt.source, tt.ability), tt.reason)
		})
	}
}

func TestGauntletOfPower(t *testing.T) {
	setup := board([]string{"Forest", "Mountain", "Reflecting Pool", "Gauntlet of Power", "Llanowar Elves"}, nil)
	setup.Players[0].Battlefield[3].Choices = map[string]string{"color": "G"}
	s := start(t, setup)
	assert.Equal(t, []string{"{G}{G}"}, outcomes(t, s, "Forest", 0), "basic land tapped for G: +G")
	assert.Equal(t, []string{"{R}"}, outcomes(t, s, "Mountain", 0), "tapped for R, not the chosen colour")
	assert.Equal(t, []string{"{R}", "{G}"}, outcomes(t, s, "Reflecting Pool", 0), "not a basic land: no bonus")
	snap := snapshot(s)
	elves := snap.Permanent(cardNamed(t, s, "Llanowar Elves").Card)
	assert.Equal(t, 2, *elves.Power, "green creature gets +1/+1")
	s2 := start(t, setup, FaultTriggerIgnoresType)
	assert.Equal(t, []string{"{R}{G}"}, outcomes(t, s2, "Mountain", 0), "the fault adds G for red mana")
}

func TestCouldProduceIgnoresCosts(t *testing.T) {
	setup := board([]string{"Vivid Crag*", "Reflecting Pool"}, nil)
	s := start(t, setup)
	r := &Reference{}
	set, err := r.CouldProduce(s, cardNamed(t, s, "Vivid Crag").Card)
	require.NoError(t, err)
	assert.Equal(t, "WUBRG", set.String(), "106.7 ignores costs: a tapped Crag without counters could still produce any colour")
	s2 := start(t, setup, FaultCouldCountsCosts)
	set2, _ := r.CouldProduce(s2, cardNamed(t, s2, "Vivid Crag").Card)
	assert.Equal(t, "", set2.String(), "the fault counts costs: tapped, it could produce nothing")
}

func TestCouldProduceLargeBoard(t *testing.T) {
	s := start(t, largeBoard())
	r := &Reference{}
	set, err := r.CouldProduce(s, cardNamed(t, s, "Reflecting Pool").Card)
	require.NoError(t, err)
	assert.Equal(t, "B", set.String(), "Contamination makes every land's production {B}")
	_ = h.A
}

// largeBoard: 40 lands (pools, orchards, basics) and 6 replacement effects on both sides.
func largeBoard() h.Setup {
	var mine, theirs []string
	lands := []string{"Reflecting Pool", "Exotic Orchard", "Forest", "Island", "Vivid Crag", "Wastes", "Reflecting Pool", "Mountain", "Swamp", "Plains"}
	for i := 0; i < 20; i++ {
		mine = append(mine, lands[i%len(lands)])
		theirs = append(theirs, lands[(i+3)%len(lands)])
	}
	mine = append(mine, "Mana Reflection", "Nyxbloom Ancient", "Contamination")
	theirs = append(theirs, "Mana Reflection", "Mana Reflection", "Contamination")
	return board(mine, theirs)
}

// TestReplacedTypesIsEveryOrder: replacedTypes, memoized over the effects applied and
// the types reached, is the union over every order of applying the effects (CR 616.1),
// tried one by one, for effects of both kinds, some of one name.
func TestReplacedTypesIsEveryOrder(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		types := h.TypeSet(rapid.IntRange(0, int(h.AllTypes)).Draw(t, "types"))
		var reps []replacement
		for i := range rapid.IntRange(0, 5).Draw(t, "effects") {
			kind := rapid.SampledFrom([]staticKind{ReplaceMultiplyMana, ReplaceLandManaWithB}).Draw(t, "kind")
			reps = append(reps, replacement{source: h.ObjectID(i + 1), name: rapid.SampledFrom([]string{"A", "B", "C"}).Draw(t, "name"), kind: kind, n: 2})
		}
		var want h.TypeSet
		var every func(applied []bool, left int, types h.TypeSet)
		every = func(applied []bool, left int, types h.TypeSet) {
			if left == 0 {
				want |= types
				return
			}
			for i, r := range reps {
				if !applied[i] {
					applied[i] = true
					every(applied, left-1, r.applyTypes(types))
					applied[i] = false
				}
			}
		}
		every(make([]bool, len(reps)), len(reps), types)
		if got := replacedTypes(types, reps); got != want {
			t.Fatalf("replacedTypes(%v, %v) = %v, every order gives %v", types, reps, got, want)
		}
	})
}
