package campaign

import (
	"context"
	"fmt"
	"math"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props"
)

// Run runs a campaign: cases for every property, in parallel, each from its own seed
// (CaseSeed); a property's first case that violates it (and, with Config.Counterexamples,
// the first of each other kind of violation) is shrunk
// as soon as it is settled (every earlier case held), while the cases go on, and so is,
// at the end, the first case on which the engine broke for a property never violated; the
// cases are counted in case order, so the report is the same for any worker count.
//
// A broken engine does not stop a property: an engine that fails on some boards must not
// hide the violations on others. Failed therefore beats Errored.
//
// Scheduling is round-robin over properties (case 0 of each, then case 1, ...), so a time
// budget spreads over all of them. An error is returned for a bad configuration or an
// engine that won't start; everything that goes wrong inside a case is part of the report.
//
// A campaign interrupted, by closing Config.Stop or cancelling ctx, still returns its
// report, marked Partial: the cases that ran, each property's failure shrunk as usual
// after Stop, or left as shrunk as it got when ctx is cancelled (Failure.ShrinkStopped).
// So a first interrupt (Stop) keeps everything found, and a second (ctx) keeps it sooner:
// a second after ctx is cancelled, cases and shrink steps still running are abandoned.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	if err := cfg.normalize(); err != nil {
		return nil, err
	}
	r := &runner{cfg: cfg, start: time.Now(), poolIndex: map[string]int{}, graceOver: make(chan struct{}), hung: map[[2]int]limited{}}
	defer r.closeEngines()
	for range cfg.Workers {
		w, err := r.newWorker()
		if err != nil {
			return nil, fmt.Errorf("campaign: starting an engine: %w", err)
		}
		r.workers = append(r.workers, w)
	}
	// A second interrupt (ctx) leaves the cases and shrink steps running a moment to end,
	// then abandons them: the report must not wait on an engine that never returns.
	stopGrace := context.AfterFunc(ctx, func() { time.AfterFunc(interruptGrace, func() { close(r.graceOver) }) })
	defer stopGrace()
	eng0 := r.workers[0].eng.Engine
	r.support = harness.SupportOf(eng0)
	pool, _, err := cfg.Pool.Restrict(r.support)
	if err != nil {
		return nil, fmt.Errorf("campaign: engine %s: %w", eng0.Name(), err)
	}
	var leftOut []string // of the whole pool, whether Config.Pool or the engine left it out
	for _, c := range gen.DefaultPool().Cards() {
		if _, ok := pool.Card(c.Name); !ok {
			leftOut = append(leftOut, c.Name)
		}
	}
	r.partial = len(leftOut) > 0 || r.support.Steps != nil
	r.pool = pool
	r.stats = newStatsBuilder(pool)
	for i, c := range pool.Cards() {
		r.poolIndex[c.Name] = i
	}
	for _, p := range cfg.Props {
		g, err := gen.New(pool, p.Steer)
		if err != nil {
			// A steer may favour cards the engine leaves out; only a steer that is wrong
			// for the whole pool is a mistake.
			if _, whole := gen.New(gen.DefaultPool(), p.Steer); whole != nil || !r.partial {
				return nil, fmt.Errorf("campaign: property %s: %w", p.ID, err)
			}
		}
		r.gens = append(r.gens, g)
		var clauses []ClauseResult
		for _, c := range p.Clauses {
			clauses = append(clauses, ClauseResult{Name: c.Name, Unsupported: c.Needs.Missing(r.support)})
		}
		st := &propState{unsupported: p.Missing(r.support), window: map[int]caseResult{},
			next: cfg.firstRound(), tally: newPropTally(len(r.states), clauses)}
		st.firstViolation.Store(math.MaxInt64)
		r.states = append(r.states, st)
	}
	if cfg.Resume != nil {
		if err := r.checkResume(); err != nil {
			return nil, fmt.Errorf("campaign: %w: %w", ErrResume, err)
		}
		r.resume()
	}
	r.runCases(ctx)
	rep := &Report{Engine: eng0.Name(), Fault: strings.Join(cfg.Faults, ","), Seed: cfg.Seed, Shard: cfg.shardString(), Steps: cfg.MaxSteps,
		LeftOut: leftOut, Partial: r.interrupted(ctx)}
	if !r.support.Everything() || len(r.support.Queries) < len(harness.Queries) {
		s := r.support
		rep.Support = &s
	}
	var broken []shrinkJob
	rep.Props, rep.Stats, broken = r.tally()
	r.shrinkAll(ctx, append(r.takeQueue(), broken...))
	r.attachFailures(rep.Props)
	rep.Partial = rep.Partial || r.interrupted(ctx)
	rep.StoppedByEngineError = r.engineStop.Load()
	if cfg.Shard.N > 0 {
		rep.Sharded = &ShardRun{Checks: cfg.Checks, Steps: cfg.MaxSteps, Counterexamples: max(1, cfg.Counterexamples), PartialEngine: r.partial}
		if cfg.Budget > 0 {
			rep.Sharded.Budget = cfg.Budget.String()
		}
	}
	r.progress("done", "", true)
	elapsed := time.Since(r.start)
	if cfg.Resume != nil { // the pieces of a campaign add up, time included
		elapsed += time.Duration(cfg.Resume.ElapsedMS) * time.Millisecond
	}
	rep.timed(elapsed)
	return rep, nil
}

