package campaign

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// MergeError is why a set of shard reports can't be merged: Report is the index, in the
// reports given, of the one at fault (-1 when the set as a whole is: a shard missing),
// Other that of the report it clashes with (a shard given twice), or -1.
type MergeError struct {
	Report, Other int
	Err           error
}

func (e *MergeError) Error() string { return e.Err.Error() }
func (e *MergeError) Unwrap() error { return e.Err }

// Merge joins the reports of the shards 1/N..N/N of one campaign (Config.Shard) into the
// report of the whole campaign: with a fixed number of checks, the report one unsharded
// run of the same configuration gives, timing fields aside. Counts and clause reach are
// summed, the statistics and their health warnings are those of the sum, and the
// verdicts that depend on reach (vacuous; unsupported for want of reach on an engine that
// supports part of the pool), which no shard judges alone, are judged on the sum. A
// failed property's counterexamples are those the whole campaign picks: its first
// failing case, and with Config.Counterexamples the first case of each kind of violation,
// in case order, less those that shrank to a failure an earlier one shows (distinctShrunk);
// extra lists the others the shards found that fail differently (they were saved by the
// shards that found them), so that none is lost. Under a time budget, each shard ran what
// its time allowed: the merged counts are of those cases, and Report.Shards says how many
// each ran. The result does not depend on the order of reps.
//
// The reports must be of one campaign (the same seed, properties, engine and the cards it
// supports, faults, version, number of shards, checks or time budget, steps and
// counterexamples) and cover 1..N exactly once; otherwise the error is a *MergeError
// naming the report at fault, or the shards missing.
func Merge(reps []*Report) (merged *Report, extra []*Failure, err error) {
	shards, err := checkShards(reps)
	if err != nil {
		return nil, nil, err
	}
	first := reps[0]
	out := &Report{Engine: first.Engine, Fault: first.Fault, Seed: first.Seed, Steps: first.Steps, Support: first.Support,
		LeftOut: first.LeftOut, Version: first.Version}
	var elapsed int64
	for _, r := range reps {
		out.Partial = out.Partial || r.Partial
		out.StoppedByEngineError = out.StoppedByEngineError || r.StoppedByEngineError
		elapsed = max(elapsed, r.ElapsedMS) // the shards ran side by side
	}
	for p := range first.Props {
		lines := make([]*PropResult, len(reps))
		for i, r := range reps {
			lines[i] = &r.Props[p]
		}
		res, more := mergeProp(lines, first.Sharded)
		out.Props = append(out.Props, res)
		extra = append(extra, more...)
	}
	out.Stats = mergeStats(reps, out.Props)
	out.ElapsedMS = elapsed
	out.CasesPerSecond = CasesPerSecond(out.Cases(), time.Duration(elapsed)*time.Millisecond)
	if first.Sharded.Budget != "" {
		for _, i := range shards {
			out.Shards = append(out.Shards, ShardCases{Shard: reps[i].Shard, Cases: reps[i].Cases()})
		}
	}
	return out, extra, nil
}

// checkShards checks that reps are the shards of one campaign, each once, and returns
// their indexes in shard order.
func checkShards(reps []*Report) ([]int, error) {
	if len(reps) == 0 {
		return nil, &MergeError{-1, -1, errors.New("no reports to merge")}
	}
	bad := func(i int, format string, args ...any) error {
		return &MergeError{i, -1, fmt.Errorf(format, args...)}
	}
	n := 0
	byShard := map[int]int{}
	for i, r := range reps {
		if r.Shard == "" || r.Sharded == nil {
			return nil, bad(i, "is not a shard's report (run the campaign with --shard K/N and --report json)")
		}
		k, total, err := parseShard(r.Shard)
		if err != nil {
			return nil, bad(i, "shard %q: %v", r.Shard, err)
		}
		if i == 0 {
			n = total
		} else if why := sameCampaign(reps[0], r); why != "" {
			return nil, bad(i, "is not of the same campaign as the first report: %s", why)
		}
		if total != n {
			return nil, bad(i, "is shard %s, of %d shards, not %d", r.Shard, total, n)
		}
		if j, ok := byShard[k]; ok {
			return nil, &MergeError{i, j, fmt.Errorf("is shard %s a second time", r.Shard)}
		}
		byShard[k] = i
	}
	var missing []string
	var order []int
	for k := 1; k <= n; k++ {
		if i, ok := byShard[k]; ok {
			order = append(order, i)
		} else {
			missing = append(missing, fmt.Sprintf("%d/%d", k, n))
		}
	}
	if len(missing) > 0 {
		return nil, &MergeError{-1, -1, fmt.Errorf("shard %s missing: the shards must cover 1..%d once each", strings.Join(missing, ", "), n)}
	}
	return order, nil
}

