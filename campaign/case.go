package campaign

import (
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props"
)

// outcome of one case.
type caseOutcome uint8

const (
	caseHeld caseOutcome = iota
	caseViolated
	caseBroke // the engine (or the generator) failed
)

// caseResult is what the campaign keeps of a case.
type caseResult struct {
	done         bool
	reached      int
	clauses      []int           // moments per declared clause
	skips        []props.Skipped // skipped moments per declared clause; nil: none
	stats        caseStats
	outcome      caseOutcome
	kind         string // what a violating case violated (violationKind)
	busy, inProp time.Duration
}

// judged is one case run and checked.
type judged struct {
	trace        *gen.Trace
	verdict      props.Verdict
	outcome      caseOutcome
	busy, inProp time.Duration // the whole case, and its Check
}

// runCase generates case src with g on eng and checks it with p. Panics in the property
// become violations and panics in the generator an engine-style error: a run never dies
// of a bad case.
func runCase(p *props.Property, g *gen.Generator, eng harness.Engine, src gen.Source, maxSteps int) (j judged) {
	defer func() {
		if r := recover(); r != nil { // a panic outside engine calls: the harness or a Prefer hook
			j.trace = &gen.Trace{Err: &gen.EngineError{Step: -1, Op: "generate", Panic: r,
				Stack: gen.CleanStack(debug.Stack(), "github.com/mtgfuzz/mtgfuzz/campaign.")}}
			j.outcome = caseBroke
		}
	}()
	began := time.Now()
	j.trace = g.Run(src, eng, maxSteps)
	if j.trace.Err == nil {
		if e := unreadableText(j.trace); e != nil {
			j.trace.Err = e
		}
	}
	checked := time.Now()
	j.verdict = check(p, eng, j.trace)
	undeclaredClauses(p, &j.verdict)
	j.inProp = time.Since(checked)
	j.busy = checked.Sub(began) + j.inProp
	switch {
	case len(j.verdict.Violations) > 0:
		j.outcome = caseViolated
	case j.trace.Err != nil:
		j.outcome = caseBroke
	}
	return j
}

// violationKind is what makes two counterexamples distinct: the clause, ruling and CR
// rule of the first violation.
func violationKind(v *props.Verdict) string {
	if len(v.Violations) == 0 {
		return ""
	}
	x := v.Violations[0]
	return x.Clause + "|" + x.Ruling + "|" + x.Rule
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
// violations only.
func engineViolation(err error) props.Violation {
	step := -1
	var ee *gen.EngineError
	if errors.As(err, &ee) {
		step = ee.Step
	}
	return props.Violation{Step: step, Message: "engine error: " + err.Error()}
}

// undeclaredClauses turns reach of a clause the property does not declare into a
// violation: a misspelt clause name would otherwise count toward nothing, silently.
func undeclaredClauses(p *props.Property, v *props.Verdict) {
	names := make([]string, 0, len(v.Clauses))
	for name := range v.Clauses {
		if !slices.Contains(p.ClauseNames(), name) {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	for _, name := range names {
		v.Violations = append(v.Violations, props.Violation{Step: -1, Clause: name,
			Message: fmt.Sprintf("property %s reached clause %q, which it does not declare (its clauses: %s)",
				p.ID, name, strings.Join(p.ClauseNames(), ", "))})
	}
}

// clauseCounts lays v's clause reach out in p's declaration order.
func clauseCounts(p *props.Property, v *props.Verdict) []int {
	if len(p.Clauses) == 0 {
		return nil
	}
	out := make([]int, len(p.Clauses))
	for i, c := range p.Clauses {
		out[i] = v.Clauses[c.Name]
	}
	return out
}
