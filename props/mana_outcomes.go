package props

import (
	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props/internal/manaoracle"
)

// manaOutcomes is the general check under the five mana rulings: every mana ability the
// oracle can read offers exactly, and adds one of, the amounts the rules give now: its
// production (CR 106.1, with Gaea's Cradle counting its controller's creatures and
// Reflecting Pool, Exotic Orchard and Meteor Crater looking at the right permanents, 106.7;
// none when undefined, 106.5), the "tapped for mana" replacement effects that apply to it
// in every order (106.12b, 616.1) and the triggered mana abilities it sets off (106.12a).
// The ruling properties look only at their own situations; this one also catches an
// effect applied where it doesn't belong (Contamination on a creature, an opponent's Mana
// Reflection, Gauntlet of Power on a nonbasic land) and a plain wrong production.
func manaOutcomes() *Property {
	return &Property{
		ID: "mana.outcomes",
		Rulings: []string{"mana.undefined-type", "mana.could-produce", "mana.tap-for-mana",
			"mana.tapped-trigger", "mana.tapped-replacement"},
		Rules: []string{"106.1", "106.5", "106.7", "106.12", "616.1", "605.1a"},
		Description: "Every mana ability offers exactly, and adds one of, the amounts the rules give on the " +
			"current battlefield: its own production, the \"tapped for mana\" replacement effects that apply to " +
			"it in every order, and the triggered mana abilities it sets off; nothing else.",
		Needs: needsManaQueries,
		Steer: gen.Steer{
			Name: "mana.outcomes",
			Recipes: []gen.Recipe{
				{Name: "effects where they don't apply", Weight: 2,
					Mine:   gen.Cards("Llanowar Elves", "Gaea's Cradle", "Reflecting Pool", "Pili-Pala", "Fellwar Stone"),
					Theirs: gen.Cards("Mana Reflection", "Contamination", "Gauntlet of Power", "Wild Growth", "Nyxbloom Ancient")},
				{Name: "everything", Mine: gen.Cards("Mana Flare", "Mana Reflection", "Meteor Crater", "Exotic Orchard", "Forest", "Vivid Crag"),
					Theirs: gen.Cards("Heartbeat of Spring", "Contamination", "Island")},
			},
			Actions: gen.PreferMana(),
		},
		Check: func(eng harness.Engine, tr *gen.Trace) Verdict {
			return outcomeCheck{
				situation: func(or *manaoracle.Oracle, p *harness.Object, a manaoracle.Ability) bool { return a.Mana },
				why:       explainEffects,
				classify:  outcomeRuling,
				clause:    outcomeClause,
			}.run(eng, tr)
		},
		Clauses: []Clause{
			{Name: "undefined", Rules: []string{"106.5"}, Description: "The outcomes offered for an ability whose type is undefined now."},
			{Name: "no-tap-under-effects", Rules: []string{"106.12"},
				Description: "The outcomes offered for an ability without {T} whose source a \"tapped for mana\" effect would touch if it had {T}."},
			{Name: "replacements", Rules: []string{"106.12b", "616.1"},
				Description: "The outcomes offered while a \"tapped for mana\" replacement effect is on the battlefield, applicable or not."},
			{Name: "triggers", Rules: []string{"106.12a", "605.1b"},
				Description: "The outcomes offered while a \"tapped for mana\" triggered mana ability is on the battlefield, applicable or not."},
			{Name: "production", Rules: []string{"106.1", "106.7"},
				Description: "The outcomes offered for an ability on a battlefield without \"tapped for mana\" effects: its own production."},
			{Name: "added", Rules: []string{"106.1", "605.3b"},
				Description: "What an activation added is one of the outcomes the rules give."},
		},
	}
}

// outcomeClause names the clause of mana.outcomes a moment reaches: for a query, what the
// board holds that the answer depends on (as outcomeRuling reads it).
func outcomeClause(or *manaoracle.Oracle, p *harness.Object, a manaoracle.Ability, activated bool) string {
	if activated {
		return "added"
	}
	switch ruling, _ := outcomeRuling(or, p, a); ruling {
	case "mana.undefined-type":
		return "undefined"
	case "mana.tap-for-mana":
		return "no-tap-under-effects"
	case "mana.tapped-replacement":
		return "replacements"
	case "mana.tapped-trigger":
		return "triggers"
	}
	return "production"
}

// outcomeRuling names the ruling a wrong answer about ability a of p most likely breaks,
// from what is on the oracle's board: an undefined type; a "tapped for mana" effect that
// would apply if the ability had {T} (it hasn't); replacement effects, then triggered mana
// abilities, present (applicable or not: an effect applied where it doesn't belong breaks
// its ruling too); otherwise what the ability would produce (CR 106.7).
func outcomeRuling(or *manaoracle.Oracle, p *harness.Object, a manaoracle.Ability) (string, string) {
	switch {
	case or.Undefined(p, a):
		return "mana.undefined-type", "106.5"
	case !a.HasT && or.Effects.Touches(p):
		return "mana.tap-for-mana", "106.12"
	case len(or.Effects.Replacements) > 0:
		return "mana.tapped-replacement", "106.12b"
	case len(or.Effects.Triggers) > 0:
		return "mana.tapped-trigger", "106.12a"
	}
	return "mana.could-produce", "106.7"
}
