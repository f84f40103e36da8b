package campaign

import (
	"errors"
	"fmt"
	"maps"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/mtgfuzz/mtgfuzz/cards"
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
	clauses      []int // moments per declared clause
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

// violationKind is what makes two counterexamples distinct: what fails and where it is
// seen, not only what is cited. It is the clause, ruling and CR rule of the first
// violation, the kind of the action after which it was seen ("start" before any), and
// the names (never the IDs, which shrinking renumbers) of the cards that action (its card,
// its targets, the spell or ability a payment pays for) and the violation's message name,
// sorted.
func violationKind(v *props.Verdict, tr *gen.Trace) string {
	if len(v.Violations) == 0 {
		return ""
	}
	x := v.Violations[0]
	at, names := "start", map[string]bool{}
	if x.Step >= 0 && x.Step < len(tr.Steps) {
		st := &tr.Steps[x.Step]
		at = string(st.Action.Kind)
		if pr := st.Before.Casting; pr != nil && st.Action.Kind == harness.Pay { // what is paid for
			names[pr.Name] = true
		}
		for _, c := range append([]harness.CardID{st.Action.Card}, targetCards(st.Action)...) {
			if o := st.Before.Find(c); c != 0 && o != nil {
				names[o.Name] = true
			}
		}
	}
	for _, name := range cards.Names() {
		if strings.Contains(x.Message, name) {
			names[name] = true
		}
	}
	sorted := slices.Sorted(maps.Keys(names))
	return strings.Join([]string{x.Clause, x.Ruling, x.Rule, at, strings.Join(sorted, ",")}, "|")
}

// kind is violationKind of j.
func (j *judged) kind() string { return violationKind(&j.verdict, j.trace) }

// distinctShrunk drops from more (a property's counterexamples after its first) those
// that shrank to a failure (violationKind, kind(nth): 0 the first, n more[n-1]) that the
// first or an earlier one already shows: two cases that looked different before
// shrinking and fail the same way after count once. "" (a flaky case) is always kept.
func distinctShrunk(more []Failure, kind func(nth int) string) []Failure {
	if len(more) == 0 {
		return more
	}
	seen := map[string]bool{kind(0): true}
	var out []Failure
	for i, f := range more {
		if k := kind(i + 1); k == "" || !seen[k] {
			seen[k] = true
			out = append(out, f)
		}
	}
	return out
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

// targetCards lists the cards a's targets name.
func targetCards(a harness.Action) []harness.CardID {
	var out []harness.CardID
	for _, t := range a.Targets {
		if t.Card != 0 {
			out = append(out, t.Card)
		}
	}
	return out
}

// checkTrace runs the property's Check on tr (see check); an engine that broke while the
// property asked it more (a port that crashed or hung: the answers it gave no longer mean
// anything) becomes tr's engine error, at the step it was asked about, instead of
// violations. A question the engine declines stays the property's to judge.
func checkTrace(p *props.Property, eng harness.Engine, tr *gen.Trace) props.Verdict {
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
	switch {
	case tr.Err != nil: // it broke in the walk already: that is the error to show
	case broke != nil:
		tr.Err = checkError(tr, broke.Step, broke.Err)
	case brokenEngine(eng) != nil: // broken by a question whose answer the property let go
		tr.Err = checkError(tr, len(tr.Steps)-1, brokenEngine(eng))
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
