package props

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// damageRules relates the damage the engine reports dealt (its events of kind "damage",
// the amount read from the event's text, "N damage") to the snapshots around it, both
// ways, and to what should have dealt damage:
//
//   - a player's life falls by exactly the damage dealt to them (CR 120.3a), judged in
//     every step that pays no cost (a cost may pay life, 119.4) and in which no permanent
//     has lifelink (702.15b gains life as the damage is dealt);
//   - a creature that stays on the battlefield has exactly the damage dealt to it marked
//     in addition to what it had (120.3e), judged in every step but those that cross the
//     cleanup step, where damage wears off (514.2);
//   - a planeswalker that stays on the battlefield loses exactly that many loyalty
//     counters (120.3c), judged in every step that activates nothing (a loyalty cost
//     removes counters too, 606.4);
//   - a spell or ability whose text says it deals N damage to a target, or to "you", deals
//     it when it resolves with the target still legal (608.2b, 608.2c): a card target
//     still the object it was when targeted (400.7), a player still in the game;
//   - combat damage goes where the attacks and blocks declared in the trace send it
//     (510.1a-d), all of it at once (510.2): an unblocked attacker's power to the player or
//     planeswalker it attacks, a blocked attacker's power divided among its blockers (all
//     of it to one alone), a blocker's power to the attacker it blocks;
//   - a blocked attacker with trample sends what its blockers don't get to what it
//     attacks, and only once each blocker got lethal damage (702.19b): all of it when no
//     blocker is left (702.19d);
//   - no damage event says 0 damage: a source that would deal 0 deals none (120.8), as a
//     blocked attacker's division may give a blocker nothing;
//   - the options of every pending decision read differently from one another, so that
//     the one chosen says what happens (a division of combat damage, 510.1c).
//
// It reads the engine's own report of each damage event; it does not compute damage
// itself but from the texts, powers and declarations the engine showed.
func damageRules() *Property {
	return &Property{
		ID:      "rules.damage",
		Rulings: []string{"rules.damage"},
		Rules:   []string{"120.3a", "120.3c", "120.8", "120.3e", "510.1a", "510.1b", "510.1c", "510.1d", "510.2", "608.2b", "608.2c", "702.19b", "702.19d"},
		Description: "Damage dealt has its results and nothing else changes life, marked damage or loyalty: a player loses that much life, " +
			"a creature has that much more damage marked, a planeswalker loses that many loyalty counters; a spell or ability that " +
			"says it deals damage to a legal target deals it; combat damage goes where the declared attacks and blocks send it, " +
			"a trampler's past lethal damage to its blockers; no source deals 0 damage; " +
			"and the options of a decision can be told apart.",
		Clauses: []Clause{
			{Name: "player-life", Rules: []string{"120.3a"}, Description: "A player's life falls, in a step that pays no cost, by exactly the damage reported dealt to them."},
			{Name: "creature-damage", Rules: []string{"120.3e"}, Needs: needsAttacking, Description: "A creature that stays on the battlefield has exactly the damage reported dealt to it marked in addition to what it had."},
			{Name: "planeswalker-loyalty", Rules: []string{"120.3c"}, Needs: needsAttacking, Description: "A planeswalker that stays on the battlefield loses exactly as many loyalty counters as the damage reported dealt to it."},
			{Name: "effect-deals", Rules: []string{"120.3", "608.2b", "608.2c"}, Needs: needsCasting, Description: "A resolving spell or ability whose text deals N damage to a target still legal, or to its controller, deals N damage to it."},
			{Name: "combat", Rules: []string{"510.1a", "510.1b", "510.1c", "510.1d", "510.2"}, Needs: needsAttacking,
				Description: "Combat damage goes where the declared attacks and blocks send it: an unblocked attacker's power to what it attacks, a blocked one's to its blockers, a blocker's to the attacker it blocks."},
			{Name: "trample", Rules: []string{"702.19b", "702.19d"}, Needs: needsAttacking,
				Description: "A blocked attacker with trample assigns damage to what it attacks only once each of its blockers is assigned lethal damage, and all of it when no blocker is left; what its blockers don't get goes there."},
			{Name: "no-zero", Rules: []string{"120.8"},
				Description: "No damage event reports 0 damage: a source that would deal 0 damage deals none (a blocked attacker's division that gives a blocker nothing)."},
			{Name: "distinct-options", Rules: []string{"510.1c", "608.2d"}, Needs: Needs{Actions: []harness.ActionKind{harness.Choose}}, Description: "The options of a pending decision are texts distinct from one another."},
		},
		Steer: gen.Steer{
			Name: "rules.damage",
			Recipes: []gen.Recipe{
				{Name: "burn at creatures and planeswalkers", Weight: 3,
					Mine:   []gen.Pick{{Card: "Walking Ballista", Weight: 30}, {Card: "Mountain", Weight: 20}, {Card: "Grizzly Bears"}},
					Theirs: []gen.Pick{{Card: "Jace Beleren", Weight: 30}, {Card: "Grizzly Bears", Weight: 10}, {Card: "Hill Giant", Weight: 10}},
					Hand:   []gen.Pick{{Card: "Spark Spray", Weight: 30}}, MinHand: 1},
				{Name: "attacks on planeswalkers", Weight: 2,
					Mine:   []gen.Pick{{Card: "Grizzly Bears", Weight: 20}, {Card: "Hill Giant", Weight: 20}, {Card: "Walking Ballista", Weight: 10}},
					Theirs: []gen.Pick{{Card: "Jace Beleren", Weight: 30}, {Card: "Grizzly Bears", Weight: 10}},
					Steps:  []harness.Step{harness.BeginCombat, harness.DeclareAttackers}},
				{Name: "tramplers blocked", Weight: 2,
					Mine: []gen.Pick{{Card: "Nyxbloom Ancient", Weight: 20}, {Card: "Akroma, Angel of Fury", Weight: 10},
						{Card: "Mountain", Weight: 10}, {Card: "Walking Ballista", Weight: 5}},
					Theirs: []gen.Pick{{Card: "Grizzly Bears", Weight: 20}, {Card: "Llanowar Elves", Weight: 20}, {Card: "Ornithopter", Weight: 10},
						{Card: "Hill Giant", Weight: 10}, {Card: "Jace Beleren", Weight: 10}},
					Hand:  []gen.Pick{{Card: "Spark Spray", Weight: 10}},
					Steps: []harness.Step{harness.BeginCombat}, StepWeight: 400, MinPermanents: 2, ExtraSteps: 6},
			},
			Actions:          &gen.ActionWeights{Pass: 6, Preferred: 16, Mana: 4, Land: 3, Cast: 3, Pay: 8, Activate: 2, Attack: 3, Choose: 4, Cancel: 1},
			Prefer:           preferRareDamage,
			StopForPreferred: true,
		},
		Check: checkDamage,
	}
}

