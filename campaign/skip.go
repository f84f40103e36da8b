package campaign

import (
	"fmt"

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
// judging them needs what the engine declares it doesn't support.
type skipTally struct {
	undeclared    []int
	undeclaredWhy []string
}

// add folds one case's skipped moments into res's clauses.
func (t *skipTally) add(res *PropResult, skips []props.Skipped) {
	if t.undeclared == nil && len(skips) > 0 {
		t.undeclared, t.undeclaredWhy = make([]int, len(res.Clauses)), make([]string, len(res.Clauses))
	}
	for i, s := range skips {
		c := &res.Clauses[i]
		if s.Moments == 0 {
			continue
		}
		if c.Skipped == 0 {
			c.SkipWhy = s.Why
		}
		c.Skipped += s.Moments
		if s.Undeclared {
			if t.undeclared[i] == 0 {
				t.undeclaredWhy[i] = s.Why
			}
			t.undeclared[i] += s.Moments
		}
	}
}

// unsupported makes a clause that was never reached, and whose moments were skipped
// because judging them needs what the engine declares it can't do, unsupported rather
// than vacuous (the others it skipped, if any, the harness couldn't set up: no verdict
// either).
func (t *skipTally) unsupported(res *PropResult) {
	for i, n := range t.undeclared {
		if c := &res.Clauses[i]; c.Unsupported == "" && c.Reached == 0 && n > 0 {
			c.Unsupported = fmt.Sprintf("every moment was skipped (%d), %d because %s", c.Skipped, n, t.undeclaredWhy[i])
		}
	}
}
