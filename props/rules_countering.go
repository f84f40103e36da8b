package props

import (
	"fmt"
	"regexp"
	"slices"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// counteringRules checks what "counter target spell or ability" does as it resolves (CR
// 701.6a): the target, still on the stack, leaves it without resolving, and a countered
// spell's card goes to its owner's graveyard; unless the target is a spell that can't be
// countered ("This spell can't be countered", 101.2: "can't" wins over the instruction),
// which stays on the stack. The instruction is read from the resolving object's text,
// the target from its targets, and "can't be countered" from the spell's abilities in the
// snapshot: nothing of the engine's own reasons.
func counteringRules() *Property {
	const id = "rules.countering"
	return &Property{
		ID:      id,
		Rulings: []string{id},
		Rules:   []string{"701.6a", "101.2", "608.2b"},
		Description: "A resolving \"counter target spell or ability\" removes its target from the stack, a countered spell's " +
			"card to its owner's graveyard, unless the target is a spell that can't be countered, which stays on the stack.",
		Needs: needsCasting,
		Clauses: []Clause{
			{Name: "countered", Rules: []string{"701.6a"},
				Description: "The target of a resolving counterspell, still on the stack, leaves it; a spell's card goes to its owner's graveyard."},
			{Name: "cant-be-countered", Rules: []string{"101.2", "701.6a"},
				Description: "A spell with \"This spell can't be countered\" targeted by a resolving counterspell stays on the stack."},
		},
		Steer: gen.Steer{
			Name: id,
			Recipes: []gen.Recipe{
				// A casts Akroma face up (eight mana floating) and B answers with a
				// counterspell, the Islands to pay for it on B's side.
				{Name: "counter the uncounterable", Weight: 3, Hand: []gen.Pick{{Card: "Akroma, Angel of Fury", Weight: 400}}, MinHand: 1,
					Pool:         harness.Mana{harness.Red: 3, harness.Colorless: 5},
					Theirs:       []gen.Pick{{Card: "Island", Weight: 60}},
					TheirHand:    []gen.Pick{{Card: "Cancel", Weight: 150}, {Card: "Disallow", Weight: 150}},
					TheirMinHand: 1, MinPermanents: 3, AvoidTheirs: gen.Creature,
					Steps: []harness.Step{harness.Main1, harness.Main2}, StepWeight: 400},
				// Spells and abilities of both sides with counterspells for them.
				{Name: "counter what's there", Weight: 2,
					Mine:      []gen.Pick{{Card: "Island", Weight: 30}, {Card: "Walking Ballista", Weight: 10}},
					Hand:      []gen.Pick{{Card: "Giant Growth", Weight: 10}, {Card: "Stifle", Weight: 10}, {Card: "Cancel", Weight: 10}},
					Theirs:    []gen.Pick{{Card: "Island", Weight: 60}},
					TheirHand: []gen.Pick{{Card: "Cancel", Weight: 20}, {Card: "Disallow", Weight: 20}, {Card: "Stifle", Weight: 10}},
					MinHand:   1, TheirMinHand: 1, MinPermanents: 3,
					Pool:  harness.Mana{harness.Green: 1, harness.Blue: 2, harness.Colorless: 2},
					Steps: []harness.Step{harness.Main1, harness.Main2}, StepWeight: 200},
			},
			Actions: &gen.ActionWeights{Pass: 6, Preferred: 40, Mana: 4, Land: 1, Cast: 4, Pay: 10, Activate: 2, Attack: 1, Choose: 4, Cancel: 1},
			Prefer:  preferCountering,
		},
		Check: checkCountering,
	}
}

// preferCountering favours casting a spell face up, answering a spell on the stack with a
// counterspell, paying, and passing while a counterspell waits on top.
func preferCountering(before *harness.Snapshot, a harness.Action) bool {
	switch {
	case before.Casting != nil:
		return advancesPayment(before, a)
	case a.Kind == harness.Pass:
		return len(before.Stack) > 0 && counterInstruction(&before.Stack[len(before.Stack)-1])
	case a.Kind == harness.Cast && a.CastsFaceDown():
		return false
	case a.Kind == harness.Cast && len(a.Targets) == 1 && a.Targets[0].Stack != 0:
		return true
	}
	return a.Kind == harness.Cast && len(before.Stack) == 0
}

// reCounter reads "Counter target ..." (701.6a); reCantBeCountered the ability that
// forbids it.
var (
	reCounter         = regexp.MustCompile(`(?i)(?:^|, )counter target [^.]*\.`)
	reCantBeCountered = regexp.MustCompile(`^This spell can't be countered\.`)
)

// counterInstruction reports whether stack object o counters its one target: an ability
// whose text, or a spell whose spell ability, says "counter target" (a triggered ability
// after its trigger condition).
func counterInstruction(o *harness.StackObject) bool {
	text := o.Text
	if o.Kind == "spell" {
		text = spellAbility(o.Abilities)
	}
	return len(o.Targets) == 1 && o.Targets[0].Stack != 0 && reCounter.MatchString(text)
}

func checkCountering(_ harness.Engine, tr *gen.Trace) Verdict {
	var v Verdict
	for i := range tr.Steps {
		checkCounterResolved(tr, i, &v)
	}
	return v
}

// checkCounterResolved judges step i when it resolved a counterspell whose target was
// still on the stack below it: the target is gone from the stack (its card, a spell's,
// in its owner's graveyard), unless it is a spell that can't be countered.
func checkCounterResolved(tr *gen.Trace, i int, v *Verdict) {
	st := &tr.Steps[i]
	b, a := st.Before, st.After
	if len(b.Stack) < 2 || st.Action.Kind != harness.Pass || !resolvedSomething(st) || a.Pending != nil {
		return
	}
	top := &b.Stack[len(b.Stack)-1]
	if !counterInstruction(top) || stillOnStack(a, top.Object) {
		return
	}
	k := slices.IndexFunc(b.Stack, func(o harness.StackObject) bool { return o.Object == top.Targets[0].Stack })
	if k < 0 {
		return // the target already left: the counterspell does nothing (608.2b)
	}
	target := &b.Stack[k]
	what := fmt.Sprintf("%s's %s (card %d), the target of %s", target.Controller, target.Name, target.Card, top.Name)
	if target.Kind == "spell" && slices.ContainsFunc(target.Abilities, reCantBeCountered.MatchString) {
		v.Reach("cant-be-countered")
		if !stillOnStack(a, target.Object) {
			v.add("cant-be-countered", violation(i, "rules.countering", "101.2", what,
				"still on the stack: a spell that can't be countered isn't, whatever instruction says so (CR 101.2, 701.6a)",
				"it left the stack"))
		}
		return
	}
	v.Reach("countered")
	switch card := a.Find(target.Card); {
	case stillOnStack(a, target.Object):
		v.add("countered", violation(i, "rules.countering", "701.6a", what,
			"countered: removed from the stack without resolving (CR 701.6a)", "it is still on the stack"))
	case target.Kind == "spell" && (card == nil || card.Zone != harness.Graveyard):
		got := "its card is nowhere"
		if card != nil {
			got = fmt.Sprintf("its card went to the %s zone", card.Zone)
		}
		v.add("countered", violation(i, "rules.countering", "701.6a", what,
			"its card put into its owner's graveyard: a countered spell is (CR 701.6a)", got))
	}
}
