package props

import (
	"fmt"
	"slices"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// checkReturnedAuras: the returned-aura clauses of copy.linked-abilities, on every Aura
// among the cards a "return the exiled card(s)" ability returns. An Aura put onto the
// battlefield other than by resolving as an Aura spell enchants what its controller chooses
// as it enters, among what its enchant ability allows (CR 303.4f): the permanents on the
// battlefield before the ability resolved, since what returns with it enters at the same
// time and isn't there yet to be chosen. With none, it stays in exile (303.4g). What it may
// enchant is read from the Aura as it is in exile and from each permanent as it was before
// the ability resolved (a choice the ability waits on shows that state too); an enchant
// ability whose words don't say a type ("Enchant creature you control") is not judged.
func checkReturnedAuras(tr *gen.Trace, ms []moment, v *Verdict) {
	for i := range tr.Steps {
		top, cards, ok := returning(tr, ms, i)
		if !ok {
			continue
		}
		st := &tr.Steps[i]
		for _, c := range cards {
			aura := st.Before.Find(c)
			if attachmentKind(aura) != attachedAura {
				continue
			}
			var hosts []harness.CardID
			known := true
			for j := range st.Before.Battlefield {
				p := st.Before.Battlefield[j]
				ok, k := mayAttach(aura, p)
				known = known && k
				if ok {
					hosts = append(hosts, p.Card)
				}
			}
			if !known {
				continue
			}
			now := st.After.Find(c)
			what := fmt.Sprintf("%s resolves, returning %s (card %d)", top.Name+": "+top.Text, aura.Name, c)
			if len(hosts) == 0 {
				v.Reach("returned-aura-stays")
				if exiledObject(st.After, c) != exiledObject(st.Before, c) {
					v.Violations = append(v.Violations, clauseViolation(i, linkedRuling, "303.4g", "returned-aura-stays", what,
						"nothing on the battlefield it may enchant: it stays in exile (CR 303.4g)", "it is "+zoneWord(now)))
				}
				continue
			}
			v.Reach("returned-aura-attaches")
			host := st.After.Permanent(now.AttachedTo)
			if now.Zone != harness.Battlefield || !slices.Contains(hosts, now.AttachedTo) || host == nil || host.Object != st.Before.Permanent(now.AttachedTo).Object {
				v.Violations = append(v.Violations, clauseViolation(i, linkedRuling, "303.4f", "returned-aura-attaches", what,
					fmt.Sprintf("it enters attached to one of the permanents it may enchant that were on the battlefield as it returned: %s (CR 303.4f)", cardList(hosts)),
					fmt.Sprintf("it is %s, attached to card %d", zoneWord(now), now.AttachedTo)))
			}
		}
	}
}
