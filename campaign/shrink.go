package campaign

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props"
)

// shrinkAll is phase two: the counterexamples the workers had not shrunk when they
// stopped, and the first broken case of each property that errored, are shrunk in
// parallel, one per engine; each shrink is deterministic, so the order doesn't matter.
// Once ctx is cancelled, each shrink stops where it is, and the failures not yet shrunk
// are reported unshrunk.
func (r *runner) shrinkAll(ctx context.Context, todo []shrinkJob) {
	if len(todo) == 0 {
		return
	}
	jobs := make(chan shrinkJob)
	var wg sync.WaitGroup
	for _, w := range r.workers[:min(len(r.workers), len(todo))] {
		wg.Add(1)
		go func(w *worker) {
			defer wg.Done()
			for job := range jobs {
				r.shrinkOne(ctx, job, w)
				r.progress("shrink", r.cfg.Props[job.prop].ID, true)
			}
		}(w)
	}
	for _, job := range todo {
		jobs <- job
	}
	close(jobs)
	wg.Wait()
}

// shrinkOne shrinks one counterexample on w, keeps it in its property's place and tells
// Config.Found.
func (r *runner) shrinkOne(ctx context.Context, job shrinkJob, w *worker) {
	r.progress("shrink", r.cfg.Props[job.prop].ID, true)
	began := time.Now()
	f, kind := r.shrink(ctx, job, w)
	found := f != nil
	if !found { // cut short before it could run again: the report still names the case
		i := r.cfg.caseIndex(job.round)
		f = &Failure{Case: i, Seed: CaseSeed(r.cfg.Seed, r.cfg.Props[job.prop].ID, i), ShrinkStopped: true,
			Error: "interrupted before the case could be run again (run it alone with its case number)"}
	}
	st := r.states[job.prop]
	st.mu.Lock()
	for len(st.failures) <= job.nth {
		st.failures, st.kinds = append(st.failures, nil), append(st.kinds, "")
	}
	st.failures[job.nth] = f
	st.kinds[job.nth] = kind
	// shown by an earlier one already; a shard saves it all the same, as the merge may
	// keep it instead of the earlier one (Merge)
	repeat := r.cfg.Shard.N == 0 && kind != "" && slices.Contains(st.kinds[:job.nth], kind)
	st.shrunk += time.Since(began)
	st.mu.Unlock()
	if r.cfg.Found != nil && found && !repeat {
		r.foundMu.Lock()
		r.cfg.Found(r.cfg.Props[job.prop], f)
		r.foundMu.Unlock()
	}
}

// attachFailures puts each property's counterexamples into its line, in case order,
// leaving out those that shrank to a failure an earlier one shows (distinctShrunk).
func (r *runner) attachFailures(results []PropResult) {
	for p := range results {
		st := r.states[p]
		st.mu.Lock()
		var kinds []string
		for i, f := range st.failures {
			switch {
			case f == nil: // never shrunk: impossible, as every job found is shrunk
			case i == 0:
				results[p].Failure = f
				kinds = append(kinds, st.kinds[i])
			default:
				results[p].More = append(results[p].More, *f)
				kinds = append(kinds, st.kinds[i])
			}
		}
		switch {
		case r.cfg.Shard.N > 0:
			r.kindsForMerge(results[p].Failures(), st, kinds) // the merge picks them
		case results[p].Failure != nil:
			results[p].More = distinctShrunk(results[p].More, func(nth int) string { return kinds[nth] })
		}
		results[p].ElapsedMS += st.shrunk.Milliseconds()
		st.mu.Unlock()
	}
}

// shrinkJob is one bad case to shrink: property prop's case at round; kind, when set, is
// the kind of violation the shrunk case must keep (violationKind), and nth its place among
// the property's counterexamples.
type shrinkJob struct {
	prop, round, nth int
	kind             string
	brokeWith        error // an errored case's error as the campaign saw it
}

// kindsForMerge marks a shard's counterexamples (fs, by their place) with their kinds as
// found (the shrink job's) and as shrunk.
func (r *runner) kindsForMerge(fs []*Failure, st *propState, shrunk []string) {
	for i, f := range fs {
		f.ShrunkKind = shrunk[i]
		if i < len(st.tally.jobs) {
			f.Kind = st.tally.jobs[i].kind
		}
	}
}

