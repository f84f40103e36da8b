package props

import (
	"fmt"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props/internal/manaoracle"
)

// couldRelations checks ruling mana.could-produce by relations between the engine's own
// answers, which hold whatever the cards are (metamorphic checks; no oracle of the
// permanent's own production is needed):
//
//   - CouldProduce(X) is exactly the union of the types of every outcome X's mana abilities
//     offer (CR 106.7: "would produce if it resolved", costs ignored, like ManaOutcomes),
//     for a permanent no triggered mana ability adds to (their mana is the trigger's, not
//     X's);
//   - Reflecting Pool offers one mana of each type in the union of CouldProduce over the
//     lands its controller controls, and Exotic Orchard / Fellwar Stone one mana of each
//     colour in that union over the opponent's lands, then replacement effects and triggers
//     as the rules apply them; nothing at all when the union is empty (106.5).
func couldRelations() *Property {
	return &Property{
		ID:      "mana.could-produce/relations",
		Rulings: []string{"mana.could-produce", "mana.undefined-type"},
		Rules:   []string{"106.7", "106.5", "616.1"},
		Description: "The engine's answers agree with each other: CouldProduce(X) is the union of the types of " +
			"the outcomes X's mana abilities offer, and Reflecting Pool / Exotic Orchard / Fellwar Stone offer " +
			"exactly the types (colours) in the union of CouldProduce over the lands they look at.",
		Needs: needsManaQueries,
		Steer: gen.Steer{
			Name: "mana.could-produce/relations",
			Recipes: []gen.Recipe{
				{Name: "pool chains", Weight: 2, Mine: gen.Cards("Reflecting Pool", "Exotic Orchard", "Vivid Crag", "Mana Reflection"),
					Theirs: gen.Cards("Exotic Orchard", "Reflecting Pool", "Fellwar Stone")},
				{Name: "contaminated orchards", Mine: gen.Cards("Exotic Orchard", "Contamination"), Theirs: gen.Cards("Reflecting Pool", "Forest")},
			},
			Actions: gen.PreferMana(),
		},
		Check: checkCouldRelations,
		Clauses: []Clause{
			{Name: "union-of-outcomes", Rules: []string{"106.7"},
				Description: "CouldProduce of a permanent with mana abilities is the union of the types of the outcomes they offer."},
			{Name: "own-lands", Rules: []string{"106.7", "106.5"},
				Description: "Reflecting Pool offers exactly the types CouldProduce gives for the lands its controller controls."},
			{Name: "opponent-lands", Rules: []string{"106.7", "106.5"},
				Description: "Exotic Orchard and Fellwar Stone offer exactly the colours CouldProduce gives for the lands an opponent controls."},
		},
	}
}

func checkCouldRelations(eng harness.Engine, tr *gen.Trace) Verdict {
	const ruling, rule = "mana.could-produce", "106.7"
	var v Verdict
	mq, ok := harness.ManaQueriesOf(eng)
	if !ok {
		return v
	}
	for m := range distinctBoards(tr) {
		or := oracleAt(tr, m.Snap)
		if or.Effects.Unknown {
			continue
		}
		q := &queries{eng: mq, st: m.State}
		for i := range m.Snap.Battlefield {
			p := m.Snap.Battlefield[i]
			if or.HasOwnTrigger(p) || len(or.Effects.TriggersFor(p, true)) > 0 {
				continue
			}
			union, err := q.offeredTypes(p)
			if err == nil {
				var got harness.TypeSet
				if got, err = q.could(p.Card); err == nil {
					if len(manaoracle.ManaAbilities(p)) > 0 {
						v.Reach("union-of-outcomes")
					}
					if got != union {
						v.add("union-of-outcomes", violation(m.Step, ruling, rule,
							fmt.Sprintf("what %s could produce", describe(p)),
							manaoracle.TypeList(union)+", the types of the outcomes its mana abilities offer (both ignore costs and consider every replacement order, CR 106.7)",
							manaoracle.TypeList(got)))
					}
				}
			}
			if err != nil {
				v.add("union-of-outcomes", queryError(m.Step, ruling, rule,
					fmt.Sprintf("asking about %s", describe(p)), err))
			}
		}
		for i := range m.Snap.Battlefield {
			p := m.Snap.Battlefield[i]
			for _, ai := range manaoracle.ManaAbilities(p) {
				checkDerivedRelation(tr, m, or, q, p, ai, &v)
			}
		}
	}
	return v
}

