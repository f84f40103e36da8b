package props

import (
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// What the transform properties share (no property is defined here): the moments a
// permanent transformed; lifelink; boards where Westvale Abbey can transform (five
// creatures to sacrifice, {5} floating, the land untapped), and boards where Ormendahl,
// Profane Prince, its back face, attacks.

// abbeyCreatures are creatures to sacrifice: cheap ones, some historic (Ornithopter), no
// legends, so the legend rule asks nothing first.
var abbeyCreatures = []gen.Pick{{Card: "Grizzly Bears", Weight: 30}, {Card: "Llanowar Elves", Weight: 20}, {Card: "Ornithopter", Weight: 20},
	{Card: "Pili-Pala", Weight: 10}, {Card: "Walking Ballista", Weight: 8}}

// abbeyRecipe: A's Westvale Abbey front face up, five creatures or more, Daring
// Archaeologist or Jhoira watching for historic spells, and {5} floating, in a main
// phase.
var abbeyRecipe = gen.Recipe{Name: "abbey and creatures", Weight: 12,
	Mine: slices.Concat([]gen.Pick{{Card: "Westvale Abbey", Weight: 40}, {Card: "Daring Archaeologist", Weight: 14}, {Card: "Jhoira, Weatherlight Captain", Weight: 6}},
		abbeyCreatures),
	Theirs:    []gen.Pick{{Card: "Island", Weight: 40}, {Card: "Grizzly Bears", Weight: 10}},
	AvoidMine: gen.Permanent, AvoidTheirs: gen.Permanent,
	Pool:          harness.Of(harness.Colorless, 5),
	MinPermanents: 8, Steps: []harness.Step{harness.Main1, harness.Main2}, StepWeight: 60}

// ormendahlRecipe: A's Westvale Abbey mostly back face up (Ormendahl, with haste) at the
// beginning of combat or in the first main phase, B with flyers that may block it and
// creatures without flying that can't (Ormendahl has flying, CR 702.9b).
var ormendahlRecipe = gen.Recipe{Name: "ormendahl attacks", Weight: 12,
	Mine: []gen.Pick{{Card: "Westvale Abbey", Weight: 40}, {Card: "Grizzly Bears", Weight: 20}, {Card: "Forest", Weight: 20}},
	Theirs: []gen.Pick{{Card: "Ornithopter", Weight: 25}, {Card: "Pili-Pala", Weight: 20}, {Card: "Grizzly Bears", Weight: 15},
		{Card: "Llanowar Elves", Weight: 10}, {Card: "Island", Weight: 30}},
	AvoidMine: gen.Permanent, AvoidTheirs: gen.Permanent, Transformed: 85,
	MinPermanents: 2, Steps: []harness.Step{harness.BeginCombat, harness.Main1}, StepWeight: 60}

// transformSteer aims at transforming Westvale Abbey and at Ormendahl attacking; main names
// the recipe to favour.
func transformSteer(name string) gen.Steer {
	recipes := []gen.Recipe{abbeyRecipe, ormendahlRecipe}
	if name == "rules.lifelink" {
		recipes[0], recipes[1] = recipes[1], recipes[0]
		recipes[1].Weight = 4
	} else {
		recipes[1].Weight = 3
	}
	actions := gen.DefaultActions()
	actions.Preferred, actions.Attack = 80, 6
	return gen.Steer{Name: name, Recipes: recipes, Prefer: preferTransform, Actions: actions, StopForPreferred: true}
}

// transformsItself reports whether a activates an ability whose text transforms its
// source ("Transform this land").
func transformsItself(before *harness.Snapshot, a harness.Action) bool {
	return strings.Contains(gen.AbilityText(before, &a), "Transform this")
}

// preferTransform marks activating a transform ability and paying for it, passing while
// something is on the stack so that it resolves, and attacking with a creature that has
// lifelink.
func preferTransform(before *harness.Snapshot, a harness.Action) bool {
	if before == nil {
		return false
	}
	if before.Casting != nil {
		return advancesPayment(before, a)
	}
	switch a.Kind {
	case harness.Activate:
		return transformsItself(before, a)
	case harness.Pass:
		return len(before.Stack) > 0
	case harness.Attack:
		return slices.ContainsFunc(a.Attackers, func(c harness.CardID) bool {
			o := before.Permanent(c)
			return o != nil && hasLifelink(o)
		})
	}
	return false
}

// transformMoment is one permanent turning over at one step of a trace.
type transformMoment struct {
	step          int
	before, after *harness.Object
}

// transformMoments finds every permanent whose face up changed at a step, staying on the
// battlefield as its card (the snapshot's transformed status, CR 701.27g).
func transformMoments(tr *gen.Trace) []transformMoment {
	var out []transformMoment
	for i := range tr.Steps {
		st := &tr.Steps[i]
		for _, o := range st.After.Battlefield {
			if b := st.Before.Permanent(o.Card); b != nil && b.Transformed != o.Transformed {
				out = append(out, transformMoment{step: i, before: b, after: o})
			}
		}
	}
	return out
}
