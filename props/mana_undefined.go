package props

import (
	"fmt"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props/internal/manaoracle"
)

// undefinedType checks ruling mana.undefined-type: an ability that would produce mana of an
// undefined type produces no mana instead (CR 106.5); it is still a mana ability, and can
// still be activated (605.1a, 605.2).
//
// The situation: a mana ability whose type is derived from other permanents (Reflecting
// Pool, Exotic Orchard, Fellwar Stone, Meteor Crater) with nothing to derive it from, by
// the oracle's own reading of the battlefield. Each distinct battlefield where one exists
// asks the engine for its offered outcomes (must be exactly "no mana"); each activation of
// one must add nothing; and while its controller has priority and it is untapped, its
// activation must be listed as legal.
func undefinedType() *Property {
	return &Property{
		ID:      "mana.undefined-type",
		Rulings: []string{"mana.undefined-type"},
		Rules:   []string{"106.5", "106.1b", "605.2", "106.7"},
		Description: "A mana ability whose type of mana can't be defined now (Reflecting Pool with no other " +
			"land that could produce mana, Exotic Orchard or Fellwar Stone facing no coloured land, Meteor " +
			"Crater among colourless permanents) offers and adds no mana at all, and can still be activated.",
		Needs: needsManaQueries,
		Steer: gen.Steer{
			Name: "mana.undefined-type",
			Recipes: []gen.Recipe{
				{Name: "pool alone", Weight: 2, Mine: gen.Cards("Reflecting Pool"), AvoidMine: gen.Land},
				{Name: "two pools", Mine: []gen.Pick{{Card: "Reflecting Pool", Weight: 30}}, AvoidMine: gen.Land},
				{Name: "orchard facing colourless", Mine: gen.Cards("Exotic Orchard", "Fellwar Stone"),
					Theirs: gen.Cards("Wastes", "Darksteel Citadel", "Reflecting Pool", "Mutavault"), AvoidTheirs: gen.Land},
				{Name: "crater among colourless", Mine: gen.Cards("Meteor Crater", "Darksteel Citadel", "Pili-Pala", "Walking Ballista"),
					AvoidMine: gen.Creature | gen.Enchantment},
			},
			Actions: gen.PreferMana(),
			Prefer:  preferAbilityKind(func(a manaoracle.Ability) bool { return a.Mana && a.Prod.Derived() }),
		},
		Check: checkUndefinedType,
		Clauses: []Clause{
			{Name: "own-lands-offer-nothing", Rules: []string{"106.5", "106.7"},
				Description: "A type from the lands its controller controls (Reflecting Pool), none of which could produce mana, is offered as no mana."},
			{Name: "opponent-lands-offer-nothing", Rules: []string{"106.5", "106.7"},
				Description: "A colour from the lands an opponent controls (Exotic Orchard, Fellwar Stone), none of which could produce a colour, is offered as no mana."},
			{Name: "permanent-colors-offer-nothing", Rules: []string{"106.5"},
				Description: "A colour of a permanent its controller controls (Meteor Crater), none of which has a colour, is offered as no mana."},
			{Name: "adds-nothing", Rules: []string{"106.5", "106.1b"},
				Description: "Activating an ability whose type is undefined adds no mana."},
			{Name: "still-activatable", Rules: []string{"605.1a", "605.2"},
				Description: "An untapped noncreature source of such an ability with a {T} cost is listed as activatable while its controller has priority."},
		},
	}
}

// undefinedClause names the clause of mana.undefined-type a moment about ability a of p
// reaches: what the type is derived from, for an offered-outcomes query.
func undefinedClause(_ *manaoracle.Oracle, _ *harness.Object, a manaoracle.Ability, activated bool) string {
	switch {
	case activated:
		return "adds-nothing"
	case a.Prod.Kind == manaoracle.ProdLandYouType:
		return "own-lands-offer-nothing"
	case a.Prod.Kind == manaoracle.ProdLandOppColor:
		return "opponent-lands-offer-nothing"
	}
	return "permanent-colors-offer-nothing"
}

func checkUndefinedType(eng harness.Engine, tr *gen.Trace) Verdict {
	const ruling, rule = "mana.undefined-type", "106.5"
	var v Verdict
	situation := func(or *manaoracle.Oracle, p *harness.Object, a manaoracle.Ability) bool {
		return a.Mana && or.Undefined(p, a)
	}
	why := func(or *manaoracle.Oracle, p *harness.Object, a manaoracle.Ability) string { return undefinedWhy(p, a) }
	oc := outcomeCheck{ruling: ruling, rule: rule, situation: situation, why: why, clause: undefinedClause}
	v = oc.run(eng, tr)

	// Still a mana ability that can be activated (CR 605.1a: it "could add mana"; the
	// rulings: "the ability can still be activated"). Only plain "{T}" costs of
	// noncreatures are judged, so no other cost or summoning sickness is in the way.
	ors := newOracles(tr)
	for i := range tr.Steps {
		st := &tr.Steps[i]
		b := st.Before
		if b.Pending != nil || b.Priority == harness.NoPlayer || b.GameOver {
			continue
		}
		for j := range b.Battlefield {
			p := b.Battlefield[j]
			if p.Controller != b.Priority || p.Tapped || isCreature(p) {
				continue
			}
			for _, ai := range manaoracle.ManaAbilities(p) {
				a := manaoracle.ParseAbility(p.Abilities[ai])
				if a.Cost != "{T}" || !a.Prod.Derived() || !ors.at(b).Undefined(p, a) {
					continue
				}
				v.Reach("still-activatable")
				if !listsActivation(st.Legal, p.Card, ai) {
					v.add("still-activatable", violation(i-1, ruling, "605.2",
						fmt.Sprintf("the legal actions of %s", b.Priority),
						fmt.Sprintf("activating %s listed: it is still a mana ability and can be activated, though it would produce no mana (CR 605.1a, 106.5)", abilityName(p, ai)),
						"not listed"))
				}
			}
		}
	}
	return v
}

// listsActivation reports whether legal holds an activation of ability ai of card c.
func listsActivation(legal []harness.Action, c harness.CardID, ai int) bool {
	for _, a := range legal {
		if a.Kind == harness.Activate && a.Card == c && a.Ability == ai {
			return true
		}
	}
	return false
}
