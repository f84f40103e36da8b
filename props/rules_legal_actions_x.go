package props

import (
	"fmt"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props/internal/manaoracle"
)

// checkEveryPayableX: with priority and nothing being cast, a spell in hand whose mana
// cost is only X and generic mana (Hangarback Walker's {X}{X}) and that the listing
// offers to cast is offered with every X its controller could pay (CR 107.3a, 601.2b,
// 601.2g-h): at least the pool and, for each permanent, the most mana one of its listed
// mana abilities that costs no mana could add (the engine's ManaOutcomes; one ability a
// permanent, as their costs may share a {T}). Mana of any type pays such a cost, so the
// colours don't matter, and no card of the pool makes a spell cost more; an engine may
// offer more X values, never fewer.
func checkEveryPayableX(eng harness.Engine, st *gen.TraceStep, after int, v *Verdict) {
	b := st.Before
	if b.Pending != nil || b.Casting != nil {
		return
	}
	offered := map[harness.CardID]map[int]bool{}
	var order []harness.CardID
	for _, a := range st.Legal {
		if a.Kind != harness.Cast {
			continue
		}
		if offered[a.Card] == nil {
			offered[a.Card] = map[int]bool{}
			order = append(order, a.Card)
		}
		offered[a.Card][a.X] = true
	}
	mq, ok := harness.ManaQueriesOf(eng)
	if !ok || len(order) == 0 {
		return
	}
	potential := -1 // computed once a spell needs it
	for _, c := range order {
		o := b.Find(c)
		if o == nil || o.Zone != harness.Hand || !strings.Contains(o.ManaCost, "{X}") {
			continue
		}
		colored, generic, ok := printedCost(o.ManaCost, 0)
		xs := strings.Count(o.ManaCost, "{X}")
		if !ok || !colored.IsZero() {
			continue
		}
		if potential < 0 {
			if potential, ok = payablePotential(mq, st, o.Owner); !ok {
				return
			}
		}
		v.Reach("x-every-payable")
		for x := 0; generic+xs*x <= potential; x++ {
			if !offered[c][x] {
				v.add("x-every-payable", violation(after, "rules.legal-actions", "107.3a", fmt.Sprintf("casting %s (card %d)", o.Name, c),
					fmt.Sprintf("offered with every X up to %d: %d mana could be had (the pool and each permanent's best mana ability)", (potential-generic)/xs, potential),
					fmt.Sprintf("X=%d not offered", x)))
				break
			}
		}
	}
}

// payablePotential is the least mana player p could surely have at step st: the pool,
// and for each permanent the largest outcome of its listed mana abilities that pay no
// mana. ok is false when the engine doesn't answer.
func payablePotential(mq harness.ManaQueries, st *gen.TraceStep, p harness.Player) (int, bool) {
	n := st.Before.Players[p].Pool.Total()
	best := map[harness.CardID]int{}
	var cards []harness.CardID
	for _, a := range st.Legal {
		if a.Kind != harness.Activate || a.Player != p || !a.Payment.IsZero() {
			continue
		}
		ab, ok := manaoracle.AbilityOf(st.Before.Permanent(a.Card), a.Ability)
		if !ok || !ab.Mana {
			continue
		}
		if colored, generic, ok := printedCost(ab.Cost, 0); !ok || generic > 0 || !colored.IsZero() {
			continue
		}
		outs, err := mq.ManaOutcomes(st.BeforeState, a.Card, a.Ability)
		if err != nil {
			return 0, false
		}
		if _, seen := best[a.Card]; !seen {
			cards = append(cards, a.Card)
		}
		for _, m := range outs {
			best[a.Card] = max(best[a.Card], m.Total())
		}
	}
	for _, c := range cards {
		n += best[c]
	}
	return n, true
}
