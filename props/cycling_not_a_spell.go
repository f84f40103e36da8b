package props

import (
	"fmt"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// cyclingNotASpell checks ruling cycling.not-a-spell: the cycling ability and the
// triggers of cycling are abilities, not spells (CR 702.29a, 113.1, 112), so an effect
// that works on spells can't touch them. The relation checked: whenever a card in the
// hand of the player to act says "Counter target <kinds>", the targets the engine offers
// for casting it are exactly the stack objects of those kinds (spells; activated or
// triggered abilities; "you don't control" ones), as the snapshot's stack reports each
// object's kind. Mana abilities never are on the stack (CR 605.3b), so they are never
// offered.
func cyclingNotASpell() *Property {
	return &Property{
		ID:      "cycling.not-a-spell",
		Rulings: []string{"cycling.not-a-spell"},
		Rules:   []string{"702.29a", "113.1", "112.1", "115.1", "701.6a"},
		Description: "A counterspell's legal targets are exactly the stack objects its text names: \"target spell\" " +
			"(Cancel) never the cycling ability or a cycling trigger; \"target activated or triggered ability\" (Stifle) " +
			"those and never a spell; Disallow both.",
		Needs: Needs{Actions: []harness.ActionKind{harness.Activate, harness.Cast, harness.Pay}},
		Clauses: []Clause{
			{Name: "spells-only", Rules: []string{"702.29a", "112.1"},
				Description: "a \"counter target spell\" card in hand while an ability (the cycling ability, a cycling trigger) is on the stack targets spells only"},
			{Name: "abilities-only", Rules: []string{"113.1", "115.1"},
				Description: "a \"counter target activated or triggered ability\" card in hand while the stack holds something targets exactly its abilities"},
			{Name: "spells-and-abilities", Rules: []string{"115.1", "701.6a"},
				Description: "a \"counter target spell, activated ability, or triggered ability\" card targets everything on the stack"},
		},
		Steer: cyclingSteer("cycling.not-a-spell", "cycling and counterspells", true),
		Check: checkNotASpell,
	}
}

func checkNotASpell(_ harness.Engine, tr *gen.Trace) Verdict {
	const ruling = "cycling.not-a-spell"
	var v Verdict
	for i := range tr.Steps {
		st := &tr.Steps[i]
		b := st.Before
		if b.Priority == harness.NoPlayer || b.Pending != nil || b.Casting != nil || len(b.Stack) == 0 {
			continue
		}
		abilityOnStack := false
		for k := range b.Stack {
			abilityOnStack = abilityOnStack || b.Stack[k].Kind == "ability"
		}
		checked := map[string]bool{} // one card of each text is enough
		for _, o := range b.Players[b.Priority].Hand {
			if len(o.Abilities) == 0 || checked[o.Name] {
				continue
			}
			spells, abilities, notYours, ok := counterKinds(o.Abilities[0])
			if !ok || !o.HasType("Instant") && !hasKeyword(o, "Flash") {
				continue
			}
			checked[o.Name] = true
			var clause string
			switch {
			case spells && abilities:
				clause = "spells-and-abilities"
			case spells:
				clause = "spells-only"
				if !abilityOnStack {
					continue // nothing it might wrongly target
				}
			default:
				clause = "abilities-only"
			}
			v.Reach(clause)
			want := map[harness.ObjectID]bool{}
			for k := range b.Stack {
				so := &b.Stack[k]
				if (so.Kind == "spell" && spells) || (so.Kind == "ability" && abilities && !(notYours && so.Controller == b.Priority)) {
					want[so.Object] = true
				}
			}
			got := map[harness.ObjectID]bool{}
			for _, a := range st.Legal {
				if a.Kind == harness.Cast && a.Card == o.Card && len(a.Targets) == 1 && a.Targets[0].Stack != 0 {
					got[a.Targets[0].Stack] = true
				}
			}
			what := fmt.Sprintf("%s's targets for %q", describe(o), o.Abilities[0])
			for k := range b.Stack {
				so := &b.Stack[k]
				if want[so.Object] == got[so.Object] {
					continue
				}
				kind := "a spell"
				if so.Kind == "ability" {
					kind = fmt.Sprintf("an ability (%q)", so.Text)
				}
				expected, saw := "it is offered as a target", "it isn't"
				if got[so.Object] {
					expected, saw = "it can't be targeted", "it is offered as a target"
				}
				v.Violations = append(v.Violations, clauseViolation(i, ruling, "115.1", clause,
					what, fmt.Sprintf("stack object %d, %s's %s: %s", so.Object, so.Name, kind, expected), saw))
			}
		}
	}
	return v
}
