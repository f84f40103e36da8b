package props

import (
	"fmt"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props/internal/manaoracle"
)

// priorityRules checks who receives priority and what passing does (CR 117.3-117.4,
// 405.5). It follows the passes of the trace itself: a pass is the second "in succession"
// when the previous step was the other player's pass and no action came between (117.4).
func priorityRules() *Property {
	return &Property{
		ID:      "rules.priority",
		Rulings: []string{"rules.priority"},
		Rules:   []string{"117.1", "117.1a", "307.1", "304.1", "117.3b", "117.3c", "117.3d", "117.4", "405.5", "500.2"},
		Description: "After a spell or ability resolves the active player receives priority; after a player casts, " +
			"activates or plays a land, that player does; a single pass hands priority to the other player and changes " +
			"nothing else; all players passing in succession resolves the top of the stack, or ends the step when it is empty; " +
			"nobody has priority while a decision is pending, and somebody has while none is; a spell is offered at the times " +
			"its timing allows, an instant whenever its controller has priority, any other spell at sorcery speed; a land only in its player's main phase with an empty stack, once a turn.",
		Clauses: []Clause{
			{Name: "after-resolution", Rules: []string{"117.3b"}, Description: "After the top of the stack resolves, the active player has priority."},
			{Name: "after-action", Rules: []string{"117.3c"}, Description: "After a player casts a spell, activates an ability or plays a land, that player has priority."},
			{Name: "single-pass", Rules: []string{"117.3d"}, Description: "A pass that is not the second in succession gives priority to the other player and leaves the stack and step alone."},
			{Name: "both-pass-resolves", Rules: []string{"117.4", "405.5"}, Description: "Both players passing in succession with a non-empty stack resolves its top object and nothing else but what it targets, in the same step."},
			{Name: "both-pass-ends-step", Rules: []string{"117.4", "500.2"}, Description: "Both players passing in succession with an empty stack ends the step."},
			{Name: "sorcery-timing", Rules: []string{"117.1a", "307.1"}, Needs: needsCasting, Description: "No cast of a spell without instant timing (an instant, or flash) is listed outside its caster's main phase with an empty stack."},
			{Name: "land-timing", Rules: []string{"305.1", "305.2", "116.2a"}, Needs: Needs{Actions: []harness.ActionKind{harness.PlayLand}},
				Description: "No land play is listed outside its player's main phase with an empty stack, nor once they played a land this turn, whatever lets their spells be cast as though they had flash: a land is played, never cast."},
			{Name: "instant-timing", Rules: []string{"117.1a", "304.1", "702.8a"}, Needs: needsCasting, Description: "The player with priority, paying for nothing, has a cast listed for each instant or flash card in hand that they can afford and that targets nothing but a player."},
			{Name: "decision-or-priority", Rules: []string{"117.1"}, Description: "While a decision is pending (a declaration, a choice as a spell or ability resolves, the order of triggers) no player has priority: the game waits for that choice, not for a pass; with none pending, in a game not over, a player has priority."},
		},
		Steer: gen.Steer{
			Name: "rules.priority",
			Recipes: []gen.Recipe{
				{Name: "instants and abilities", Weight: 2, Mine: gen.Cards("Forest", "Island", "Walking Ballista", "Mutavault", "Swamp"),
					Theirs: gen.Cards("Forest", "Island"), Hand: gen.Cards("Giant Growth", "Twiddle", "Dark Ritual")},
			},
			Actions: &gen.ActionWeights{Pass: 12, Preferred: 3, Mana: 4, Land: 2, Cast: 4, Pay: 10, Activate: 4, Attack: 2, Choose: 4, Cancel: 1},
			Prefer:  preferOtherPlayersMana,
		},
		Check: checkPriority,
	}
}

func checkPriority(eng harness.Engine, tr *gen.Trace) Verdict {
	var v Verdict
	// passes counts the passes in succession before the current step; -1 is unknown. A
	// cancel rewinds the game to the position before the proposal (CR 733), passes
	// included: before[j] is the count before step j, to find it again.
	passes := 0
	before := make([]int, len(tr.Steps))
	for i := range tr.Steps {
		st := &tr.Steps[i]
		b, a := st.Before, st.After
		checkDecisionOrPriority(i, a, &v)
		checkSorceryTiming(i, st, &v)
		checkLandTiming(i, st, &v)
		checkInstantTiming(i, st, &v)
		prev := passes
		before[i], passes = prev, 0
		if st.Action.Kind == harness.Cancel {
			passes = -1
			for j := i - 1; j >= 0; j-- {
				if sameTree(*tr.Steps[j].Before, *a) {
					passes = before[j]
					break
				}
			}
			continue
		}
		if !settled(a) {
			continue
		}
		switch st.Action.Kind {
		case harness.Pass:
			if !settled(b) {
				continue
			}
			if prev < 0 { // unknown: a pass that changed neither step nor stack was the first
				if a.Turn == b.Turn && a.Step == b.Step && len(a.Stack) == len(b.Stack) {
					passes = 1
				}
				continue
			}
			if prev == 0 {
				passes = 1
				checkSinglePass(tr, i, &v)
			} else {
				checkBothPass(tr, i, &v)
			}
		case harness.Pay, harness.PlayLand:
			if st.Action.Kind == harness.Pay && b.Casting == nil {
				continue
			}
			v.Reach("after-action")
			if a.Priority != st.Action.Player {
				v.Violations = append(v.Violations, clauseViolation(i, "rules.priority", "117.3c", "after-action", "",
					fmt.Sprintf("%s receives priority after casting, activating or playing a land (CR 117.3c)", st.Action.Player),
					fmt.Sprintf("%s has priority", a.Priority)))
			}
		}
		if resolvedSomething(st) && st.Action.Kind != harness.Pass {
			checkAfterResolution(tr, i, &v)
		}
	}
	return v
}