// parseShard reads "k/n".
func parseShard(s string) (k, n int, err error) {
	ks, ns, ok := strings.Cut(s, "/")
	k, err1 := strconv.Atoi(ks)
	n, err2 := strconv.Atoi(ns)
	if !ok || err1 != nil || err2 != nil || n < 1 || k < 1 || k > n {
		return 0, 0, errors.New("want K/N with 1 <= K <= N")
	}
	return k, n, nil
}

// sameCampaign says how b's campaign differs from a's, or "".
func sameCampaign(a, b *Report) string {
	ids := func(r *Report) []string {
		var out []string
		for _, p := range r.Props {
			out = append(out, p.ID)
		}
		return out
	}
	sa, sb := *a.Sharded, *b.Sharded
	switch {
	case a.Seed != b.Seed:
		return fmt.Sprintf("seed %d, not %d", b.Seed, a.Seed)
	case a.Engine != b.Engine:
		return fmt.Sprintf("engine %s, not %s", b.Engine, a.Engine)
	case a.Fault != b.Fault:
		return fmt.Sprintf("faults %q, not %q", b.Fault, a.Fault)
	case a.Version != b.Version:
		return fmt.Sprintf("version %q, not %q", b.Version, a.Version)
	case !slices.Equal(ids(a), ids(b)):
		return fmt.Sprintf("properties %s, not %s", strings.Join(ids(b), ","), strings.Join(ids(a), ","))
	case !slices.Equal(a.LeftOut, b.LeftOut) || jsonOf(a.Support) != jsonOf(b.Support) || sa.PartialEngine != sb.PartialEngine:
		return "the engine supports other cards, actions or queries (the pool differs)"
	case sa.Checks != sb.Checks:
		return fmt.Sprintf("%d cases per property, not %d", sb.Checks, sa.Checks)
	case (sa.Budget == "") != (sb.Budget == ""):
		return fmt.Sprintf("time budget %q, not %q", sb.Budget, sa.Budget)
	case sa.Steps != sb.Steps:
		return fmt.Sprintf("--steps %d, not %d", sb.Steps, sa.Steps)
	case sa.Counterexamples != sb.Counterexamples:
		return fmt.Sprintf("--counterexamples %d, not %d", sb.Counterexamples, sa.Counterexamples)
	}
	return ""
}

func jsonOf(v any) string {
	b, _ := json.Marshal(v) // a report's own types always marshal
	return string(b)
}

// mergeProp joins one property's lines, one per shard, as Run's tally would have made the
// line of all their cases; more are the counterexamples the shards found beyond those.
func mergeProp(lines []*PropResult, run *ShardRun) (PropResult, []*Failure) {
	first := lines[0]
	res := PropResult{ID: first.ID, Rulings: first.Rulings, Rules: first.Rules, Description: first.Description}
	res.Clauses = make([]ClauseResult, len(first.Clauses))
	shards := make([]ClauseShard, len(first.Clauses))
	for i, c := range first.Clauses {
		res.Clauses[i] = ClauseResult{Name: c.Name, Unsupported: c.Unsupported}
	}
	var failed, errored, all []*Failure
	for _, l := range lines {
		res.Cases += l.Cases
		res.Reached += l.Reached
		res.CasesReached += l.CasesReached
		res.Wasted.Rejected += l.Wasted.Rejected
		res.Wasted.EndedEarly += l.Wasted.EndedEarly
		res.Wasted.Errors += l.Wasted.Errors
		res.Errors += l.Errors
		res.Upto = max(res.Upto, l.Upto)
		for i := range l.Clauses {
			mergeClause(&res.Clauses[i], &shards[i], &l.Clauses[i])
		}
		switch l.Outcome {
		case Failed:
			failed = append(failed, l.Failures()...)
		case Errored:
			errored = append(errored, l.Failures()...)
		case Unsupported: // the engine can't express it: every shard says so
			res.Outcome, res.Unsupported = Unsupported, l.Unsupported
		}
		all = append(all, l.Failures()...)
	}
	for i := range res.Clauses {
		res.Clauses[i].unsupportedBySkips(shards[i])
	}
	var kept []*Failure
	switch {
	case res.Outcome == Unsupported:
	case len(failed) > 0:
		res.Outcome = Failed
		kept = pickFailures(failed, run.Counterexamples)
	case len(errored) > 0:
		res.Outcome = Errored
		kept = pickFailures(errored, 1)
	default:
		judgeHeld(&res, run.PartialEngine)
	}
	for i, f := range kept {
		g := *f
		g.Kind, g.ShrunkKind, g.Origin.Shard = "", "", ""
		if i == 0 {
			res.Failure = &g
		} else {
			res.More = append(res.More, g)
		}
	}
	return res, extraFailures(all, kept)
}

