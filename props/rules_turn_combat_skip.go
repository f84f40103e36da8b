package props

import (
	"fmt"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// checkCombatSkip judges step i of tr against CR 508.8: when no creature was declared
// as an attacker, the declare blockers and combat damage steps are skipped, so no
// snapshot of that turn shows the game in either of them. Whether any attacker was
// declared is read from the trace's Attack actions of the turn; a trace that starts past
// its turn's declare attackers step can't tell for that turn, and is not judged there.
func checkCombatSkip(tr *gen.Trace, i int, v *Verdict) {
	st := &tr.Steps[i]
	a := st.After
	if a.GameOver || (a.Step != harness.DeclareBlockers && a.Step != harness.CombatDamage) {
		if passedNoAttack(tr, i) {
			v.Reach("no-attackers")
		}
		return
	}
	known, attacked := attacksOfTurn(tr, i, a.Turn)
	if !known || attacked {
		return
	}
	v.Reach("no-attackers")
	v.add("no-attackers", violation(i, "rules.turn", "508.8",
		fmt.Sprintf("turn %d, in which no creature was declared as an attacker", a.Turn),
		"the declare blockers and combat damage steps skipped (CR 508.8)",
		fmt.Sprintf("the game in the %s step", a.Step)))
}

// attacksOfTurn reports, for the turn of step i, whether the trace saw its declare
// attackers step (known) and whether an attack declared any creature by step i.
func attacksOfTurn(tr *gen.Trace, i int, turn int) (known, attacked bool) {
	known = tr.Start.Turn != turn || tr.Start.Step.Index() <= harness.DeclareAttackers.Index()
	for j := 0; j <= i; j++ {
		if st := &tr.Steps[j]; st.Before.Turn == turn && st.Action.Kind == harness.Attack && len(st.Action.Attackers) > 0 {
			attacked = true
		}
	}
	return known, attacked
}

// passedNoAttack reports whether step i left a turn's combat in which no creature
// attacked (the situation CR 508.8 is about), judged as the game went past it.
func passedNoAttack(tr *gen.Trace, i int) bool {
	st := &tr.Steps[i]
	b, a := st.Before, st.After
	if b.Turn != a.Turn || b.Step.Index() > harness.DeclareAttackers.Index() || a.Step.Index() <= harness.CombatDamage.Index() {
		return false
	}
	known, attacked := attacksOfTurn(tr, i, a.Turn)
	return known && !attacked
}