// checkDecisionOrPriority: who is asked to act after step i is either the player a
// pending decision is for, or the player with priority, never both and, in a game not
// over, never neither (CR 117.1: priority decides who acts unless a spell, an ability
// or a turn-based action is instructing a player; the protocol shows priority "-" then).
func checkDecisionOrPriority(i int, a *harness.Snapshot, v *Verdict) {
	if a.GameOver {
		return
	}
	v.Reach("decision-or-priority")
	var got string
	switch {
	case a.Pending != nil && a.Priority != harness.NoPlayer:
		got = fmt.Sprintf("%s has priority while a decision of %s is pending", a.Priority, a.Pending.Player)
	case a.Pending == nil && a.Priority == harness.NoPlayer:
		got = "no decision is pending and nobody has priority"
	default:
		return
	}
	v.Violations = append(v.Violations, clauseViolation(i, "rules.priority", "117.1", "decision-or-priority", "",
		"either a decision is pending and nobody has priority, or a player has priority (CR 117.1)", got))
}

// checkSinglePass: the first pass gives priority to the other player, and nothing else
// happens (CR 117.3d).
func checkSinglePass(tr *gen.Trace, i int, v *Verdict) {
	st := &tr.Steps[i]
	b, a := st.Before, st.After
	v.Reach("single-pass")
	want := st.Action.Player.Opponent()
	var got string
	switch {
	case a.Turn != b.Turn || a.Step != b.Step:
		got = fmt.Sprintf("the game moved on to turn %d %s", a.Turn, a.Step)
	case len(a.Stack) != len(b.Stack) || len(b.Stack) > 0 && a.Stack[len(a.Stack)-1].Object != b.Stack[len(b.Stack)-1].Object:
		got = fmt.Sprintf("the stack went from %d to %d objects", len(b.Stack), len(a.Stack))
	case a.Priority != want:
		got = fmt.Sprintf("%s has priority", a.Priority)
	default:
		return
	}
	v.Violations = append(v.Violations, clauseViolation(i, "rules.priority", "117.3d", "single-pass", "",
		fmt.Sprintf("%s receives priority, with the stack and step unchanged: only one player has passed (CR 117.3d, 117.4)", want), got))
}

// checkBothPass: the second pass in succession resolves the top of the stack (CR 405.5),
// or with an empty stack ends the step (CR 117.4, 500.2).
func checkBothPass(tr *gen.Trace, i int, v *Verdict) {
	st := &tr.Steps[i]
	b, a := st.Before, st.After
	if len(b.Stack) == 0 {
		if b.Step == harness.Cleanup {
			return // another cleanup step may follow (CR 514.3a), indistinguishable from this one
		}
		v.Reach("both-pass-ends-step")
		if a.Turn == b.Turn && a.Step == b.Step {
			v.Violations = append(v.Violations, clauseViolation(i, "rules.priority", "117.4", "both-pass-ends-step", "",
				"the step ends: both players passed in succession with an empty stack (CR 117.4, 500.2)",
				fmt.Sprintf("still turn %d %s, %s to act", a.Turn, a.Step, a.Priority)))
		}
		return
	}
	v.Reach("both-pass-resolves")
	top := b.Stack[len(b.Stack)-1]
	var got string
	switch {
	case a.Turn != b.Turn || a.Step != b.Step:
		got = fmt.Sprintf("the game moved on to turn %d %s", a.Turn, a.Step)
	case stillOnStack(a, top.Object):
		got = top.Name + " is still on the stack"
	default:
		for _, o := range b.Stack[:len(b.Stack)-1] {
			if !stillOnStack(a, o.Object) && !targetsStackObject(top, o.Object) {
				got = fmt.Sprintf("%s, below the top, left the stack too", o.Name)
			}
		}
	}
	if got != "" {
		v.Violations = append(v.Violations, clauseViolation(i, "rules.priority", "405.5", "both-pass-resolves", "",
			fmt.Sprintf("%s, the top of the stack, resolves, and nothing else leaves it but what it targets; the step goes on (CR 117.4, 405.5)", top.Name), got))
	}
	checkAfterResolution(tr, i, v)
}

// targetsStackObject reports whether so targets stack object id: resolving, it may take
// that object off the stack with it (a counterspell, CR 701.6a, 608.2b).
func targetsStackObject(so harness.StackObject, id harness.ObjectID) bool {
	for _, t := range so.Targets {
		if t.Stack == id {
			return true
		}
	}
	return false
}

// checkAfterResolution: once a spell or ability has resolved, the active player receives
// priority (CR 117.3b).
func checkAfterResolution(tr *gen.Trace, i int, v *Verdict) {
	a := tr.Steps[i].After
	if !resolvedSomething(&tr.Steps[i]) {
		return
	}
	v.Reach("after-resolution")
	if a.Priority != a.Active {
		v.Violations = append(v.Violations, clauseViolation(i, "rules.priority", "117.3b", "after-resolution", "",
			fmt.Sprintf("the active player %s receives priority after a spell or ability resolves (CR 117.3b)", a.Active),
			fmt.Sprintf("%s has priority", a.Priority)))
	}
}

// preferOtherPlayersMana favours the other player tapping for mana while they hold
// priority outside a proposal: most often just after the active player passed, so that
// their pass next is not the second in succession (CR 117.4: a mana ability is an action
// in between, 605.3a).
func preferOtherPlayersMana(before *harness.Snapshot, a harness.Action) bool {
	if before == nil || a.Kind != harness.Activate || a.Player == before.Active || before.Casting != nil {
		return false
	}
	ab, ok := manaoracle.AbilityOf(before.Permanent(a.Card), a.Ability)
	return ok && ab.Mana
}
