package scenario

import (
	"errors"
	"fmt"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Result is the outcome of replaying one scenario.
type Result struct {
	Path    string
	Rulings []string
	Passed  bool
	// Unsupported is set when the engine declined the scenario's board (an "unsupported"
	// answer to Start, harness.ErrUnsupported): not replayed, neither passed nor failed.
	Unsupported string
	// Failures each read "path:line: expected X, got Y" (or what the engine refused).
	Failures []string
	// FailedAt is, for each failure, the index of the Trace step after which it was seen
	// (-1: at the start, or before the game could start).
	FailedAt []int
	// Log is the game as it was replayed: each action, its events, the computed board
	// after it, and each expectation with its verdict.
	Log []string
	// Trace is the replayed game in the form properties judge.
	Trace *gen.Trace
}

// maxPasses bounds the helpers that pass repeatedly, so a scenario that never reaches its
// step fails instead of running forever.
const maxPasses = 300

// replayer runs one scenario against one engine.
type replayer struct {
	eng   harness.Engine
	sc    *Scenario
	book  *refBook
	st    harness.State
	snap  harness.Snapshot
	trace *gen.Trace
	res   *Result
	// mark is how many trace steps there were at the last expectations checked: trigger
	// expectations read the events since.
	mark int
}

// Replay plays the scenario on the engine: it sets up the game, takes each action (each
// must match exactly one legal action), and checks every expectation. Engine errors and
// panics become failures at the line that caused them; Replay itself never panics.
// Replay stops at the first action that can't be taken.
func Replay(eng harness.Engine, sc *Scenario) *Result {
	r := &replayer{eng: eng, sc: sc, res: &Result{Path: sc.Path, Rulings: sc.Rulings}}
	r.run()
	r.res.Passed = len(r.res.Failures) == 0 && r.res.Unsupported == ""
	return r.res
}

// Explain replays the scenario and returns its game log, step by step with the computed
// board after each step. The log is returned even when the scenario fails; the error then
// lists the failures.
func Explain(eng harness.Engine, sc *Scenario) (string, error) {
	res := Replay(eng, sc)
	text := strings.Join(res.Log, "\n") + "\n"
	if res.Unsupported != "" {
		return text, errors.New(res.Unsupported)
	}
	if !res.Passed {
		return text, errors.New(strings.Join(res.Failures, "\n"))
	}
	return text, nil
}

func (r *replayer) logf(format string, args ...any) {
	r.res.Log = append(r.res.Log, fmt.Sprintf(format, args...))
}

// fail records a failure at a line of the file.
func (r *replayer) fail(line int, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	r.res.Failures = append(r.res.Failures, (&Error{Path: r.sc.Path, Line: line, Msg: msg}).Error())
	step := -1
	if r.trace != nil {
		step = len(r.trace.Steps) - 1
	}
	r.res.FailedAt = append(r.res.FailedAt, step)
	r.logf("  FAIL line %d: %s", line, indentMore(msg))
}

func indentMore(s string) string { return strings.ReplaceAll(s, "\n", "\n  ") }

// call runs one engine call, turning a panic into an error.
func call[T any](what string, f func() (T, error)) (v T, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("the engine panicked in %s: %v", what, p)
		}
	}()
	return f()
}

func (r *replayer) run() {
	sc := r.sc
	r.logf("scenario %s", sc.Path)
	rules := ""
	if len(sc.Rules) > 0 {
		rules = " (CR " + strings.Join(sc.Rules, ", ") + ")"
	}
	r.logf("ruling %s%s: %s", strings.Join(sc.Rulings, ", "), rules, sc.Title)
	setup, book, err := sc.build()
	if err != nil {
		r.res.Failures = append(r.res.Failures, err.Error())
		r.logf("  FAIL %v", err)
		return
	}
	r.book = book
	line := sc.Initial.At.Line
	st, err := call("Start", func() (harness.State, error) { return r.eng.Start(setup) })
	if harness.Declined(err) {
		r.res.Unsupported = "the engine declines its board: " + err.Error()
		r.logf("  UNSUPPORTED %s", r.res.Unsupported)
		return
	}
	if err != nil {
		r.fail(setupErrorLine(&sc.Initial, err), "the engine could not set up the game: %v", err)
		return
	}
	r.st = st
	if !r.observe(line) {
		return
	}
	r.trace = &gen.Trace{Setup: setup, Start: r.snap, StartState: r.st}
	r.res.Trace = r.trace
	r.logf("setup (line %d):", line)
	r.logBoard()
	for i := range sc.Steps {
		step := &sc.Steps[i]
		if step.Action != nil && !r.do(step.Action) {
			r.logf("replay stopped at line %d", step.Action.At.Line)
			return
		}
		r.checkAll(step.Expect)
	}
	if len(sc.Expect) > 0 {
		r.logf("at the end:")
		r.checkAll(sc.Expect)
	}
}

func (r *replayer) observe(line int) bool {
	snap, err := call("Observe", func() (harness.Snapshot, error) { return r.eng.Observe(r.st) })
	if err != nil {
		r.fail(line, "the engine could not show the game: %v", err)
		return false
	}
	r.snap = snap
	return true
}

func (r *replayer) legal(line int) ([]harness.Action, bool) {
	legal, err := call("Legal", func() ([]harness.Action, error) { return r.eng.Legal(r.st) })
	if err != nil {
		r.fail(line, "the engine could not list the legal actions: %v", err)
		return nil, false
	}
	return legal, true
}