// shrink rebuilds the bad case at round of property p and shrinks it. A candidate counts
// when it goes wrong the same way: a violation of the property for a failed case, an
// engine failure for a broken one. A cancelled ctx stops the shrink at the smallest
// failing case found so far (every candidate kept failed), marked ShrinkStopped. A case
// that timed out is reported as it is, never run again; nil means the campaign was cut
// short before the case could run again. The kind is what the shrunk case fails on
// (violationKind; "" for a flaky or broken case).
func (r *runner) shrink(ctx context.Context, job shrinkJob, w *worker) (*Failure, string) {
	prop, g := r.cfg.Props[job.prop], r.gens[job.prop]
	i := r.cfg.caseIndex(job.round)
	seed := CaseSeed(r.cfg.Seed, prop.ID, i)
	f := &Failure{Case: i, Seed: seed, TapeSchema: gen.TapeSchema}
	if r.cfg.Tape != nil { // the case came from its tape, not from this seed
		f.Seed = 0
	}
	if l, ok := r.hungCase(job.prop, job.round); ok {
		return r.timedOut(f, prop, w, l), ""
	}
	src := gen.NewTapeSource(seed)
	r.cfg.caseSource(src, seed)
	l := r.runLimited(w, prop, g, src, i, seed)
	switch l.how {
	case interrupted:
		return nil, ""
	case timedOut: // it did not hang the first time: the engine is not deterministic
		f.Flaky = true
		return r.timedOut(f, prop, w, l), ""
	}
	first, tape := l.j, src.Values()
	f.Original = size(first.trace)

	want := first.outcome
	if want == caseHeld { // it failed in phase one: the engine or the property is not deterministic
		f.Flaky = true
		if job.brokeWith != nil { // a port that died once (a crash, a hang) need not die again: say how it broke
			first.trace.Err, first.outcome = job.brokeWith, caseBroke
		}
		r.fill(f, prop, w.eng, first, tape)
		return f, ""
	}
	fails := func(s *gen.TapeSource) bool {
		if ctx.Err() != nil {
			f.ShrinkStopped = true
			return false // reject every further candidate: the current tape still fails
		}
		l := r.runLimited(w, prop, g, s, i, seed)
		if l.how != ranOut {
			return false // a candidate that hangs is not kept: the shrunk case must end
		}
		if want == caseViolated {
			return l.j.outcome == caseViolated && (job.kind == "" || l.j.kind() == job.kind)
		}
		return l.j.outcome == caseBroke // a board the engine declines is not a counterexample
	}
	if ctx.Err() != nil {
		f.ShrinkStopped = true
	} else if r.cfg.ShrinkBudget > 0 {
		res := gen.Shrink(tape, fails, r.cfg.ShrinkBudget)
		tape, f.Shrinks, f.Attempts, f.Flaky = res.Tape, res.Shrinks, res.Attempts, res.Flaky
	}
	last := r.runLimited(w, prop, g, gen.ReplayTape(tape), i, seed)
	j := last.j
	if last.how != ranOut { // cut short: report the case as it was found
		j, tape, f.ShrinkStopped = first, src.Values(), true
	}
	if ctx.Err() == nil {
		j = trimAfterViolation(prop, w.eng, j)
	}
	if j.outcome != want { // the shrunk case goes another way run again: show the one that failed
		f.Flaky, j, tape = true, first, src.Values()
	}
	if !f.Flaky && !f.ShrinkStopped && r.cfg.ShrinkBudget > 0 {
		j = r.shrinkSetup(ctx, f, prop, w.eng, j)
	}
	r.fill(f, prop, w.eng, j, tape)
	if f.Flaky {
		return f, ""
	}
	return f, j.kind()
}

// timedOut reports a case that ran past the case timeout as far as it got.
func (r *runner) timedOut(f *Failure, prop *props.Property, w *worker, l limited) *Failure {
	f.TimedOut = true
	f.Original = &Size{Permanents: size(l.j.trace).Permanents, Actions: len(l.applied)}
	r.fill(f, prop, w.eng, l.j, nil)
	f.Actions = l.applied
	return f
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
func (r *runner) fill(f *Failure, prop *props.Property, eng harness.Engine, j judged, tape []uint64) {
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
	f.Origin = Origin{Property: prop.ID, Seed: r.cfg.Seed, Faults: r.cfg.Faults, Shard: r.cfg.shardString(),
		Steps: r.cfg.MaxSteps, Engine: eng.Name(), Input: r.cfg.Input}
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
