package props

import (
	"fmt"
	"slices"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props/internal/manaoracle"
)

// couldProduce checks ruling mana.could-produce against the oracle: on every distinct
// battlefield of the trace, the engine's CouldProduce of each permanent equals the set the
// oracle computes from the computed characteristics alone (CR 106.7): the types each of its
// mana abilities would produce if it resolved now, replacement effects in any order, costs
// ignored, none when undefined; Reflecting Pool and Exotic Orchard chains as a least
// fixpoint (two Pools alone could produce nothing).
func couldProduce() *Property {
	return &Property{
		ID:      "mana.could-produce",
		Rulings: []string{"mana.could-produce"},
		Rules:   []string{"106.7", "616.1", "106.5", "106.12b"},
		Description: "What a permanent could produce is every type its mana abilities would produce if they " +
			"resolved now, with replacement effects in any order and costs ignored (a tapped land, Vivid Crag " +
			"without charge counters, Pili-Pala without mana still count), none when undefined; Reflecting Pool " +
			"and Exotic Orchard chains are a least fixpoint.",
		Needs: needsManaQueries,
		Steer: gen.Steer{
			Name: "mana.could-produce",
			Recipes: []gen.Recipe{
				{Name: "pools and orchards", Weight: 2, Mine: gen.Cards("Reflecting Pool", "Exotic Orchard", "Fellwar Stone"),
					Theirs: gen.Cards("Exotic Orchard", "Reflecting Pool", "Vivid Crag")},
				{Name: "contamination", Mine: gen.Cards("Contamination", "Reflecting Pool", "Gaea's Cradle"),
					Theirs: gen.Cards("Exotic Orchard", "Vivid Crag")},
				{Name: "costs to ignore", Mine: gen.Cards("Vivid Crag", "Pili-Pala", "Reflecting Pool"),
					Theirs: gen.Cards("Vivid Crag", "Fellwar Stone")},
			},
			Actions: gen.PreferMana(),
		},
		Check: checkCouldProduce,
		Clauses: []Clause{
			{Name: "derived", Rules: []string{"106.7"},
				Description: "A permanent whose mana abilities derive their type from other permanents (Reflecting Pool, Exotic Orchard, Fellwar Stone, Meteor Crater), chains included."},
			{Name: "undefined", Rules: []string{"106.5", "106.7"},
				Description: "A permanent with a mana ability whose type is undefined now: it could produce nothing by that ability."},
			{Name: "cost-ignored", Rules: []string{"106.7"},
				Description: "A mana ability whose cost is more than {T} (Vivid Crag's counters, Pili-Pala's {2}, {Q}) or can't be paid now (a tapped source): costs are ignored."},
			{Name: "replaced", Rules: []string{"106.7", "616.1", "106.12b"},
				Description: "A permanent whose production a replacement effect (Contamination, Mana Reflection) modifies, in any order."},
			{Name: "counted", Rules: []string{"106.7"},
				Description: "A fixed-type ability whose amount is counted (Gaea's Cradle): it could produce that type even when the count is 0."},
			{Name: "plain", Rules: []string{"106.7"},
				Description: "An untapped permanent whose mana abilities are plain \"{T}: Add\" texts no effect modifies."},
			{Name: "no-mana-ability", Rules: []string{"106.7"},
				Description: "A permanent with no mana ability could produce nothing."},
		},
	}
}

func checkCouldProduce(eng harness.Engine, tr *gen.Trace) Verdict {
	const ruling, rule = "mana.could-produce", "106.7"
	var v Verdict
	mq, ok := harness.ManaQueriesOf(eng)
	if !ok {
		return v
	}
	for m := range distinctBoards(tr) {
		or := oracleAt(tr, m.Snap)
		for i := range m.Snap.Battlefield {
			p := m.Snap.Battlefield[i]
			want, ok := or.CouldProduce(p.Card)
			if !ok {
				continue
			}
			clauses := couldClauses(or, p)
			for _, c := range clauses {
				v.Reach(c)
			}
			what := fmt.Sprintf("what %s could produce", describe(p))
			got, err := mq.CouldProduce(m.State, p.Card)
			if err != nil {
				v.add(clauses[0], queryError(m.Step, ruling, rule, what, err))
				continue
			}
			if got != want {
				v.add(clauses[0], violation(m.Step, ruling, rule, what,
					manaoracle.TypeList(want)+" ("+couldWhy(or, p)+")", manaoracle.TypeList(got)))
			}
		}
	}
	return v
}

// couldClauses names the clauses of mana.could-produce p's answer reaches: what it depends
// on beyond a fixed "{T}: Add" text (a derived, maybe undefined, or counted type, a cost to
// ignore, a replacement effect), else "plain", or "no-mana-ability". Never empty.
func couldClauses(or *manaoracle.Oracle, p *harness.Object) []string {
	var out []string
	add := func(c string) {
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	for _, ai := range manaoracle.ManaAbilities(p) {
		a := manaoracle.ParseAbility(p.Abilities[ai])
		switch {
		case or.Undefined(p, a):
			add("undefined")
		case a.Prod.Derived():
			add("derived")
		case a.Prod.Kind == manaoracle.ProdPerCreature:
			add("counted")
		}
		if a.Cost != "{T}" || p.Tapped {
			add("cost-ignored")
		}
		if len(or.Effects.ReplacementsFor(p, a.HasT)) > 0 {
			add("replaced")
		}
	}
	switch {
	case len(out) > 0:
	case len(manaoracle.ManaAbilities(p)) > 0:
		out = append(out, "plain")
	default:
		out = append(out, "no-mana-ability")
	}
	return out
}

// couldWhy says where the oracle's set comes from, ability by ability.
func couldWhy(or *manaoracle.Oracle, p *harness.Object) string {
	abs := manaoracle.ManaAbilities(p)
	if len(abs) == 0 {
		return "it has no mana ability"
	}
	s := ""
	for n, ai := range abs {
		a := manaoracle.ParseAbility(p.Abilities[ai])
		var types harness.TypeSet
		for _, b := range or.Base(p, a) {
			for _, r := range or.Replaced(p, a, b) {
				types = types.Union(r.Types())
			}
		}
		if n > 0 {
			s += "; "
		}
		s += fmt.Sprintf("%q gives %s", p.Abilities[ai], manaoracle.TypeList(types))
		if a.Cost != "{T}" && a.Cost != "" {
			s += " whether or not its cost can be paid"
		}
		if reps := or.Effects.ReplacementsFor(p, a.HasT); len(reps) > 0 {
			s += " after replacement effects in any order"
		}
		if or.Undefined(p, a) {
			s += " (undefined: " + undefinedWhy(p, a) + ")"
		}
	}
	return s
}
