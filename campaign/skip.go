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

// addSkips folds one case's skipped moments into its property's clauses, in case order:
// a clause's reason is the first case's.
func addSkips(res *PropResult, skips []props.Skipped) {
	for i, s := range skips {
		c := &res.Clauses[i]
		if s.Moments == 0 {
			continue
		}
		if c.Skipped == 0 {
			c.SkipWhy = s.Why
		}
		c.Skipped += s.Moments
		if s.Undeclared && c.undeclared == 0 {
			c.undeclaredWhy = s.Why
		}
		if s.Undeclared {
			c.undeclared += s.Moments
		}
	}
}

// unsupportedBySkips makes a clause that was never reached, and whose moments were skipped
// because judging them needs what the engine declares it can't do, unsupported rather than
// vacuous (the others it skipped, if any, the harness couldn't set up: no verdict either).
func unsupportedBySkips(res *PropResult) {
	for i := range res.Clauses {
		c := &res.Clauses[i]
		if c.Unsupported == "" && c.Reached == 0 && c.undeclared > 0 {
			c.Unsupported = fmt.Sprintf("every moment was skipped (%d), %d because %s", c.Skipped, c.undeclared, c.undeclaredWhy)
		}
	}
}