type runner struct {
	cfg     Config
	start   time.Time
	gens    []*gen.Generator
	workers []*worker
	// abandoned are the engines left to cases that ran past the case timeout.
	workersMu sync.Mutex
	abandoned []harness.Engine
	// graceOver is closed a moment after ctx is cancelled: what still runs is abandoned.
	graceOver chan struct{}
	// hung are the cases that timed out, by property and round, as far as they got: they
	// are reported as they are, never run again.
	hung    map[[2]int]limited
	states  []*propState
	support harness.Support // what the engine declares it supports
	partial bool            // the engine supports part of the pool or of the steps
	// engineStop is set at the first engine error when Config.StopOnEngineError is.
	engineStop atomic.Bool
	// pool is the pool boards are drawn from (the engine's part of Config.Pool), and
	// poolIndex numbers its cards, for the statistics.
	pool      *gen.Pool
	poolIndex map[string]int
	statsMu   sync.Mutex
	stats     *statsBuilder // the counted cases' statistics

	done     atomic.Int64 // cases finished
	failed   atomic.Int64 // properties violated so far
	errored  atomic.Int64 // properties on which the engine broke so far
	progMu   sync.Mutex
	lastProg int64

	queueMu sync.Mutex
	queue   []shrinkJob // counterexamples found, not yet taken by a worker to shrink
	foundMu sync.Mutex  // Config.Found is never called concurrently
}

// propState is one property's cases so far. Cases are folded into its tally in case
// order, as soon as every earlier case is in: the tally is a contiguous prefix of the
// property's cases, and window holds the few cases that finished ahead of an earlier one
// still running on another worker. So memory doesn't grow with the campaign's length, and
// the counts don't depend on the worker count.
type propState struct {
	start  int // the first round to run (set before the cases start, then read only)
	mu     sync.Mutex
	next   int                // the next round to fold: every round below it is in the tally
	window map[int]caseResult // finished rounds at or after next, waiting for next
	tally  propTally
	// firstViolation is the lowest round seen to violate the property (folded or not);
	// MaxInt64 if none. Rounds after it can't count unless looking for several
	// counterexamples, so workers skip them.
	firstViolation atomic.Int64
	broke          atomic.Bool  // some case broke the engine
	lastNS         atomic.Int64 // when its last relevant case finished, since the start
	unsupported    string       // why the engine can't be tested on it ("" if it can): no case runs
	// failures are its shrunk counterexamples, by their place (shrinkJob.nth), and shrunk
	// the time spent shrinking them.
	failures []*Failure
	kinds    []string // what each of failures fails on after shrinking (violationKind), by place
	shrunk   time.Duration
}

