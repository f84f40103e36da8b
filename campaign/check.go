package campaign

import (
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props"
)

// checkTrace runs the property's Check on tr (see check); an engine that broke while the
// property asked it more (a port that crashed or hung: the answers it gave no longer mean
// anything) becomes tr's engine error, at the step it was asked about, instead of
// violations. A question the engine declines stays the property's to judge.
func checkTrace(p *props.Property, eng harness.Engine, tr *gen.Trace) props.Verdict {
	eng = bare(eng) // the engine itself, with its optional interfaces
	v := check(p, eng, tr)
	dropInexpressible(p, eng, &v)
	var broke *props.Violation
	kept := v.Violations[:0:0]
	for i, x := range v.Violations {
		if x.Err != nil && !harness.Declined(x.Err) {
			if broke == nil {
				broke = &v.Violations[i]
			}
			continue
		}
		kept = append(kept, x)
	}
	v.Violations = kept
	broken := brokenEngine(eng)
	if broken != nil {
		// A port that crashed or hung answers every later question with an error, which a
		// check may take for a wrong answer (an action refused that was taken before):
		// nothing it found can be told apart from the break.
		v.Violations = nil
	}
	switch {
	case tr.Err != nil: // it broke in the walk already: that is the error to show
	case broke != nil:
		tr.Err = checkError(tr, broke.Step, broke.Err)
	case broken != nil: // broken by a question whose answer the property let go
		tr.Err = checkError(tr, len(tr.Steps)-1, broken)
	}
	return v
}

// dropInexpressible drops the violations of clauses whose needs the engine doesn't declare
// (a clause about what is offered fails trivially on an engine that offers no such
// action): the report gives those clauses as unsupported, never as failed.
func dropInexpressible(p *props.Property, eng harness.Engine, v *props.Verdict) {
	if len(v.Violations) == 0 || !slices.ContainsFunc(p.Clauses, func(c props.Clause) bool { return !c.Needs.Zero() }) {
		return
	}
	s := harness.SupportOf(eng)
	v.Violations = slices.DeleteFunc(v.Violations, func(x props.Violation) bool {
		i := slices.IndexFunc(p.Clauses, func(c props.Clause) bool { return c.Name == x.Clause })
		return i >= 0 && p.Clauses[i].Needs.Missing(s) != ""
	})
}

// checkError is a broken engine found by a property's question about step (-1: the
// start), with the action of that step.
func checkError(tr *gen.Trace, step int, err error) *gen.EngineError {
	e := &gen.EngineError{Step: step, Op: "check", Err: err}
	if step >= 0 && step < len(tr.Steps) {
		a := tr.Steps[step].Action
		e.Action = &a
	}
	return e
}

// brokenEngine is the failure of an engine that can break apart from its answers (a
// port's process crashed, hung or broke the protocol since the case started), or nil.
func brokenEngine(eng harness.Engine) error {
	if b, ok := eng.(interface{ Broken() error }); ok {
		return b.Broken()
	}
	return nil
}

// check runs the property's Check, turning a panic into a violation that says where.
func check(p *props.Property, eng harness.Engine, tr *gen.Trace) (v props.Verdict) {
	defer func() {
		if r := recover(); r != nil {
			ruling := ""
			if len(p.Rulings) > 0 {
				ruling = p.Rulings[0]
			}
			v.Violations = append(v.Violations, props.Violation{Step: -1, Ruling: ruling,
				Message: fmt.Sprintf("property %s panicked: %v%s", p.ID, r, panicSite(debug.Stack()))})
		}
	}()
	return p.Check(eng, tr)
}

// panicSite is " at dir/file.go:line" for the frame that panicked, from a stack taken in
// the recovering defer; "" if it can't tell. Only the last two path elements are kept, so
// reports don't depend on where the module is checked out.
func panicSite(stack []byte) string {
	lines := strings.Split(gen.CleanStack(stack, ""), "\n")
	if len(lines) < 2 || !strings.HasPrefix(lines[1], "\t") {
		return ""
	}
	loc := strings.TrimSpace(lines[1])
	if i := strings.LastIndex(loc, " +0x"); i > 0 {
		loc = loc[:i]
	}
	parts := strings.Split(loc, "/")
	if len(parts) > 2 {
		loc = strings.Join(parts[len(parts)-2:], "/")
	}
	return " at " + loc
}

// engineViolation describes a broken engine as a violation, for reports that list
// violations only. It is placed after the last action taken: an engine that broke taking
// action N+1 (EngineError.Step N) is seen after action N, the last line of the game log.
func engineViolation(err error) props.Violation {
	step := -1
	var ee *gen.EngineError
	if errors.As(err, &ee) {
		step = ee.Step
		if ee.Op != "check" && step >= 0 {
			step--
		}
	}
	return props.Violation{Step: step, Message: "engine error: " + err.Error()}
}
