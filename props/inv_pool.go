package props

import (
	"fmt"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// poolInvariant checks that mana pools hold only amounts of the six types, never negative
// (CR 106.1b; the six types are the shape of harness.Mana), that mana spent comes out of
// the pool (a payment the pool doesn't cover is neither offered nor accepted, and paying
// takes exactly the payment, 601.2h), and that pools empty as a step ends (106.4).
func poolInvariant() *Property {
	return &Property{
		ID:      "invariant.pool",
		Rulings: []string{"invariant.pool"},
		Rules:   []string{"106.1b", "106.4", "601.2h"},
		Description: "A mana pool never holds a negative amount of any of the six types; a payment is offered and " +
			"accepted only if the pool holds it, and takes exactly that much; pools are empty when a step ends.",
		Steer: gen.Steer{
			Name: "invariant.pool",
			Recipes: []gen.Recipe{
				{Name: "spend mana", Weight: 2, Mine: gen.Cards("Forest", "Swamp", "Mana Reflection", "Llanowar Elves"),
					Hand: gen.Cards("Dark Ritual", "Giant Growth", "Walking Ballista", "Twiddle", "Grizzly Bears")},
			},
			Actions: &gen.ActionWeights{Pass: 2, Preferred: 30, Mana: 6, Land: 2, Cast: 6, Pay: 10, Activate: 2, Attack: 1, Choose: 4, Cancel: 1},
			Prefer:  preferSpending(func(*harness.Snapshot, harness.Action) bool { return true }),
		},
		Check: checkPool,
		Clauses: []Clause{
			{Name: "non-negative", Rules: []string{"106.1b"}, Needs: needsPaying,
				Description: "After mana was spent, no pool holds a negative amount of any type."},
			{Name: "offered-covered", Rules: []string{"601.2h", "106.1b"}, Needs: needsPaying,
				Description: "Every payment listed as legal is covered by its player's pool."},
			{Name: "accepted-covered", Rules: []string{"601.2h", "106.1b"}, Needs: needsPaying,
				Description: "A payment taken is covered by the pool."},
			{Name: "exact-cost", Rules: []string{"601.2h"}, Needs: needsPaying,
				Description: "Paying for a spell or ability takes exactly its total cost."},
			{Name: "every-way", Rules: []string{"601.2h", "106.4"}, Needs: needsPaying,
				Description: "While a cost with a generic part is paid, each payment listed with one mana of that part exchanged for another type the pool holds is listed too: every way the pool pays it is offered."},
			{Name: "takes-payment", Rules: []string{"601.2h"}, Needs: needsPaying,
				Description: "Paying takes exactly the payment out of the pool."},
			// Mana from the setup or a mana ability, and passing: no casting needed.
			{Name: "empties", Rules: []string{"106.4"},
				Description: "A pool holding mana is empty once the step ends."},
		},
	}
}

// checkPool judges each clause of invariant.pool along the trace.
func checkPool(eng harness.Engine, tr *gen.Trace) Verdict {
	var v Verdict
	checkPoolsNonNegative(tr, &v)
	for i := range tr.Steps {
		checkOfferedCovered(tr, i, &v)
		checkAcceptedCovered(tr, i, &v)
		checkExactCost(tr, i, &v)
		checkEveryWay(tr, i, &v)
		checkPoolsEmpty(tr, i, &v)
	}
	return v
}

// checkPoolsNonNegative: no pool ever holds a negative amount of a type (CR 106.1b).
func checkPoolsNonNegative(tr *gen.Trace, v *Verdict) {
	const ruling = "invariant.pool"
	for _, m := range moments(tr) {
		if m.Step >= 0 && !tr.Steps[m.Step].Action.Payment.IsZero() {
			v.Reach("non-negative")
		}
		for p := range m.Snap.Players {
			pool := m.Snap.Players[p].Pool
			for _, t := range harness.ManaTypes {
				if pool[t] < 0 {
					v.add("non-negative", violation(m.Step, ruling, "106.1b",
						fmt.Sprintf("%s's mana pool", harness.Player(p)),
						"no negative amount of any type (CR 106.1b)", pool.String()))
					break
				}
			}
		}
	}
}

// checkOfferedCovered: a payment is listed as legal before step i only if the payer's
// pool covers it (CR 601.2h, 106.1b).
func checkOfferedCovered(tr *gen.Trace, i int, v *Verdict) {
	const ruling = "invariant.pool"
	st := &tr.Steps[i]
	offered := false
	for _, a := range st.Legal {
		if a.Payment.IsZero() {
			continue
		}
		offered = true
		if have := st.Before.Players[a.Player].Pool; !have.Covers(a.Payment) {
			v.add("offered-covered", violation(i-1, ruling, "601.2h",
				fmt.Sprintf("%s listed as legal", a),
				fmt.Sprintf("not legal: %s's pool holds %s, which doesn't cover the payment %s (CR 601.2h, 106.1b)", a.Player, have, a.Payment),
				"listed"))
		}
	}
	if offered {
		v.Reach("offered-covered")
	}
}

// checkAcceptedCovered: step i's payment is accepted only if the pool covers it, and a
// Pay takes exactly the payment from the pool (CR 601.2h).
func checkAcceptedCovered(tr *gen.Trace, i int, v *Verdict) {
	const ruling = "invariant.pool"
	st := &tr.Steps[i]
	a := st.Action
	if a.Payment.IsZero() {
		return
	}
	v.Reach("accepted-covered")
	have := st.Before.Players[a.Player].Pool
	if !have.Covers(a.Payment) {
		v.add("accepted-covered", violation(i, ruling, "601.2h",
			fmt.Sprintf("paying %s", a.Payment),
			fmt.Sprintf("refused: %s's pool holds only %s (CR 601.2h, 106.1b)", a.Player, have), "accepted"))
	} else if a.Kind == harness.Pay && !addsMana(st.Events) {
		v.Reach("takes-payment")
		if want, got := have.Sub(a.Payment), st.After.Players[a.Player].Pool; got != want {
			v.add("takes-payment", violation(i, ruling, "601.2h",
				fmt.Sprintf("%s's pool after paying %s", a.Player, a.Payment),
				fmt.Sprintf("%s: %s less the payment (CR 601.2h)", manaOrNone(want), manaOrNone(have)), manaOrNone(got)))
		}
	}
}

// checkExactCost: a Pay at step i for what is being cast pays exactly its total cost
// (CR 601.2h).
func checkExactCost(tr *gen.Trace, i int, v *Verdict) {
	const ruling = "invariant.pool"
	st := &tr.Steps[i]
	a := st.Action
	if a.Kind != harness.Pay || st.Before.Casting == nil {
		return
	}
	v.Reach("exact-cost")
	c := st.Before.Casting
	if need := c.Cost.Total() + c.Generic; a.Payment.Total() != need {
		v.add("exact-cost", violation(i, ruling, "601.2h",
			fmt.Sprintf("paying for %s", c.Name),
			fmt.Sprintf("a payment of exactly the total cost, %d mana (CR 601.2h)", need),
			fmt.Sprintf("%s (%d mana) accepted", a.Payment, a.Payment.Total())))
	}
}

// checkPoolsEmpty: pools are empty once step i ends a step or phase (CR 106.4).
func checkPoolsEmpty(tr *gen.Trace, i int, v *Verdict) {
	const ruling = "invariant.pool"
	st := &tr.Steps[i]
	b, af := st.Before, st.After
	if b.Turn == af.Turn && b.Step == af.Step || addsMana(st.Events) {
		return
	}
	if !b.Players[0].Pool.IsZero() || !b.Players[1].Pool.IsZero() {
		v.Reach("empties")
	}
	for p := range af.Players {
		if pool := af.Players[p].Pool; !pool.IsZero() {
			v.add("empties", violation(i, ruling, "106.4",
				fmt.Sprintf("%s's mana pool after the step ended (turn %d %s → turn %d %s)", harness.Player(p), b.Turn, b.Step, af.Turn, af.Step),
				"empty: pools empty at the end of each step and phase (CR 106.4)", pool.String()))
		}
	}
}

// addsMana reports whether any event of a step added mana.
func addsMana(evs []harness.Event) bool {
	for _, e := range evs {
		if e.Kind == "mana_added" {
			return true
		}
	}
	return false
}

// checkEveryWay: while a spell or ability is being paid for, the payments listed before
// step i are closed under exchanging one mana of the generic part for another type the
// pool holds (missingPayment): the player chooses how to pay (CR 601.2h), so every way
// the pool pays the total cost is offered.
func checkEveryWay(tr *gen.Trace, i int, v *Verdict) {
	st := &tr.Steps[i]
	c := st.Before.Casting
	if c == nil || c.Generic == 0 {
		return
	}
	var offered []harness.Mana
	for _, a := range st.Legal {
		if a.Kind == harness.Pay && a.Player == c.Player {
			offered = append(offered, a.Payment)
		}
	}
	if len(offered) == 0 {
		return
	}
	v.Reach("every-way")
	pool := st.Before.Players[c.Player].Pool
	if from, miss, ok := missingPayment(offered, c.Cost, pool); ok {
		v.add("every-way", violation(i-1, "invariant.pool", "601.2h", fmt.Sprintf("the payments listed for %s (%s and %d generic) from the pool %s", c.Name, c.Cost, c.Generic, pool),
			fmt.Sprintf("%s listed too: %s with one mana of the generic part paid with another type the pool holds (CR 601.2h)", miss, from),
			"it is not listed"))
	}
}
