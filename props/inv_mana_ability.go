package props

import (
	"fmt"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
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
			},
			Actions: gen.PreferMana(),
		},
		Check: checkManaAbility,
	}
}

func checkManaAbility(eng harness.Engine, tr *gen.Trace) Verdict {
	const ruling = "invariant.mana-ability"
	var v Verdict
	for _, act := range activations(tr) {
		if !act.Abil.Mana {
			continue
		}
		v.Reached++
		st, i := act.Step, act.Index
		name := abilityName(act.Source, st.Action.Ability)
		if d := stackDiff(&st.Before, &st.After); d != "" {
			v.Violations = append(v.Violations, violation(i, ruling, "605.3b",
				fmt.Sprintf("%s: the stack after activating %s", where(tr, i), name),
				"unchanged: a mana ability doesn't use the stack, it resolves at once (CR 605.3b)", d))
		}
		if st.After.Priority != st.Before.Priority {
			v.Violations = append(v.Violations, violation(i, ruling, "405.6c",
				fmt.Sprintf("%s: priority after activating %s", where(tr, i), name),
				fmt.Sprintf("still %s's: after a mana ability, the player who had priority gets it again (CR 405.6c, 117.3c)", st.Before.Priority),
				st.After.Priority.String()))
		}
		if st.After.Turn != st.Before.Turn || st.After.Step != st.Before.Step {
			v.Violations = append(v.Violations, violation(i, ruling, "605.3b",
				fmt.Sprintf("%s: the step after activating %s", where(tr, i), name),
				fmt.Sprintf("still turn %d %s: a mana ability resolves at once and nothing else happens (CR 605.3b)", st.Before.Turn, st.Before.Step),
				fmt.Sprintf("turn %d %s", st.After.Turn, st.After.Step)))
		}
		got, resolved := activationAdded(act)
		if !resolved || st.BeforeState == nil {
			continue
		}
		mq, ok := harness.ManaQueriesOf(eng)
		if !ok {
			continue
		}
		offered, err := mq.ManaOutcomes(st.BeforeState, act.Source.Card, st.Action.Ability)
		if err != nil {
			v.Violations = append(v.Violations, queryError(i, ruling, "106.7",
				fmt.Sprintf("%s: the outcomes offered for %s", where(tr, i), name), err))
			continue
		}
		if !containsMana(offered, got) {
			v.Violations = append(v.Violations, violation(i, ruling, "106.7",
				fmt.Sprintf("%s: activating %s added to %s's pool", where(tr, i), name, act.Source.Controller),
				"one of the outcomes offered for it just before: "+manaList(offered)+" (CR 106.7, 605.3b)", manaOrNone(got)))
		}
	}
	return v
}
