package gen

import (
	"runtime/debug"
	"strings"
	"sync"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Run generates one case: a board from src, then a random walk of at most maxSteps
// decisions (and the board's recipe's ExtraSteps) over the engine's legal actions,
// recorded as a Trace.
//
// Each decision is a group: a "more" flag (0 stops the walk, so shrinking shortens
// traces), a kind of action weighed by the steer ([ActionWeights]), then one action of
// that kind in the engine's order. Passing draws how far to pass: once, until the step
// changes, or until the turn changes (each pass is a step of the trace), so a walk of a
// dozen decisions crosses several steps and turns; with Steer.StopForPreferred such a run
// stops where the player to act has a preferred action. The walk also stops when the game is
// over, when nothing is legal, or when the engine breaks (Trace.Err).
func (g *Generator) Run(src Source, eng harness.Engine, maxSteps int) *Trace {
	setup, r := g.board(src)
	maxSteps += r.extraSteps
	more := 94 // percent: a walk of about 16 decisions on average
	if r.extraSteps > 0 {
		more = 98 // a long route is seldom walked to its end otherwise
	}
	w := startGame(eng, setup)
	w.room = min(2*maxSteps, 64) // a decision is one step, or a few passes
	scratch := stepScratch.Get().(*[]TraceStep)
	w.tr.Steps = (*scratch)[:0]
	stop := false
	step := func(s Source) { // one closure for the whole walk: each would be allocated
		// "more" comes first, so a walk about to stop asks the engine nothing more.
		if !flag(s, "more", more) || !w.live() {
			stop = true
			return
		}
		g.safeDecide(s, w)
	}
	for n := 0; n < maxSteps && !stop; n++ {
		src.Group("step", step)
	}
	w.tr.Steps, *scratch = keepExact(w.tr.Steps)
	stepScratch.Put(scratch)
	return w.tr
}

// stepScratch recycles the buffers Run records steps in. How many steps a walk takes is
// known only at its end (a decision to pass may pass dozens of times), and steps are
// large (an action, lists, state handles), so room for the long walks was most of a short
// trace's bytes:
// Run records into a reused buffer and keeps an exactly sized copy ([keepExact]).
var stepScratch = sync.Pool{New: func() any { return new([]TraceStep) }}

// keepExact returns a copy of buf exactly sized (nil if empty), and buf emptied for reuse,
// zeroed so that the buffer keeps nothing it held alive (snapshots, engine states, maps).
func keepExact[T any](buf []T) (kept, empty []T) {
	if len(buf) > 0 {
		kept = make([]T, len(buf))
		copy(kept, buf)
	}
	clear(buf)
	return kept, buf[:0]
}

// Replay plays actions from setup and records the trace, exactly as Run did for the case
// that took them. It stops at the first action the engine refuses (Trace.Err).
func Replay(eng harness.Engine, setup harness.Setup, actions []harness.Action) *Trace {
	w := startWalk(eng, setup)
	w.room = len(actions)
	for i := range actions {
		if w.tr.Err != nil || !w.ensureLegal() {
			break
		}
		w.apply(&actions[i])
	}
	return w.tr
}

// Pass modes: how far a chosen pass goes.
const (
	passOnce = iota
	passStep
	passTurn
)

// passCaps bound a multi-pass, so an engine that never moves on can't hang the walk.
var passCaps = [...]int{passOnce: 1, passStep: 12, passTurn: 48}

// safeDecide is decide with a panic in the harness's own code (a Steer.Prefer hook, say)
// recorded as the trace's error, keeping the steps so far.
func (g *Generator) safeDecide(s Source, w *walker) {
	defer func() {
		if r := recover(); r != nil {
			w.tr.Err = &EngineError{Step: len(w.tr.Steps), Op: "generate", Panic: r, Stack: CleanStack(debug.Stack(), "github.com/mtgfuzz/mtgfuzz/gen.(*Generator).safeDecide")}
		}
	}()
	g.decide(s, w)
}

// decide draws and takes one decision.
func (g *Generator) decide(s Source, w *walker) {
	before := w.snap
	var counts [numCategories + 1]int
	var catBuf [64]Category // on the stack: a position rarely lists more actions
	cats := catBuf[:0]
	cl := classifier{before: before}
	for i := range w.legal {
		c := catDeclined
		if !w.declinedHere(&w.legal[i]) {
			c = cl.classify(&w.legal[i])
			if g.steer.Prefer != nil && g.steer.Prefer(before, w.legal[i]) {
				c = CatPreferred
			}
		}
		cats = append(cats, c)
		counts[c]++
	}
	if counts[catDeclined] == len(cats) { // nothing else is legal: take them up again
		for i := range cats {
			cats[i] = cl.classify(&w.legal[i])
			counts[cats[i]]++
		}
	}
	cat := g.drawKind(s, &counts)
	which := s.Uintn("which", counts[cat])
	chosen := &harness.Action{} // none if the steer's weights fail (a zero action)
	for i, c := range cats {
		if c == cat {
			if which == 0 {
				chosen = &w.legal[i]
				break
			}
			which--
		}
	}
	mode := passOnce
	if chosen.Kind == harness.Pass {
		switch v := s.Uintn("advance", 8); {
		case v >= 7:
			mode = passTurn
		case v >= 5:
			mode = passStep
		}
	}
	turn, step := w.snap.Turn, w.snap.Step
	w.apply(chosen)
	for n := 1; n < passCaps[mode]; n++ {
		if w.snap.Turn != turn || mode == passStep && w.snap.Step != step || !w.live() {
			return
		}
		pass := w.passAction()
		if pass == nil || g.steer.StopForPreferred && g.prefersOtherThanPass(w) {
			return
		}
		w.apply(pass)
	}
}

// drawKind draws the kind of the next action among the kinds present (counts), weighed
// by the steer; when every present kind weighs 0, counted equally. It is a [table] draw,
// built on the stack: decide runs once per decision.
func (g *Generator) drawKind(s Source, counts *[numCategories + 1]int) Category {
	var kinds [numCategories]Category
	var cum [numCategories]int
	n := 0
	add := func(c Category, weight int) {
		if weight > 0 {
			kinds[n], cum[n] = c, weight
			if n > 0 {
				cum[n] += cum[n-1]
			}
			n++
		}
	}
	for c := Category(0); c < numCategories; c++ {
		if counts[c] > 0 {
			add(c, g.actions.of(c))
		}
	}
	if n == 0 { // every present kind weighs 0: count them equally
		for c := Category(0); c < numCategories; c++ {
			if counts[c] > 0 {
				add(c, 1)
			}
		}
	}
	return kinds[drawCum(s, "kind", cum[:n])]
}

// prefersOtherThanPass reports whether the steer marks some legal action of the walk's
// current state that is not a pass.
func (g *Generator) prefersOtherThanPass(w *walker) bool {
	if g.steer.Prefer == nil {
		return false
	}
	for _, a := range w.legal {
		if a.Kind != harness.Pass && g.steer.Prefer(w.snap, a) {
			return true
		}
	}
	return false
}

// catDeclined marks, in decide, a legal action that proposes again what the walk
// abandoned from this state: not drawn while anything else is legal.
const catDeclined = numCategories

// declinedHere reports whether a proposes a spell or ability the walk proposed and then
// cancelled since it last moved on: cancelling reverses the proposal (CR 733), so from the
// same state the same proposal (of that card or one of the same name, with any targets and
// an X no smaller) most likely ends cancelled again, its cost unpaid, and only spends the
// walk's few decisions.
func (w *walker) declinedHere(a *harness.Action) bool {
	for i := range w.declined {
		d := &w.declined[i]
		if a.Kind == d.Kind && a.Player == d.Player && (a.Card == d.Card || a.Name != "" && a.Name == d.Name) && a.Ability == d.Ability && a.X >= d.X {
			return true
		}
	}
	return false
}

// walker drives an engine step by step and records the trace.
type walker struct {
	eng   harness.Engine
	tr    *Trace
	st    harness.State
	snap  *harness.Snapshot // st's: the trace's Start, or the last step's After
	legal []harness.Action  // for st, once fetched
	fresh bool              // legal belongs to st
	// proposing is the action that began the proposal being paid (Snapshot.Casting);
	// declined lists the proposals cancelled since the walk last took an action outside one.
	proposing harness.Action
	declined  []harness.Action
	// room is how many steps the trace is made room for at its first: steps are large
	// values, better not copied again and again as the trace grows.
	room int
}

// startWalk normalizes setup and starts its game.
func startWalk(eng harness.Engine, setup harness.Setup) *walker {
	if err := setup.Normalize(); err != nil {
		return &walker{eng: eng, tr: &Trace{Setup: setup, Err: &EngineError{Step: -1, Op: "setup", Err: err}}}
	}
	return startGame(eng, setup)
}

// startGame starts the game of a normalized setup (Board's are).
func startGame(eng harness.Engine, setup harness.Setup) *walker {
	w := &walker{eng: eng, tr: &Trace{Setup: setup}}
	if w.guard(-1, "start", nil, func() (err error) { w.st, err = eng.Start(w.tr.Setup); return }) {
		return w
	}
	if w.guard(-1, "observe", nil, func() (err error) { w.tr.Start, err = eng.Observe(w.st); return }) {
		return w
	}
	w.snap, w.tr.StartState = &w.tr.Start, w.st
	return w
}

// live reports whether the walk can go on: no engine failure, game not over, and some
// legal action.
func (w *walker) live() bool {
	return w.tr.Err == nil && !w.snap.GameOver && w.ensureLegal() && len(w.legal) > 0
}

// ensureLegal fetches the legal actions of the current state once.
func (w *walker) ensureLegal() bool {
	if w.fresh {
		return true
	}
	if w.guard(len(w.tr.Steps), "legal", nil, func() (err error) { w.legal, err = w.eng.Legal(w.st); return }) {
		return false
	}
	w.fresh = true
	return true
}

// passAction is the listed pass, if passing is legal now (nil if not).
func (w *walker) passAction() *harness.Action {
	if !w.ensureLegal() {
		return nil
	}
	for i := range w.legal {
		if w.legal[i].Kind == harness.Pass {
			return &w.legal[i]
		}
	}
	return nil
}

// apply takes action a and records the step; the engine's failure ends the trace. The
// step is filled where the trace keeps it: steps are large values, better not copied.
func (w *walker) apply(a *harness.Action) {
	i, made := len(w.tr.Steps), w.tr.Steps == nil
	if made {
		w.tr.Steps = make([]TraceStep, 0, w.room)
	}
	w.tr.Steps = append(w.tr.Steps, TraceStep{})
	step := &w.tr.Steps[i]
	step.Before, step.Legal, step.Action, step.BeforeState = w.snap, w.legal, *a, w.st
	var next harness.State
	after := new(harness.Snapshot) // this step's After, the next step's Before
	if w.guard(i, "apply", a, func() (err error) { next, step.Events, err = w.eng.Apply(w.st, *a); return }) ||
		w.guard(i, "observe", a, func() (err error) { *after, err = w.eng.Observe(next); return }) {
		w.tr.Steps[i] = TraceStep{} // the step was not taken
		w.tr.Steps = w.tr.Steps[:i]
		if made {
			w.tr.Steps = nil
		}
		return
	}
	step.After, step.AfterState = after, next
	switch {
	case step.Before.Casting == nil && after.Casting != nil:
		w.proposing = *a
	case after.Casting != nil:
	case a.Kind == harness.Cancel && step.Before.Casting != nil:
		w.declined = append(w.declined, w.proposing)
	default:
		w.declined = w.declined[:0]
	}
	w.st, w.snap, w.legal, w.fresh = next, after, nil, false
}

// guard runs one engine call, turning an error or a panic into Trace.Err. It reports
// whether the call failed. The error holds a copy of a (nil: no action), made only on
// failure, so that the caller's action stays on its stack.
func (w *walker) guard(step int, op string, a *harness.Action, call func() error) (failed bool) {
	defer func() {
		if r := recover(); r != nil {
			w.tr.Err = &EngineError{Step: step, Op: op, Action: copyAction(a), Panic: r, Stack: CleanStack(debug.Stack(), walkerFrames)}
			failed = true
		}
	}()
	if err := call(); err != nil {
		w.tr.Err = &EngineError{Step: step, Op: op, Action: copyAction(a), Err: err}
		return true
	}
	return false
}

func copyAction(a *harness.Action) *harness.Action {
	if a == nil {
		return nil
	}
	c := *a
	return &c
}

// walkerFrames begins the frames of the harness below an engine call: a report needs the
// engine's frames only.
const walkerFrames = "github.com/mtgfuzz/mtgfuzz/gen.(*walker)"

// CleanStack makes a goroutine stack from debug.Stack in a deferred recover deterministic
// for reports: it drops the goroutine header and the frames of the recovery itself, blanks
// argument values (addresses differ from run to run; function names and file:line don't),
// and cuts the stack at the first frame whose function starts with stop (if stop is not
// empty), so callers' frames don't make reports differ.
func CleanStack(stack []byte, stop string) string {
	lines := strings.Split(strings.TrimSpace(string(stack)), "\n")
	// Skip everything up to and including the runtime's panic frame: those lines are the
	// stack of the recovery (debug.Stack, the deferred func, panic itself).
	start := 1
	for i, l := range lines {
		if strings.HasPrefix(l, "panic(") {
			start = i + 2
			break
		}
	}
	if start > len(lines) {
		start = len(lines)
	}
	var b strings.Builder
	for _, l := range lines[start:] {
		if stop != "" && strings.HasPrefix(l, stop) {
			break
		}
		if strings.HasPrefix(l, "created by ") {
			if j := strings.Index(l, " in goroutine "); j > 0 {
				l = l[:j]
			}
		} else if !strings.HasPrefix(l, "\t") && strings.HasSuffix(l, ")") {
			if j := strings.LastIndex(l, "("); j > 0 {
				l = l[:j] + "(...)"
			}
		}
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return b.String()
}