// do takes one action line (or runs a helper); false means the replay can't go on.
func (r *replayer) do(a *ActionSpec) bool {
	line := a.At.Line
	r.logf("line %d: %s", line, a.String())
	switch a.Verb {
	case VerbPassUntil:
		return r.passUntil(a)
	case VerbResolve:
		return r.resolveTop(a)
	}
	legal, ok := r.legal(line)
	if !ok {
		return false
	}
	act, err := r.match(a, legal)
	if err != nil {
		r.fail(line, "%v", err)
		return false
	}
	if !r.apply(line, act, legal, false) {
		return false
	}
	r.logBoard()
	return true
}

// apply applies one engine action and records it in the trace; the log shows it unless
// quiet (a pass of "pass until" or "resolve", whose line says it), then its events.
func (r *replayer) apply(line int, a harness.Action, legal []harness.Action, quiet bool) bool {
	type out struct {
		st harness.State
		ev []harness.Event
	}
	res, err := call("Apply", func() (out, error) {
		st, ev, err := r.eng.Apply(r.st, a)
		return out{st, ev}, err
	})
	if err != nil {
		r.fail(line, "the engine refused %q (%s): %v", r.describe(a), a.String(), err)
		return false
	}
	before, beforeState := r.snap, r.st
	r.st = res.st
	if !r.observe(line) {
		return false
	}
	after := r.snap
	r.trace.Steps = append(r.trace.Steps, gen.TraceStep{
		Before: &before, Legal: legal, Action: a, Events: res.ev, After: &after,
		BeforeState: beforeState, AfterState: r.st,
	})
	if !quiet {
		r.logf("  %s", a.String())
	}
	for _, e := range res.ev {
		r.logf("    . %s", eventText(e))
	}
	return true
}

func eventText(e harness.Event) string {
	text := e.Text
	if text == "" {
		text = e.Kind
	}
	if e.Rule != "" && !strings.Contains(text, e.Rule) {
		text += " (CR " + e.Rule + ")"
	}
	return text
}

// passOnce applies the pass of whoever has priority; false with a failure if nobody can.
func (r *replayer) passOnce(line int, what string) bool {
	legal, ok := r.legal(line)
	if !ok {
		return false
	}
	var pass *harness.Action
	for i := range legal {
		if legal[i].Kind == harness.Pass && (pass == nil || legal[i].Player == r.snap.Priority) {
			pass = &legal[i]
		}
	}
	if pass == nil {
		r.fail(line, "%s: stopped at %s, where nobody can pass: %s", what, stepText(&r.snap), r.offers(&resolvedSpec{spec: &ActionSpec{Player: r.snap.Priority, Verb: VerbPass}}, legal))
		return false
	}
	return r.apply(line, *pass, legal, true)
}

// passUntil passes priority (at least once) until the game is at the given step.
func (r *replayer) passUntil(a *ActionSpec) bool {
	u := a.Until
	if u.Turn > 0 && u.Turn < r.snap.Turn {
		r.fail(a.At.Line, "%s: turn %d is over; this is turn %d", a.String(), u.Turn, r.snap.Turn)
		return false
	}
	for i := 0; i < maxPasses; i++ {
		if !r.passOnce(a.At.Line, a.String()) {
			return false
		}
		s := &r.snap
		if s.GameOver {
			r.fail(a.At.Line, "%s: the game ended at %s", a.String(), stepText(s))
			return false
		}
		if s.Step == u.Step && (u.Active == harness.NoPlayer || s.Active == u.Active) && (u.Turn == 0 || s.Turn == u.Turn) {
			r.logPasses(i + 1)
			return true
		}
		if u.Turn > 0 && s.Turn > u.Turn {
			break
		}
	}
	r.fail(a.At.Line, "%s: never got there; stopped at %s", a.String(), stepText(&r.snap))
	return false
}

// logPasses ends a helper's log: how many passes it took, then the board.
func (r *replayer) logPasses(n int) {
	word := "passes"
	if n == 1 {
		word = "pass"
	}
	r.logf("  %d %s", n, word)
	r.logBoard()
}

// resolveTop passes until the object now on top of the stack has left it, or a decision
// is pending (answer it with a choose line).
func (r *replayer) resolveTop(a *ActionSpec) bool {
	if len(r.snap.Stack) == 0 {
		r.fail(a.At.Line, "resolve: the stack is empty")
		return false
	}
	top := r.snap.Stack[len(r.snap.Stack)-1].Object
	for i := 0; i < maxPasses; i++ {
		if !r.passOnce(a.At.Line, "resolve") {
			return false
		}
		gone := true
		for _, so := range r.snap.Stack {
			if so.Object == top {
				gone = false
			}
		}
		if gone || r.snap.Pending != nil || r.snap.GameOver {
			r.logPasses(i + 1)
			return true
		}
	}
	r.fail(a.At.Line, "resolve: the top of the stack never resolved; stopped at %s", stepText(&r.snap))
	return false
}

func stepText(s *harness.Snapshot) string {
	t := fmt.Sprintf("turn %d (%s), %s", s.Turn, s.Active, s.Step)
	switch {
	case s.Pending != nil:
		t += fmt.Sprintf(", %s to decide %q [%s]", s.Pending.Player, s.Pending.Prompt, strings.Join(s.Pending.Options, " | "))
	case s.Priority != harness.NoPlayer:
		t += ", priority " + s.Priority.String()
	}
	return t
}

// setupErrorLine points an engine's setup error at the card it names ("unknown card
// \"Forrest\""), or at the setup.
func setupErrorLine(in *SetupSpec, err error) int {
	line := in.At.Line
	found := false
	eachEntry(in, func(_ int, e *CardEntry, _ *PermanentEntry) {
		if !found && strings.Contains(err.Error(), fmt.Sprintf("%q", e.Name)) {
			line, found = e.At.Line, true
		}
	})
	return line
}
