package props

import (
	"fmt"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// attackSickness checks the attacking half of CR 302.6 and 508.1a: an attacking creature
// is an untapped creature the active player controls that has haste or has been under
// their control continuously since their turn began. Thousand-Year Elixir's "as though it
// had haste" is for activating abilities only; it doesn't let a creature attack.
func attackSickness() *Property {
	return &Property{
		ID:      "cost.tap-symbol/attack",
		Rulings: []string{"cost.tap-symbol"},
		Rules:   []string{"302.6", "508.1a", "702.10b"},
		Description: "Only untapped creatures the active player has controlled since the turn began (or with haste) " +
			"may attack; Thousand-Year Elixir does not let a summoning-sick creature attack.",
		Needs: Needs{Actions: []harness.ActionKind{harness.Attack}},
		Steer: gen.Steer{
			Name: "cost.tap-symbol/attack",
			Recipes: []gen.Recipe{
				{Name: "sick attackers and elixir", Weight: 2, Mine: gen.Cards("Llanowar Elves", "Grizzly Bears", "Thousand-Year Elixir", "Mutavault", "Hill Giant"),
					Steps: []harness.Step{harness.BeginCombat}},
			},
			Actions: &gen.ActionWeights{Pass: 8, Preferred: 20, Mana: 3, Land: 2, Cast: 2, Pay: 6, Activate: 4, Attack: 8, Choose: 4, Cancel: 1},
			Prefer:  preferAttacking,
		},
		Check: checkAttackers,
		Clauses: []Clause{
			{Name: "listed", Rules: []string{"508.1a", "302.6"},
				Description: "The attacks listed while the active player controls a creature that can't attack (tapped, or sick without haste) leave it out."},
			{Name: "declared", Rules: []string{"508.1a", "302.6"},
				Description: "Every creature in a declared attack is an untapped creature of the active player, not sick unless it has haste."},
		},
	}
}

func checkAttackers(eng harness.Engine, tr *gen.Trace) Verdict {
	var v Verdict
	for i := range tr.Steps {
		st := &tr.Steps[i]
		b := st.Before
		listed := false
		for _, a := range st.Legal {
			if a.Kind == harness.Attack {
				listed = true
				checkAttack(tr, i-1, "listed", fmt.Sprintf("%s listed as legal", a), b, a, &v)
			}
		}
		if listed && attackAtRisk(b) {
			v.Reach("listed")
		}
		if st.Action.Kind == harness.Attack && len(st.Action.Attackers) > 0 {
			v.Reach("declared")
			checkAttack(tr, i, "declared", "attack declared", b, st.Action, &v)
		}
	}
	return v
}

// checkAttack judges each attacker of one Attack action in the position before it.
func checkAttack(tr *gen.Trace, step int, clause, what string, b *harness.Snapshot, a harness.Action, v *Verdict) {
	const ruling = "cost.tap-symbol"
	for _, id := range a.Attackers {
		o := b.Permanent(id)
		switch {
		case o == nil || !isCreature(o) || o.Controller != a.Player:
			v.add(clause, violation(step, ruling, "508.1a", what,
				fmt.Sprintf("attackers are creatures %s controls (CR 508.1a)", a.Player),
				fmt.Sprintf("card %d among the attackers is %s", id, attackerWhat(o))))
		case o.Tapped:
			v.add(clause, violation(step, ruling, "508.1a", what,
				"only untapped creatures attack (CR 508.1a)", describe(o)+" is tapped and among the attackers"))
		case o.Sick && !hasKeyword(o, "Haste"):
			exp := "no summoning-sick creature without haste among the attackers (CR 302.6)"
			if asThoughHaste(b, o.Controller) {
				exp += "; Thousand-Year Elixir's \"as though it had haste\" applies to activating abilities, not to attacking"
			}
			v.add(clause, violation(step, ruling, "302.6", what, exp,
				describe(o)+" is summoning sick and among the attackers"))
		}
	}
}

func attackerWhat(o *harness.Object) string {
	if o == nil {
		return "not a permanent"
	}
	if !isCreature(o) {
		return describe(o) + ", not a creature"
	}
	return describe(o) + ", controlled by the other player"
}

// attackAtRisk reports whether the active player controls a creature that can't attack
// (tapped, or sick without haste), so the engine must leave it out.
func attackAtRisk(b *harness.Snapshot) bool {
	for i := range b.Battlefield {
		o := b.Battlefield[i]
		if o.Controller == b.Active && isCreature(o) && (o.Tapped || o.Sick && !hasKeyword(o, "Haste")) {
			return true
		}
	}
	return false
}
