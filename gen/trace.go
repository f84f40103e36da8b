package gen

import (
	"fmt"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Trace is one generated case as it ran: the setup, then each action taken with the
// snapshots around it. Properties judge traces. A trace replays from (Setup, Actions())
// alone with [Replay].
type Trace struct {
	Setup harness.Setup
	Start harness.Snapshot
	// StartState is the engine's state for Start.
	StartState harness.State
	Steps      []TraceStep
	// Err is set when the engine failed (refused a listed action, returned an error,
	// panicked); the steps before it are kept. It is a *EngineError.
	Err error
}

// TraceStep is one action and what it did. Its snapshots are never nil and read only: a
// walk shares each between the steps it joins (a step's After is the next step's Before,
// the first step's Before the trace's Start), so a snapshot is stored once, not copied
// into every step that shows it.
type TraceStep struct {
	Before *harness.Snapshot
	Legal  []harness.Action // what the engine offered in Before
	Action harness.Action
	Events []harness.Event
	After  *harness.Snapshot
	// State handles, for properties that ask the engine more (ManaOutcomes, CouldProduce,
	// or Apply again to check purity).
	BeforeState harness.State
	AfterState  harness.State
}

// Actions lists the actions taken, in order.
func (tr *Trace) Actions() []harness.Action {
	out := make([]harness.Action, len(tr.Steps))
	for i := range tr.Steps {
		out[i] = tr.Steps[i].Action
	}
	return out
}

// Final is the last snapshot of the trace (Start if no step was taken).
func (tr *Trace) Final() *harness.Snapshot {
	if n := len(tr.Steps); n > 0 {
		return tr.Steps[n-1].After
	}
	return &tr.Start
}

// EngineError is how a trace records a broken engine: which call failed at which step,
// with the error or the recovered panic and its stack.
type EngineError struct {
	Step   int             // index of the step being taken; -1 while setting up
	Op     string          // "setup", "start", "legal", "apply", "observe"; "check" for a property's question; "generate" for the harness itself
	Action *harness.Action // the action being applied, for "apply"
	Err    error           // the engine's error; nil for a panic
	Panic  any             // the recovered panic value, if the engine panicked
	Stack  string          // the panicking goroutine's stack, addresses removed
}

// Error names the place as the game log numbers actions (from 1), as Place writes it: "at
// action 2" for the second action (the one being taken), "after action 2" (or "at the
// start") for a property's question about the game after it.
func (e *EngineError) Error() string {
	where := "at " + Place{Step: e.Step, During: true}.String()
	switch {
	case e.Op == "check":
		where = Place{Step: e.Step}.String()
	case e.Step < 0:
		where = "at setup"
	}
	what := e.Op
	if e.Action != nil {
		what += " " + e.Action.String()
	}
	who := "engine"
	if e.Op == "generate" {
		who = "generator (or a Steer hook)"
	}
	if e.Panic != nil {
		return fmt.Sprintf("%s panicked %s (%s): %v", who, where, what, e.Panic)
	}
	return fmt.Sprintf("%s failed %s (%s): %v", who, where, what, e.Err)
}

func (e *EngineError) Unwrap() error { return e.Err }
