package props

import (
	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// historicCastOnly checks ruling historic.cast-only: "whenever you cast a historic spell"
// triggers when a spell becomes cast (CR 601.2i), so a historic card put onto the
// battlefield without being cast (Sneak Attack, a card returned from exile, a token
// created) sets off no such trigger. The relation checked, from the snapshots: the number
// of those triggers that go on the stack after a historic spell becomes cast is the
// number of such abilities its caster controls, and after a permanent enters uncast it is
// none.
func historicCastOnly() *Property {
	return &Property{
		ID:      "historic.cast-only",
		Rulings: []string{"historic.cast-only"},
		Rules:   []string{"700.6", "601.2i", "603.2"},
		Description: "\"Whenever you cast a historic spell\" triggers once per such ability as a historic spell becomes cast, " +
			"and never for a historic permanent put onto the battlefield without being cast (Sneak Attack).",
		Needs: historicNeeds,
		Clauses: []Clause{
			{Name: "cast", Rules: []string{"601.2i", "603.2"},
				Description: "a historic spell becomes cast: each of its caster's \"whenever you cast a historic spell\" abilities triggers once"},
			{Name: "put-onto-battlefield", Rules: []string{"601.2i", "700.6"},
				Description: "a historic permanent enters the battlefield without being cast, under a player with such an ability: nothing triggers"},
		},
		Steer: historicSteer("historic.cast-only", "sneak attack"),
		Check: checkHistoricCastOnly,
	}
}

func checkHistoricCastOnly(_ harness.Engine, tr *gen.Trace) Verdict {
	const ruling = "historic.cast-only"
	var v Verdict
	for _, m := range historicMoments(tr) {
		if m.watchers == 0 || len(historicQualities(m.obj)) == 0 {
			continue
		}
		switch m.how {
		case becameCast:
			judgeHistoricTriggers(&v, tr, m, ruling, "601.2i", "cast", "one for each such ability its caster controls", m.watchers)
		case becamePut:
			judgeHistoricTriggers(&v, tr, m, ruling, "601.2i", "put-onto-battlefield", "it was put onto the battlefield, not cast", 0)
		}
	}
	return v
}