// preferRareDamage favours the rarest damage: aimed at a planeswalker (a spell or ability
// targeting one, an attack on one), or a trampler's (an attack with one, a block of one).
func preferRareDamage(before *harness.Snapshot, a harness.Action) bool {
	for _, t := range a.Targets {
		if o := before.Permanent(t.Card); t.Card != 0 && o != nil && o.HasType("Planeswalker") {
			return true
		}
	}
	tramples := func(c harness.CardID) bool { o := before.Permanent(c); return o != nil && hasKeyword(o, "Trample") }
	switch a.Kind {
	case harness.Attack:
		return slices.ContainsFunc(a.Attacking, func(c harness.CardID) bool { return c != 0 }) || slices.ContainsFunc(a.Attackers, tramples)
	case harness.Block:
		return slices.ContainsFunc(a.Blocks, func(b harness.Blocking) bool { return tramples(b.Attacker) })
	}
	return false
}

// reDamageAmount reads the amount of a damage event from its text ("3 damage to B").
var reDamageAmount = regexp.MustCompile(`(\d+) damage`)

// damageTarget is what damage was dealt to: a player, or a permanent by its object ID.
type damageTarget struct {
	player harness.Player // NoPlayer for a permanent
	object harness.ObjectID
}

// dealt sums the damage events of events by what they were dealt to; ok is false when an
// event's text names no amount.
func dealt(events []harness.Event) (sums map[damageTarget]int, ok bool) {
	sums = map[damageTarget]int{}
	for _, e := range events {
		if e.Kind != "damage" {
			continue
		}
		m := reDamageAmount.FindStringSubmatch(e.Text)
		if m == nil {
			return nil, false
		}
		n, _ := strconv.Atoi(m[1])
		t := damageTarget{player: e.Player}
		if e.Object != 0 {
			t = damageTarget{player: harness.NoPlayer, object: e.Object}
		}
		sums[t] += n
	}
	return sums, true
}

