package props

import (
	"fmt"

	"github.com/mtgfuzz/mtgfuzz/gen"
)

// How a property words what it found: a violation's message and its place in the trace.

// violation builds a Violation whose message reads
// "WHAT: expected: ... (ruling ID, CR RULE); got: ...", as a game log line would, or
// "expected: ..." with no WHAT. The place is step: reports name it (gen.Place), so WHAT
// doesn't.
func violation(step int, ruling, rule, what, expected, got string) Violation {
	msg := fmt.Sprintf("expected: %s (ruling %s, CR %s); got: %s", expected, ruling, rule, got)
	if what != "" {
		msg = what + ": " + msg
	}
	return Violation{Step: step, Ruling: ruling, Rule: rule, Message: msg}
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

// where names step i being taken, numbered from 1 as in the game log: "action 3 (A:
// activate Forest ability 0)"; the start for a step outside the trace. A violation's own
// place is its Step, which reports name; where is for other moments a message mentions.
func where(tr *gen.Trace, i int) string {
	if i < 0 || i >= len(tr.Steps) {
		return gen.Place{Step: -1}.String()
	}
	return gen.Place{Step: i, During: true, Action: tr.Steps[i].Action.String()}.String()
}

// whereAfter names the game after step i (or the start), as where does step i.
func whereAfter(tr *gen.Trace, i int) string {
	if i < 0 || i >= len(tr.Steps) {
		return gen.Place{Step: -1}.String()
	}
	return gen.PlaceAfter(tr.Actions(), i).String()
}
