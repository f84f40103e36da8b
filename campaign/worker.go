package campaign

import (
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props"
)

// DefaultCaseTimeout bounds a case when Config.CaseTimeout is 0. A case takes
// milliseconds; one that takes a minute is an engine that will not answer.
const DefaultCaseTimeout = time.Minute

// interruptGrace is how long a case or shrink step may still run once ctx is cancelled
// (a second interrupt): then it is abandoned, so the partial report comes at once even
// from an engine that never returns.
const interruptGrace = time.Second

// worker runs cases on an engine of its own. A case that runs past the case timeout is
// abandoned: its goroutine is left behind with its engine, and the worker goes on with a
// new engine from Config.Engine.
type worker struct {
	eng *watched
	src *gen.TapeSource
}

func (r *runner) newWorker() (*worker, error) {
	e, err := r.cfg.Engine()
	if err != nil {
		return nil, err
	}
	return &worker{eng: &watched{Engine: e}, src: gen.NewTapeSource(0)}, nil
}

// abandon leaves the worker's engine to the case stuck on it and gives the worker a new
// one; false if none can be started.
func (r *runner) abandon(w *worker) bool {
	r.workersMu.Lock()
	r.abandoned = append(r.abandoned, w.eng)
	r.workersMu.Unlock()
	fresh, err := r.newWorker()
	if err != nil {
		return false
	}
	*w = *fresh
	return true
}

// limited is a case run under the case timeout: how it ended, the case (for a case that
// timed out, as far as it got), and the actions it had applied when it was abandoned.
type limited struct {
	j       judged
	how     caseRun
	applied []harness.Action
}

// caseRun is how a limited run of a case ended.
type caseRun uint8

const (
	ranOut      caseRun = iota // the case finished
	timedOut                   // it ran past the case timeout: the engine hangs
	interrupted                // ctx was cancelled and the grace after it ran out
)

// runLimited runs case src of prop on w (runCase), abandoning it past Config.CaseTimeout
// (then the judged case is an engine error saying where the engine hung) or once ctx has
// been cancelled for interruptGrace.
func (r *runner) runLimited(w *worker, prop *props.Property, g *gen.Generator, src gen.Source, caseIndex int, seed uint64) limited {
	select {
	case <-r.graceOver:
		return limited{how: interrupted}
	default:
	}
	done := make(chan judged, 1)
	eng := w.eng
	go func() { done <- runCase(prop, g, eng, src, r.cfg.MaxSteps) }()
	var timeout <-chan time.Time // nil: no case timeout
	if r.cfg.CaseTimeout > 0 {
		timer := time.NewTimer(r.cfg.CaseTimeout)
		defer timer.Stop()
		timeout = timer.C
	}
	select {
	case j := <-done:
		return limited{j: j}
	case <-r.graceOver:
		// The engine is left to the case, but no new one is needed: past the grace,
		// nothing runs a case any more (see the check above).
		return limited{how: interrupted}
	case <-timeout:
	}
	l := eng.hung(fmt.Errorf("no answer within the case timeout (%s) in case %d (case seed %d): the case was abandoned",
		r.cfg.CaseTimeout, caseIndex, seed))
	r.abandon(w)
	return l
}

// watched is an engine that records what the case running on it has done, so that a
// case abandoned in the middle can say where: its setup, the actions taken, and the call
// the engine is in. Only the walk's calls are watched (a property is checked on the
// engine itself, with its optional interfaces: see check).
type watched struct {
	harness.Engine
	mu       sync.Mutex
	setup    harness.Setup
	applied  []harness.Action
	op       string          // the call the engine is in, "" between calls
	applying *harness.Action // the action being applied, during "apply"
}

func (w *watched) enter(op string, a *harness.Action) {
	w.mu.Lock()
	w.op, w.applying = op, a
	w.mu.Unlock()
}

func (w *watched) Start(setup harness.Setup) (harness.State, error) {
	w.mu.Lock()
	w.setup, w.applied, w.op, w.applying = setup, w.applied[:0], "start", nil
	w.mu.Unlock()
	defer w.enter("", nil)
	return w.Engine.Start(setup)
}

func (w *watched) Legal(st harness.State) ([]harness.Action, error) {
	w.enter("legal", nil)
	defer w.enter("", nil)
	return w.Engine.Legal(st)
}

func (w *watched) Apply(st harness.State, a harness.Action) (harness.State, []harness.Event, error) {
	w.enter("apply", &a)
	defer w.enter("", nil)
	next, events, err := w.Engine.Apply(st, a)
	if err == nil {
		w.mu.Lock()
		w.applied = append(w.applied, a)
		w.mu.Unlock()
	}
	return next, events, err
}

func (w *watched) Observe(st harness.State) (harness.Snapshot, error) {
	w.enter("observe", nil)
	defer w.enter("", nil)
	return w.Engine.Observe(st)
}

// hung is the case abandoned on the engine, as far as it got: an engine error at the
// call it is stuck in, after the actions applied before.
func (w *watched) hung(err error) limited {
	w.mu.Lock()
	defer w.mu.Unlock()
	op := w.op
	if op == "" {
		op = "check" // between engine calls: the property's check, or the walk itself
	}
	ee := &gen.EngineError{Step: len(w.applied), Op: op, Err: err}
	if w.applying != nil {
		a := *w.applying
		ee.Action = &a
	}
	if op == "start" {
		ee.Step = -1
	}
	return limited{j: judged{trace: &gen.Trace{Setup: w.setup, Err: ee}, outcome: caseBroke}, how: timedOut, applied: slices.Clone(w.applied)}
}

// bare is the engine under a watch, for the property's check.
func bare(eng harness.Engine) harness.Engine {
	if w, ok := eng.(*watched); ok {
		return w.Engine
	}
	return eng
}