func checkDamage(eng harness.Engine, tr *gen.Trace) Verdict {
	var v Verdict
	for i := range tr.Steps {
		st := &tr.Steps[i]
		checkDistinctOptions(i, st.After, &v)
		sums, ok := dealt(st.Events)
		if !ok {
			v.Skip("player-life", "a damage event's text names no amount")
			continue
		}
		checkNoZeroDamage(i, st.Events, &v)
		checkLifeLoss(tr, i, sums, &v)
		checkMarkedDamage(tr, i, sums, &v)
		checkEffectDeals(tr, i, sums, &v)
	}
	checkDistinctOptions(-1, &tr.Start, &v)
	checkCombatDamage(tr, &v)
	return v
}

// checkNoZeroDamage: a source that would deal 0 damage deals no damage at all (CR 120.8),
// so no damage event of step i says "0 damage".
func checkNoZeroDamage(i int, events []harness.Event, v *Verdict) {
	for _, e := range events {
		if e.Kind != "damage" {
			continue
		}
		v.Reach("no-zero")
		if m := reDamageAmount.FindStringSubmatch(e.Text); m != nil && m[1] == "0" {
			v.add("no-zero", violation(i, "rules.damage", "120.8", "",
				"a source that would deal 0 damage to deal none, and no damage event (CR 120.8)",
				fmt.Sprintf("the event %q", e.Text)))
		}
	}
}

// paysCosts reports whether step st may pay a cost (life, loyalty) rather than only pass,
// choose or declare: an activation, a cast, a payment, a special action.
func paysCosts(st *gen.TraceStep) bool {
	switch st.Action.Kind {
	case harness.Pass, harness.Choose, harness.Attack, harness.Block:
		return false
	}
	return true
}

// checkLifeLoss: each player's life falls by exactly the damage dealt to them (CR 120.3a).
func checkLifeLoss(tr *gen.Trace, i int, sums map[damageTarget]int, v *Verdict) {
	st := &tr.Steps[i]
	if paysCosts(st) || slices.ContainsFunc(st.Before.Battlefield, hasLifelink) || slices.ContainsFunc(st.After.Battlefield, hasLifelink) {
		return
	}
	for p := range st.After.Players {
		n := sums[damageTarget{player: harness.Player(p)}]
		lost := st.Before.Players[p].Life - st.After.Players[p].Life
		if n == 0 && lost == 0 {
			continue
		}
		v.Reach("player-life")
		if lost != n {
			v.add("player-life", violation(i, "rules.damage", "120.3a", "",
				fmt.Sprintf("%s's life to fall by the %d damage reported dealt to them (CR 120.3a)", harness.Player(p), n),
				fmt.Sprintf("it went from %d to %d", st.Before.Players[p].Life, st.After.Players[p].Life)))
		}
	}
}

// checkMarkedDamage: a creature that stays on the battlefield through step i has the damage
// dealt to it marked (CR 120.3e), a planeswalker loses that much loyalty (120.3c).
func checkMarkedDamage(tr *gen.Trace, i int, sums map[damageTarget]int, v *Verdict) {
	st := &tr.Steps[i]
	b, a := st.Before, st.After
	for _, now := range a.Battlefield {
		was := objectOnBattlefield(b, now.Object)
		if was == nil {
			continue
		}
		n := sums[damageTarget{player: harness.NoPlayer, object: now.Object}]
		if isCreature(was) && isCreature(now) && !crossedCleanup(st) && (n > 0 || now.Damage != was.Damage) {
			v.Reach("creature-damage")
			if now.Damage != was.Damage+n {
				v.add("creature-damage", violation(i, "rules.damage", "120.3e", "",
					fmt.Sprintf("%s to have the %d damage reported dealt to it marked beside the %d it had (CR 120.3e)", describe(now), n, was.Damage),
					fmt.Sprintf("%d damage marked", now.Damage)))
			}
		}
		had, has := was.Counters["loyalty"], now.Counters["loyalty"]
		if was.HasType("Planeswalker") && now.HasType("Planeswalker") && st.Action.Kind != harness.Activate && st.Action.Kind != harness.Pay && (n > 0 || has < had) {
			v.Reach("planeswalker-loyalty")
			if want := max(0, had-n); has != want {
				v.add("planeswalker-loyalty", violation(i, "rules.damage", "120.3c", "",
					fmt.Sprintf("%s to lose a loyalty counter for each of the %d damage reported dealt to it: %d of its %d left (CR 120.3c)", describe(now), n, want, had),
					fmt.Sprintf("%d loyalty counters", has)))
			}
		}
	}
}

