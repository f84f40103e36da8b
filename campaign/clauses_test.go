package campaign_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/internal/gentest"
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

// noUpkeepStart is the reference engine declaring, as a partial engine may, that it can't
// start a game in the upkeep, and refusing to.
type noUpkeepStart struct{ *engine.Reference }

func (noUpkeepStart) Supports() harness.Support {
	return harness.Support{Steps: slices.DeleteFunc(slices.Clone(harness.Steps), func(s harness.Step) bool { return s == harness.Upkeep })}
}

func (e noUpkeepStart) Start(setup harness.Setup) (harness.State, error) {
	if setup.Step == harness.Upkeep {
		return nil, fmt.Errorf("unsupported: can't start in upkeep")
	}
	return e.Reference.Start(setup)
}

// TestSkippedMomentsAreCountedAndUnsupported: rules.turn compares the first moment after a
// cleanup step, in the next upkeep, with a fresh game started there. On an engine that
// can't start in the upkeep every such moment is skipped and counted, the property doesn't
// fail, and its effects-end clause is unsupported, not vacuous; the other clauses are
// judged as usual.
func TestSkippedMomentsAreCountedAndUnsupported(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the reference engine")
	}
	cfg := campaign.Config{Engine: func() (harness.Engine, error) {
		ref, err := engine.New(engine.Options{})
		return noUpkeepStart{ref}, err
	}, Props: []*props.Property{props.ByID("rules.turn")}, Seed: 3, Checks: 300, Workers: 1, ShrinkBudget: -1}
	res := result(run(t, cfg), "rules.turn")
	require.Equal(t, campaign.Passed, res.Outcome, "no moment outside the declaration is a failure")
	byName := map[string]campaign.ClauseResult{}
	for _, c := range res.Clauses {
		byName[c.Name] = c
	}
	end := byName["effects-end"]
	assert.Positive(t, end.Skipped)
	assert.Zero(t, end.Reached)
	assert.Contains(t, end.Unsupported, "because the board would start as a new game in upkeep, which the engine declares it can't start in")
	assert.Positive(t, byName["untap"].Reached, "what needs no fresh board is judged")
	assert.Positive(t, byName["effects-last"].Reached, "and so are the moments whose boards it can start")
	assert.Empty(t, byName["untap"].Unsupported)
}

// TestRulesTurnCase27331Holds: case 27,331 of rules.turn at seed 1 failed on the
// reference engine itself (`run --props rules.turn --seed 1 --checks 27332`): the fresh
// board left out Clever Impersonator copying Bonesplitter, so the bonus of the Equipment
// it is looked like an effect outliving the cleanup step. Shard 27332/27332 of 27,332
// cases runs that case alone.
func TestRulesTurnCase27331Holds(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the reference engine")
	}
	cfg := campaign.Config{Engine: pinnedReference(),
		Props: []*props.Property{props.ByID("rules.turn")}, Seed: 1, Checks: 27332, Workers: 1, ShrinkBudget: -1}
	cfg.Shard.K, cfg.Shard.N = 27332, 27332
	res := result(run(t, cfg), "rules.turn")
	require.Equal(t, 1, res.Cases)
	assert.Nil(t, res.Failure)
	assert.Positive(t, res.Reached)
}
