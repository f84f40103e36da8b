package props

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// copyNeeds: copy effects start as a copy spell resolves, an ability is paid for, or a
// "you may" is answered.
var copyNeeds = Needs{Actions: []harness.ActionKind{harness.Cast, harness.Pay, harness.Choose}}

// copySteer aims generation at copy effects (CR 707): boards with copy chains already in
// force (copiers copying copiers, several copy effects on one permanent, with and without
// durations), copy spells and mana in hand, Cryptoplasm before its controller's upkeep,
// Mirage Mirror with mana to activate, Time Walk for an extra turn, cycling cards with
// Crystalline Resonance out; the walk answers "copy ..." rather than "don't copy", casts,
// activates and cycles, and passes on to later turns.
func copySteer(name string) gen.Steer {
	copiers := []gen.Pick{{Card: "Crystalline Resonance", Weight: 14}, {Card: "Cryptoplasm", Weight: 14}, {Card: "Mirage Mirror", Weight: 14},
		{Card: "Clone", Weight: 8}, {Card: "Clever Impersonator", Weight: 8}, {Card: "Phantasmal Image", Weight: 8}, {Card: "Spark Double", Weight: 6}}
	creatures := []gen.Pick{{Card: "Grizzly Bears"}, {Card: "Hill Giant"}, {Card: "Hangarback Walker"}, {Card: "Mutavault"},
		{Card: "Gauntlet of Power", Weight: 6}, {Card: "Umbral Mantle", Weight: 6}}
	mana := []gen.Pick{{Card: "Island", Weight: 60}, {Card: "Wastes", Weight: 30}}
	recipes := []gen.Recipe{
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
	}
	// Cycling with Resonance out: each cycle triggers it (CR 702.29c), a second one
	// overwrites the first copy (613.2a), a Clone may copy it as a copy (707.3, 707.9a),
	// and Time Walk makes the next turn the one it ends before (500.7).
	cycleIntoResonance := gen.Recipe{Name: "cycle into resonance", Weight: 6,
		Mine:   slices.Concat([]gen.Pick{{Card: "Crystalline Resonance", Weight: 60}, {Card: "Island", Weight: 80}, {Card: "Wastes", Weight: 20}}, creatures),
		Theirs: creatures, AvoidMine: gen.Enchantment | gen.Artifact,
		Hand: []gen.Pick{{Card: "Curator of Mysteries", Weight: 40}, {Card: "Drifting Meadow", Weight: 20}, {Card: "Time Walk", Weight: 14},
			{Card: "Clone", Weight: 10}, {Card: "Giant Growth", Weight: 8}},
		MinHand: 2, Steps: []harness.Step{harness.Upkeep, harness.Main1, harness.Main2}}
	prefer := preferCopying
	switch name {
	case "copy.expires-before-next-turn":
		recipes[2].Weight = 10 // Resonance copying, and Time Walk
		// My Resonance set up copying until my next turn, Time Walk in hand and the lands
		// to cast it, in the second main phase so that the walk's few decisions reach the
		// next turn, which is the extra one (500.7); once it has resolved, pass on to it.
		recipes = append(recipes, cycleIntoResonance, gen.Recipe{Name: "resonance then time walk", Weight: 14,
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
			gen.Recipe{Name: "their resonance at my end step", Weight: 1,
				Mine:      []gen.Pick{{Card: "Grizzly Bears", Weight: 20}, {Card: "Hill Giant", Weight: 20}},
				Theirs:    []gen.Pick{{Card: "Crystalline Resonance", Weight: 60}, {Card: "Grizzly Bears", Weight: 20}, {Card: "Hill Giant", Weight: 20}},
				AvoidMine: gen.Permanent, AvoidTheirs: gen.Permanent, MinPermanents: 3, Steps: []harness.Step{harness.End}, StepWeight: 400})
		prefer = func(before *harness.Snapshot, a harness.Action) bool {
			return preferCopying(before, a) || a.Kind == harness.Pass && before != nil && tookExtraTurn(before)
		}
	case "copy.prior-effects-persist":
		// The other player's Cryptoplasm, equipped with Bonesplitter or with +1/+1 counters,
		// at the end of my turn: at their upkeep it becomes a copy of another creature,
		// and what changed its power and toughness goes on changing them (707.4).
		recipes = append(recipes, gen.Recipe{Name: "pumped cryptoplasm", Weight: 16,
			Mine:      []gen.Pick{{Card: "Grizzly Bears", Weight: 30}, {Card: "Hill Giant", Weight: 30}, {Card: "Island", Weight: 20}},
			Theirs:    []gen.Pick{{Card: "Cryptoplasm", Weight: 30}, {Card: "Bonesplitter", Weight: 25}, {Card: "Grizzly Bears", Weight: 20}, {Card: "Forest", Weight: 15}},
			TheirHand: []gen.Pick{{Card: "Giant Growth", Weight: 30}},
			AvoidMine: gen.Artifact | gen.Enchantment, AvoidTheirs: gen.Permanent,
			MinPermanents: 3, Steps: []harness.Step{harness.End}, StepWeight: 300})
	case "copy.overwrite-expire-together":
		// Resonance and Cryptoplasm keep their copy abilities as copies: set up copying,
		// each copies again (a cycle, an upkeep), overwriting the copy effect in force.
		// The other player's Cryptoplasm at the end of my turn, its upkeep next.
		recipes[1].Weight, recipes[1].StepWeight, recipes[1].MinPermanents = 16, 300, 3
		recipes = append(recipes, cycleIntoResonance, gen.Recipe{Name: "resonance copies again", Weight: 32,
			Mine: []gen.Pick{{Card: "Crystalline Resonance", Weight: 20}, {Card: "Island", Weight: 60}, {Card: "Grizzly Bears", Weight: 20},
				{Card: "Hill Giant", Weight: 20}},
			Theirs: creatures, AvoidMine: gen.Permanent,
			Hand:    []gen.Pick{{Card: "Curator of Mysteries", Weight: 150}, {Card: "Drifting Meadow", Weight: 50}},
			MinHand: 1, MinPermanents: 5, Steps: []harness.Step{harness.Upkeep, harness.Main1, harness.Main2}})
	case "copy.of-a-copy", "copy.of-resonance":
		// Copy spells in hand with copies already on the battlefield, Resonance and
		// Cryptoplasm among them: a Clone copying one of those copies a copy (707.3) and
		// inherits its exception (707.9a).
		// Phantasmal Image is the cheapest to cast, Mana Flare doubles the lands' mana:
		// fewer decisions to the copy choice.
		recipes = append(recipes, gen.Recipe{Name: "copy a copy", Weight: 10,
			Mine: slices.Concat([]gen.Pick{{Card: "Crystalline Resonance", Weight: 40}, {Card: "Cryptoplasm", Weight: 30}, {Card: "Mirage Mirror", Weight: 10},
				{Card: "Mana Flare", Weight: 20}}, mana, creatures),
			Theirs: slices.Concat(creatures, copiers), AvoidMine: gen.Enchantment | gen.Artifact,
			Hand: []gen.Pick{{Card: "Phantasmal Image", Weight: 50}, {Card: "Clone", Weight: 20}, {Card: "Clever Impersonator", Weight: 15},
				{Card: "Spark Double", Weight: 10}},
			MinHand: 1, Steps: []harness.Step{harness.Main1, harness.Main2}})
		if name == "copy.of-a-copy" {
			// Astral Slide out, copies on both sides, cycling cards in hand: a cycle
			// exiles a copy, which returns at the end step and enters anew, its controller
			// choosing what it copies (CR 614.1c, 707.5), under its owner's control
			// whoever controls the Slide (614.12).
			recipes = append(recipes, cycleIntoResonance, gen.Recipe{Name: "astral slide returns a copy", Weight: 30,
				Mine: []gen.Pick{{Card: "Astral Slide", Weight: 24}, {Card: "Island", Weight: 36},
					{Card: "Clone", Weight: 24}, {Card: "Clever Impersonator", Weight: 12}},
				Theirs:    []gen.Pick{{Card: "Clone", Weight: 30}, {Card: "Clever Impersonator", Weight: 20}, {Card: "Hill Giant", Weight: 20}},
				AvoidMine: gen.Permanent &^ gen.Land, AvoidTheirs: gen.Permanent,
				Hand: []gen.Pick{{Card: "Curator of Mysteries", Weight: 60}},
				// The {U} to cycle the Curator at once, with no Island to tap first.
				Pool:    harness.Of(harness.Blue, 1),
				MinHand: 1, MinPermanents: 3, Steps: []harness.Step{harness.Main2}, StepWeight: 200},
				// Two Helvaults with copy cards exiled with them (drawn as hand cards are):
				// the legend rule puts one into the graveyard as the game begins, and the
				// cards it returns enter as copies or not, as their owners choose.
				gen.Recipe{Name: "helvault returns copies", Weight: 10,
					Mine: []gen.Pick{{Card: "Helvault", Weight: 80}, {Card: "Wastes", Weight: 20}}, AvoidMine: gen.Permanent,
					Theirs: []gen.Pick{{Card: "Hill Giant", Weight: 20}, {Card: "Grizzly Bears", Weight: 20}}, AvoidTheirs: gen.Permanent,
					Hand: []gen.Pick{{Card: "Clone", Weight: 40}, {Card: "Clever Impersonator", Weight: 30}}, Steps: []harness.Step{harness.Main1, harness.Main2}})
		}
	case "copy.copiable-values":
		prefer = preferCopyingAltered
		// Sources whose characteristics differ from their copiable values: an anthem,
		// a granted ability, an animated land.
		recipes = append(recipes, gen.Recipe{Name: "altered sources", Weight: 6,
			Mine:  slices.Concat([]gen.Pick{{Card: "Gauntlet of Power", Weight: 40}, {Card: "Umbral Mantle", Weight: 30}}, mana, creatures),
			Hand:  []gen.Pick{{Card: "Phantasmal Image", Weight: 30}, {Card: "Clone", Weight: 20}, {Card: "Clever Impersonator", Weight: 20}},
			Steps: []harness.Step{harness.Main1, harness.Main2}},
			// The other player's creatures wearing Umbral Mantle (an ability granted, 613.1f),
			// a copy spell in hand and the Islands to cast it, Mana Reflection doubling them
			// (few decisions to the copy choice), and a Mirage Mirror that may copy a land.
			gen.Recipe{Name: "copy an equipped creature", Weight: 3,
				Mine:   []gen.Pick{{Card: "Island", Weight: 60}, {Card: "Mana Reflection", Weight: 15}, {Card: "Mutavault", Weight: 10}, {Card: "Mirage Mirror", Weight: 10}},
				Theirs: []gen.Pick{{Card: "Grizzly Bears", Weight: 30}, {Card: "Hill Giant", Weight: 15}, {Card: "Umbral Mantle", Weight: 30}, {Card: "Gauntlet of Power", Weight: 10}},
				Hand: []gen.Pick{{Card: "Phantasmal Image", Weight: 120}, {Card: "Clone", Weight: 40}, {Card: "Clever Impersonator", Weight: 40},
					{Card: "Giant Growth", Weight: 20}},
				AvoidMine: gen.Permanent, AvoidTheirs: gen.Permanent, MinHand: 1, MinPermanents: 4,
				Steps: []harness.Step{harness.Main1, harness.Main2}, StepWeight: 200})
	}
	return gen.Steer{Name: name, Recipes: recipes, Actions: copyActions(), Prefer: prefer}
}

// copyActions weighs the walk's actions for copy situations: choices and payments often,
// passing enough that copy effects begin, end and begin again across steps.
func copyActions() *gen.ActionWeights {
	return &gen.ActionWeights{Pass: 6, Preferred: 30, Mana: 5, Land: 2, Cast: 4, Pay: 8, Activate: 4, Attack: 1, Choose: 6, Cancel: 1}
}

// preferCopying favours what leads to a copy effect: answering "copy ..." and choosing
// targets, casting spells that copy or take a turn (or pump), activating a copy ability,
// cycling a card when that triggers one, making the mana still lacking for and paying what
// is being cast, and letting the stack resolve.
func preferCopying(before *harness.Snapshot, a harness.Action) bool {
	switch a.Kind {
	case harness.Choose:
		for _, c := range a.Choices {
			_, v := harness.SplitChoice(c)
			if strings.HasPrefix(v, "exile ") && before != nil && slidesOnCycling(before) {
				return true
			}
			if strings.HasPrefix(v, "copy ") || strings.HasPrefix(v, "target ") {
				return before == nil || before.Pending == nil || namesACopy(before, v) || !slices.ContainsFunc(before.Pending.Options, func(o string) bool {
					_, ov := harness.SplitChoice(o)
					return namesACopy(before, ov)
				})
			}
		}
	case harness.Cast:
		if before == nil {
			return false
		}
		o := before.Find(a.Card)
		return (a.Name == "Time Walk" || a.Name == "Giant Growth" || strings.Contains(copyAbilityText(a.Name), "a copy of")) &&
			o != nil && affordable(before, a.Player, o.ManaCost, 0)
	case harness.Pay:
		return true
	case harness.Pass:
		return before != nil && (len(before.Stack) > 0 || slidesOnCycling(before) && exiledCopier(before))
	case harness.Activate:
		if gen.IsManaAbility(before, &a) {
			return before != nil && before.Casting != nil && helpsPay(before, a)
		}
		text := gen.AbilityText(before, &a)
		return strings.Contains(text, "becomes a copy") ||
			isCyclingText(text) && (watchesCycling(before, a.Player) || slidesOnCycling(before)) && affordable(before, a.Player, strings.TrimPrefix(text, "Cycling "), a.X)
	}
	return false
}

// tookExtraTurn reports whether the active player has a spell that takes an extra turn
// in their graveyard, as after it resolved: for steering, passing on to that turn.
func tookExtraTurn(s *harness.Snapshot) bool {
	for _, o := range s.Players[s.Active].Graveyard {
		for _, t := range o.Abilities {
			if strings.Contains(t, "an extra turn") {
				return true
			}
		}
	}
	return false
}

// watchesCycling reports whether player p controls a permanent with a copy ability that
// a cycle of theirs triggers ("Whenever you cycle a card, ... become a copy").
func watchesCycling(s *harness.Snapshot, p harness.Player) bool {
	return anyAbility(s, func(o *harness.Object, t string) bool {
		return o.Controller == p && strings.HasPrefix(t, "Whenever you cycle") && strings.Contains(t, "a copy of")
	})
}

// slidesOnCycling reports whether a permanent has a trigger that any player's cycling
// sets off to exile a creature (Astral Slide), which returns it later: a copy so exiled
// enters anew.
func slidesOnCycling(s *harness.Snapshot) bool {
	return anyAbility(s, func(_ *harness.Object, t string) bool {
		return strings.HasPrefix(t, "Whenever a player cycles") && strings.Contains(t, "return that card to the battlefield")
	})
}

// anyAbility reports whether some ability of a permanent matches.
func anyAbility(s *harness.Snapshot, match func(o *harness.Object, text string) bool) bool {
	for i := range s.Battlefield {
		o := s.Battlefield[i]
		for _, t := range o.Abilities {
			if match(o, t) {
				return true
			}
		}
	}
	return false
}

// exiledCopier reports whether a card with an "enter as a copy" ability is in exile: for
// steering, passing on to the end step that returns it.
func exiledCopier(s *harness.Snapshot) bool {
	for p := range s.Players {
		for _, o := range s.Players[p].Exile {
			if reEntersAsCopy.MatchString(copyAbilityText(o.Name)) {
				return true
			}
		}
	}
	return false
}

var reOptionCard = regexp.MustCompile(`^(?:copy|target) .* \(card (\d+)\)$`)

// preferCopyingAltered is preferCopying, but where a "copy ..." choice offers a permanent
// whose characteristics differ from its copiable values (pumped, equipped, animated), it
// favours copying one of those: what the copy must not get (CR 707.2, 613.2a).
func preferCopyingAltered(before *harness.Snapshot, a harness.Action) bool {
	if a.Kind != harness.Choose || before == nil || before.Pending == nil || len(a.Choices) == 0 {
		return preferCopying(before, a)
	}
	altered := func(option string) bool {
		_, v := harness.SplitChoice(option)
		return namesAltered(before, v)
	}
	if !slices.ContainsFunc(before.Pending.Options, altered) {
		return preferCopying(before, a)
	}
	return altered(a.Choices[0])
}

// namesAltered reports whether a "copy ... (card N)" option names a permanent whose
// power, toughness, types, colours or abilities are not its copiable values (those the
// engine reports, or its printed card's).
func namesAltered(s *harness.Snapshot, option string) bool {
	o := optionPermanent(s, option)
	if o == nil {
		return false
	}
	want, ok := printedValues(o.Name)
	if o.Copiable != nil {
		want, ok = *o.Copiable, true
	}
	return ok && differsFrom(o, want)
}

// namesACopy reports whether a "copy ... (card N)" or "target ... (card N)" option names a
// permanent that is itself a copy: copying it makes a chain (CR 707.3), and copying a
// copy with an exception passes the exception on (707.9a).
func namesACopy(s *harness.Snapshot, option string) bool {
	o := optionPermanent(s, option)
	return o != nil && o.CopyOf != ""
}

// optionPermanent is the permanent a "copy ... (card N)" or "target ... (card N)" option
// names, or nil.
func optionPermanent(s *harness.Snapshot, option string) *harness.Object {
	m := reOptionCard.FindStringSubmatch(option)
	if m == nil {
		return nil
	}
	n, _ := strconv.Atoi(m[1])
	return s.Permanent(harness.CardID(n))
}
