package props

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// lifelinkRules checks lifelink in combat (CR 702.15b): damage dealt by a source with
// lifelink causes its controller to gain that much life. It relates the attacking player's
// life total across the combat damage step's turn-based action with the attacking
// creatures' power: no combat damage is dealt to the attacking player (510.1), so their
// life changes by what their attacking creatures with lifelink deal, each its power
// (510.1a), to the player, or to the creatures blocking it while one still does (510.1c).
func lifelinkRules() *Property {
	return &Property{
		ID:      "rules.lifelink",
		Rulings: []string{"rules.lifelink"},
		Rules:   []string{"702.15b", "510.1a", "510.1c", "510.2"},
		Description: "As combat damage is dealt, the attacking player gains life equal to the combat damage their attacking creatures with " +
			"lifelink deal: each one's power, to the defending player or to the creatures blocking it.",
		Needs: Needs{Actions: []harness.ActionKind{harness.Attack, harness.Block}},
		Clauses: []Clause{
			{Name: "unblocked", Rules: []string{"702.15b", "510.1a"},
				Description: "an unblocked attacking creature with lifelink deals its power to the defending player, and its controller gains that much"},
			{Name: "blocked", Rules: []string{"702.15b", "510.1c"},
				Description: "a blocked attacking creature with lifelink deals its power to the creatures blocking it, and its controller gains that much"},
		},
		Steer: transformSteer("rules.lifelink"),
		Check: checkLifelink,
	}
}

func checkLifelink(_ harness.Engine, tr *gen.Trace) Verdict {
	const ruling = "rules.lifelink"
	var v Verdict
	var attack, block *harness.Action
	for i := range tr.Steps {
		st := &tr.Steps[i]
		b, a := st.Before, st.After
		switch st.Action.Kind {
		case harness.Attack:
			attack, block = &st.Action, nil
		case harness.Block:
			block = &st.Action
		}
		if attack == nil || b.Step == harness.CombatDamage || a.Step != harness.CombatDamage || a.Turn != b.Turn {
			continue
		}
		p := attack.Player
		gain, clauses, ok := lifelinkDamage(b, attack, block)
		attack, block = nil, nil
		if !ok || len(clauses) == 0 {
			continue
		}
		// Damage is dealt once every choice of how to divide it is made (510.1c, 510.2).
		j := i
		for tr.Steps[j].After.Pending != nil && j+1 < len(tr.Steps) && tr.Steps[j+1].Action.Kind == harness.Choose {
			j++
		}
		if a = tr.Steps[j].After; a.Pending != nil {
			continue // the trace ends before the damage is dealt
		}
		for _, c := range clauses {
			v.Reach(c)
		}
		if got := a.Players[p].Life - b.Players[p].Life; got != gain {
			v.add(clauses[0], clauseViolation(j, ruling, "702.15b", clauses[0], fmt.Sprintf("%s's life total as combat damage was dealt", p),
				fmt.Sprintf("a change of %+d, the combat damage their attacking creatures with lifelink dealt (CR 702.15b, 510.1a)", gain),
				fmt.Sprintf("%+d (from %d to %d)", got, b.Players[p].Life, a.Players[p].Life)))
		}
	}
	return v
}

// lifelinkDamage is the combat damage the attacking creatures with lifelink of attack will
// deal in snapshot b, just before combat damage: each one's power if positive (CR 510.1a),
// unless it is blocked and no creature blocking it is left (510.1c). It gives the clauses
// the moment reaches, and false when the moment can't be judged from the snapshots: an
// attacker gone, a planeswalker attacked (it may have left), protection among the
// blockers (damage prevented), or trample.
func lifelinkDamage(b *harness.Snapshot, attack, block *harness.Action) (int, []string, bool) {
	gain := 0
	var clauses []string
	reach := func(c string) {
		if !slices.Contains(clauses, c) {
			clauses = append(clauses, c)
		}
	}
	for i, c := range attack.Attackers {
		o := b.Permanent(c)
		if o == nil || attack.AttackTarget(i) != 0 {
			return 0, nil, false
		}
		if !hasLifelink(o) || o.Power == nil || *o.Power <= 0 {
			continue
		}
		if slices.ContainsFunc(o.Abilities, func(t string) bool { return strings.Contains(strings.ToLower(t), "trample") }) {
			return 0, nil, false
		}
		var blockers []*harness.Object
		blocked := false
		if block != nil {
			for _, bl := range block.Blocks {
				if bl.Attacker != c {
					continue
				}
				blocked = true
				if x := b.Permanent(bl.Blocker); x != nil && x.HasType("Creature") {
					blockers = append(blockers, x)
				}
			}
		}
		for _, x := range blockers {
			if slices.ContainsFunc(x.Abilities, func(t string) bool {
				return strings.HasPrefix(strings.ToLower(t), "protection") || strings.Contains(t, "protection from")
			}) {
				return 0, nil, false
			}
		}
		switch {
		case !blocked:
			reach("unblocked")
			gain += *o.Power
		case len(blockers) > 0:
			reach("blocked")
			gain += *o.Power
		}
	}
	return gain, clauses, true
}
