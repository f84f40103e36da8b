package props

import (
	"fmt"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
)

// How a property words what it found: a violation's message and its place in the trace.

// violation builds a Violation whose message reads
// "WHAT: expected: ... (ruling ID, CR RULE); got: ...", as a game log line would.
func violation(step int, ruling, rule, what, expected, got string) Violation {
	return Violation{Step: step, Ruling: ruling, Rule: rule,
		Message: fmt.Sprintf("%s: expected: %s (ruling %s, CR %s); got: %s", what, expected, ruling, rule, got)}
}

// clauseViolation is violation for one clause of a property.
func clauseViolation(step int, ruling, rule, clause, what, expected, got string) Violation {
	vi := violation(step, ruling, rule, what, expected, got)
	vi.Clause = clause
	return vi
}

// queryError is the violation for an engine that refuses a question it must answer. It
// keeps the error: an engine that breaks while asked (a crashed port) is an engine error.
func queryError(step int, ruling, rule, what string, err error) Violation {
	x := violation(step, ruling, rule, what, "an answer", "error: "+err.Error())
	x.Err = err
	return x
}

// add records a violation of a clause of the property.
func (v *Verdict) add(clause string, x Violation) {
	x.Clause = clause
	v.Violations = append(v.Violations, x)
}

// where prefixes a message with the action, numbered from 1 as in the game log:
// "action 3 (A: activate Forest ability 0)".
func where(tr *gen.Trace, i int) string {
	if i < 0 || i >= len(tr.Steps) {
		return "at the start"
	}
	return fmt.Sprintf("action %d (%s)", i+1, tr.Steps[i].Action)
}

// whereAfter names the state after step i (or the start).
func whereAfter(tr *gen.Trace, i int) string {
	if i < 0 || i >= len(tr.Steps) {
		return "at the start"
	}
	return fmt.Sprintf("after action %d (%s)", i+1, tr.Steps[i].Action)
}

// CutPlace removes from a violation's message the place it opens with, when that is the
// place of step (where and whereAfter write it), so a report that names the place itself
// doesn't say it twice ("at the start: at the start: ..."). It returns what the message
// adds to the place (" (A: activate Forest ability 0)", or "") and the rest.
func CutPlace(msg string, step int) (detail, rest string) {
	if step < 0 {
		if rest, ok := strings.CutPrefix(msg, "at the start: "); ok {
			return "", rest
		}
		return "", msg
	}
	for _, place := range []string{fmt.Sprintf("after action %d", step+1), fmt.Sprintf("action %d", step+1)} {
		after, ok := strings.CutPrefix(msg, place)
		switch {
		case !ok:
		case strings.HasPrefix(after, ": "):
			return "", after[2:]
		case strings.HasPrefix(after, " ("):
			if i := strings.Index(after, "): "); i > 0 {
				return after[:i+1], after[i+3:]
			}
		}
	}
	return "", msg
}
