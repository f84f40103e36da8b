package campaign

import (
	"context"
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props"
)

// Run runs a campaign: cases for every property, in parallel, each from its own seed
// (CaseSeed); each property stops at its first case that violates it; that case (or, for
// a property never violated, the first case on which the engine broke) is shrunk; the
// report is merged in case order, so it is the same for any worker count.
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
// So a first interrupt (Stop) keeps everything found, and a second (ctx) keeps it sooner.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	if err := cfg.normalize(); err != nil {
		return nil, err
	}
	r := &runner{cfg: cfg, start: time.Now(), poolIndex: map[string]int{}}
	defer func() {
		for _, e := range r.engines {
			e.Close()
		}
	}()
	for range cfg.Workers {
		e, err := cfg.Engine()
		if err != nil {
			return nil, fmt.Errorf("campaign: starting an engine: %w", err)
		}
		r.engines = append(r.engines, e)
	}
	r.support = harness.SupportOf(r.engines[0])
	pool, _, err := cfg.Pool.Restrict(r.support)
	if err != nil {
		return nil, fmt.Errorf("campaign: engine %s: %w", r.engines[0].Name(), err)
	}
	var leftOut []string // of the whole pool, whether Config.Pool or the engine left it out
	for _, c := range gen.DefaultPool().Cards() {
		if _, ok := pool.Card(c.Name); !ok {
			leftOut = append(leftOut, c.Name)
		}
	}
	r.partial = len(leftOut) > 0 || r.support.Steps != nil
	r.pool = pool
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
		st := &propState{unsupported: p.Needs.Missing(r.support)}
		st.firstViolation.Store(math.MaxInt64)
		r.states = append(r.states, st)
	}
	r.runCases(ctx)
	rep := &Report{Engine: r.engines[0].Name(), Fault: cfg.Fault, Seed: cfg.Seed, LeftOut: leftOut, Partial: r.interrupted(ctx)}
	if !r.support.Everything() || len(r.support.Queries) < len(harness.Queries) {
		s := r.support
		rep.Support = &s
	}
	if cfg.Shard.N > 0 {
		rep.Shard = fmt.Sprintf("%d/%d", cfg.Shard.K, cfg.Shard.N)
	}
	var shrink []shrinkJob
	rep.Props, rep.Stats, shrink = r.tally()
	r.shrinkAll(ctx, rep.Props, shrink)
	if err := r.saveAll(rep.Props); err != nil {
		return nil, fmt.Errorf("campaign: %w", err)
	}
	rep.Partial = rep.Partial || r.interrupted(ctx)
	rep.StoppedByEngineError = r.engineStop.Load()
	r.progress("done", "", true)
	return rep, nil
}

type runner struct {
	cfg     Config
	start   time.Time
	gens    []*gen.Generator
	engines []harness.Engine
	states  []*propState
	support harness.Support // what the engine declares it supports
	partial bool            // the engine supports part of the pool or of the steps
	// engineStop is set at the first engine error when Config.StopOnEngineError is.
	engineStop atomic.Bool
	// pool is the pool boards are drawn from (the engine's part of Config.Pool), and
	// poolIndex numbers its cards, for the statistics.
	pool      *gen.Pool
	poolIndex map[string]int

	done     atomic.Int64 // cases finished
	failed   atomic.Int64 // properties violated so far
	errored  atomic.Int64 // properties on which the engine broke so far
	progMu   sync.Mutex
	lastProg int64
}

// propState is one property's cases so far.
type propState struct {
	mu             sync.Mutex
	results        []caseResult // by round (the r-th case of this shard)
	firstViolation atomic.Int64 // lowest round that violated the property; MaxInt64 if none
	broke          atomic.Bool  // some case broke the engine
	lastNS         atomic.Int64 // when its last relevant case finished, since the start
	unsupported    string       // why the engine can't be tested on it ("" if it can): no case runs
}

