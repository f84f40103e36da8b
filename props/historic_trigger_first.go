package props

import (
	"fmt"
	"slices"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// historicTriggerFirst checks ruling historic.trigger-resolves-first: a "whenever you cast
// a historic spell" trigger goes on the stack the next time a player would receive
// priority after the spell became cast (CR 603.3, 601.2i), so above the spell, and
// resolves first (405.5); it is independent of the spell, so countering the spell (Cancel)
// leaves it on the stack to resolve (CR 113.7a, 701.6a). The relations checked, from the
// snapshots: each such trigger's place on the stack against its spell's; when the spell
// leaves the stack from under something (countered), its triggers still on the stack
// stay there.
func historicTriggerFirst() *Property {
	return &Property{
		ID:          "historic.trigger-resolves-first",
		Rulings:     []string{"historic.trigger-resolves-first"},
		Rules:       []string{"603.3", "405.5", "113.7a", "601.2i"},
		Description: "A \"whenever you cast a historic spell\" trigger goes on the stack above its spell, so it resolves first, and it stays there to resolve when the spell is countered.",
		Needs:       Needs{Actions: []harness.ActionKind{harness.Cast, harness.Pay}},
		Clauses: []Clause{
			{Name: "above-the-spell", Rules: []string{"603.3", "405.5"},
				Description: "once on the stack, each trigger of a historic spell's casting is above that spell"},
			{Name: "spell-countered", Rules: []string{"113.7a", "701.6a"},
				Description: "a historic spell countered while its cast triggers wait on the stack leaves them there"},
		},
		Steer: historicSteer("historic.trigger-resolves-first", "cast into cancel"),
		Check: checkHistoricTriggerFirst,
	}
}

func checkHistoricTriggerFirst(_ harness.Engine, tr *gen.Trace) Verdict {
	const ruling = "historic.trigger-resolves-first"
	var v Verdict
	for _, m := range historicMoments(tr) {
		if m.how != becameCast || len(m.triggers) == 0 {
			continue
		}
		after := tr.Steps[m.after].After
		spellAt := stackIndex(after, m.spell)
		if spellAt < 0 {
			continue
		}
		v.Reach("above-the-spell")
		for _, t := range m.triggers {
			if at := stackIndex(after, t.Object); at >= 0 && at < spellAt {
				v.Violations = append(v.Violations, clauseViolation(m.after, ruling, "603.3", "above-the-spell",
					fmt.Sprintf("the stack after %s", momentText(m)),
					fmt.Sprintf("%s's trigger (stack object %d) above the spell (stack object %d), to resolve first", t.Name, t.Object, m.spell),
					fmt.Sprintf("it is at position %d from the bottom, under the spell at %d", at+1, spellAt+1)))
			}
		}
		checkCounteredSpell(&v, tr, m, ruling)
	}
	return v
}

// checkCounteredSpell follows m's spell to the step it leaves the stack: if it leaves from
// under something else (countered, not resolved) while some of its cast triggers wait on
// the stack, they must still be there after.
func checkCounteredSpell(v *Verdict, tr *gen.Trace, m historicMoment, ruling string) {
	for j := m.after + 1; j < len(tr.Steps); j++ {
		b, a := tr.Steps[j].Before, tr.Steps[j].After
		at := stackIndex(b, m.spell)
		if at < 0 {
			return
		}
		if stackIndex(a, m.spell) >= 0 {
			continue
		}
		if at == len(b.Stack)-1 {
			return // it resolved, from the top
		}
		var waiting []harness.StackObject
		for _, t := range m.triggers {
			if stackIndex(b, t.Object) >= 0 {
				waiting = append(waiting, t)
			}
		}
		if len(waiting) == 0 {
			return
		}
		v.Reach("spell-countered")
		for _, t := range waiting {
			if slices.ContainsFunc(a.Stack, func(so harness.StackObject) bool { return so.Object == t.Object }) {
				continue
			}
			v.Violations = append(v.Violations, clauseViolation(j, ruling, "113.7a", "spell-countered",
				fmt.Sprintf("the spell (stack object %d) cast at action %d left the stack without resolving", m.spell, m.step+1),
				fmt.Sprintf("%s's trigger (stack object %d) still on the stack, independent of the spell", t.Name, t.Object),
				"it left the stack with the spell"))
		}
		return
	}
}
