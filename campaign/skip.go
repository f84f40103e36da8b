package campaign

import (
	"fmt"
	"slices"

	"github.com/mtgfuzz/mtgfuzz/props"
)

// Skipped moments (props.Verdict.Skipped) are the moments a property could not judge: the
// board it compares with can't be set up again faithfully, or only in a way the engine
// declares it doesn't support. They are wasted, not verdicts, and each clause counts them.

// skipCounts lays v's skipped moments out in p's clause order; nil when there are none
// (most cases), so a campaign keeps nothing for them.
func skipCounts(p *props.Property, v *props.Verdict) []props.Skipped {
	if len(v.Skipped) == 0 {
		return nil
	}
	out := make([]props.Skipped, len(p.Clauses))
	for i, c := range p.Clauses {
		out[i] = v.Skipped[c.Name]
	}
	return out
}

// skipTally folds the cases' skipped moments into a property's clauses, in case order (a
// clause's reason is the first case's), keeping, per clause, the moments skipped because
// judging them needs what the engine declares it doesn't support, and the cases where
// each reason was first given (a shard's report carries them, ClauseShard, so that fuzz
// merge can tell which shard's reason came first).
type skipTally struct {
	clauses []ClauseShard
}

// add folds the skipped moments of case i into res's clauses.
func (t *skipTally) add(res *PropResult, skips []props.Skipped, i int) {
	if t.clauses == nil && len(skips) > 0 {
		t.clauses = make([]ClauseShard, len(res.Clauses))
	}
	for k, s := range skips {
		c, sh := &res.Clauses[k], &t.clauses[k]
		if s.Moments == 0 {
			continue
		}
		if c.Skipped == 0 {
			c.SkipWhy, sh.SkipCase = s.Why, i+1
		}
		c.Skipped += s.Moments
		if s.Undeclared {
			if sh.Undeclared == 0 {
				sh.UndeclaredWhy, sh.UndeclaredCase = s.Why, i+1
			}
			sh.Undeclared += s.Moments
		}
	}
}

// resume starts the tally from the clauses of a shard's earlier report.
func (t *skipTally) resume(prev []ClauseResult, res *PropResult) {
	for k := range res.Clauses {
		j := slices.IndexFunc(prev, func(c ClauseResult) bool { return c.Name == res.Clauses[k].Name })
		if j < 0 || prev[j].Shard == nil {
			continue
		}
		if t.clauses == nil {
			t.clauses = make([]ClauseShard, len(res.Clauses))
		}
		t.clauses[k] = *prev[j].Shard
	}
}

// unsupported makes a clause that was never reached, and whose moments were skipped
// because judging them needs what the engine declares it can't do, unsupported rather
// than vacuous (the others it skipped, if any, the harness couldn't set up: no verdict
// either).
func (t *skipTally) unsupported(res *PropResult) {
	for k := range t.clauses {
		res.Clauses[k].unsupportedBySkips(t.clauses[k])
	}
}

// sharded leaves that judgement to the merge of the shards (a clause another shard
// reached is no exception): each clause carries what the merge needs.
func (t *skipTally) sharded(res *PropResult) {
	for k := range res.Clauses {
		sh := ClauseShard{}
		if t.clauses != nil {
			sh = t.clauses[k]
		}
		res.Clauses[k].Shard = &sh
	}
}

func (c *ClauseResult) unsupportedBySkips(sh ClauseShard) {
	if c.Unsupported == "" && c.Reached == 0 && sh.Undeclared > 0 {
		c.Unsupported = fmt.Sprintf("every moment was skipped (%d), %d because %s", c.Skipped, sh.Undeclared, sh.UndeclaredWhy)
	}
}
