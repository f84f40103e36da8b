package props

import (
	"fmt"

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
