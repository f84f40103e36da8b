package props

import (
	"fmt"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// checkLoyaltyOffered judges the activations offered before step i. The loyalty
// abilities of one permanent share every condition of their activation but the counters
// they cost (CR 606.3: its controller's main phase, priority, an empty stack, no loyalty
// ability of it activated this turn), so when any of them is offered:
//
//   - each one whose negative cost its loyalty counters cover is offered too (606.6), if
//     it needs no target but a player (a target creature may be missing);
//   - none whose negative cost is more than its loyalty counters is (606.6).
func checkLoyaltyOffered(tr *gen.Trace, i int, v *Verdict) {
	st := &tr.Steps[i]
	offered := map[harness.CardID]map[int]bool{}
	for _, a := range st.Legal {
		if a.Kind != harness.Activate {
			continue
		}
		o := st.Before.Permanent(a.Card)
		if o == nil || a.Ability < 0 || a.Ability >= len(o.Abilities) {
			continue
		}
		if _, ok := loyaltyCost(o.Abilities[a.Ability]); ok {
			if offered[a.Card] == nil {
				offered[a.Card] = map[int]bool{}
			}
			offered[a.Card][a.Ability] = true
		}
	}
	for _, c := range sortedCards(offered) {
		o := st.Before.Permanent(c)
		loyalty := o.Counters["loyalty"]
		v.Reach("loyalty")
		for k, t := range o.Abilities {
			cost, ok := loyaltyCost(t)
			if !ok {
				continue
			}
			covered := cost >= 0 || loyalty >= -cost
			switch {
			case offered[c][k] && !covered:
				v.add("loyalty", violation(i-1, "rules.costs", "606.6", fmt.Sprintf("%s ability %d %q", describe(o), k, t),
					fmt.Sprintf("not offered: a loyalty ability can't remove more loyalty counters than the permanent has (CR 606.6), and it has %d", loyalty),
					"it is offered"))
			case !offered[c][k] && covered && !needsNonPlayerTarget(t):
				v.add("loyalty", violation(i-1, "rules.costs", "606.6", fmt.Sprintf("%s ability %d %q", describe(o), k, t),
					fmt.Sprintf("offered, like the loyalty abilities of the same permanent that are (CR 606.3): its %d loyalty counters cover its cost (606.6)", loyalty),
					"it is not offered"))
			}
		}
	}
}