// runCases is phase one: workers take jobs (round, property) in order until the rounds
// run out, the budget ends, or every property has been violated.
func (r *runner) runCases(ctx context.Context) {
	P := int64(len(r.cfg.Props))
	rounds := int64(r.cfg.rounds())
	var deadline time.Time
	if r.cfg.Budget > 0 {
		deadline = r.start.Add(r.cfg.Budget)
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := range r.cfg.Workers {
		wg.Add(1)
		go func(eng harness.Engine) {
			defer wg.Done()
			src := gen.NewTapeSource(0)
			for !r.interrupted(ctx) && (deadline.IsZero() || time.Now().Before(deadline)) {
				k := next.Add(1) - 1
				round, p := k/P, int(k%P)
				if rounds >= 0 && round >= rounds || !r.several() && r.allFailedBefore(round) {
					return
				}
				st := r.states[p]
				if st.unsupported != "" || !r.several() && round > st.firstViolation.Load() {
					continue
				}
				prop := r.cfg.Props[p]
				src.Reset(CaseSeed(r.cfg.Seed, prop.ID, r.cfg.caseIndex(int(round))))
				j := runCase(prop, r.gens[p], eng, src, r.cfg.MaxSteps)
				r.record(st, prop, round, j)
				r.done.Add(1)
				r.progress("cases", prop.ID, false)
			}
		}(r.engines[w])
	}
	wg.Wait()
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

// several reports whether the campaign looks for more than one counterexample per
// property, and so runs every case of a failed property.
func (r *runner) several() bool { return r.cfg.Counterexamples > 1 }

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
	res := caseResult{done: true, reached: j.verdict.Reached, clauses: clauseCounts(prop, &j.verdict), skips: skipCounts(prop, &j.verdict),
		stats:   statsOf(j.trace, r.poolIndex, r.cfg.MaxSteps),
		outcome: j.outcome, busy: j.busy, inProp: j.inProp, kind: violationKind(&j.verdict)}
	st.mu.Lock()
	for int64(len(st.results)) <= round {
		st.results = append(st.results, caseResult{})
	}
	st.results[round] = res
	st.mu.Unlock()
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
}

// tally turns the cases into each property's line, in the configuration's order, and
// says which rounds to shrink. Only cases up to a property's first violation count (all of
// them when looking for several counterexamples), so the counts don't depend on how far
// other workers had run ahead.
func (r *runner) tally() ([]PropResult, *Stats, []shrinkJob) {
	out := make([]PropResult, len(r.cfg.Props))
	stats := newStatsBuilder(r.pool)
	var shrink []shrinkJob
	for p, prop := range r.cfg.Props {
		st := r.states[p]
		res := PropResult{ID: prop.ID, Rulings: prop.Rulings, Rules: prop.Rules, Description: prop.Description}
		for _, c := range prop.Clauses {
			res.Clauses = append(res.Clauses, ClauseResult{Name: c.Name, Unsupported: c.Needs.Missing(r.support)})
		}
		limit := len(st.results)
		bad := st.firstViolation.Load()
		if bad != math.MaxInt64 && !r.several() {
			limit = int(bad) + 1
		}
		last, firstBroke := -1, -1
		var busy, inProp time.Duration
		var skips skipTally
		for round := 0; round < limit; round++ {
			if c := st.results[round]; c.done {
				res.Cases++
				res.Reached += c.reached
				if c.reached > 0 {
					res.CasesReached++
				}
				if c.stats.rejected {
					res.Wasted.Rejected++
				}
				if c.stats.endedEarly {
					res.Wasted.EndedEarly++
				}
				stats.add(c.stats)
				for i, n := range c.clauses {
					res.Clauses[i].Reached += n
					if n > 0 {
						res.Clauses[i].Cases++
					}
				}
				skips.add(&res, c.skips)
				busy, inProp = busy+c.busy, inProp+c.inProp
				last = round
				if c.outcome == caseBroke {
					res.Errors++
					if !c.stats.rejected {
						res.Wasted.Errors++
					}
					if firstBroke < 0 {
						firstBroke = round
					}
				}
			}
		}
		skips.unsupported(&res)
		switch {
		case bad != math.MaxInt64 && r.several():
			res.Outcome, res.Upto = Failed, r.cfg.caseIndex(last)+1
			shrink = append(shrink, r.distinct(p, st, limit)...)
		case bad != math.MaxInt64:
			res.Upto = r.cfg.caseIndex(int(bad)) + 1
			res.Outcome = Failed
			shrink = append(shrink, shrinkJob{prop: p, round: int(bad)})
		case r.cfg.rounds() >= 0 && last+1 == r.cfg.rounds():
			res.Upto = r.cfg.Checks
		case last >= 0:
			res.Upto = r.cfg.caseIndex(last) + 1
		}
		switch {
		case res.Outcome != "":
		case st.unsupported != "":
			res.Outcome, res.Unsupported = Unsupported, "the engine "+st.unsupported
		case firstBroke >= 0:
			res.Outcome = Errored
			shrink = append(shrink, shrinkJob{prop: p, round: firstBroke})
		case len(res.Clauses) > 0 && len(res.supportedClauses()) == 0:
			res.Outcome, res.Unsupported = Unsupported, "the engine supports none of its clauses"
		case r.partial && (res.Reached == 0 || len(res.Unreached()) > 0):
			r.partialReach(&res)
		case res.Reached == 0 || len(res.Unreached()) > 0:
			res.Outcome = Vacuous
		default:
			res.Outcome = Passed
		}
		res.ElapsedMS = st.lastNS.Load() / int64(time.Millisecond)
		res.BusyMS, res.CheckMS = busy.Milliseconds(), inProp.Milliseconds()
		out[p] = res
	}
	return out, stats.build(out), shrink
}

// distinct picks, in case order, the first violating case of each kind of violation, up
// to Config.Counterexamples of them.
func (r *runner) distinct(p int, st *propState, limit int) []shrinkJob {
	var jobs []shrinkJob
	seen := map[string]bool{}
	for round := 0; round < limit && len(jobs) < r.cfg.Counterexamples; round++ {
		if c := st.results[round]; c.done && c.outcome == caseViolated && !seen[c.kind] {
			seen[c.kind] = true
			jobs = append(jobs, shrinkJob{prop: p, round: round, kind: c.kind, nth: len(jobs)})
		}
	}
	return jobs
}

// partialReach judges a property that held but left its situation, or some clauses,
// unreached on an engine that supports part of the pool: the situation needs what the
// engine left out, so what was not reached is unsupported, not vacuous.
func (r *runner) partialReach(res *PropResult) {
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
		Errored: int(r.errored.Load()), Prop: prop, Elapsed: time.Since(r.start)})
}
