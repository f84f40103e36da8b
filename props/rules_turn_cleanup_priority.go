package props

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// checkCleanupPriority judges a step that finished a cleanup step's turn-based actions
// (crossedCleanup), from outside the cleanup step or from a decision in it (discarding to
// hand size): no player receives priority in a cleanup step unless state-based actions
// were performed or abilities triggered in it (CR 514.3, 514.3a). A player with priority
// there must so have a triggered ability on the stack or a state-based action among the
// step's events; otherwise the turn goes on to the next one. A step that resolved
// something is left out: what resolves in a cleanup step triggered there.
func checkCleanupPriority(tr *gen.Trace, i int, v *Verdict) {
	st := &tr.Steps[i]
	b, a := st.Before, st.After
	if b.Step == harness.Cleanup && b.Priority != harness.NoPlayer || resolvedSomething(st) || a.GameOver {
		return // a player already had priority in this cleanup step (514.3a)
	}
	if !crossedCleanup(st) && !(b.Step == harness.Cleanup && a.Step == harness.Cleanup && a.Pending == nil) {
		return
	}
	v.Reach("cleanup-priority")
	if a.Step != harness.Cleanup || a.Priority == harness.NoPlayer || len(a.Stack) > 0 || performedSBA(st) {
		return
	}
	v.add("cleanup-priority", violation(i, "rules.turn", "514.3", fmt.Sprintf("turn %d's cleanup step", a.Turn),
		"no player receives priority: nothing triggered and no state-based action was performed in it (CR 514.3, 514.3a)",
		fmt.Sprintf("%s has priority with an empty stack", a.Priority)))
}

// performedSBA reports whether step st's events include a state-based action (the one
// kind of event, with damage, that properties read: docs/protocol.md).
func performedSBA(st *gen.TraceStep) bool {
	for _, e := range st.Events {
		if e.Kind == "sba" {
			return true
		}
	}
	return false
}

// checkCleanupTriggers judges a step that ended a turn from its cleanup step: an ability
// that triggered during the cleanup step (a discard to hand size setting off "whenever you
// discard a card") goes on the stack in it, and its players get priority there (CR
// 514.3a), not in the next turn. So the next turn's stack may hold, new, only abilities
// that trigger as a step begins ("At the beginning of ...") or on a permanent leaving the
// battlefield (a state-based action as its upkeep begins, trigger_text.go), and a "when
// this becomes the target" ability of a permanent that one of them targets (Cryptoplasm's
// upkeep trigger targeting a Phantasmal Image, 603.3d); any other new one triggered in the
// cleanup step and was left over the turn's end.
func checkCleanupTriggers(tr *gen.Trace, i int, v *Verdict) {
	st := &tr.Steps[i]
	b, a := st.Before, st.After
	if b.Step != harness.Cleanup || a.Turn == b.Turn || resolvedSomething(st) {
		return
	}
	v.Reach("cleanup-triggers")
	for _, o := range a.Stack {
		if o.Kind != "ability" || stillOnStack(b, o.Object) || strings.HasPrefix(o.Text, "At the beginning of") {
			continue
		}
		if k := readTrigger(o.Text).kind; k == trigDies || k == trigToGraveyard || k == trigLeaves ||
			k == trigTargeted && targetedByNew(b, a, o.Card) {
			continue
		}
		v.add("cleanup-triggers", violation(i, "rules.turn", "514.3a", fmt.Sprintf("turn %d's stack", a.Turn),
			"no ability that triggered in the last turn's cleanup step: it goes on the stack in that step, where players then get priority (CR 514.3a)",
			fmt.Sprintf("%s's %q (card %d) went on the stack only in turn %d's %s", o.Controller, o.Text, o.Card, a.Turn, a.Step)))
		return
	}
}

// targetedByNew reports whether an object on a's stack that wasn't on b's targets card c.
func targetedByNew(b, a *harness.Snapshot, c harness.CardID) bool {
	for _, o := range a.Stack {
		if !stillOnStack(b, o.Object) && slices.ContainsFunc(o.Targets, func(t harness.Target) bool { return !t.IsPlayer() && t.Card == c }) {
			return true
		}
	}
	return false
}
