package props

import (
	"fmt"
	"regexp"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// priorEffectsPersist checks ruling copy.prior-effects-persist: a permanent that becomes
// a copy stays the same object (CR 707.4): the effects and counters that changed its power
// and toughness before go on changing them by as much. The change is read as the
// difference between its power and toughness and its copiable ones, before and after.
func priorEffectsPersist() *Property {
	const ruling = "copy.prior-effects-persist"
	return &Property{
		ID:      ruling,
		Rulings: []string{ruling},
		Rules:   []string{"707.4", "611.2c", "613.4c"},
		Description: "When a creature becomes a copy of another creature, what changed its power and toughness before " +
			"(effects such as Giant Growth, +1/+1 counters) still changes them by as much.",
		Needs: copyNeeds,
		Clauses: []Clause{
			{Name: "modified", Rules: []string{"707.4", "611.2c"}, Description: "its power or toughness differed from its copiable values before it became a copy, and by as much after"},
		},
		Steer: copySteer(ruling),
		Check: func(_ harness.Engine, tr *gen.Trace) Verdict {
			var v Verdict
			for _, e := range copyEvents(tr) {
				if e.Was == nil || e.Obj.Copiable == nil || !isCreature(e.Was) || !isCreature(e.Obj) || e.Was.Power == nil || e.Obj.Power == nil {
					continue
				}
				base, ok := copiableOf(e.Was)
				if !ok || base.Power == nil || e.Obj.Copiable.Power == nil || anthemOn(tr.Steps[e.Step].Before) || anthemOn(tr.Steps[e.Step].After) {
					continue
				}
				dp, dt := *e.Was.Power-*base.Power, *e.Was.Toughness-*base.Toughness
				if dp == 0 && dt == 0 {
					continue
				}
				v.Reach("modified")
				gp, gt := *e.Obj.Power-*e.Obj.Copiable.Power, *e.Obj.Toughness-*e.Obj.Copiable.Toughness
				if gp != dp || gt != dt {
					v.Violations = append(v.Violations, clauseViolation(e.Step, ruling, "707.4", "modified",
						fmt.Sprintf("%s became a copy of %s", describe(e.Obj), e.Obj.CopyOf),
						fmt.Sprintf("its power and toughness still %+d/%+d from its copiable ones, as before (CR 707.4, 611.2c)", dp, dt),
						fmt.Sprintf("%+d/%+d (%d/%d)", gp, gt, *e.Obj.Power, *e.Obj.Toughness)))
				}
			}
			return v
		},
	}
}

// reAnthem matches a static ability that changes the P/T of creatures by a quality that a
// copy effect can change ("Creatures of the chosen color get +1/+1."): then the difference
// before and after may rightly differ.
var reAnthem = regexp.MustCompile(`^Creatures .* get [+-]`)

func anthemOn(s *harness.Snapshot) bool {
	for i := range s.Battlefield {
		for _, a := range s.Battlefield[i].Abilities {
			if reAnthem.MatchString(a) {
				return true
			}
		}
	}
	return false
}
