package props

import (
	"fmt"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// layerRules checks power and toughness through the layers (CR 613.4) by a metamorphic
// relation: a creature's P/T is its layer 7b value (or printed) plus its layer 7c changes,
// +1/+1 counters among them (613.4c), so a +1/+1 counter more or less changes both by
// exactly one, whatever else applies. The trace is replayed from its setup with one
// permanent given one +1/+1 counter more (or, if it has some, one fewer), and that
// permanent's P/T is compared with the original at every moment both games show it as
// the object it was at the start. A P/T-setting effect (Mutavault's, layer 7b) must not
// erase the counter, nor the pumps applied after it.
func layerRules() *Property {
	return &Property{
		ID:      "rules.layers",
		Rulings: []string{"rules.layers"},
		Rules:   []string{"613.4b", "613.4c", "613.7", "122.1a", "611.3", "613.1f", "301.5c"},
		Description: "A +1/+1 counter more or less on a permanent changes its power and toughness by exactly one each, " +
			"at every moment it has P/T, whatever effects apply: a P/T-setting effect (layer 7b) erases neither counters " +
			"nor the changes of layer 7c. A static ability that modifies other creatures (an Equipment's, an anthem's) " +
			"changes exactly what it names, by exactly what it prints.",
		Clauses: []Clause{
			{Name: "added", Rules: []string{"613.4c", "122.1a"}, Description: "With one +1/+1 counter more, the permanent is +1/+1 at every moment it has P/T."},
			{Name: "removed", Rules: []string{"613.4c", "122.1a"}, Description: "With one +1/+1 counter fewer, the permanent is -1/-1 at every moment it has P/T."},
			{Name: "animated", Rules: []string{"613.4b", "613.4c"}, Description: "The relation holds while a P/T-setting effect makes a noncreature permanent a creature (Mutavault)."},
			{Name: "pump-after-setting", Rules: []string{"613.4b", "613.4c", "613.7"}, Description: "A pump taken after a P/T-setting ability adds its printed amount over the game with the setting ability alone."},
			{Name: "pump-before-setting", Rules: []string{"613.4b", "613.4c", "613.7"}, Description: "A pump taken before a P/T-setting ability with a later timestamp still adds its printed amount: 7c applies after 7b."},
			{Name: "attached-gets", Rules: []string{"611.3", "613.4c", "301.5c"}, Description: "A board set up as a new game has the creature an \"Equipped (Enchanted) creature gets +N/+M\" permanent is attached to exactly +N/+M bigger than the same board without that permanent, and every other creature the same."},
			{Name: "attached-has", Rules: []string{"611.3", "613.1f", "301.5c"}, Description: "A board set up as a new game has the creature an \"Equipped creature has \"...\"\" permanent is attached to with that ability exactly once more than the same board without that permanent, and every other creature with it as often."},
			{Name: "chosen-color", Rules: []string{"611.3", "613.4c", "614.12"}, Description: "A board set up as a new game has each creature of the colour chosen for a \"Creatures of the chosen color get +N/+M\" permanent exactly +N/+M bigger than the same board without that permanent, and every other creature the same."},
		},
		Steer: gen.Steer{
			Name: "rules.layers",
			Recipes: []gen.Recipe{
				{Name: "animated lands", Weight: 3, Mine: []gen.Pick{{Card: "Mutavault", Weight: 30}, {Card: "Wastes", Weight: 12}, {Card: "Forest", Weight: 12}},
					Hand: []gen.Pick{{Card: "Giant Growth", Weight: 20}}, MinHand: 1, MinPermanents: 3},
				{Name: "counters and pumps", Mine: gen.Cards("Walking Ballista", "Hangarback Walker", "Grizzly Bears", "Gauntlet of Power", "Forest"),
					Hand: gen.Cards("Giant Growth")},
				// Static abilities that modify other creatures (611.3): Equipment to move
				// between creatures of several colours, and an anthem of a chosen colour.
				{Name: "equipment and anthems", Weight: 2,
					Mine: []gen.Pick{{Card: "Bonesplitter", Weight: 25}, {Card: "Umbral Mantle", Weight: 20}, {Card: "Gauntlet of Power", Weight: 20},
						{Card: "Grizzly Bears", Weight: 20}, {Card: "Llanowar Elves", Weight: 10}, {Card: "Ornithopter", Weight: 10},
						{Card: "Mutavault", Weight: 10}, {Card: "Forest", Weight: 15}, {Card: "Wastes", Weight: 15}},
					Theirs: []gen.Pick{{Card: "Grizzly Bears", Weight: 20}, {Card: "Hill Giant", Weight: 15}, {Card: "Gauntlet of Power", Weight: 10},
						{Card: "Mountain", Weight: 20}},
					Pool:          harness.Of(harness.Colorless, 3),
					MinPermanents: 4},
			},
			Actions: &gen.ActionWeights{Pass: 5, Preferred: 20, Mana: 6, Land: 2, Cast: 3, Pay: 10, Activate: 3, Attack: 1, Choose: 4, Cancel: 1},
			Prefer:  preferPumps,
		},
		Check: checkLayers,
	}
}

func checkLayers(eng harness.Engine, tr *gen.Trace) Verdict {
	var v Verdict
	checkPTOrder(eng, tr, &v)
	checkStatics(eng, tr, &v)
	ms := moments(tr)
	pick, ok := counterSubject(tr, ms)
	if !ok {
		return v
	}
	setup := tr.Setup.Clone()
	clause, delta := "added", 1
	pm := &setup.Players[pick.player].Battlefield[pick.index]
	counters := map[string]int{}
	for k, n := range pm.Counters {
		counters[k] = n
	}
	if counters["+1/+1"] > 0 {
		clause, delta = "removed", -1
	}
	counters["+1/+1"] += delta
	if counters["+1/+1"] == 0 {
		delete(counters, "+1/+1")
	}
	pm.Counters = counters
	other := gen.Replay(eng, setup, tr.Actions())
	os := moments(other)
	card := pm.ID
	first, second := tr.Start.Permanent(card), other.Start.Permanent(card)
	if first == nil || second == nil {
		return v
	}
	wasCreature := isCreature(first)
	for k := 0; k < len(ms) && k < len(os); k++ {
		a, b := ms[k].Snap.Permanent(card), os[k].Snap.Permanent(card)
		if a == nil || b == nil || a.Object != first.Object || b.Object != second.Object {
			return v // it changed zones in one of the games: a new object, no longer comparable
		}
		if a.Power == nil || b.Power == nil || a.Toughness == nil || b.Toughness == nil {
			continue
		}
		v.Reach(clause)
		judged := clause
		if !wasCreature && isCreature(a) {
			v.Reach("animated")
			judged = "animated"
		}
		dc := b.Counters["+1/+1"] - a.Counters["+1/+1"]
		dp, dt := *b.Power-*a.Power, *b.Toughness-*a.Toughness
		if dp == dc && dt == dc {
			continue
		}
		v.Violations = append(v.Violations, clauseViolation(ms[k].Step, "rules.layers", "613.4c", judged,
			describe(a),
			fmt.Sprintf("%+d/%+d in the same game with %s: the +1/+1 counters differ by %d, and counters apply in layer 7c after any P/T-setting effect (CR 613.4b-c)",
				dc, dc, counterChange(delta), dc),
			fmt.Sprintf("%d/%d here, %d/%d there (%+d/%+d)", *a.Power, *a.Toughness, *b.Power, *b.Toughness, dp, dt)))
		return v
	}
	return v
}

func counterChange(delta int) string {
	if delta > 0 {
		return "one +1/+1 counter more on it in the setup"
	}
	return "one +1/+1 counter fewer on it in the setup"
}

// subject is a setup permanent, by player and index into their battlefield.
type subject struct {
	player harness.Player
	index  int
}

// counterSubject picks the permanent whose counters the replay changes: the first one
// that becomes a creature during the trace (a P/T-setting effect is then at work), else
// the first creature of the setup.
func counterSubject(tr *gen.Trace, ms []moment) (subject, bool) {
	var creature *subject
	for p := range tr.Setup.Players {
		for i, pm := range tr.Setup.Players[p].Battlefield {
			if pm.Token {
				continue
			}
			start := tr.Start.Permanent(pm.ID)
			if start == nil {
				continue
			}
			if isCreature(start) {
				if creature == nil {
					creature = &subject{harness.Player(p), i}
				}
				continue
			}
			for _, m := range ms {
				if o := m.Snap.Permanent(pm.ID); o != nil && o.Object == start.Object && isCreature(o) {
					return subject{harness.Player(p), i}, true
				}
			}
		}
	}
	if creature == nil {
		return subject{}, false
	}
	return *creature, true
}
