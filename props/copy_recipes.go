package props

import (
	"slices"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// The copy properties' recipes, as data: copyRecipes names every recipe once; copyPlans
// says, for each property, which recipes it adds to the common ones and which common
// recipe it weighs otherwise. copySteer puts them together, the common recipes first.

// copyCommonRecipes are the recipes every copy property draws from, in order.
var copyCommonRecipes = []string{"cast copies", "cryptoplasm upkeep", "until your next turn", "mirror"}

// copyPlan is one copy property's use of the recipes.
type copyPlan struct {
	add    []string            // recipes after the common ones, in order
	tune   map[string]copyTune // common recipes weighed otherwise
	prefer func(*harness.Snapshot, harness.Action) bool
}

// copyTune replaces a recipe's weight, step weight and fewest permanents; 0 keeps the
// recipe's own.
type copyTune struct{ weight, stepWeight, minPermanents int }

func (t copyTune) apply(r gen.Recipe) gen.Recipe {
	for _, f := range []struct {
		to *int
		v  int
	}{{&r.Weight, t.weight}, {&r.StepWeight, t.stepWeight}, {&r.MinPermanents, t.minPermanents}} {
		if f.v != 0 {
			*f.to = f.v
		}
	}
	return r
}

// copyPlans is each copy property's plan, by property ID; a property missing here draws
// from the common recipes alone.
var copyPlans = map[string]copyPlan{
	// Resonance copying, and Time Walk.
	"copy.expires-before-next-turn": {
		tune:   map[string]copyTune{"until your next turn": {weight: 10}},
		add:    []string{"cycle into resonance", "resonance then time walk", "their resonance at my end step"},
		prefer: preferCopyingIntoExtraTurn,
	},
	"copy.prior-effects-persist": {add: []string{"pumped cryptoplasm"}},
	// Resonance and Cryptoplasm keep their copy abilities as copies: set up copying, each
	// copies again (a cycle, an upkeep), overwriting the copy effect in force. The other
	// player's Cryptoplasm at the end of my turn, its upkeep next.
	"copy.overwrite-expire-together": {
		tune: map[string]copyTune{"cryptoplasm upkeep": {weight: 16, stepWeight: 300, minPermanents: 3}},
		add:  []string{"cycle into resonance", "resonance copies again"},
	},
	"copy.of-a-copy":       {add: []string{"copy a copy", "cycle into resonance", "astral slide returns a copy", "helvault returns copies"}},
	"copy.of-resonance":    {add: []string{"copy a copy", "copy a face-down creature"}},
	"copy.copiable-values": {add: []string{"altered sources", "copy an equipped creature", "copy a face-down creature"}, prefer: preferCopyingAltered},
}

// copyRecipes builds every copy recipe afresh (callers may change what they get).
func copyRecipes() []gen.Recipe {
	copiers := []gen.Pick{{Card: "Crystalline Resonance", Weight: 14}, {Card: "Cryptoplasm", Weight: 14}, {Card: "Mirage Mirror", Weight: 14},
		{Card: "Clone", Weight: 8}, {Card: "Clever Impersonator", Weight: 8}, {Card: "Phantasmal Image", Weight: 8}, {Card: "Spark Double", Weight: 6}}
	creatures := []gen.Pick{{Card: "Grizzly Bears"}, {Card: "Hill Giant"}, {Card: "Hangarback Walker"}, {Card: "Mutavault"},
		{Card: "Gauntlet of Power", Weight: 6}, {Card: "Umbral Mantle", Weight: 6}}
	mana := []gen.Pick{{Card: "Island", Weight: 60}, {Card: "Wastes", Weight: 30}}
	return []gen.Recipe{
		{Name: "cast copies", Weight: 4, Mine: slices.Concat(mana, creatures, copiers), Theirs: slices.Concat(creatures, copiers),
			Hand: []gen.Pick{{Card: "Phantasmal Image", Weight: 30}, {Card: "Clone", Weight: 20}, {Card: "Clever Impersonator", Weight: 20},
				{Card: "Spark Double", Weight: 14}, {Card: "Giant Growth", Weight: 10}, {Card: "Time Walk", Weight: 10}},
			Steps: []harness.Step{harness.Main1, harness.Main2}},
		{Name: "cryptoplasm upkeep", Weight: 3, Mine: slices.Concat(creatures, copiers), Theirs: slices.Concat([]gen.Pick{{Card: "Cryptoplasm", Weight: 60}}, creatures, copiers),
			Steps: []harness.Step{harness.End}},
		{Name: "until your next turn", Weight: 3, Mine: slices.Concat([]gen.Pick{{Card: "Crystalline Resonance", Weight: 40}}, mana, creatures, copiers),
			Theirs: slices.Concat([]gen.Pick{{Card: "Crystalline Resonance", Weight: 20}}, creatures), Hand: []gen.Pick{{Card: "Time Walk", Weight: 60}},
			Steps: []harness.Step{harness.Main1, harness.Main2, harness.End}},
		{Name: "mirror", Weight: 2, Mine: slices.Concat([]gen.Pick{{Card: "Mirage Mirror", Weight: 40}}, mana, creatures, copiers), Theirs: creatures,
			Hand: []gen.Pick{{Card: "Giant Growth", Weight: 30}, {Card: "Forest", Weight: 10}}, Steps: []harness.Step{harness.Main1, harness.Main2}},
		// Cycling with Resonance out: each cycle triggers it (CR 702.29c), a second one
		// overwrites the first copy (613.2a), a Clone may copy it as a copy (707.3, 707.9a),
		// and Time Walk makes the next turn the one it ends before (500.7).
		{Name: "cycle into resonance", Weight: 6,
			Mine:   slices.Concat([]gen.Pick{{Card: "Crystalline Resonance", Weight: 60}, {Card: "Island", Weight: 80}, {Card: "Wastes", Weight: 20}}, creatures),
			Theirs: creatures, AvoidMine: gen.Enchantment | gen.Artifact,
			Hand: []gen.Pick{{Card: "Curator of Mysteries", Weight: 40}, {Card: "Drifting Meadow", Weight: 20}, {Card: "Time Walk", Weight: 14},
				{Card: "Clone", Weight: 10}, {Card: "Giant Growth", Weight: 8}},
			MinHand: 2, Steps: []harness.Step{harness.Upkeep, harness.Main1, harness.Main2}},
		// My Resonance set up copying until my next turn, Time Walk in hand and the lands
		// to cast it, in the second main phase so that the walk's few decisions reach the
		// next turn, which is the extra one (500.7); once it has resolved, pass on to it.
		{Name: "resonance then time walk", Weight: 14,
			Mine: []gen.Pick{{Card: "Crystalline Resonance", Weight: 60}, {Card: "Island", Weight: 60}, {Card: "Wastes", Weight: 20},
				{Card: "Grizzly Bears", Weight: 20}},
			Theirs: creatures, AvoidMine: gen.Permanent, AvoidTheirs: gen.Permanent,
			Hand: []gen.Pick{{Card: "Time Walk", Weight: 80}},
			// The {1}{U} to cast Time Walk at once, with no Island to tap first, and two
			// decisions more to pass on to the extra turn.
			Pool:    harness.Of(harness.Blue, 1).Add(harness.Of(harness.Colorless, 1)),
			MinHand: 1, MinPermanents: 4, Steps: []harness.Step{harness.Main2}, StepWeight: 300, ExtraSteps: 2},
		// The other player's Resonance set up copying until their next turn, at the end
		// of my turn, with little else to do: their turn, the one it ends before, is a
		// few passes away.
		{Name: "their resonance at my end step", Weight: 1,
			Mine:      []gen.Pick{{Card: "Grizzly Bears", Weight: 20}, {Card: "Hill Giant", Weight: 20}},
			Theirs:    []gen.Pick{{Card: "Crystalline Resonance", Weight: 60}, {Card: "Grizzly Bears", Weight: 20}, {Card: "Hill Giant", Weight: 20}},
			AvoidMine: gen.Permanent, AvoidTheirs: gen.Permanent, MinPermanents: 3, Steps: []harness.Step{harness.End}, StepWeight: 400},
		// The other player's Cryptoplasm, equipped with Bonesplitter or with +1/+1 counters,
		// at the end of my turn: at their upkeep it becomes a copy of another creature,
		// and what changed its power and toughness goes on changing them (707.4).
		{Name: "pumped cryptoplasm", Weight: 16,
			Mine:      []gen.Pick{{Card: "Grizzly Bears", Weight: 30}, {Card: "Hill Giant", Weight: 30}, {Card: "Island", Weight: 20}},
			Theirs:    []gen.Pick{{Card: "Cryptoplasm", Weight: 30}, {Card: "Bonesplitter", Weight: 25}, {Card: "Grizzly Bears", Weight: 20}, {Card: "Forest", Weight: 15}},
			TheirHand: []gen.Pick{{Card: "Giant Growth", Weight: 30}},
			AvoidMine: gen.Artifact | gen.Enchantment, AvoidTheirs: gen.Permanent,
			MinPermanents: 3, Steps: []harness.Step{harness.End}, StepWeight: 300},
		// Resonance set up copying, and cycling cards in hand to make it copy again.
		{Name: "resonance copies again", Weight: 32,
			Mine: []gen.Pick{{Card: "Crystalline Resonance", Weight: 20}, {Card: "Island", Weight: 60}, {Card: "Grizzly Bears", Weight: 20},
				{Card: "Hill Giant", Weight: 20}},
			Theirs: creatures, AvoidMine: gen.Permanent,
			Hand:    []gen.Pick{{Card: "Curator of Mysteries", Weight: 150}, {Card: "Drifting Meadow", Weight: 50}},
			MinHand: 1, MinPermanents: 5, Steps: []harness.Step{harness.Upkeep, harness.Main1, harness.Main2}},
		// Copy spells in hand with copies already on the battlefield, Resonance and
		// Cryptoplasm among them: a Clone copying one of those copies a copy (707.3) and
		// inherits its exception (707.9a). Phantasmal Image is the cheapest to cast, Mana
		// Flare doubles the lands' mana: fewer decisions to the copy choice.
		{Name: "copy a copy", Weight: 10,
			Mine: slices.Concat([]gen.Pick{{Card: "Crystalline Resonance", Weight: 40}, {Card: "Cryptoplasm", Weight: 30}, {Card: "Mirage Mirror", Weight: 10},
				{Card: "Mana Flare", Weight: 20}}, mana, creatures),
			Theirs: slices.Concat(creatures, copiers), AvoidMine: gen.Enchantment | gen.Artifact,
			Hand: []gen.Pick{{Card: "Phantasmal Image", Weight: 50}, {Card: "Clone", Weight: 20}, {Card: "Clever Impersonator", Weight: 15},
				{Card: "Spark Double", Weight: 10}},
			MinHand: 1, Steps: []harness.Step{harness.Main1, harness.Main2}},
		// Astral Slide out, copies on both sides, cycling cards in hand: a cycle exiles a
		// copy, which returns at the end step and enters anew, its controller choosing
		// what it copies (CR 614.1c, 707.5), under its owner's control whoever controls
		// the Slide (614.12).
		{Name: "astral slide returns a copy", Weight: 30,
			Mine: []gen.Pick{{Card: "Astral Slide", Weight: 24}, {Card: "Island", Weight: 36},
				{Card: "Clone", Weight: 24}, {Card: "Clever Impersonator", Weight: 12}},
			Theirs:    []gen.Pick{{Card: "Clone", Weight: 30}, {Card: "Clever Impersonator", Weight: 20}, {Card: "Hill Giant", Weight: 20}},
			AvoidMine: gen.Permanent &^ gen.Land, AvoidTheirs: gen.Permanent,
			Hand: []gen.Pick{{Card: "Curator of Mysteries", Weight: 60}},
			// The {U} to cycle the Curator at once, with no Island to tap first.
			Pool:    harness.Of(harness.Blue, 1),
			MinHand: 1, MinPermanents: 3, Steps: []harness.Step{harness.Main2}, StepWeight: 200},
		// Two Helvaults with copy cards exiled with them (drawn as hand cards are): the
		// legend rule puts one into the graveyard as the game begins, and the cards it
		// returns enter as copies or not, as their owners choose.
		{Name: "helvault returns copies", Weight: 10,
			Mine: []gen.Pick{{Card: "Helvault", Weight: 80}, {Card: "Wastes", Weight: 20}}, AvoidMine: gen.Permanent,
			Theirs: []gen.Pick{{Card: "Hill Giant", Weight: 20}, {Card: "Grizzly Bears", Weight: 20}}, AvoidTheirs: gen.Permanent,
			Hand: []gen.Pick{{Card: "Clone", Weight: 40}, {Card: "Clever Impersonator", Weight: 30}}, Steps: []harness.Step{harness.Main1, harness.Main2}},
		// Sources whose characteristics differ from their copiable values: an anthem, a
		// granted ability, an animated land.
		{Name: "altered sources", Weight: 6,
			Mine:  slices.Concat([]gen.Pick{{Card: "Gauntlet of Power", Weight: 40}, {Card: "Umbral Mantle", Weight: 30}}, mana, creatures),
			Hand:  []gen.Pick{{Card: "Phantasmal Image", Weight: 30}, {Card: "Clone", Weight: 20}, {Card: "Clever Impersonator", Weight: 20}},
			Steps: []harness.Step{harness.Main1, harness.Main2}},
		// The other player's creatures wearing Umbral Mantle (an ability granted, 613.1f),
		// a copy spell in hand and the Islands to cast it, Mana Reflection doubling them
		// (few decisions to the copy choice), and a Mirage Mirror that may copy a land.
		{Name: "copy an equipped creature", Weight: 3,
			Mine:   []gen.Pick{{Card: "Island", Weight: 60}, {Card: "Mana Reflection", Weight: 15}, {Card: "Mutavault", Weight: 10}, {Card: "Mirage Mirror", Weight: 10}},
			Theirs: []gen.Pick{{Card: "Grizzly Bears", Weight: 30}, {Card: "Hill Giant", Weight: 15}, {Card: "Umbral Mantle", Weight: 30}, {Card: "Gauntlet of Power", Weight: 10}},
			Hand: []gen.Pick{{Card: "Phantasmal Image", Weight: 120}, {Card: "Clone", Weight: 40}, {Card: "Clever Impersonator", Weight: 40},
				{Card: "Giant Growth", Weight: 20}},
			AvoidMine: gen.Permanent, AvoidTheirs: gen.Permanent, MinHand: 1, MinPermanents: 4,
			Steps: []harness.Step{harness.Main1, harness.Main2}, StepWeight: 200},
		// Face-down Akromas (cast face down with morph, CR 702.37c) on both sides, copy
		// spells in hand and Crystalline Resonance out: a copy of one gets 708.2a's
		// values, a nameless 2/2 with no ability (707.2), not Akroma's, and Resonance's
		// exception on top of them (707.9a).
		{Name: "copy a face-down creature", Weight: 4,
			Mine: []gen.Pick{{Card: "Island", Weight: 60}, {Card: "Akroma, Angel of Fury", Weight: 30}, {Card: "Crystalline Resonance", Weight: 15},
				{Card: "Mana Reflection", Weight: 10}},
			Theirs: []gen.Pick{{Card: "Akroma, Angel of Fury", Weight: 60}, {Card: "Grizzly Bears", Weight: 10}}, AvoidMine: gen.Permanent, AvoidTheirs: gen.Permanent,
			Hand: []gen.Pick{{Card: "Phantasmal Image", Weight: 60}, {Card: "Clone", Weight: 30}, {Card: "Clever Impersonator", Weight: 20},
				{Card: "Curator of Mysteries", Weight: 20}},
			FaceDown: 90, MinHand: 1, MinPermanents: 4, Steps: []harness.Step{harness.Main1, harness.Main2}},
	}
}
