package campaign

import (
	"time"
)

// propTally is what a property's counted cases add up to: counts, not cases, so a
// campaign of hours keeps as little as one of seconds. Cases are folded in case order
// (propState), so everything here is the same for any worker count.
type propTally struct {
	prop int        // the property's index in Config.Props
	res  PropResult // the counts: Cases, Reached, CasesReached, Wasted, Clauses, Errors
	// last is the last round folded, firstBroke the first on which the engine broke, bad
	// the first that violated the property; -1 for none.
	last, firstBroke, bad int
	brokeWith             error // the first broken case's error
	// stopped is set once the property's first violation is folded, when looking for one
	// counterexample: later cases don't count.
	stopped      bool
	busy, inProp time.Duration
	// kinds are the kinds of violation given a counterexample (Config.Counterexamples).
	kinds map[string]bool
	// jobs are the violating rounds to shrink, in case order.
	jobs []shrinkJob
	// skips are the moments the property could not judge (skip.go).
	skips skipTally
}

func newPropTally(prop int, clauses []ClauseResult) propTally {
	return propTally{prop: prop, res: PropResult{Clauses: clauses}, last: -1, firstBroke: -1, bad: -1, kinds: map[string]bool{}}
}

// fold adds the case at round, the next in case order, to the tally; a violating case
// becomes a shrink job when it is the property's first or, looking for several
// counterexamples, the first of its kind. It returns that job, if any.
func (t *propTally) fold(r *runner, round int, c caseResult) (job *shrinkJob) {
	if c.skipped {
		return nil
	}
	res := &t.res
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
	r.addStats(c.stats)
	for i, n := range c.clauses {
		res.Clauses[i].Reached += n
		if n > 0 {
			res.Clauses[i].Cases++
		}
	}
	t.skips.add(res, c.skips, r.cfg.caseIndex(round))
	t.busy, t.inProp = t.busy+c.busy, t.inProp+c.inProp
	t.last = round
	switch c.outcome {
	case caseBroke:
		res.Errors++
		if !c.stats.rejected {
			res.Wasted.Errors++
		}
		if t.firstBroke < 0 {
			t.firstBroke, t.brokeWith = round, c.brokeWith
		}
	case caseViolated:
		if t.bad < 0 {
			t.bad = round
		}
		switch {
		case !r.several():
			t.stopped = true
			job = &shrinkJob{prop: t.prop, round: round}
		case !t.kinds[c.kind] && len(t.jobs) < max(1, r.cfg.Counterexamples):
			t.kinds[c.kind] = true
			job = &shrinkJob{prop: t.prop, round: round, kind: c.kind, nth: len(t.jobs)}
		}
	}
	if job != nil {
		t.jobs = append(t.jobs, *job)
	}
	return job
}