// runCases is phase one: workers take jobs (round, property) in order until the rounds
// run out, the budget ends, or every property has been violated. A counterexample found
// (folded: its place in case order is settled) is queued, and the next worker free shrinks
// it before taking another case, so it is reported (Config.Found) while the campaign goes on.
func (r *runner) runCases(ctx context.Context) {
	P := int64(len(r.cfg.Props))
	rounds := int64(r.cfg.rounds())
	var deadline time.Time
	if r.cfg.Budget > 0 {
		deadline = r.start.Add(r.cfg.Budget)
	}
	first := int64(math.MaxInt64) // the first round any property runs
	for _, st := range r.states {
		st.start = st.next
		first = min(first, int64(st.start))
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for _, w := range r.workers {
		wg.Add(1)
		go func(w *worker) {
			defer wg.Done()
			for !r.interrupted(ctx) && (deadline.IsZero() || time.Now().Before(deadline)) {
				if job, ok := r.dequeue(); ok {
					r.shrinkOne(ctx, job, w)
					continue
				}
				k := next.Add(1) - 1
				round, p := first+k/P, int(k%P)
				if rounds >= 0 && round >= rounds || !r.several() && r.allFailedBefore(round) {
					return
				}
				st := r.states[p]
				if st.unsupported != "" || round < int64(st.start) || !r.several() && round > st.firstViolation.Load() {
					continue
				}
				prop := r.cfg.Props[p]
				i := r.cfg.caseIndex(int(round))
				if r.cfg.RunCase != nil && !r.cfg.RunCase(prop.ID, i) {
					r.record(st, prop, round, judged{skipped: true})
					continue
				}
				seed := CaseSeed(r.cfg.Seed, prop.ID, i)
				r.cfg.caseSource(w.src, seed)
				l := r.runLimited(w, prop, r.gens[p], w.src, i, seed)
				switch l.how {
				case interrupted:
					return // not counted: the campaign is being cut short
				case timedOut:
					r.keepHung(p, int(round), l)
				}
				r.record(st, prop, round, l.j)
				r.done.Add(1)
				r.progress("cases", prop.ID, false)
			}
		}(w)
	}
	wg.Wait()
}

// keepHung keeps a case that timed out, to report it as it is.
func (r *runner) keepHung(p, round int, l limited) {
	r.workersMu.Lock()
	r.hung[[2]int{p, round}] = l
	r.workersMu.Unlock()
}

// hungCase is the case at round of property p if it timed out.
func (r *runner) hungCase(p, round int) (limited, bool) {
	r.workersMu.Lock()
	defer r.workersMu.Unlock()
	l, ok := r.hung[[2]int{p, round}]
	return l, ok
}

// closeEngines closes every engine, those left to hung cases too (closing a port's ends
// its process, and so the goroutine waiting on it).
func (r *runner) closeEngines() {
	for _, w := range r.workers {
		w.eng.Close()
	}
	r.workersMu.Lock()
	defer r.workersMu.Unlock()
	for _, e := range r.abandoned {
		e.Close()
	}
}

// interrupted reports whether the campaign was told to stop early.
func (r *runner) interrupted(ctx context.Context) bool {
	if ctx.Err() != nil || r.engineStop.Load() {
		return true
	}
	select {
	case <-r.cfg.Stop:
		return true
	default:
		return false
	}
}

// several reports whether the campaign runs every case of a failed property (unless
// Config.StopAtFirstFailure), looking for its counterexamples among them.
func (r *runner) several() bool { return !r.cfg.StopAtFirstFailure }

// allFailedBefore reports whether every property was violated before round: nothing left
// to run.
func (r *runner) allFailedBefore(round int64) bool {
	for _, st := range r.states {
		if st.unsupported == "" && st.firstViolation.Load() >= round {
			return false
		}
	}
	return true
}

func (r *runner) record(st *propState, prop *props.Property, round int64, j judged) {
	if j.skipped {
		for _, job := range st.add(r, int(round), caseResult{skipped: true}) {
			r.enqueue(job)
		}
		return
	}
	if r.cfg.CaseDone != nil {
		r.cfg.CaseDone(prop.ID, r.cfg.caseIndex(int(round)), j.verdict.Reached, j.verdict.Clauses)
	}
	res := caseResult{reached: j.verdict.Reached, clauses: clauseCounts(prop, &j.verdict), skips: skipCounts(prop, &j.verdict),
		stats:   statsOf(j.trace, r.poolIndex, r.cfg.MaxSteps),
		outcome: j.outcome, busy: j.busy, inProp: j.inProp, kind: j.kind()}
	if j.outcome == caseBroke {
		res.brokeWith = j.trace.Err
	}
	switch res.outcome {
	case caseBroke:
		if !st.broke.Swap(true) {
			r.errored.Add(1)
		}
		if r.cfg.StopOnEngineError {
			r.engineStop.Store(true)
		}
	case caseViolated:
		for {
			cur := st.firstViolation.Load()
			if round >= cur {
				break
			}
			if st.firstViolation.CompareAndSwap(cur, round) {
				if cur == math.MaxInt64 {
					r.failed.Add(1)
				}
				break
			}
		}
	}
	if round <= st.firstViolation.Load() {
		st.lastNS.Store(int64(time.Since(r.start)))
	}
	for _, job := range st.add(r, int(round), res) {
		r.enqueue(job)
	}
}

// add puts the case at round into the window and folds what is now contiguous, returning
// the counterexamples that folding settled.
func (st *propState) add(r *runner, round int, res caseResult) (jobs []shrinkJob) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.tally.stopped {
		return nil // after the property's first violation: it doesn't count
	}
	st.window[round] = res
	for {
		c, ok := st.window[st.next]
		if !ok {
			return jobs
		}
		delete(st.window, st.next)
		if job := st.tally.fold(r, st.next, c); job != nil {
			jobs = append(jobs, *job)
		}
		st.next++
		if st.tally.stopped {
			clear(st.window)
			return jobs
		}
	}
}

