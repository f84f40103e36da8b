package gen

import "github.com/mtgfuzz/mtgfuzz/harness"

// Trace is one generated case as it ran: the setup, then each action taken with the
// snapshots around it. Properties judge traces.
type Trace struct {
	Setup harness.Setup
	Start harness.Snapshot
	Steps []TraceStep
	// Err is set when the engine failed (refused a listed action, crashed, timed out);
	// the steps before it are kept.
	Err error
}

// TraceStep is one action and what it did.
type TraceStep struct {
	Before  harness.Snapshot
	Legal   []harness.Action // what the engine offered in Before
	Action  harness.Action
	Events  []harness.Event
	After   harness.Snapshot
	// State handles, for properties that ask the engine more (ManaOutcomes, CouldProduce,
	// or Apply again to check purity).
	BeforeState harness.State
	AfterState  harness.State
}
