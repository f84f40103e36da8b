package props

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// attackRules checks the general rule rules.attacks: what may be attacked, and what
// declaring attackers does (CR 508.1). Who may attack is cost.tap-symbol/attack's (its
// listed and declared clauses: untapped, not summoning sick); this property asks the
// converse and the rest, judged from the snapshots and the declarations the engine offers:
//
//   - each-offered: each creature that may attack (508.1a: untapped, the active player's,
//     controlled since the turn began or with haste, 302.6; no Aura or defender says it
//     can't, 508.1c) is offered attacking the defending player in some declaration;
//   - planeswalkers: ... and attacking each planeswalker the defending player controls
//     (508.1b), in some declaration;
//   - attack-targets: every declaration offered attacks only the defending player or a
//     planeswalker they control (508.1b), reached when a planeswalker is on the battlefield;
//   - no-attack: declaring no attackers is offered (508.1a: which creatures, if any);
//   - tapped: a declared attacker without vigilance is tapped once the declaration is made
//     (508.1f);
//   - vigilance: a declared attacker with vigilance keeps its status (702.20b).
func attackRules() *Property {
	const id = "rules.attacks"
	return &Property{
		ID:      id,
		Rulings: []string{id},
		Rules:   []string{"508.1a", "508.1b", "508.1c", "508.1f", "702.20b"},
		Description: "Each creature that may attack is offered attacking the defending player and each planeswalker they control, " +
			"nothing else is offered as attacked, and declaring attackers taps each one without vigilance and no other.",
		Needs: needsAttacking,
		Clauses: []Clause{
			{Name: "each-offered", Rules: []string{"508.1a", "508.1c", "302.6"},
				Description: "each untapped creature of the active player, not summoning sick or with haste, that nothing says can't attack is offered attacking the defending player"},
			{Name: "planeswalkers", Rules: []string{"508.1b"},
				Description: "each creature that may attack is offered attacking each planeswalker the defending player controls"},
			{Name: "attack-targets", Rules: []string{"508.1b"},
				Description: "an offered declaration attacks only the defending player or a planeswalker that player controls"},
			{Name: "no-attack", Rules: []string{"508.1a"},
				Description: "when attackers are to be declared, declaring none is offered"},
			{Name: "tapped", Rules: []string{"508.1f"},
				Description: "a declared attacker without vigilance is tapped once attackers are declared"},
			{Name: "vigilance", Rules: []string{"508.1f", "702.20b"},
				Description: "a declared attacker with vigilance is still untapped once attackers are declared"},
		},
		Steer: gen.Steer{
			Name: id,
			Recipes: []gen.Recipe{
				{Name: "a planeswalker to attack", Weight: 2,
					Mine: []gen.Pick{{Card: "Grizzly Bears", Weight: 30}, {Card: "Hill Giant", Weight: 20}, {Card: "Ornithopter", Weight: 20},
						{Card: "Jace Beleren", Weight: 10}, {Card: "Pacifism", Weight: 5}},
					Theirs:        []gen.Pick{{Card: "Jace Beleren", Weight: 60}, {Card: "Grizzly Bears", Weight: 20}},
					MinPermanents: 2, Steps: []harness.Step{harness.BeginCombat}, StepWeight: 200},
				// Knights with vigilance: History of Benalia's tokens, which can attack
				// from the turn after they are made.
				{Name: "knights", Weight: 2,
					Mine:  []gen.Pick{{Card: "History of Benalia", Weight: 60}, {Card: "Plains", Weight: 20}},
					Steps: []harness.Step{harness.Upkeep, harness.End}, StepWeight: 300, ExtraSteps: 60},
				// Sneak Attack's creature has haste and summoning sickness: it may attack.
				{Name: "sneak attack", Weight: 1,
					Mine:    []gen.Pick{{Card: "Sneak Attack", Weight: 60}, {Card: "Mountain", Weight: 30}},
					Hand:    []gen.Pick{{Card: "Hill Giant", Weight: 30}, {Card: "Grizzly Bears", Weight: 30}},
					MinHand: 1, Pool: harness.Mana{harness.Red: 1}, Steps: []harness.Step{harness.Main1}, StepWeight: 300},
			},
			Actions: &gen.ActionWeights{Pass: 8, Preferred: 20, Mana: 3, Land: 2, Cast: 2, Pay: 6, Activate: 4, Attack: 8, Choose: 4, Cancel: 1},
			Prefer:  preferSneakingIn,
		},
		Check: checkAttacks,
	}
}

// preferSneakingIn is preferAttacking, with Sneak Attack activated in a first main phase
// and a creature put onto the battlefield with it: one with haste that arrived this turn.
func preferSneakingIn(before *harness.Snapshot, a harness.Action) bool {
	if before == nil {
		return false
	}
	switch a.Kind {
	case harness.Activate:
		o := before.Permanent(a.Card)
		return o != nil && o.Name == "Sneak Attack" && before.Step == harness.Main1 && len(before.Stack) == 0
	case harness.Choose:
		if len(a.Choices) == 1 {
			_, opt := harness.SplitChoice(a.Choices[0])
			return strings.HasPrefix(opt, "put ") && !strings.HasPrefix(opt, "put nothing")
		}
	}
	return preferAttacking(before, a)
}

