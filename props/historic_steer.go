package props

import (
	"slices"
	"strconv"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// historicSteer aims generation at the Crystal Skull rulings (no property is defined
// here): a player with Crystal Skull, Mystic Forge or Vizier of the Menagerie and a
// library whose top is historic or not, a land or a spell; Jhoira or Daring Archaeologist
// watching for historic spells; historic and other cards in hand, Raff Capashen's flash,
// Sneak Attack putting creatures onto the battlefield, and the other player holding
// Cancel. main names the recipe to favour (first, where small draws land). The walk casts
// and plays from the top and from the hand, activates Sneak Attack and answers its "you
// may" with a creature, and counters a spell whose cast trigger is on the stack.
func historicSteer(name, main string) gen.Steer {
	lands := []gen.Pick{{Card: "Island", Weight: 40}, {Card: "Plains", Weight: 20}, {Card: "Mountain", Weight: 20}, {Card: "Wastes", Weight: 14}}
	// Legends few enough that the legend rule seldom takes the first decisions (704.5j).
	watchers := []gen.Pick{{Card: "Jhoira, Weatherlight Captain", Weight: 16}, {Card: "Daring Archaeologist", Weight: 12}}
	historic := []gen.Pick{{Card: "Ornithopter", Weight: 30}, {Card: "Isamaru, Hound of Konda", Weight: 16}, {Card: "Crystal Skull, Isu Spyglass", Weight: 10},
		{Card: "Helvault", Weight: 8}, {Card: "Pili-Pala", Weight: 8}, {Card: "Walking Ballista", Weight: 6}, {Card: "Urza's Ruinous Blast", Weight: 6},
		{Card: "Raff Capashen, Ship's Mage", Weight: 6}}
	plain := []gen.Pick{{Card: "Grizzly Bears", Weight: 14}, {Card: "Llanowar Elves", Weight: 8}, {Card: "Giant Growth", Weight: 6}, {Card: "Time Walk", Weight: 4}}
	historicLands := []gen.Pick{{Card: "Academy Ruins", Weight: 24}, {Card: "Darksteel Citadel", Weight: 24}, {Card: "Forest", Weight: 8}}
	top := slices.Concat(historic, historicLands, plain)
	recipes := []gen.Recipe{
		{Name: "skull and watchers", Weight: 6,
			Mine:      slices.Concat([]gen.Pick{{Card: "Crystal Skull, Isu Spyglass", Weight: 24}}, watchers, lands),
			Theirs:    lands,
			AvoidMine: gen.Permanent, AvoidTheirs: gen.Permanent,
			Library: top, Hand: slices.Concat(historic, historicLands, plain),
			MinLibrary: 3, MinHand: 1, MinPermanents: 4, Steps: []harness.Step{harness.Main1, harness.Main2}},
		{Name: "top out of turn", Weight: 3,
			Mine:      slices.Concat([]gen.Pick{{Card: "Crystal Skull, Isu Spyglass", Weight: 40}, {Card: "Mystic Forge", Weight: 30}, {Card: "Vizier of the Menagerie", Weight: 30}, {Card: "Raff Capashen, Ship's Mage", Weight: 14}}, lands),
			AvoidMine: gen.Permanent,
			Library:   top, Hand: slices.Concat(historic, plain),
			Pool:       harness.Of(harness.Blue, 2).Add(harness.Of(harness.White, 1)),
			MinLibrary: 2, MinPermanents: 3,
			Steps: []harness.Step{harness.Upkeep, harness.Draw, harness.Main1, harness.BeginCombat, harness.End}, StepWeight: 40},
		{Name: "sneak attack", Weight: 3,
			Mine:      slices.Concat([]gen.Pick{{Card: "Sneak Attack", Weight: 60}}, watchers, []gen.Pick{{Card: "Mountain", Weight: 40}}),
			Theirs:    lands,
			AvoidMine: gen.Permanent, AvoidTheirs: gen.Permanent,
			Hand: []gen.Pick{{Card: "Isamaru, Hound of Konda", Weight: 30}, {Card: "Pili-Pala", Weight: 20}, {Card: "Raff Capashen, Ship's Mage", Weight: 20},
				{Card: "Ornithopter", Weight: 20}, {Card: "Grizzly Bears", Weight: 10}},
			Pool: harness.Of(harness.Red, 1), MinHand: 2, MinPermanents: 3, Steps: []harness.Step{harness.Main1, harness.Main2}},
		{Name: "cast into cancel", Weight: 3,
			Mine:      slices.Concat([]gen.Pick{{Card: "Crystal Skull, Isu Spyglass", Weight: 16}}, watchers, lands),
			Theirs:    []gen.Pick{{Card: "Island", Weight: 60}},
			TheirHand: []gen.Pick{{Card: "Cancel", Weight: 60}, {Card: "Disallow", Weight: 20}},
			AvoidMine: gen.Permanent, AvoidTheirs: gen.Permanent,
			Library: top, Hand: historic,
			MinLibrary: 1, MinHand: 2, TheirMinHand: 1, MinPermanents: 4, Steps: []harness.Step{harness.Main1, harness.Main2}, ExtraSteps: 2},
	}
	actions := &gen.ActionWeights{Pass: 3, Preferred: 40, Mana: 3, Land: 3, Cast: 4, Pay: 6, Activate: 2, Attack: 1, Choose: 4, Cancel: 2}
	switch name {
	case "historic.definition":
		// Legendary artifacts (historic twice over) and spells of neither kind, with the
		// mana to cast them at once.
		recipes = append(recipes, gen.Recipe{Name: "two qualities", Weight: 8,
			Mine: slices.Concat(watchers, lands), AvoidMine: gen.Permanent,
			Hand: []gen.Pick{{Card: "Crystal Skull, Isu Spyglass", Weight: 40}, {Card: "Helvault", Weight: 40}, {Card: "Grizzly Bears", Weight: 30},
				{Card: "Llanowar Elves", Weight: 20}, {Card: "Ornithopter", Weight: 10}},
			Pool:    harness.Of(harness.Blue, 2).Add(harness.Of(harness.Green, 2)),
			MinHand: 2, MinPermanents: 3, Steps: []harness.Step{harness.Main1, harness.Main2}},
			// A Saga (historic for its subtype alone) with the mana to cast it.
			gen.Recipe{Name: "saga", Weight: 10,
				Mine: slices.Concat(watchers, lands), AvoidMine: gen.Permanent,
				Hand:    []gen.Pick{{Card: "History of Benalia", Weight: 60}, {Card: "Grizzly Bears", Weight: 10}},
				Pool:    harness.Of(harness.White, 2).Add(harness.Of(harness.Colorless, 1)),
				MinHand: 1, MinPermanents: 3, Steps: []harness.Step{harness.Main1, harness.Main2}})
	case "historic.lands-and-transform":
		// Historic lands in the hand and on top, a land play still to make.
		recipes = append(recipes, gen.Recipe{Name: "historic lands", Weight: 8,
			// Daring Archaeologist, no legend, watches without the legend rule's choices.
			Mine:      slices.Concat([]gen.Pick{{Card: "Crystal Skull, Isu Spyglass", Weight: 60}, {Card: "Daring Archaeologist", Weight: 40}}, watchers, lands),
			AvoidMine: gen.Permanent,
			Hand:      []gen.Pick{{Card: "Academy Ruins", Weight: 30}, {Card: "Darksteel Citadel", Weight: 30}},
			Library:   historicLands,
			MinHand:   1, MinLibrary: 1, MinPermanents: 3, Steps: []harness.Step{harness.Main1, harness.Main2}},
			// Westvale Abbey to transform into legendary Ormendahl under the watchers.
			abbeyRecipe)
	case "library.costs-and-timing":
		actions.Cancel = 10 // a cast from the top given up
		// A historic land on top, the turn's land play still to make, and lands in hand
		// to try after it.
		recipes = append(recipes, gen.Recipe{Name: "land from the top", Weight: 6,
			Mine: slices.Concat([]gen.Pick{{Card: "Crystal Skull, Isu Spyglass", Weight: 60}}, lands), AvoidMine: gen.Permanent,
			Hand:    []gen.Pick{{Card: "Forest", Weight: 30}, {Card: "Academy Ruins", Weight: 20}, {Card: "Ornithopter", Weight: 20}},
			Library: historicLands, MinHand: 1, MinLibrary: 2, MinPermanents: 2, Steps: []harness.Step{harness.Main1}, StepWeight: 60},
			// Urza's Ruinous Blast in hand, its mana in the pool, and a legend to allow
			// it that is now and then only a planeswalker (CR 205.4e: either will do).
			gen.Recipe{Name: "a legend allows the blast", Weight: 3,
				Mine:      []gen.Pick{{Card: "Jace Beleren", Weight: 50}, {Card: "Isamaru, Hound of Konda", Weight: 15}, {Card: "Plains", Weight: 30}},
				AvoidMine: gen.Permanent,
				Hand:      []gen.Pick{{Card: "Urza's Ruinous Blast", Weight: 60}, {Card: "Grizzly Bears", Weight: 10}},
				Pool:      harness.Of(harness.White, 1).Add(harness.Of(harness.Colorless, 4)),
				MinHand:   1, MinPermanents: 2, Steps: []harness.Step{harness.Main1, harness.Main2}, StepWeight: 60})
	}
	favourRecipe(recipes, main)
	return gen.Steer{
		Name:             name,
		Recipes:          recipes,
		StopForPreferred: true,
		Actions:          actions,
		Prefer:           preferHistoric,
	}
}

// favourRecipe gives the recipe named main the weight 12 and puts it first, where draws
// that lean small (rapid's) land.
func favourRecipe(recipes []gen.Recipe, main string) {
	for i := range recipes {
		if recipes[i].Name == main {
			recipes[i].Weight = 12
			recipes[0], recipes[i] = recipes[i], recipes[0]
		}
	}
}

// preferHistoric marks what the walk through these rulings needs: paying for what is
// being cast; casting or playing the top card of the library, or a historic card from the
// hand, when it can be paid for; Sneak Attack and its "put a creature"; a counterspell
// aimed at a spell whose cast trigger is on the stack; passing with something on the
// stack, so that it resolves.
func preferHistoric(before *harness.Snapshot, a harness.Action) bool {
	if before == nil {
		return false
	}
	if before.Casting != nil {
		return advancesPayment(before, a)
	}
	switch a.Kind {
	case harness.PlayLand:
		if lib := before.Players[a.Player].Library; len(lib) > 0 && lib[0].Card == a.Card {
			return true
		}
		o := before.Find(a.Card)
		return o != nil && len(historicQualities(o)) > 0
	case harness.Cast:
		o := before.Find(a.Card)
		if o == nil {
			lib := before.Players[a.Player].Library
			if len(lib) == 0 || lib[0].Card != a.Card {
				return false
			}
			o = lib[0]
		}
		if isCounterCard(o) {
			return len(a.Targets) > 0 && a.Targets[0].Stack != 0 && historicTriggerOnStack(before)
		}
		return a.X <= 1 && affordable(before, a.Player, o.ManaCost, a.X)
	case harness.Activate:
		return strings.HasPrefix(gen.AbilityText(before, &a), "{R}: You may put a creature card") ||
			transformsItself(before, a) && !sacrificesWatcher(before, a)
	case harness.Choose:
		return len(a.Choices) > 0 && strings.Contains(a.Choices[0], "put ") && !strings.Contains(a.Choices[0], "put nothing")
	case harness.Pass:
		return len(before.Stack) > 0 && !holdsCounter(before, a.Player)
	}
	return false
}

// sacrificesWatcher reports whether a sacrifices, to pay its cost, a permanent with a
// "whenever you cast a historic spell" ability (CR 118.3).
func sacrificesWatcher(before *harness.Snapshot, a harness.Action) bool {
	for _, c := range a.Choices {
		kind, val := harness.SplitChoice(c)
		if kind != harness.ChoiceSacrifice {
			continue
		}
		id, _ := strconv.Atoi(val)
		if o := before.Permanent(harness.CardID(id)); o != nil && slices.ContainsFunc(o.Abilities, func(t string) bool { return strings.HasPrefix(t, historicCastText) }) {
			return true
		}
	}
	return false
}

// historicTriggerOnStack reports whether a "whenever you cast a historic spell" trigger
// is on the stack.
func historicTriggerOnStack(s *harness.Snapshot) bool {
	return slices.ContainsFunc(s.Stack, func(so harness.StackObject) bool { return strings.HasPrefix(so.Text, historicCastText) })
}