func (r *runner) enqueue(job shrinkJob) {
	r.queueMu.Lock()
	r.queue = append(r.queue, job)
	r.queueMu.Unlock()
}

// dequeue takes the oldest counterexample waiting to be shrunk.
func (r *runner) dequeue() (shrinkJob, bool) {
	r.queueMu.Lock()
	defer r.queueMu.Unlock()
	if len(r.queue) == 0 {
		return shrinkJob{}, false
	}
	job := r.queue[0]
	r.queue = r.queue[1:]
	return job, true
}

// takeQueue empties the queue: what the workers left to shrink when they stopped.
func (r *runner) takeQueue() []shrinkJob {
	r.queueMu.Lock()
	defer r.queueMu.Unlock()
	q := r.queue
	r.queue = nil
	return q
}

// tally turns each property's tally into its line, in the configuration's order, and
// says which broken rounds to shrink (those of the properties that errored; the
// counterexamples of those that failed were queued as they were found). Only cases up to a property's first violation count (all of
// them when looking for several counterexamples), so the counts don't depend on how far
// other workers had run ahead.
func (r *runner) tally() (out []PropResult, stats *Stats, shrink []shrinkJob) {
	out = make([]PropResult, len(r.cfg.Props))
	for p, prop := range r.cfg.Props {
		st := r.states[p]
		st.mu.Lock()
		t, shrunk := st.tally, len(st.failures) > 0
		st.mu.Unlock()
		res := t.res
		res.ID, res.Rulings, res.Rules, res.Description = prop.ID, prop.Rulings, prop.Rules, prop.Description
		if r.cfg.Shard.N > 0 {
			t.skips.sharded(&res)
		} else {
			t.skips.unsupported(&res)
		}
		switch {
		case t.bad >= 0 && r.several():
			res.Outcome, res.Upto = Failed, r.cfg.caseIndex(t.last)+1
		case t.bad >= 0:
			res.Upto = r.cfg.caseIndex(t.bad) + 1
			res.Outcome = Failed
		case r.cfg.rounds() >= 0 && t.last+1 == r.cfg.rounds():
			res.Upto = r.cfg.Checks
		case t.last >= 0:
			res.Upto = r.cfg.caseIndex(t.last) + 1
		}
		switch {
		case res.Outcome != "":
		case st.unsupported != "":
			res.Outcome, res.Unsupported = Unsupported, "the engine "+st.unsupported
		case t.firstBroke >= 0:
			res.Outcome = Errored
			if !shrunk { // the errored case of a resumed report is shrunk already
				shrink = append(shrink, shrinkJob{prop: p, round: t.firstBroke, brokeWith: t.brokeWith})
			}
		case r.cfg.Shard.N > 0:
			res.Outcome = Passed // held: its reach is judged on the whole campaign's, by Merge
		default:
			judgeHeld(&res, r.partial)
		}
		res.ElapsedMS = st.lastNS.Load() / int64(time.Millisecond)
		res.BusyMS, res.CheckMS = t.busy.Milliseconds(), t.inProp.Milliseconds()
		out[p] = res
	}
	r.statsMu.Lock()
	defer r.statsMu.Unlock()
	return out, r.stats.build(out), shrink
}

