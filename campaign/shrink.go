package campaign

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props"
)

// shrinkAll is phase two: for each property with a round to shrink (its first violation,
// or its first broken case), the case is generated again from its seed, shrunk on its tape
// and reported. Properties shrink in parallel, one per engine; each shrink is
// deterministic, so the order doesn't matter. Once ctx is cancelled, each shrink stops
// where it is, and the failures not yet shrunk are reported unshrunk.
func (r *runner) shrinkAll(ctx context.Context, results []PropResult, todo []shrinkJob) {
	if len(todo) == 0 {
		return
	}
	for _, job := range todo {
		if job.nth > 0 {
			results[job.prop].More = append(results[job.prop].More, Failure{})
		}
	}
	r.progress("shrink", "", true)
	jobs := make(chan shrinkJob)
	var wg sync.WaitGroup
	var mu sync.Mutex
	kinds := map[[2]int]string{} // what each shrunk case fails on, by property and place
	for _, eng := range r.engines[:min(len(r.engines), len(todo))] {
		wg.Add(1)
		go func(eng harness.Engine) {
			defer wg.Done()
			for job := range jobs {
				began := time.Now()
				f, kind := r.shrink(ctx, job, eng)
				mu.Lock()
				kinds[[2]int{job.prop, job.nth}] = kind
				res := &results[job.prop]
				if job.nth == 0 {
					res.Failure = f
				} else {
					res.More[job.nth-1] = *f
				}
				res.ElapsedMS += int64(time.Since(began) / time.Millisecond)
				mu.Unlock()
				r.progress("shrink", r.cfg.Props[job.prop].ID, true)
			}
		}(eng)
	}
	for _, job := range todo {
		jobs <- job
	}
	close(jobs)
	wg.Wait()
	for i := range results {
		results[i].More = distinctShrunk(results[i].More, func(nth int) string { return kinds[[2]int{i, nth}] })
	}
}

// shrinkJob is one bad case to shrink: property prop's case at round; kind, when set, is
// the kind of violation the shrunk case must keep (violationKind), and nth its place among
// the property's counterexamples.
type shrinkJob struct {
	prop, round, nth int
	kind             string
}

// shrink rebuilds the bad case at round of property p and shrinks it. A candidate counts
// when it goes wrong the same way: a violation of the property for a failed case, an
// engine failure for a broken one. A cancelled ctx stops the shrink at the smallest
// failing case found so far (every candidate kept failed), marked ShrinkStopped.
func (r *runner) shrink(ctx context.Context, job shrinkJob, eng harness.Engine) (*Failure, string) {
	prop, g := r.cfg.Props[job.prop], r.gens[job.prop]
	i := r.cfg.caseIndex(job.round)
	seed := CaseSeed(r.cfg.Seed, prop.ID, i)
	src := gen.NewTapeSource(seed)
	first := runCase(prop, g, eng, src, r.cfg.MaxSteps)
	tape := src.Values()
	f := &Failure{Case: i, Seed: seed, TapeSchema: gen.TapeSchema, Original: size(first.trace)}

	want := first.outcome
	if want == caseHeld { // it failed in phase one: the engine or the property is not deterministic
		f.Flaky = true
		r.fill(f, prop, first, tape)
		return f, ""
	}
	fails := func(s *gen.TapeSource) bool {
		if ctx.Err() != nil {
			f.ShrinkStopped = true
			return false // reject every further candidate: the current tape still fails
		}
		j := runCase(prop, g, eng, s, r.cfg.MaxSteps)
		if want == caseViolated {
			return j.outcome == caseViolated && (job.kind == "" || j.kind() == job.kind)
		}
		return j.outcome == caseBroke // a board the engine declines is not a counterexample
	}
	if ctx.Err() != nil {
		f.ShrinkStopped = true
	} else if r.cfg.ShrinkBudget > 0 {
		res := gen.Shrink(tape, fails, r.cfg.ShrinkBudget)
		tape, f.Shrinks, f.Attempts, f.Flaky = res.Tape, res.Shrinks, res.Attempts, res.Flaky
	}
	j := trimAfterViolation(prop, eng, runCase(prop, g, eng, gen.ReplayTape(tape), r.cfg.MaxSteps))
	if j.outcome != want { // the shrunk case goes another way run again: show the one that failed
		f.Flaky, j, tape = true, first, src.Values()
	}
	if !f.Flaky && !f.ShrinkStopped && r.cfg.ShrinkBudget > 0 {
		j = r.shrinkSetup(ctx, f, prop, eng, j)
	}
	r.fill(f, prop, j, tape)
	return f, j.kind()
}

