package props

import (
	"fmt"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// turnRules checks the turn-based actions that end effects and untap permanents. In the
// cleanup step damage is removed from every permanent and "until end of turn" effects end,
// simultaneously (CR 514.2, 611.2a); until then they apply (an effect that ends early is
// as wrong as one that ends late). In the untap step the active player untaps their
// permanents, except those a "doesn't untap" effect holds (502.3), and nobody else's. As
// the draw step begins the active player draws a card, but in the game's first turn
// (504.1, 103.8a: rules_turn_draw.go); in a cleanup step where nothing triggered and no
// state-based action was performed no player receives priority (514.3a:
// rules_turn_cleanup_priority.go), what triggered in it goes on the stack there, not in
// the next turn (same file), and after it the active player holds at most seven cards
// (514.1: rules_turn_hand_size.go). A combat in which no creature attacks skips the
// declare blockers and combat damage steps (508.8: rules_turn_combat_skip.go).
//
// Whether an effect from a resolved spell or ability applies is read against the
// permanent's fresh board (fresh.go): a permanent's characteristics differ from the same
// board set up as a new game exactly by what resolved effects do to it.
func turnRules() *Property {
	return &Property{
		ID:      "rules.turn",
		Rulings: []string{"rules.turn"},
		Rules:   []string{"514.2", "611.2a", "502.3", "500.5b", "504.1", "103.8a", "514.1", "514.3a", "508.8"},
		Description: "At the first moment after a cleanup step no permanent has damage marked and no \"until end of turn\" " +
			"effect applies; until then those effects keep applying. The untap step untaps exactly the active player's " +
			"permanents that no \"doesn't untap\" effect holds. The draw step draws the active player one card but in the game's " +
			"first turn; the cleanup step leaves the active player at most seven cards, and no player receives priority in it unless " +
			"something triggered or a state-based action was performed. A combat with no attackers skips the declare blockers and " +
			"combat damage steps.",
		Clauses: []Clause{
			{Name: "damage-removed", Rules: []string{"514.2"}, Description: "After a cleanup step, no permanent that had damage marked still has it."},
			{Name: "effects-end", Rules: []string{"514.2", "611.2a"}, Description: "After a cleanup step, no permanent an \"until end of turn\" effect changed is still changed: it looks as on its fresh board."},
			{Name: "effects-last", Rules: []string{"611.2a"}, Description: "Before the cleanup step, what resolved effects do to a permanent changes only when something resolves."},
			{Name: "untap", Rules: []string{"502.3"}, Description: "The untap step untaps the active player's tapped permanents and no one else's."},
			{Name: "doesnt-untap", Rules: []string{"502.3", "302.6"}, Description: "A permanent with \"doesn't untap during your untap step\" stays tapped in its controller's untap step."},
			{Name: "draw", Rules: []string{"504.1", "103.8a"}, Description: "As a draw step begins the active player draws the top card of their library, but in the game's first turn; the other player draws nothing."},
			{Name: "hand-size", Rules: []string{"514.1", "402.2"}, Description: "After a cleanup step, the player whose turn it was holds at most seven cards."},
			{Name: "cleanup-triggers", Rules: []string{"514.3a"}, Description: "An ability that triggered in a cleanup step goes on the stack in it: a step from a cleanup step into the next turn puts on the stack only abilities that trigger as a step begins or as a permanent leaves the battlefield."},
			{Name: "no-attackers", Rules: []string{"508.8"}, Description: "In a turn in which no creature was declared as an attacker, the game never stands in the declare blockers or combat damage step."},
			{Name: "cleanup-priority", Rules: []string{"514.3", "514.3a"}, Description: "A player receives priority in a cleanup step only when an ability triggered (it is on the stack) or a state-based action was performed in it."},
		},
		Steer: gen.Steer{
			Name: "rules.turn",
			Recipes: []gen.Recipe{
				{Name: "pumps before the turn ends", Weight: 3,
					Mine: []gen.Pick{{Card: "Mutavault", Weight: 24}, {Card: "Llanowar Elves"}, {Card: "Grizzly Bears"}, {Card: "Umbral Mantle"}, {Card: "Forest", Weight: 24}},
					Hand: []gen.Pick{{Card: "Giant Growth", Weight: 150}}, MinHand: 1, MinPermanents: 3,
					// Four in five of these cases start in the end step, one pass from the
					// cleanup step, or in the second main phase.
					Steps: []harness.Step{harness.End, harness.Main2}, StepWeight: 200},
				{Name: "pings", Weight: 2, Mine: []gen.Pick{{Card: "Walking Ballista", Weight: 30}, {Card: "Hill Giant"}, {Card: "Grizzly Bears"}},
					Theirs: gen.Cards("Hill Giant", "Grizzly Bears", "Nyxbloom Ancient"), Hand: gen.Cards("Giant Growth"),
					Steps: []harness.Step{harness.End, harness.End, harness.Main2}},
				// The other player's Mana Vault, tapped (or tapped for mana now), stays
				// tapped in their untap step.
				{Name: "vaults and tapped lands", Weight: 2, Mine: gen.Cards("Mana Vault", "Forest", "Island"),
					Theirs: []gen.Pick{{Card: "Mana Vault", Weight: 30}, {Card: "Forest"}}, MinPermanents: 2,
					Steps: []harness.Step{harness.End, harness.End, harness.Main2}},
				// Full hands: the other player's draw, in the next turn, makes eight cards,
				// and the active player holds nine or more: each discards to seven in their
				// cleanup step (514.1), one card after another, after which nobody gets
				// priority unless something happened (514.3a): Drake Haven's trigger on
				// each discard, which goes on the stack in the cleanup step.
				{Name: "full hands", Weight: 1, Mine: []gen.Pick{{Card: "Drake Haven", Weight: 40}, {Card: "Forest"}, {Card: "Grizzly Bears"}},
					Hand:    gen.Cards("Giant Growth", "Grizzly Bears", "Forest"),
					MinHand: 9, TheirMinHand: 7, MinLibrary: 2, Steps: []harness.Step{harness.Upkeep, harness.End}},
			},
			Actions: &gen.ActionWeights{Pass: 10, Preferred: 16, Mana: 4, Land: 2, Cast: 3, Pay: 10, Activate: 3, Attack: 2, Choose: 4, Cancel: 1},
			Prefer:  preferUntilCleanup,
		},
		Check: checkTurn,
	}
}

// preferUntilCleanup favours what the cleanup step must undo: "until end of turn" effects
// (preferPumps) and damage dealt to creatures; what the next untap step must leave alone:
// tapping for mana a permanent that doesn't untap; and what carries them through: paying,
// the mana a cost lacks, and passing while the stack holds something.
func preferUntilCleanup(before *harness.Snapshot, a harness.Action) bool {
	if a.Kind == harness.Activate && len(a.Targets) == 1 && !a.Targets[0].IsPlayer() {
		o := before.Permanent(a.Card)
		if o != nil && a.Ability < len(o.Abilities) && strings.Contains(o.Abilities[a.Ability], "damage") {
			return true
		}
	}
	switch {
	case before.Casting != nil:
		return advancesPayment(before, a)
	case a.Kind == harness.Pass:
		return len(before.Stack) > 0
	case gen.IsManaAbility(before, &a):
		o := before.Permanent(a.Card)
		return o != nil && doesntUntap(o)
	}
	return preferPumps(before, a)
}

func checkTurn(eng harness.Engine, tr *gen.Trace) Verdict {
	var v Verdict
	fresh := newFreshBoards(eng, tr)
	// lasting are the permanents an ability put onto the battlefield and gave something
	// with no stated duration (Sneak Attack's haste): that effect lasts (CR 611.2a), and
	// their fresh board can't carry it, so their effects are not judged (and counted so).
	lasting := map[harness.CardID]bool{}
	// deltas are the effect deltas of s's judged permanents, or why s has no fresh board
	// to read them against.
	deltas := func(s *harness.Snapshot) (map[harness.CardID]string, *freshSkip) {
		f, skip := fresh.of(s)
		if skip != nil {
			return nil, skip
		}
		out := map[harness.CardID]string{}
		for i := range s.Battlefield {
			o := s.Battlefield[i]
			if fo := f[o.Card]; fo != nil && !lasting[o.Card] {
				out[o.Card] = effectDelta(o, fo)
			}
		}
		return out, nil
	}
	before, beforeSkip := deltas(&tr.Start)
	for i := range tr.Steps {
		st := &tr.Steps[i]
		checkDraw(tr, i, &v)
		checkCleanupPriority(tr, i, &v)
		checkHandSize(tr, i, &v)
		checkCleanupTriggers(tr, i, &v)
		checkCombatSkip(tr, i, &v)
		if putWithEffect(st) {
			for _, o := range st.After.Battlefield {
				if st.Before.Permanent(o.Card) == nil {
					lasting[o.Card] = true
				}
			}
		}
		after, afterSkip := deltas(st.After)
		switch {
		case crossedCleanup(st):
			skipLasting(st, "effects-end", lasting, &v)
			effects := !skipEffects(st, "effects-end", before, beforeSkip, afterSkip, &v)
			checkCleanup(tr, i, before, after, effects, &v)
			if st.After.Turn != st.Before.Turn {
				checkUntap(tr, i, &v)
			}
		case st.Before.Step != harness.Cleanup && !resolvedSomething(st) && st.Before.Pending == nil:
			// (A step answering a pending decision finishes what asked it: state-based
			// actions, a legend rule choice among them, may still unattach what grants an
			// ability, CR 704.3, 704.5n.)
			if !skipEffects(st, "effects-last", before, beforeSkip, afterSkip, &v) {
				checkEffectsLast(tr, i, before, after, &v)
			}
		}
		before, beforeSkip = after, afterSkip
	}
	return v
}

// skipLasting counts a skipped moment of clause when a permanent with an effect of no
// stated duration stays through step st.
func skipLasting(st *gen.TraceStep, clause string, lasting map[harness.CardID]bool, v *Verdict) {
	for _, o := range st.Before.Battlefield {
		if lasting[o.Card] && sameObject(st.After, o) != nil {
			v.Skip(clause, "an ability put a permanent onto the battlefield and gave it an effect with no duration (CR 611.2a), which its fresh board can't carry")
			return
		}
	}
}

// skipEffects counts a skipped moment of clause when the board before step st or after it
// has no fresh board (beforeSkip, afterSkip) and some permanent that stays through the
// step could have been judged: one with effects on it before (before), or any judged one
// when that isn't known. It reports whether the effects can't be judged at st.
func skipEffects(st *gen.TraceStep, clause string, before map[harness.CardID]string, beforeSkip, afterSkip *freshSkip, v *Verdict) bool {
	skip := beforeSkip
	if skip == nil {
		skip = afterSkip
	}
	if skip == nil {
		return false
	}
	for _, o := range st.Before.Battlefield {
		if sameObject(st.After, o) == nil {
			continue
		}
		if beforeSkip != nil && freshJudged(o) || beforeSkip == nil && before[o.Card] != "" {
			skip.skipIn(v, clause)
			break
		}
	}
	return true
}

// checkCleanup judges the first moment after a cleanup step (CR 514.2): damage, and, when
// effects is set (both boards have fresh boards), the effects.
func checkCleanup(tr *gen.Trace, i int, before, after map[harness.CardID]string, effects bool, v *Verdict) {
	st := &tr.Steps[i]
	for j := range st.Before.Battlefield {
		o := st.Before.Battlefield[j]
		n := sameObject(st.After, o)
		if n == nil {
			continue
		}
		if o.Damage > 0 {
			v.Reach("damage-removed")
			if n.Damage > 0 {
				v.Violations = append(v.Violations, clauseViolation(i, "rules.turn", "514.2", "damage-removed",
					fmt.Sprintf("%s after the cleanup step", describe(n)),
					"no damage marked: it is removed from every permanent in the cleanup step (CR 514.2)",
					fmt.Sprintf("%d damage (it had %d before)", n.Damage, o.Damage)))
			}
		}
		if d, known := after[o.Card]; effects && before[o.Card] != "" && known {
			v.Reach("effects-end")
			if d != "" {
				v.Violations = append(v.Violations, clauseViolation(i, "rules.turn", "514.2", "effects-end",
					fmt.Sprintf("%s after the cleanup step", describe(n)),
					"its characteristics as on its fresh board: \"until end of turn\" effects end in the cleanup step (CR 514.2, 611.2a)",
					d+" (before: "+before[o.Card]+")"))
			}
		}
	}
}

// checkEffectsLast judges a step before any cleanup that resolved nothing: no effect from
// a resolved spell or ability may begin or end in it (CR 611.2a).
func checkEffectsLast(tr *gen.Trace, i int, before, after map[harness.CardID]string, v *Verdict) {
	st := &tr.Steps[i]
	for j := range st.Before.Battlefield {
		o := st.Before.Battlefield[j]
		n := sameObject(st.After, o)
		// A permanent missing from its fresh board (one whose toughness without the
		// effects is 0 or less dies as that game begins) shows no effects to compare.
		got, known := after[o.Card]
		if n == nil || before[o.Card] == "" || !known {
			continue
		}
		v.Reach("effects-last")
		if got != before[o.Card] {
			v.Violations = append(v.Violations, clauseViolation(i, "rules.turn", "611.2a", "effects-last",
				fmt.Sprintf("%s in turn %d %s", describe(n), st.After.Turn, st.After.Step),
				fmt.Sprintf("the effects on it unchanged until the cleanup step, as nothing resolved: %s (CR 611.2a)", before[o.Card]),
				orNone(got)))
		}
	}
}

// checkUntap judges the untap step of a new turn (CR 502.3): the new active player's
// permanents untap unless something says they don't; the other player's don't change.
// Whether a permanent "doesn't untap" is read from it after the step, not before: effects
// that last "until your next turn" end immediately before that turn begins (CR 611.2a,
// 500.7), so the untap step sees the permanent as it is once they have ended, and nothing
// between the untap step and the next moment a player acts changes characteristics (no
// player has priority in the untap step, CR 502.4).
func checkUntap(tr *gen.Trace, i int, v *Verdict) {
	st := &tr.Steps[i]
	active := st.After.Active
	for j := range st.Before.Battlefield {
		o := st.Before.Battlefield[j]
		n := sameObject(st.After, o)
		if n == nil || !o.Tapped {
			continue
		}
		held := doesntUntap(n)
		want := o.Controller != active || held
		clause := "untap"
		if held && o.Controller == active {
			clause = "doesnt-untap"
		}
		v.Reach(clause)
		if n.Tapped == want {
			continue
		}
		var exp string
		switch {
		case o.Controller != active:
			exp = fmt.Sprintf("still tapped: in %s's untap step only %s's permanents untap (CR 502.3)", active, active)
		case held:
			exp = "still tapped: it doesn't untap during its controller's untap step (CR 502.3)"
		default:
			exp = fmt.Sprintf("untapped: the active player %s untaps their permanents (CR 502.3)", active)
		}
		v.Violations = append(v.Violations, clauseViolation(i, "rules.turn", "502.3", clause,
			fmt.Sprintf("%s in turn %d's untap step", describe(n), st.After.Turn), exp,
			map[bool]string{true: "tapped", false: "untapped"}[n.Tapped]))
	}
}

// doesntUntap reports whether o has an ability saying it doesn't untap during its
// controller's untap step.
func doesntUntap(o *harness.Object) bool {
	for _, t := range o.Abilities {
		if strings.Contains(t, "doesn't untap during your untap step") {
			return true
		}
	}
	return false
}

func orNone(s string) string {
	if s == "" {
		return "no effect applies"
	}
	return s
}
