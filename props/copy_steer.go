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
// activates and cycles, and passes on to later turns. The recipes are copyRecipes'; the
// property's plan in copyPlans says which it adds and which it weighs otherwise.
func copySteer(name string) gen.Steer {
	plan := copyPlans[name]
	book := map[string]gen.Recipe{}
	for _, r := range copyRecipes() {
		book[r.Name] = r
	}
	var recipes []gen.Recipe
	for _, n := range slices.Concat(copyCommonRecipes, plan.add) {
		r := book[n]
		recipes = append(recipes, plan.tune[n].apply(r))
	}
	prefer := plan.prefer
	if prefer == nil {
		prefer = preferCopying
	}
	return gen.Steer{Name: name, Recipes: recipes, Actions: copyActions(), Prefer: prefer}
}

// preferCopyingIntoExtraTurn is preferCopying that also passes on to an extra turn once
// Time Walk has made one (CR 500.7): the turn a copy "until your next turn" ends before.
func preferCopyingIntoExtraTurn(before *harness.Snapshot, a harness.Action) bool {
	return preferCopying(before, a) || a.Kind == harness.Pass && before != nil && tookExtraTurn(before)
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
