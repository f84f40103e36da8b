package props

import (
	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Property is an executable check derived from rulings. It judges one generated trace
// and says whether the trace reached the situation it is about.
type Property struct {
	ID          string   // "mana.undefined-type" or "mana.undefined-type/reflecting-pool"
	Rulings     []string // ruling IDs from rulings.md
	Rules       []string // CR rule numbers, e.g. "106.5"
	Description string
	// Steer biases generation toward the property's situation without excluding anything.
	Steer gen.Steer
	// Check judges one trace. It may ask the engine more questions about trace states.
	Check func(eng harness.Engine, tr *gen.Trace) Verdict
}

// Verdict is a property's judgement of one trace.
type Verdict struct {
	// Reached counts the moments in the trace where the property's situation occurred.
	Reached int
	// Violations lists every violation found, each saying what was expected and what
	// happened; empty means the property held.
	Violations []Violation
}

// Violation is one failure: where in the trace, and what was expected versus seen.
type Violation struct {
	Step    int    // index into Trace.Steps; -1 for the start
	Ruling  string // the ruling ID violated
	Rule    string // the CR rule
	Message string // "expected: no mana (CR 106.5); got: {C}"
}
