package campaign_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props"
)

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
