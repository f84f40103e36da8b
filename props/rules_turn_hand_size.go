package props

import (
	"fmt"

	"github.com/mtgfuzz/mtgfuzz/gen"
)

// checkHandSize judges a step that went through a cleanup step's turn-based actions
// (crossedCleanup): the active player discarded down to the maximum hand size, seven
// (CR 514.1, 402.2), so after it their hand holds no more. A step that resolved
// something is left out: what resolves in a cleanup step may draw.
func checkHandSize(tr *gen.Trace, i int, v *Verdict) {
	st := &tr.Steps[i]
	if !crossedCleanup(st) || resolvedSomething(st) {
		return
	}
	p := st.Before.Active
	v.Reach("hand-size")
	if n := len(st.After.Players[p].Hand); n > maxHandSize {
		v.add("hand-size", violation(i, "rules.turn", "514.1", fmt.Sprintf("%s's hand after turn %d's cleanup step", p, st.Before.Turn),
			fmt.Sprintf("at most %d cards: the active player discards down to their maximum hand size (CR 514.1, 402.2)", maxHandSize),
			fmt.Sprintf("%d cards", n)))
	}
}