// extraFailures are the counterexamples of all, in case order, that kept doesn't show:
// not kept, and failing differently (ShrunkKind, as distinctShrunk tells them apart) from
// those kept and each other. A failure of unknown kind (flaky) is always listed.
func extraFailures(all, kept []*Failure) []*Failure {
	all = slices.Clone(all)
	slices.SortStableFunc(all, func(a, b *Failure) int { return a.Case - b.Case })
	seen := map[string]bool{}
	for _, f := range kept {
		seen[f.ShrunkKind] = true
	}
	var out []*Failure
	for _, f := range all {
		if !slices.Contains(kept, f) && (f.ShrunkKind == "" || !seen[f.ShrunkKind]) {
			seen[f.ShrunkKind] = true
			out = append(out, f)
		}
	}
	return out
}

// mergeClause adds a shard's reach and skips of a clause; sh keeps what the shard
// carried for the merge, the first reasons by their case.
func mergeClause(c *ClauseResult, sh *ClauseShard, l *ClauseResult) {
	c.Reached += l.Reached
	c.Cases += l.Cases
	c.Skipped += l.Skipped
	if l.Shard == nil {
		return
	}
	s := l.Shard
	if s.SkipCase > 0 && (sh.SkipCase == 0 || s.SkipCase < sh.SkipCase) {
		sh.SkipCase, c.SkipWhy = s.SkipCase, l.SkipWhy
	}
	sh.Undeclared += s.Undeclared
	if s.UndeclaredCase > 0 && (sh.UndeclaredCase == 0 || s.UndeclaredCase < sh.UndeclaredCase) {
		sh.UndeclaredCase, sh.UndeclaredWhy = s.UndeclaredCase, s.UndeclaredWhy
	}
}

// pickFailures picks, from the shards' counterexamples of a property, those one campaign
// would report: in case order, the first, then the first case of each other kind of
// violation as found (Failure.Kind) up to n in all, less those that shrank to a failure
// an earlier one shows.
func pickFailures(fs []*Failure, n int) []*Failure {
	fs = slices.Clone(fs)
	slices.SortStableFunc(fs, func(a, b *Failure) int { return a.Case - b.Case })
	var picked []*Failure
	seen := map[string]bool{}
	for _, f := range fs {
		if len(picked) == n {
			break
		}
		if len(picked) == 0 || !seen[f.Kind] {
			seen[f.Kind] = true
			picked = append(picked, f)
		}
	}
	if len(picked) < 2 {
		return picked
	}
	more := make([]Failure, len(picked)-1)
	for i, f := range picked[1:] {
		more[i] = *f
	}
	kept := picked[:1]
	for _, f := range distinctShrunk(more, func(nth int) string { return picked[nth].ShrunkKind }) {
		i := slices.IndexFunc(picked, func(p *Failure) bool { return p.Case == f.Case })
		kept = append(kept, picked[i])
	}
	return kept
}

// mergeStats sums the shards' statistics, card by name and action by kind, and gives the
// health warnings of the sum.
func mergeStats(reps []*Report, props []PropResult) *Stats {
	var s *Stats
	for _, r := range reps {
		if r.Stats == nil {
			continue
		}
		if s == nil {
			s = &Stats{Cards: slices.Clone(r.Stats.Cards), Actions: slices.Clone(r.Stats.Actions)}
			for i := range s.Cards {
				s.Cards[i].Cases = 0
			}
			for i := range s.Actions {
				s.Actions[i].Count = 0
			}
		}
		s.Cases += r.Stats.Cases
		for _, c := range r.Stats.Cards {
			if i := slices.IndexFunc(s.Cards, func(x CardCount) bool { return x.Name == c.Name }); i >= 0 {
				s.Cards[i].Cases += c.Cases
			}
		}
		for _, a := range r.Stats.Actions {
			if i := slices.IndexFunc(s.Actions, func(x ActionCount) bool { return x.Kind == a.Kind }); i >= 0 {
				s.Actions[i].Count += a.Count
			}
		}
	}
	if s != nil {
		s.Health = health(props, s)
	}
	return s
}