func checkAttacks(_ harness.Engine, tr *gen.Trace) Verdict {
	var v Verdict
	for i := range tr.Steps {
		checkAttacksOffered(tr, i, &v)
		checkAttackTaps(tr, i, &v)
	}
	return v
}

// checkAttacksOffered judges the declarations of attackers offered before step i.
func checkAttacksOffered(tr *gen.Trace, i int, v *Verdict) {
	st := &tr.Steps[i]
	var offered []harness.Action
	for _, a := range st.Legal {
		if a.Kind == harness.Attack {
			offered = append(offered, a)
		}
	}
	if len(offered) == 0 {
		return
	}
	v.Reach("no-attack")
	if !slices.ContainsFunc(offered, func(a harness.Action) bool { return len(a.Attackers) == 0 }) {
		v.add("no-attack", violation(i, "rules.attacks", "508.1a", "the declarations of attackers offered",
			"declaring no attackers among them (CR 508.1a: the active player chooses which creatures, if any, attack)",
			fmt.Sprintf("%d declarations, each with an attacker", len(offered))))
	}
	s := st.Before
	defender := s.Active.Opponent()
	targets := []harness.CardID{0} // the defending player, then their planeswalkers
	anyWalker := false
	for _, o := range s.Battlefield {
		if o.HasType("Planeswalker") {
			anyWalker = true
			if o.Controller == defender {
				targets = append(targets, o.Card)
			}
		}
	}
	var missing []string
	for _, c := range s.Battlefield {
		if !mayAttack(s, c) {
			continue
		}
		for _, t := range targets {
			clause, what := "each-offered", defender.String()
			if t != 0 {
				clause, what = "planeswalkers", describe(s.Permanent(t))
			}
			v.Reach(clause)
			if !slices.ContainsFunc(offered, func(a harness.Action) bool { return attacks(a, c.Card, t) }) {
				v.add(clause, violation(i, "rules.attacks", "508.1b", "the declarations of attackers offered",
					"each creature that may attack offered attacking the defending player and each planeswalker they control (CR 508.1a, 508.1b)",
					fmt.Sprintf("no declaration has %s attacking %s", describe(c), what)))
				missing = append(missing, c.Name)
			}
		}
	}
	if anyWalker {
		v.Reach("attack-targets")
	}
	for _, a := range offered {
		for k := range a.Attackers {
			t := a.AttackTarget(k)
			if t == 0 {
				continue
			}
			if o := s.Permanent(t); o == nil || !o.HasType("Planeswalker") || o.Controller != defender {
				v.add("attack-targets", violation(i-1, "rules.attacks", "508.1b", fmt.Sprintf("the offered action %s", a),
					fmt.Sprintf("attackers attack %s or a planeswalker %s controls (CR 508.1b)", defender, defender),
					fmt.Sprintf("card %d attacks card %d, %s", a.Attackers[k], t, notAttackable(o, defender))))
			}
		}
	}
}

// attacks reports whether declaration a has card c attack t (0: the defending player).
func attacks(a harness.Action, c, t harness.CardID) bool {
	for k, id := range a.Attackers {
		if id == c && a.AttackTarget(k) == t {
			return true
		}
	}
	return false
}

func notAttackable(o *harness.Object, defender harness.Player) string {
	switch {
	case o == nil:
		return "not a permanent"
	case !o.HasType("Planeswalker"):
		return describe(o) + ", not a planeswalker"
	}
	return fmt.Sprintf("%s, not %s's", describe(o), defender)
}

// mayAttack reports whether c may attack in s (CR 508.1a, 508.1c, 302.6): an untapped
// creature of the active player, controlled since the turn began or with haste, with no
// defender and no Aura that says it can't attack.
func mayAttack(s *harness.Snapshot, c *harness.Object) bool {
	return c.Controller == s.Active && !c.Tapped && isCreature(c) && (!c.Sick || hasKeyword(c, "Haste")) &&
		!hasKeyword(c, "Defender") && !restrains(s, c, false)
}

// checkAttackTaps judges the attackers declared by step i's action: tapped after it
// unless they have vigilance, untapped after it if they have (CR 508.1f, 702.20b).
func checkAttackTaps(tr *gen.Trace, i int, v *Verdict) {
	st := &tr.Steps[i]
	if st.Action.Kind != harness.Attack || st.After == nil {
		return
	}
	for _, c := range st.Action.Attackers {
		b, a := st.Before.Permanent(c), st.After.Permanent(c)
		if b == nil || a == nil || b.Tapped {
			continue
		}
		if hasKeyword(b, "Vigilance") {
			v.Reach("vigilance")
			if a.Tapped {
				v.add("vigilance", violation(i, "rules.attacks", "702.20b", "attackers declared",
					"an attacking creature with vigilance doesn't tap (CR 702.20b)", describe(a)+" has vigilance and was tapped"))
			}
			continue
		}
		v.Reach("tapped")
		if !a.Tapped {
			v.add("tapped", violation(i, "rules.attacks", "508.1f", "attackers declared",
				"each attacking creature without vigilance becomes tapped (CR 508.1f)", describe(a)+" attacks and is untapped"))
		}
	}
}
