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
	reached      int
	clauses      []int           // moments per declared clause
	skips        []props.Skipped // skipped moments per declared clause; nil: none
	stats        caseStats
	outcome      caseOutcome
	kind         string // what a violating case violated (violationKind)
	brokeWith    error  // what a broken case broke with: a port that died may not die again on a rerun
	busy, inProp time.Duration
	skipped      bool // not run (Config.RunCase): it holds the place, and counts for nothing
}

// judged is one case run and checked.
type judged struct {
	trace        *gen.Trace
	verdict      props.Verdict
	outcome      caseOutcome
	busy, inProp time.Duration // the whole case, and its Check
	skipped      bool          // not run (Config.RunCase)
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
	if !declined(j.trace) { // a board the engine declines is no verdict: nothing to judge
		j.verdict = checkTrace(p, eng, j.trace)
		undeclaredClauses(p, &j.verdict)
	}
	j.inProp = time.Since(checked)
	j.busy = checked.Sub(began) + j.inProp
	switch {
	case len(j.verdict.Violations) > 0:
		j.outcome = caseViolated
	case j.trace.Err != nil && !declined(j.trace):
		j.outcome = caseBroke
	}
	return j
}

// declined reports whether the engine declined to start the trace's board (an
// "unsupported" answer to Start, see harness.ErrUnsupported): the case is rejected, not
// a failure of the engine, and no counterexample.
func declined(tr *gen.Trace) bool {
	var ee *gen.EngineError
	return errors.As(tr.Err, &ee) && ee.Step < 0 && ee.Op == "start" && harness.Declined(ee.Err)
}

// violatedFirst is rulings with the ruling the first violation cites moved to the front
// (when it is one of them): a counterexample is filed under the ruling it breaks, not
// the first its property lists (mana.outcomes checks five).
func violatedFirst(rulings []string, vs []props.Violation) []string {
	if len(vs) == 0 {
		return rulings
	}
	i := slices.Index(rulings, vs[0].Ruling)
	if i <= 0 {
		return rulings
	}
	out := append([]string{rulings[i]}, rulings[:i]...)
	return append(out, rulings[i+1:]...)
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