// addStats adds a counted case to the campaign's statistics (sums: the order of the
// properties' folds doesn't matter).
func (r *runner) addStats(cs caseStats) {
	r.statsMu.Lock()
	r.stats.add(cs)
	r.statsMu.Unlock()
}

// judgeHeld gives a property that held on every case, on an engine that can be tested on
// it, its verdict from its reach: vacuous if it, or a supported clause, was never reached
// (on an engine that supports part of the pool, unsupported instead: partialReach); a
// pass otherwise.
func judgeHeld(res *PropResult, partial bool) {
	switch {
	case len(res.Clauses) > 0 && len(res.supportedClauses()) == 0:
		res.Outcome, res.Unsupported = Unsupported, "the engine supports none of its clauses"
	case res.Cases > 0 && res.Wasted.Rejected == res.Cases: // declined boards are no verdict
		res.Outcome, res.Unsupported = Unsupported, "the engine declined every generated board"
	case partial && (res.Reached == 0 || len(res.Unreached()) > 0):
		partialReach(res)
	case res.Reached == 0 || len(res.Unreached()) > 0:
		res.Outcome = Vacuous
	default:
		res.Outcome = Passed
	}
}

// partialReach judges a property that held but left its situation, or some clauses,
// unreached on an engine that supports part of the pool: the situation needs what the
// engine left out, so what was not reached is unsupported, not vacuous.
func partialReach(res *PropResult) {
	why := "not reached with the cards and steps this engine supports"
	if res.Reached == 0 {
		res.Outcome, res.Unsupported = Unsupported, why
		return
	}
	for i := range res.Clauses {
		if c := &res.Clauses[i]; c.Reached == 0 && c.Unsupported == "" {
			c.Unsupported = why
		}
	}
	res.Outcome = Passed
}

// progress tells cfg.Progress, at most every 256 cases unless forced.
func (r *runner) progress(phase, prop string, force bool) {
	if r.cfg.Progress == nil {
		return
	}
	done := r.done.Load()
	r.progMu.Lock()
	defer r.progMu.Unlock()
	if !force && done-r.lastProg < 256 {
		return
	}
	r.lastProg = done
	total := 0
	if n := r.cfg.rounds(); n >= 0 {
		total = n * len(r.cfg.Props)
	}
	r.cfg.Progress(Progress{Phase: phase, Cases: int(done), Total: total, Failed: int(r.failed.Load()),
		Errored: int(r.errored.Load()), Warnings: r.warnings(), Prop: prop, Elapsed: time.Since(r.start)})
}

// warnings counts the reach warnings of the cases folded so far (see Stats.Health).
func (r *runner) warnings() int {
	n := 0
	for _, st := range r.states {
		st.mu.Lock()
		res := &st.tally.res
		if res.Cases >= HealthMinCases {
			if rare(res.CasesReached, res.Cases) {
				n++
			}
			for _, c := range res.Clauses {
				if rare(c.Cases, res.Cases) {
					n++
				}
			}
		}
		st.mu.Unlock()
	}
	return n
}
