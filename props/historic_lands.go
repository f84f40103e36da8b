package props

import (
	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// historicLands checks ruling historic.lands-and-transform: a land is played, a special
// action, never cast (CR 305.1, 116.2a), so playing a historic land (Academy Ruins is
// legendary, Darksteel Citadel an artifact), from the hand or from the top of the library
// with Crystal Skull's permission, sets off no "whenever you cast a historic spell"
// ability; nor does a permanent that transforms into something historic (Westvale Abbey
// into legendary Ormendahl, Profane Prince): it is the same object, neither cast nor
// entering (712.18, 701.27a, 601.2i).
func historicLands() *Property {
	return &Property{
		ID:          "historic.lands-and-transform",
		Rulings:     []string{"historic.lands-and-transform"},
		Rules:       []string{"305.1", "116.2a", "601.2i", "712.18", "701.27a", "700.6"},
		Description: "Playing a historic land, from the hand or from the top of the library, or a permanent transforming into something historic, triggers no \"whenever you cast a historic spell\" ability: lands are played and permanents transform, never cast.",
		Needs:       historicNeeds,
		Clauses: []Clause{
			{Name: "land-from-hand", Rules: []string{"305.1", "116.2a"},
				Description: "a historic land played from the hand under such an ability triggers nothing"},
			{Name: "land-from-top", Rules: []string{"305.1", "601.3"},
				Description: "a historic land played from the top of the library (Crystal Skull) under such an ability triggers nothing"},
			{Name: "transform", Rules: []string{"712.18", "701.27a", "601.2i", "700.6"},
				Description: "a permanent that transforms into something historic (Westvale Abbey into legendary Ormendahl) under such an ability triggers nothing"},
		},
		Steer: historicSteer("historic.lands-and-transform", "skull and watchers"),
		Check: checkHistoricLands,
	}
}

func checkHistoricLands(_ harness.Engine, tr *gen.Trace) Verdict {
	const ruling = "historic.lands-and-transform"
	var v Verdict
	for _, m := range historicMoments(tr) {
		if m.how != becameLand || m.watchers == 0 || len(historicQualities(m.obj)) == 0 {
			continue
		}
		clause := "land-from-hand"
		if m.fromTop {
			clause = "land-from-top"
		}
		judgeHistoricTriggers(&v, tr, m, ruling, "305.1", clause, "a land is played, not cast", 0)
	}
	for _, m := range transformMoments(tr) {
		if len(historicQualities(m.after)) == 0 || historicWatchers(tr.Steps[m.step].Before, m.after.Controller) == 0 {
			continue
		}
		hm := historicMoment{step: m.step, how: becameTransformed, obj: m.after, player: m.after.Controller}
		for _, c := range appendCounted(nil, tr, hm) {
			judgeHistoricTriggers(&v, tr, c, ruling, "712.18", "transform", "a permanent transforms, the same object, and is not cast", 0)
		}
	}
	return v
}
