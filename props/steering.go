package props

import (
	"regexp"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props/internal/manaoracle"
)

// Steering shared by properties: predicates that mark, for a gen.Steer, the actions that
// lead toward a situation (spending mana on a spell, activating an ability of a kind,
// pumping, dealing damage). They bias generation; they never judge.

// preferSpending marks, for a steer, the actions that take a spell from the hand to the
// battlefield: casting it (when castOK likes the cast), making mana and paying while it is
// being cast, then passing priority while a spell is on the stack so that it resolves.
func preferSpending(castOK func(*harness.Snapshot, harness.Action) bool) func(*harness.Snapshot, harness.Action) bool {
	return func(before *harness.Snapshot, a harness.Action) bool {
		switch {
		case before == nil:
			return false
		case a.Kind == harness.Cast:
			return castOK(before, a)
		case before.Casting != nil:
			return a.Kind == harness.Pay || gen.IsManaAbility(before, &a)
		case a.Kind == harness.Pass:
			n := len(before.Stack)
			return n > 0 && before.Stack[n-1].Kind == "spell"
		}
		return false
	}
}

// preferAbilityKind marks, for a steer, activations of abilities the predicate likes.
func preferAbilityKind(like func(manaoracle.Ability) bool) func(*harness.Snapshot, harness.Action) bool {
	return func(before *harness.Snapshot, a harness.Action) bool {
		if a.Kind != harness.Activate || before == nil {
			return false
		}
		ab, ok := manaoracle.AbilityOf(before.Permanent(a.Card), a.Ability)
		return ok && like(ab)
	}
}

// preferPumps favours what makes an "until end of turn" effect: casting Giant Growth,
// animating Mutavault, Umbral Mantle's pump.
func preferPumps(before *harness.Snapshot, a harness.Action) bool {
	switch a.Kind {
	case harness.Cast:
		return a.Name == "Giant Growth"
	case harness.Activate:
		o := before.Permanent(a.Card)
		return o != nil && a.Ability < len(o.Abilities) && strings.Contains(o.Abilities[a.Ability], "until end of turn")
	}
	return false
}

// preferDamage favours dealing damage to creatures: casting a spell or activating an
// ability whose text deals damage, aimed at a creature, so that creatures die of it in the
// middle of the game; and pumping one's own creature, so that its toughness comes partly
// from an effect when it is damaged or loses its counters.
func preferDamage(before *harness.Snapshot, a harness.Action) bool {
	if a.Kind != harness.Cast && a.Kind != harness.Activate {
		return false
	}
	o := before.Find(a.Card)
	atCreature := slices.ContainsFunc(a.Targets, func(t harness.Target) bool {
		p := before.Permanent(t.Card)
		return t.Card != 0 && p != nil && isCreature(p)
	})
	if o == nil || !atCreature {
		return false
	}
	if a.Kind == harness.Activate {
		return a.Ability < len(o.Abilities) && dealsDamage(o.Abilities[a.Ability])
	}
	if t := before.Permanent(a.Targets[0].Card); t != nil && t.Controller == a.Player && slices.ContainsFunc(o.Abilities, pumpSpell.MatchString) {
		return true
	}
	return slices.ContainsFunc(o.Abilities, dealsDamage)
}

// pumpSpell matches the text of a spell that pumps its target.
var pumpSpell = regexp.MustCompile(`^Target creature gets`)

func dealsDamage(text string) bool { return strings.Contains(text, " damage to ") }

// weighted is recipe r with weight w: a recipe shared by properties whose other recipes
// weigh differently.
func weighted(r gen.Recipe, w int) gen.Recipe {
	r.Weight = w
	return r
}

// faceDownRecipe is face-down Akromas on both sides, with the mana to turn one face up
// (CR 702.37e).
var faceDownRecipe = gen.Recipe{Name: "face down on the battlefield", Weight: 3,
	Mine:   []gen.Pick{{Card: "Akroma, Angel of Fury", Weight: 60}, {Card: "Mountain", Weight: 20}},
	Theirs: []gen.Pick{{Card: "Akroma, Angel of Fury", Weight: 40}}, Pool: harness.Mana{harness.Red: 3, harness.Colorless: 3}, FaceDown: 60}

// combatRecipe starts some cases before combat with creatures on both sides (three
// permanents or more each, so that one is left to block), so that
// declarations of attackers and blockers (rare on plain boards) are stepped again too.
var combatRecipe = gen.Recipe{Name: "creatures before combat",
	Mine:   gen.Cards("Grizzly Bears", "Hill Giant", "Llanowar Elves"),
	Theirs: gen.Cards("Grizzly Bears", "Hill Giant", "Llanowar Elves"),
	Steps:  []harness.Step{harness.BeginCombat}, MinPermanents: 3}

// preferAttacking declares attackers when it is time, and before combat passes to get
// there.
func preferAttacking(before *harness.Snapshot, a harness.Action) bool {
	switch {
	case before == nil:
		return false
	case a.Kind == harness.Attack:
		return len(a.Attackers) > 0
	case a.Kind == harness.Pass:
		return before.Step == harness.BeginCombat || before.Step == harness.Main1 && len(before.Stack) == 0
	}
	return false
}