// shrinkSetup is the second stage, on the case itself: it takes out of the setup what the
// tape could not (gen.ShrinkSetup), keeping a candidate only if it violates the same
// clause of the property (violationKind). A broken case is left as the tape stage made it.
func (r *runner) shrinkSetup(ctx context.Context, f *Failure, prop *props.Property, eng harness.Engine, j judged) judged {
	if j.outcome != caseViolated || j.trace.Err != nil {
		return j
	}
	kind := j.kind()
	fails := func(tr *gen.Trace) bool {
		if ctx.Err() != nil {
			f.ShrinkStopped = true
			return false
		}
		v := checkTrace(prop, eng, tr)
		return len(v.Violations) > 0 && violationKind(&v, tr) == kind
	}
	res := gen.ShrinkSetup(eng, j.trace, fails, r.cfg.ShrinkBudget)
	f.Shrinks += res.Shrinks
	f.Attempts += res.Attempts
	// The candidates started games of their own, and an engine may drop the states of
	// earlier games (a port keeps one game's): judge the result on a fresh replay.
	tr := gen.Replay(eng, res.Trace.Setup, res.Trace.Actions())
	v := checkTrace(prop, eng, tr)
	if tr.Err != nil || violationKind(&v, tr) != kind {
		return j // a nondeterministic engine or property: keep the tape stage's case
	}
	return trimAfterViolation(prop, eng, judged{trace: tr, verdict: v, outcome: caseViolated})
}

// trimAfterViolation drops the actions after the last violating step, when the shorter
// case still violates the property: one decision of the walk may pass several times, and
// the passes after the failure only lengthen the counterexample.
func trimAfterViolation(prop *props.Property, eng harness.Engine, j judged) judged {
	if j.outcome != caseViolated || j.trace.Err != nil {
		return j
	}
	last := -1
	for _, v := range j.verdict.Violations {
		last = max(last, v.Step)
	}
	actions := j.trace.Actions()
	if last+1 >= len(actions) {
		return j
	}
	tr := gen.Replay(eng, j.trace.Setup, actions[:last+1])
	if v := checkTrace(prop, eng, tr); len(v.Violations) > 0 && tr.Err == nil {
		return judged{trace: tr, verdict: v, outcome: caseViolated}
	}
	return j
}

// fill writes the case j, built from tape, into f.
func (r *runner) fill(f *Failure, prop *props.Property, j judged, tape []uint64) {
	tr := j.trace
	f.Tape = gen.TrimTape(tape)
	f.Setup, f.Actions = tr.Setup, tr.Actions()
	f.Violations = j.verdict.Violations
	if tr.Err != nil {
		f.Error = tr.Err.Error()
		var ee *gen.EngineError
		if errors.As(tr.Err, &ee) {
			f.Stack = ee.Stack
			if ee.Action != nil && ee.Op == "apply" {
				a := *ee.Action
				f.BrokeOn = &a
			}
		}
		if len(f.Violations) == 0 {
			f.Violations = []props.Violation{engineViolation(tr.Err)}
		}
	}
	notes := map[int][]string{}
	for _, v := range j.verdict.Violations {
		notes[v.Step] = append(notes[v.Step], describeViolation(v))
	}
	f.Log = gen.AnnotatedLog(tr, notes)
	f.Repro = RunCommand(prop.ID, r.cfg.Seed, f.Case+1, r.cfg.Fault, r.cfg.Shard, r.cfg.MaxSteps)
}

func describeViolation(v props.Violation) string {
	s := v.Message
	switch {
	case strings.Contains(s, "ruling "+v.Ruling): // the message already cites it
	case v.Ruling != "" && v.Rule != "":
		s += fmt.Sprintf(" (ruling %s, CR %s)", v.Ruling, v.Rule)
	case v.Ruling != "":
		s += fmt.Sprintf(" (ruling %s)", v.Ruling)
	case v.Rule != "":
		s += fmt.Sprintf(" (CR %s)", v.Rule)
	}
	return s
}

func size(tr *gen.Trace) *Size {
	n := 0
	for _, ps := range tr.Setup.Players {
		n += len(ps.Battlefield)
	}
	return &Size{Permanents: n, Actions: len(tr.Steps)}
}