// reDealsDamage reads a text that deals a fixed amount of damage to one target or to the
// ability's controller ("Spark Spray deals 1 damage to any target.", "it deals 1 damage to
// you."); a text that may not (an option, a payment) or deals a counted or divided amount
// doesn't match, nor does one that says more.
var reDealsDamage = regexp.MustCompile(`(?i)^[^.]*\bdeals (\d+) damage to (any target|target [a-z ]+|you)\.$`)

// damageText reads what top deals as it resolves (reDealsDamage's submatches), or nil: an
// ability's own text; of a spell's, its spell ability, the one text that is neither
// activated, triggered nor a keyword (spellAbility). A text with a condition ("if") is left
// alone: it may do nothing.
func damageText(top harness.StackObject) []string {
	text := top.Text
	if top.Kind == "spell" {
		text = spellAbility(top.Abilities)
	}
	if text == "" || strings.Contains(strings.ToLower(text), " if ") {
		return nil
	}
	return reDealsDamage.FindStringSubmatch(strings.TrimSpace(text))
}

// checkEffectDeals: a spell or ability that resolved in step i whose text deals N damage to
// a target still legal, or to "you", dealt N damage to it (CR 608.2b, 608.2c, 120.3).
func checkEffectDeals(tr *gen.Trace, i int, sums map[damageTarget]int, v *Verdict) {
	st := &tr.Steps[i]
	b := st.Before
	if len(b.Stack) == 0 || b.Casting != nil || b.Pending != nil || st.Action.Kind != harness.Pass {
		return
	}
	top := b.Stack[len(b.Stack)-1]
	if stillOnStack(st.After, top.Object) {
		return
	}
	m := damageText(top)
	if m == nil {
		return
	}
	n, _ := strconv.Atoi(m[1])
	var to damageTarget
	var what string
	switch {
	case strings.EqualFold(m[2], "you"):
		to, what = damageTarget{player: top.Controller}, top.Controller.String()
	case len(top.Targets) != 1:
		return
	case top.Targets[0].IsPlayer():
		p := top.Targets[0].Player
		to, what = damageTarget{player: p}, p.String()
	default:
		obj := legalCardTarget(tr, i, top)
		if obj == nil {
			return
		}
		to, what = damageTarget{player: harness.NoPlayer, object: obj.Object}, describe(obj)
	}
	if to.object == 0 && (b.Players[to.player].Lost || st.After.GameOver && b.GameOver) {
		return
	}
	v.Reach("effect-deals")
	if got := sums[to]; got != n {
		v.add("effect-deals", violation(i, "rules.damage", "608.2c", "",
			fmt.Sprintf("%s, resolving, to deal %d damage to %s, a legal target (CR 608.2b, 608.2c, 120.3)", stackName(top), n, what),
			fmt.Sprintf("%d damage reported dealt to it", got)))
	}
}

// legalCardTarget is the permanent that top's one card target is as it resolves in step i,
// when that target is still legal: the same object it was when targeted (CR 400.7, 608.2b),
// still a creature or planeswalker, with no ability that could make it illegal or prevent
// the damage (hexproof, shroud, protection). Nil when it isn't, or the trace doesn't tell.
func legalCardTarget(tr *gen.Trace, i int, top harness.StackObject) *harness.Object {
	at := targetedAt(tr, i, top.Object)
	if at == nil {
		return nil
	}
	c := top.Targets[0].Card
	was, now := at.Permanent(c), tr.Steps[i].Before.Permanent(c)
	if was == nil || now == nil || was.Object != now.Object || !isCreature(now) && !now.HasType("Planeswalker") {
		return nil
	}
	if shielded(now) {
		return nil
	}
	return now
}

// checkDistinctOptions: the options of a pending decision are distinct texts, so the one
// chosen names one outcome (CR 510.1c, 608.2d).
func checkDistinctOptions(i int, s *harness.Snapshot, v *Verdict) {
	d := s.Pending
	if d == nil || len(d.Options) < 2 {
		return
	}
	v.Reach("distinct-options")
	seen := map[string]bool{}
	for _, o := range d.Options {
		if seen[o] {
			v.add("distinct-options", violation(i, "rules.damage", "510.1c", "",
				fmt.Sprintf("the options of %s's decision %q to be distinct, each naming its own outcome", d.Player, d.Prompt),
				fmt.Sprintf("the option %q is offered more than once, among %s", o, list(d.Options))))
			return
		}
		seen[o] = true
	}
}
