package props

import (
	"fmt"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props/internal/manaoracle"
)

// manaAbilityInvariant checks every activation of a mana ability: it doesn't use the stack
// and resolves at once (CR 605.3b), the player who had priority still has it (405.6c,
// 117.3c), the game stays in the same step, and what it added is one of the outcomes the
// engine offered for it just before (its own answer to ManaOutcomes, CR 106.7): what a
// player is offered and what they get must agree, whatever the card.
func manaAbilityInvariant() *Property {
	return &Property{
		ID:      "invariant.mana-ability",
		Rulings: []string{"invariant.mana-ability"},
		Rules:   []string{"605.3b", "405.6c", "117.3c", "605.4a"},
		Description: "Activating a mana ability never changes the stack, leaves priority where it was and the game in " +
			"the same step, and adds one of the outcomes the engine offered for it just before.",
		Needs: needsActivation,
		Steer: gen.Steer{
			Name: "invariant.mana-ability",
			Recipes: []gen.Recipe{
				{Name: "mana during casting", Weight: 2, Mine: gen.Cards("Forest", "Reflecting Pool", "Mana Flare", "Llanowar Elves", "Pili-Pala"),
					Hand: gen.Cards("Giant Growth", "Dark Ritual", "Walking Ballista")},
				// The other player's Mana Vault asks "you may pay {4}" in their next upkeep:
				// mana abilities while that decision waits (CR 608.2g).
				{Name: "mana during a decision", Weight: 2, Theirs: []gen.Pick{{Card: "Mana Vault", Weight: 30}, {Card: "Wastes", Weight: 30}, {Card: "Forest"}},
					Steps: []harness.Step{harness.End}, MinPermanents: 2},
				// Pili-Pala's "{2}, {Q}: Add" waits for its {2} when the pool can't pay it
				// (CR 602.2b): Pili-Palas (tapped, or tapped by attacking from the beginning
				// of combat, CR 508.1f), lands to pay with, and Thousand-Year Elixir against
				// summoning sickness.
				{Name: "mana ability waiting for its cost", Weight: 3, Steps: []harness.Step{harness.BeginCombat},
					Mine: []gen.Pick{{Card: "Pili-Pala", Weight: 40}, {Card: "Thousand-Year Elixir", Weight: 6}, {Card: "Forest", Weight: 25},
						{Card: "Wastes", Weight: 25}, {Card: "Swamp", Weight: 10}},
					AvoidMine: gen.Permanent, MinPermanents: 4},
				// Drake Haven asks "you may pay {1}" as its trigger of a cycled Drifting Meadow
				// resolves: mana abilities while that decision waits (CR 608.2g).
				{Name: "mana for a trigger's payment", Weight: 2, Mine: []gen.Pick{{Card: "Drake Haven", Weight: 30}, {Card: "Wastes", Weight: 30}, {Card: "Forest", Weight: 20}},
					Hand: []gen.Pick{{Card: "Drifting Meadow", Weight: 60}}, AvoidMine: gen.Permanent, MinHand: 1, MinPermanents: 3},
			},
			Actions: manaAbilityActions(),
			Prefer:  preferManaAbilities,
		},
		Check: checkManaAbility,
		Clauses: []Clause{
			{Name: "with-priority", Rules: []string{"605.3b", "405.6c", "117.3c"},
				Description: "Activated by the player with priority: the stack, priority and step stay as they were."},
			{Name: "while-paying", Rules: []string{"605.3b", "601.2g"}, Needs: needsPaying,
				Description: "Activated while a spell or ability is being paid for: the same."},
			{Name: "during-decision", Rules: []string{"605.3b", "608.2g"},
				Description: "Activated while a decision that pays mana waits: the same."},
			{Name: "adds-offered", Rules: []string{"106.7", "605.3b"},
				Description: "An activation paid at once adds one of the outcomes offered for it just before."},
			{Name: "adds-offered-once-paid", Rules: []string{"106.7", "602.2b", "601.2h"}, Needs: needsPaying,
				Description: "An activation that waited for its mana cost adds, once paid, one of the outcomes offered just before."},
		},
	}
}

// manaAbilityActions is PreferMana with the preferred actions weighing twice any mana
// ability, so that a cost being paid gets the mana it lacks rather than any mana.
func manaAbilityActions() *gen.ActionWeights {
	w := gen.PreferMana()
	w.Preferred = 2 * w.Mana
	return w
}

