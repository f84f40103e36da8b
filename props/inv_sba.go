package props

import (
	"fmt"
	"slices"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// sbaInvariant checks the state every player sees when they get priority: state-based
// actions have all been performed (CR 704.3, 117.5), so there is no creature with
// toughness 0 or less (704.5f) or with lethal damage unless it is indestructible (704.5g),
// no planeswalker with 0 loyalty (704.5i), no two legendary permanents with one name under
// one controller (704.5j), no Aura attached illegally or to nothing (704.5m, 303.4c-d), and
// no Equipment attached to anything but a creature (704.5n, 301.5c).
func sbaInvariant() *Property {
	return &Property{
		ID:      "invariant.sba",
		Rulings: []string{"invariant.sba"},
		Rules:   []string{"704.3", "704.5f", "704.5g", "704.5i", "704.5j", "704.5m", "704.5n"},
		Description: "Whenever a player has priority, state-based actions are done: no creature with toughness 0 or " +
			"less or lethal damage, no planeswalker with 0 loyalty, no two legendary permanents with one name " +
			"under one controller, no illegally attached Aura or Equipment.",
		Steer: gen.Steer{
			Name: "invariant.sba",
			Recipes: []gen.Recipe{
				{Name: "legends and zero toughness", Weight: 2,
					Mine: []gen.Pick{{Card: "Gaea's Cradle", Weight: 20}, {Card: "Academy Ruins", Weight: 20}, {Card: "Walking Ballista"}, {Card: "Hangarback Walker"}},
					Hand: gen.Cards("Walking Ballista", "Hangarback Walker", "Giant Growth")},
				{Name: "attachments", Mine: gen.Cards("Wild Growth", "Umbral Mantle", "Mutavault", "Llanowar Elves"), Theirs: gen.Cards("Wild Growth", "Forest")},
				// Auras and Equipment on small creatures, and damage to finish them: the
				// creature dies, and its Aura goes to the graveyard and its Equipment
				// becomes unattached at the same time (CR 704.5m, 704.5n, 704.3).
				{Name: "attached to a dying creature", Weight: 4,
					Mine: []gen.Pick{{Card: "Pacifism", Weight: 12}, {Card: "Bonesplitter", Weight: 24}, {Card: "Umbral Mantle", Weight: 12},
						{Card: "Llanowar Elves", Weight: 12}, {Card: "Pili-Pala", Weight: 8}, {Card: "Walking Ballista", Weight: 12},
						{Card: "Mountain", Weight: 30}},
					Theirs:    []gen.Pick{{Card: "Pacifism", Weight: 12}, {Card: "Grizzly Bears", Weight: 12}, {Card: "Nimble Obstructionist", Weight: 8}},
					Hand:      []gen.Pick{{Card: "Spark Spray", Weight: 60}},
					AvoidMine: gen.Permanent, AvoidTheirs: gen.Permanent, MinHand: 1, MinPermanents: 4},
			},
			Prefer: preferHarmingAttached,
		},
		Check: checkSBA,
		Clauses: []Clause{
			{Name: "toughness", Rules: []string{"704.5f"}, Description: "A creature's toughness became 0 or less."},
			{Name: "lethal-damage", Rules: []string{"704.5g"}, Description: "A creature got lethal damage."},
			{Name: "legend-rule", Rules: []string{"704.5j"}, Description: "A player came to control two legendary permanents with one name."},
			{Name: "aura", Rules: []string{"704.5m", "303.4c"}, Description: "An Aura came to be attached illegally or to nothing."},
			{Name: "equipment", Rules: []string{"704.5n", "301.5c"}, Description: "An Equipment came to be attached to something that is not a creature."},
		},
	}
}

// sbaClauses names the clause of invariant.sba for each state-based action rule it checks
// that can arise in the pool (no planeswalker is, so 704.5i has none).
var sbaClauses = map[string]string{"704.5f": "toughness", "704.5g": "lethal-damage", "704.5j": "legend-rule",
	"704.5m": "aura", "704.5n": "equipment"}

// preferHarmingAttached marks a spell or ability aimed at a creature that wears an Aura or
// Equipment, paying for it, and passing while the stack holds something, so it resolves.
func preferHarmingAttached(before *harness.Snapshot, a harness.Action) bool {
	switch {
	case before == nil:
		return false
	case before.Casting != nil:
		return advancesPayment(before, a)
	case a.Kind == harness.Cast || a.Kind == harness.Activate && !gen.IsManaAbility(before, &a):
		for _, t := range a.Targets {
			if o := before.Permanent(t.Card); t.Card != 0 && o != nil && isCreature(o) && wearsAttachment(before, t.Card) {
				return true
			}
		}
		return false
	}
	return a.Kind == harness.Pass && len(before.Stack) > 0
}

// wearsAttachment: some permanent of s is attached to card c.
func wearsAttachment(s *harness.Snapshot, c harness.CardID) bool {
	for i := range s.Battlefield {
		if s.Battlefield[i].AttachedTo == c {
			return true
		}
	}
	return false
}

func checkSBA(eng harness.Engine, tr *gen.Trace) Verdict {
	var v Verdict
	for _, m := range moments(tr) {
		s := m.Snap
		if s.Priority == harness.NoPlayer || s.Pending != nil || s.Casting != nil || s.GameOver {
			continue // no player is about to get priority: state-based actions wait (CR 704.3)
		}
		// Reached: the step before performed a state-based action the property checks (its
		// rule in the events), or one is still to be done now (a violation).
		if m.Step >= 0 {
			for _, rule := range sbaRules(&tr.Steps[m.Step]) {
				v.Reach(sbaClauses[rule])
			}
		}
		for _, msg := range sbaProblems(s) {
			clause := sbaClauses[msg.rule]
			if clause != "" {
				v.Reach(clause)
			}
			v.add(clause, violation(m.Step, "invariant.sba", msg.rule,
				fmt.Sprintf("with %s to act", s.Priority), msg.expected, msg.got))
		}
	}
	return v
}

// sbaRules lists, once each and in order, the rules of the state-based actions a step's
// events report that the property has a clause for.
func sbaRules(st *gen.TraceStep) []string {
	var out []string
	for _, e := range st.Events {
		if _, ok := sbaClauses[e.Rule]; ok && e.Kind == "sba" && !slices.Contains(out, e.Rule) {
			out = append(out, e.Rule)
		}
	}
	return out
}
