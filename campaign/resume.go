package campaign

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/props"
)

// ErrResume is the error of a Config.Resume this campaign can't continue.
var ErrResume = errors.New("the report can't be resumed by this campaign")

// checkResume says why Config.Resume can't be continued by this campaign, if it can't: it
// must have run the same cases (seed, shard, walk length, faults, engine) of the same
// properties.
func (r *runner) checkResume() error {
	prev, cfg := r.cfg.Resume, &r.cfg
	var ids, prevIDs []string
	for _, p := range cfg.Props {
		ids = append(ids, p.ID)
	}
	for _, p := range prev.Props {
		prevIDs = append(prevIDs, p.ID)
	}
	slices.Sort(ids)
	slices.Sort(prevIDs)
	switch engine := r.workers[0].eng.Name(); {
	case prev.Seed != cfg.Seed:
		return fmt.Errorf("the report's seed is %d, not %d", prev.Seed, cfg.Seed)
	case prev.Shard != cfg.shardString():
		return fmt.Errorf("the report's shard is %q, not %q", prev.Shard, cfg.shardString())
	case prev.Steps != 0 && prev.Steps != cfg.MaxSteps:
		return fmt.Errorf("the report's walks are of at most %d steps, not %d", prev.Steps, cfg.MaxSteps)
	case prev.Fault != strings.Join(cfg.Faults, ","):
		return fmt.Errorf("the report's faults are %q, not %q", prev.Fault, strings.Join(cfg.Faults, ","))
	case prev.Engine != engine:
		return fmt.Errorf("the report's engine is %s, not %s", prev.Engine, engine)
	case !slices.Equal(ids, prevIDs):
		return fmt.Errorf("the report covers the properties %s, not %s", strings.Join(prevIDs, ","), strings.Join(ids, ","))
	}
	return nil
}

// resume starts each property's state where Config.Resume left it.
func (r *runner) resume() {
	prev := r.cfg.Resume
	r.stats.addStats(prev.Stats)
	for p, prop := range r.cfg.Props {
		i := slices.IndexFunc(prev.Props, func(q PropResult) bool { return q.ID == prop.ID })
		r.states[p].resume(r, &prev.Props[i])
	}
}

// resume starts the state from the property's line in an earlier report.
func (st *propState) resume(r *runner, prev *PropResult) {
	t := &st.tally
	res := &t.res
	res.Cases, res.Reached, res.CasesReached = prev.Cases, prev.Reached, prev.CasesReached
	res.Wasted, res.Errors = prev.Wasted, prev.Errors
	for i := range res.Clauses {
		if j := slices.IndexFunc(prev.Clauses, func(c ClauseResult) bool { return c.Name == res.Clauses[i].Name }); j >= 0 {
			c, was := &res.Clauses[i], prev.Clauses[j]
			c.Reached, c.Cases, c.Skipped, c.SkipWhy = was.Reached, was.Cases, was.Skipped, was.SkipWhy
		}
	}
	t.skips.resume(prev.Clauses, res)
	if prev.Upto > 0 {
		st.next = max(st.next, r.cfg.roundAt(prev.Upto))
		t.last = st.next - 1
	}
	if prev.Failure == nil {
		return
	}
	round := r.cfg.roundAt(prev.Failure.Case)
	st.failures = prev.Failures()
	st.kinds = make([]string, len(st.failures))
	for i, f := range st.failures {
		st.kinds[i] = r.failureKind(f)
	}
	switch prev.Outcome {
	case Errored:
		t.firstBroke = round
	case Failed:
		t.bad = round
		st.firstViolation.Store(int64(round))
		r.failed.Add(1)
		t.stopped = !r.several()
		for i, f := range st.failures {
			kind := cmp.Or(f.Kind, st.kinds[i]) // as found, when a shard's report says
			t.kinds[kind] = true
			t.jobs = append(t.jobs, shrinkJob{prop: t.prop, round: r.cfg.roundAt(f.Case), kind: kind, nth: len(t.jobs)})
		}
	}
	if prev.Outcome == Errored && !st.broke.Swap(true) {
		r.errored.Add(1)
	}
}

// failureKind is the kind of violation of a counterexample (violationKind), its actions
// replayed on the engine for the cards they name.
func (r *runner) failureKind(f *Failure) string {
	tr := gen.Replay(bare(r.workers[0].eng), f.Setup, f.Actions)
	return violationKind(&props.Verdict{Violations: f.Violations}, tr)
}
