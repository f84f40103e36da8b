package campaign_test

import (
	"testing"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/gen/gentest"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// clauses builds a property with two clauses: "any-permanent" reached on every board with
// a permanent, and "second" reached by reachSecond (which may name an undeclared clause).
func clauses(reachSecond func(v *props.Verdict, tr *gen.Trace)) *props.Property {
	return &props.Property{
		ID: "test.clauses", Rulings: []string{"test.clauses"}, Description: "Two clauses.",
		Clauses: []props.Clause{{Name: "any-permanent"}, {Name: "second"}},
		Check: func(_ harness.Engine, tr *gen.Trace) props.Verdict {
			var v props.Verdict
			if len(gentest.Permanents(&tr.Setup)) > 0 {
				v.Reach("any-permanent")
			}
			reachSecond(&v, tr)
			return v
		},
	}
}

func TestUnreachedClauseMakesThePropertyVacuous(t *testing.T) {
	p := clauses(func(*props.Verdict, *gen.Trace) {})
	rep := run(t, campaign.Config{Engine: toy(gentest.Options{}), Props: []*props.Property{p}, Seed: 1, Checks: 50})
	r := result(rep, p.ID)
	require.Len(t, r.Clauses, 2)
	assert.Equal(t, "any-permanent", r.Clauses[0].Name)
	assert.Positive(t, r.Clauses[0].Reached, "the first clause is reached on boards with a permanent")
	assert.Equal(t, r.Clauses[0].Reached, r.Reached, "each Reach counts toward the property too")
	assert.LessOrEqual(t, r.Clauses[0].Cases, r.Cases)
	assert.Zero(t, r.Clauses[1].Reached)
	assert.Equal(t, campaign.Vacuous, r.Outcome, "a property with an unreached clause has not passed")
	assert.Equal(t, []string{"second"}, r.Unreached())
}

func TestEveryClauseReachedPasses(t *testing.T) {
	p := clauses(func(v *props.Verdict, tr *gen.Trace) {
		if len(tr.Steps) > 0 {
			v.Reach("second")
		}
	})
	rep := run(t, campaign.Config{Engine: toy(gentest.Options{}), Props: []*props.Property{p}, Seed: 1, Checks: 50})
	r := result(rep, p.ID)
	assert.Equal(t, campaign.Passed, r.Outcome)
	assert.Positive(t, r.Clauses[1].Reached)
	assert.Equal(t, r.Clauses[0].Reached+r.Clauses[1].Reached, r.Reached)
}

func TestUndeclaredClauseIsAViolation(t *testing.T) {
	p := clauses(func(v *props.Verdict, _ *gen.Trace) { v.Reach("secnod") })
	rep := run(t, campaign.Config{Engine: toy(gentest.Options{}), Props: []*props.Property{p}, Seed: 1, Checks: 20})
	r := result(rep, p.ID)
	require.Equal(t, campaign.Failed, r.Outcome, "a misspelt clause must not count toward nothing silently")
	require.NotEmpty(t, r.Failure.Violations)
	assert.Contains(t, r.Failure.Violations[0].Message, `"secnod"`)
	assert.Contains(t, r.Failure.Violations[0].Message, "any-permanent, second")
}
