package props

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// targetRules relates the targets the engine offers for a spell or ability to the target
// description its text prints (CR 115.1, 115.4, 601.2c, 602.2b): for the texts with one
// target described as "any target" (a player, creature, planeswalker or battle), "target
// player" or "target creature", the actions the engine lists for casting or activating it,
// taken together, offer every player and permanent the description allows, and nothing
// it doesn't. Permanents with an ability that could keep them from being targeted
// (hexproof, shroud, protection) are left out of "every": they may or may not be offered.
func targetRules() *Property {
	return &Property{
		ID:      "rules.targets",
		Rulings: []string{"rules.targets"},
		Rules:   []string{"115.1", "115.4", "601.2c", "602.2b"},
		Description: "The targets offered for a spell or ability are exactly what its target description allows: " +
			"\"any target\" every player and every creature, planeswalker and battle; \"target player\" the players; " +
			"\"target creature\" the creatures.",
		Clauses: []Clause{
			{Name: "all-offered", Rules: []string{"115.4", "601.2c", "602.2b"}, Needs: needsCasting,
				Description: "Every player and permanent a one-target description allows is offered by some listed action."},
			{Name: "only-allowed", Rules: []string{"115.1", "601.2c"}, Needs: needsCasting,
				Description: "Every target a listed action offers fits the description."},
		},
		Steer: gen.Steer{
			Name: "rules.targets",
			Recipes: []gen.Recipe{
				{Name: "targets everywhere", Weight: 2,
					Mine:   []gen.Pick{{Card: "Walking Ballista", Weight: 20}, {Card: "Mountain", Weight: 20}, {Card: "Forest", Weight: 10}, {Card: "Jace Beleren", Weight: 10}},
					Theirs: []gen.Pick{{Card: "Grizzly Bears", Weight: 10}, {Card: "Jace Beleren", Weight: 10}},
					Hand:   []gen.Pick{{Card: "Spark Spray", Weight: 20}, {Card: "Giant Growth", Weight: 10}}, MinHand: 1},
			},
		},
		Check: checkTargets,
	}
}

// targetKind is what a one-target description allows.
type targetKind struct {
	desc               string
	players, creatures bool
	others             bool // planeswalkers and battles
}

// reOneTarget reads the one target description of a text.
var reOneTarget = regexp.MustCompile(`(?i)\b(any target|target player|target creature)(\.| gets| gains| deals| draws| mills|,)`)

// describedTarget reads the text's one target description, if it is one of those judged.
func describedTarget(text string) (targetKind, bool) {
	if strings.Count(strings.ToLower(text), "target") != 1 {
		return targetKind{}, false
	}
	m := reOneTarget.FindStringSubmatch(text)
	if m == nil {
		return targetKind{}, false
	}
	switch strings.ToLower(m[1]) {
	case "any target":
		return targetKind{desc: m[1], players: true, creatures: true, others: true}, true
	case "target player":
		return targetKind{desc: m[1], players: true}, true
	}
	return targetKind{desc: "target creature", creatures: true}, true
}

// targetedText is the text a cast or activation action a chooses targets for: an
// ability's, or a spell's spell ability (spellAbility).
func targetedText(s *harness.Snapshot, a harness.Action) string {
	src := s.Find(a.Card)
	if src == nil || a.CastsFaceDown() {
		return ""
	}
	if a.Kind == harness.Activate {
		if a.Ability < 0 || a.Ability >= len(src.Abilities) {
			return ""
		}
		return src.Abilities[a.Ability]
	}
	return spellAbility(src.Abilities)
}

// targetGroup is the listed actions of one step that cast or activate the same thing with
// the same choices but their targets.
type targetGroup struct {
	key     string         // the actions' Key without their targets
	act     harness.Action // the first listed
	kind    targetKind
	offered []harness.Target
}

func checkTargets(eng harness.Engine, tr *gen.Trace) Verdict {
	var v Verdict
	for i := range tr.Steps {
		st := &tr.Steps[i]
		for _, g := range targetGroups(st) {
			checkTargetGroup(i, st.Before, g, &v)
		}
	}
	return v
}

// targetGroups gathers step st's listed casts and activations whose text has one target
// description of those judged, by what they cast or activate (targets aside), in the
// order listed.
func targetGroups(st *gen.TraceStep) []*targetGroup {
	var groups []*targetGroup
	for _, a := range st.Legal {
		if a.Kind != harness.Cast && a.Kind != harness.Activate || len(a.Targets) != 1 {
			continue
		}
		key := a
		key.Targets = nil
		k := key.Key()
		i := slices.IndexFunc(groups, func(g *targetGroup) bool { return g.key == k })
		if i < 0 {
			kind, ok := describedTarget(targetedText(st.Before, a))
			if !ok {
				continue
			}
			groups = append(groups, &targetGroup{key: k, act: a, kind: kind})
			i = len(groups) - 1
		}
		groups[i].offered = append(groups[i].offered, a.Targets[0])
	}
	return groups
}

// allowed reports whether permanent o fits kind.
func (k targetKind) allowed(o *harness.Object) bool {
	return k.creatures && isCreature(o) || k.others && (o.HasType("Planeswalker") || o.HasType("Battle"))
}

// checkTargetGroup: the targets offered together are every player and permanent g's
// description allows (unshielded) and nothing else (CR 115.1, 115.4, 601.2c).
func checkTargetGroup(i int, s *harness.Snapshot, g *targetGroup, v *Verdict) {
	what := fmt.Sprintf("%s %s (card %d) with %q", g.act.Kind, g.act.Name, g.act.Card, g.kind.desc)
	v.Reach("only-allowed")
	for _, t := range g.offered {
		o := s.Permanent(t.Card)
		fits := t.IsPlayer() && g.kind.players || t.Card != 0 && o != nil && g.kind.allowed(o)
		if !fits {
			v.add("only-allowed", violation(i, "rules.targets", "115.1", "",
				fmt.Sprintf("the targets offered to %s to fit the description (CR 115.1, 601.2c)", what),
				fmt.Sprintf("%s is offered", t)))
			return
		}
	}
	v.Reach("all-offered")
	var missing []string
	if g.kind.players {
		for p := range s.Players {
			if !slices.Contains(g.offered, harness.PlayerTarget(harness.Player(p))) && !s.Players[p].Lost {
				missing = append(missing, harness.Player(p).String())
			}
		}
	}
	for _, o := range s.Battlefield {
		if g.kind.allowed(o) && !shielded(o) && !slices.ContainsFunc(g.offered, func(t harness.Target) bool { return t.Card == o.Card && t.Stack == 0 }) {
			missing = append(missing, describe(o))
		}
	}
	if len(missing) > 0 {
		v.add("all-offered", violation(i, "rules.targets", "115.4", "",
			fmt.Sprintf("every player and permanent %q allows offered to %s (CR 115.4, 601.2c)", g.kind.desc, what),
			fmt.Sprintf("%s not offered", strings.Join(missing, ", "))))
	}
}
