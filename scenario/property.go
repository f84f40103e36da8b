package scenario

import (
	"fmt"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// PropertyChecker judges a replayed trace with a property, for "property: ID"
// expectations. ID is a property ID, or a ruling ID standing for every property of that
// ruling. It returns how many moments of the trace reached the property's situation and
// one message per violation. It is CheckProperties (package props) unless a caller
// swaps it (tests, or a tool with its own properties); nil makes property expectations
// fail with a message saying so.
var PropertyChecker func(id string, eng harness.Engine, tr *gen.Trace) (reached int, violations []string, err error) = CheckProperties

func (r *replayer) checkProperty(e *PropertyCheck) []string {
	if PropertyChecker == nil {
		return []string{fmt.Sprintf("property %s: no property checker is wired (scenario.PropertyChecker is nil)", e.ID)}
	}
	type verdict struct {
		reached    int
		violations []string
	}
	v, err := call("property "+e.ID, func() (verdict, error) {
		n, vs, err := PropertyChecker(e.ID, r.eng, r.trace)
		return verdict{n, vs}, err
	})
	if err != nil {
		return []string{fmt.Sprintf("property %s: %v", e.ID, err)}
	}
	var out []string
	for _, msg := range v.violations {
		out = append(out, fmt.Sprintf("property %s: %s", e.ID, msg))
	}
	if len(out) == 0 && v.reached == 0 && !e.AnyReach {
		out = append(out, fmt.Sprintf("expected property %s to reach its situation, got vacuous (never reached in this replay)", e.ID))
	}
	return out
}