// checkDerivedRelation compares what a Reflecting Pool-like ability offers with what the
// engine says the lands it looks at could produce.
func checkDerivedRelation(tr *gen.Trace, m moment, or *manaoracle.Oracle, q *queries, p *harness.Object, ai int, v *Verdict) {
	const ruling = "mana.could-produce"
	a := manaoracle.ParseAbility(p.Abilities[ai])
	var who harness.Player
	var colorsOnly bool
	clause := "own-lands"
	switch a.Prod.Kind {
	case manaoracle.ProdLandYouType:
		who = p.Controller
	case manaoracle.ProdLandOppColor:
		who, colorsOnly, clause = p.Controller.Opponent(), true, "opponent-lands"
	default:
		return
	}
	var union harness.TypeSet
	for i := range m.Snap.Battlefield {
		l := m.Snap.Battlefield[i]
		if !isLand(l) || l.Controller != who {
			continue
		}
		t, err := q.could(l.Card)
		if err != nil {
			return // reported by the first relation
		}
		union = union.Union(t)
	}
	if colorsOnly {
		union = union.Colors()
	}
	want, ok := or.OutcomesFrom(p, a, manaoracle.OnePerType(union))
	if !ok {
		return
	}
	v.Reach(clause)
	what := fmt.Sprintf("the outcomes offered for %s", abilityName(p, ai))
	got, err := q.outcomes(p.Card, ai)
	if err != nil {
		v.add(clause, queryError(m.Step, ruling, "106.7", what, err))
		return
	}
	if !manaoracle.SameMana(want, got) {
		src := fmt.Sprintf("the lands %s controls", who)
		kind := "type"
		if colorsOnly {
			kind = "colour"
		}
		exp := fmt.Sprintf("exactly %s: one mana of each %s in %s, what the engine says %s could produce (CR 106.7), %s",
			manaoracle.ManaList(want), kind, manaoracle.TypeList(union), src, explainEffects(or, p, a))
		rule := "106.7"
		if union == 0 {
			rule = "106.5"
		}
		v.add(clause, violation(m.Step, ruling, rule, what, exp, manaoracle.ManaList(manaoracle.ManaSet(got))))
	}
}

// queries memoises the engine's answers about one state.
type queries struct {
	eng   harness.ManaQueries
	st    harness.State
	cp    map[harness.CardID]harness.TypeSet
	outs  map[[2]int][]harness.Mana
	cpErr map[harness.CardID]error
}

func (q *queries) could(c harness.CardID) (harness.TypeSet, error) {
	if t, ok := q.cp[c]; ok {
		return t, nil
	}
	if err, ok := q.cpErr[c]; ok {
		return 0, err
	}
	t, err := q.eng.CouldProduce(q.st, c)
	if err != nil {
		if q.cpErr == nil {
			q.cpErr = map[harness.CardID]error{}
		}
		q.cpErr[c] = err
		return 0, err
	}
	if q.cp == nil {
		q.cp = map[harness.CardID]harness.TypeSet{}
	}
	q.cp[c] = t
	return t, nil
}

func (q *queries) outcomes(c harness.CardID, ai int) ([]harness.Mana, error) {
	k := [2]int{int(c), ai}
	if ms, ok := q.outs[k]; ok {
		return ms, nil
	}
	ms, err := q.eng.ManaOutcomes(q.st, c, ai)
	if err != nil {
		return nil, err
	}
	if q.outs == nil {
		q.outs = map[[2]int][]harness.Mana{}
	}
	q.outs[k] = ms
	return ms, nil
}

// offeredTypes is the union of the types of every outcome of every mana ability of p.
func (q *queries) offeredTypes(p *harness.Object) (harness.TypeSet, error) {
	var set harness.TypeSet
	for _, ai := range manaoracle.ManaAbilities(p) {
		ms, err := q.outcomes(p.Card, ai)
		if err != nil {
			return 0, err
		}
		for _, m := range ms {
			set = set.Union(m.Types())
		}
	}
	return set, nil
}
