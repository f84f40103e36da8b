package report

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/campaign"
)

// TestShardLines: a shard's text report says that vacuity is the merge's to judge and
// what it alone left unreached; a merged report of timed shards says how many cases each
// ran; an unsharded report says neither.
func TestShardLines(t *testing.T) {
	props := []campaign.PropResult{
		{ID: "a", Outcome: campaign.Passed, Cases: 5, Reached: 3, Clauses: []campaign.ClauseResult{{Name: "x", Reached: 3}, {Name: "y"}}},
		{ID: "b", Outcome: campaign.Passed, Cases: 5, Reached: 2},
		{ID: "c", Outcome: campaign.Passed, Cases: 5},
	}
	text := func(r *campaign.Report) string {
		var b bytes.Buffer
		require.NoError(t, CampaignText(&b, r, Options{}))
		return b.String()
	}
	shard := &campaign.Report{Engine: "reference", Seed: 1, Shard: "2/3", Sharded: &campaign.ShardRun{Checks: 15}, Props: props}
	assert.Contains(t, text(shard), "\nshard 2/3: vacuity is judged on the whole campaign, by fuzz merge; this shard alone left a clause, or the situation, of 2 properties unreached\n")

	merged := &campaign.Report{Engine: "reference", Seed: 1, Props: props[1:2],
		Shards: []campaign.ShardCases{{Shard: "1/2", Cases: 120}, {Shard: "2/2", Cases: 97}}}
	assert.Contains(t, text(merged), "\ncases run by each shard (time budget): 1/2 120, 2/2 97\n")

	whole := &campaign.Report{Engine: "reference", Seed: 1, Props: props[1:2]}
	assert.NotContains(t, text(whole), "shard")
}
