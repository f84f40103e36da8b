package campaign_test

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/internal/gentest"
	"github.com/mtgfuzz/mtgfuzz/props"
)

// TestRunCaseRunsTheCasesChosen: a campaign told to run some cases (Config.RunCase) runs
// and counts those alone, finds among them the failures the whole campaign finds there,
// and says each one it ran to CaseDone, with the reach the report adds up.
func TestRunCaseRunsTheCasesChosen(t *testing.T) {
	ps := []*props.Property{noForest, basicMana}
	whole := run(t, campaign.Config{Engine: toy(gentest.Options{}), Props: ps, Seed: 3, Checks: 120, Workers: 1, ShrinkBudget: -1})
	fail := result(whole, noForest.ID).Failure
	require.NotNil(t, fail)
	chosen := func(i int) bool { return i%3 == fail.Case%3 }

	var mu sync.Mutex
	ran := map[string][]int{}
	reached := map[string]int{}
	some := run(t, campaign.Config{Engine: toy(gentest.Options{}), Props: ps, Seed: 3, Checks: 120, Workers: 2, ShrinkBudget: -1,
		RunCase: func(prop string, i int) bool { return chosen(i) },
		CaseDone: func(prop string, i, r int, clauses map[string]int) {
			mu.Lock()
			defer mu.Unlock()
			ran[prop] = append(ran[prop], i)
			reached[prop] += r
		}})
	for _, p := range ps {
		res := result(some, p.ID)
		assert.Equal(t, 40, res.Cases, "%s: a third of the cases run and count", p.ID)
		assert.Len(t, ran[p.ID], 40, "%s: CaseDone hears each case run", p.ID)
		for _, i := range ran[p.ID] {
			assert.True(t, chosen(i), "%s: case %d was not chosen", p.ID, i)
		}
		assert.Equal(t, res.Reached, reached[p.ID], "%s: CaseDone's reach adds up to the report's", p.ID)
	}
	got := result(some, noForest.ID)
	require.NotNil(t, got.Failure)
	assert.Equal(t, fail.Case, got.Failure.Case, "the whole campaign's first failure is among the cases chosen: found again")
	assert.Equal(t, campaign.Passed, result(some, basicMana.ID).Outcome)
}
