package props

import (
	"slices"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// historicDefinition checks ruling historic.definition: an object is historic if it is
// legendary, an artifact or a Saga, as it is now (CR 700.6); having two of these makes it
// no more historic. The relation checked: a spell becoming cast sets off each of its
// caster's "whenever you cast a historic spell" abilities once if the characteristics the
// snapshot reported for the card just before it was cast include one or more of the
// three, and none otherwise.
func historicDefinition() *Property {
	return &Property{
		ID:          "historic.definition",
		Rulings:     []string{"historic.definition"},
		Rules:       []string{"700.6"},
		Description: "A spell is historic when it is legendary, an artifact or a Saga, counted once however many of these it is: a \"whenever you cast a historic spell\" ability triggers once for it, and never for another spell.",
		Needs:       historicNeeds,
		Clauses: []Clause{
			{Name: "one-quality", Rules: []string{"700.6"},
				Description: "a spell that is legendary, an artifact or a Saga, one of these only, triggers each such ability once"},
			{Name: "two-qualities", Rules: []string{"700.6"},
				Description: "a spell with two of these (a legendary artifact) triggers each such ability once, not twice"},
			{Name: "not-historic", Rules: []string{"700.6"},
				Description: "a spell with none of these triggers nothing"},
			{Name: "saga", Rules: []string{"700.6", "714.1"},
				Description: "a Saga spell, neither legendary nor an artifact, triggers each such ability once: the Saga subtype alone makes it historic"},
		},
		Steer: historicSteer("historic.definition", "skull and watchers"),
		Check: checkHistoricDefinition,
	}
}

func checkHistoricDefinition(_ harness.Engine, tr *gen.Trace) Verdict {
	const ruling = "historic.definition"
	var v Verdict
	for _, m := range historicMoments(tr) {
		if m.how != becameCast || m.watchers == 0 {
			continue
		}
		switch q := len(historicQualities(m.obj)); {
		case q == 0:
			judgeHistoricTriggers(&v, tr, m, ruling, "700.6", "not-historic", "the spell is not historic", 0)
		case q == 1 && slices.Contains(m.obj.Subtypes, "Saga"):
			judgeHistoricTriggers(&v, tr, m, ruling, "700.6", "saga", "one for each such ability its caster controls: a Saga is historic", m.watchers)
		case q == 1:
			judgeHistoricTriggers(&v, tr, m, ruling, "700.6", "one-quality", "one for each such ability its caster controls", m.watchers)
		default:
			judgeHistoricTriggers(&v, tr, m, ruling, "700.6", "two-qualities", "one for each such ability its caster controls: being historic twice over counts once", m.watchers)
		}
	}
	return v
}