// preferManaAbilities marks mana abilities while a decision waits for mana, activating a
// mana ability whose mana cost waits to be paid, paying a cost and the mana abilities that
// help pay it, attacking with a creature whose mana ability needs it tapped ({Q}), and
// passing at the beginning of combat (to declare attackers) and at the end of the turn (to
// reach the other player's upkeep triggers).
func preferManaAbilities(before *harness.Snapshot, a harness.Action) bool {
	switch {
	case before == nil:
		return false
	case a.Kind == harness.Attack:
		for _, c := range a.Attackers {
			if untapsForMana(before.Permanent(c)) {
				return true
			}
		}
		return false
	case before.Pending != nil:
		return gen.IsManaAbility(before, &a)
	case before.Casting != nil:
		return advancesPayment(before, a)
	case a.Kind == harness.Activate && gen.IsManaAbility(before, &a):
		if !a.Payment.IsZero() {
			return false
		}
		ab, _ := manaoracle.AbilityOf(before.Permanent(a.Card), a.Ability)
		colored, generic := leadingCost(ab.Cost)
		return colored.Total()+generic > 0 && affordable(before, a.Player, ab.Cost, 0)
	case a.Kind == harness.Activate:
		text := gen.AbilityText(before, &a)
		return isCyclingText(text) && affordable(before, a.Player, strings.TrimPrefix(text, "Cycling "), a.X)
	}
	return a.Kind == harness.Pass && (len(before.Stack) > 0 ||
		before.Step == harness.BeginCombat || before.Step == harness.End || before.Step == harness.Cleanup)
}

// untapsForMana: o has a mana ability with {Q} in its cost, paid only while o is tapped.
func untapsForMana(o *harness.Object) bool {
	if o == nil {
		return false
	}
	for _, i := range manaoracle.ManaAbilities(o) {
		if manaoracle.ParseAbility(o.Abilities[i]).HasQ {
			return true
		}
	}
	return false
}

func checkManaAbility(eng harness.Engine, tr *gen.Trace) Verdict {
	const ruling = "invariant.mana-ability"
	var v Verdict
	for _, act := range activations(tr) {
		if !act.Abil.Mana {
			continue
		}
		st, i := act.Step, act.Index
		context := "with-priority"
		switch {
		case st.Before.Pending != nil:
			context = "during-decision"
		case st.Before.Casting != nil:
			context = "while-paying"
		}
		v.Reach(context)
		name := abilityName(act.Source, st.Action.Ability)
		if d := stackDiff(st.Before, st.After); d != "" {
			v.add(context, violation(i, ruling, "605.3b",
				fmt.Sprintf("the stack after activating %s", name),
				"unchanged: a mana ability doesn't use the stack, it resolves at once (CR 605.3b)", d))
		}
		if st.After.Priority != st.Before.Priority {
			v.add(context, violation(i, ruling, "405.6c",
				fmt.Sprintf("priority after activating %s", name),
				fmt.Sprintf("still %s's: after a mana ability, the player who had priority gets it again (CR 405.6c, 117.3c)", st.Before.Priority),
				st.After.Priority.String()))
		}
		if st.After.Turn != st.Before.Turn || st.After.Step != st.Before.Step {
			v.add(context, violation(i, ruling, "605.3b",
				fmt.Sprintf("the step after activating %s", name),
				fmt.Sprintf("still turn %d %s: a mana ability resolves at once and nothing else happens (CR 605.3b)", st.Before.Turn, st.Before.Step),
				fmt.Sprintf("turn %d %s", st.After.Turn, st.After.Step)))
		}
		got, paid, resolved := activationAdded(tr, act)
		if !resolved || paid.BeforeState == nil {
			continue
		}
		mq, ok := harness.ManaQueriesOf(eng)
		if !ok {
			continue
		}
		clause := "adds-offered"
		if paid != st {
			clause = "adds-offered-once-paid"
		}
		v.Reach(clause)
		offered, err := mq.ManaOutcomes(paid.BeforeState, act.Source.Card, st.Action.Ability)
		if err != nil {
			v.add(clause, queryError(i, ruling, "106.7",
				fmt.Sprintf("the outcomes offered for %s", name), err))
			continue
		}
		if !manaoracle.ContainsMana(offered, got) {
			v.add(clause, violation(i, ruling, "106.7",
				fmt.Sprintf("activating %s added to %s's pool", name, act.Source.Controller),
				"one of the outcomes offered for it just before: "+manaoracle.ManaList(offered)+" (CR 106.7, 605.3b)", manaOrNone(got)))
		}
	}
	return v
}
