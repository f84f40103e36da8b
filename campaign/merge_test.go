package campaign_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/internal/gentest"
	"github.com/mtgfuzz/mtgfuzz/props"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// shardsOf runs cfg as shards 1/n..n/n.
func shardsOf(t *testing.T, cfg campaign.Config, n int) []*campaign.Report {
	t.Helper()
	var out []*campaign.Report
	for k := 1; k <= n; k++ {
		cfg.Shard.K, cfg.Shard.N = k, n
		out = append(out, run(t, cfg))
	}
	return out
}

// TestMergedShardsAreTheUnshardedReport: the merge of shards 1/N..N/N is the report of
// the unsharded campaign, byte for byte but for the timing fields, for N = 1, 2, 3 and 7,
// with a fault switched on so that failures, their shrunk counterexamples (one, and
// several distinct) and the properties that held (some left vacuous by so few cases)
// merge too. No shard calls a property vacuous: that is the whole campaign's verdict, on
// the summed reach.
func TestMergedShardsAreTheUnshardedReport(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the reference engine")
	}
	const fault = "mana.undefined-type/gives-colorless"
	for _, several := range []int{1, 3} {
		cfg := campaign.Config{Engine: func() (harness.Engine, error) { return engine.New(engine.Options{Faults: []string{fault}}) },
			Props: props.Match("mana.undefined-type,mana.outcomes,cycling.*,cost.*,copy.of-a-copy,copy.legend-rule"), Seed: 5, Checks: 12, Workers: 2, ShrinkBudget: 100, Faults: []string{fault},
			Counterexamples: several}
		whole := run(t, cfg)
		outcomes := map[campaign.Outcome]int{}
		for _, p := range whole.Props {
			outcomes[p.Outcome]++
		}
		require.Positive(t, outcomes[campaign.Failed], "the fault fails a property")
		require.Positive(t, outcomes[campaign.Passed])
		require.Positive(t, outcomes[campaign.Vacuous], "so few cases leave a property vacuous")
		want := normalized(t, whole)
		for _, n := range []int{1, 2, 3, 7} {
			t.Run(fmt.Sprintf("counterexamples %d, %d shards", several, n), func(t *testing.T) {
				shards := shardsOf(t, cfg, n)
				for _, s := range shards {
					for _, p := range s.Props {
						assert.NotEqual(t, campaign.Vacuous, p.Outcome, "shard %s, %s: vacuity is left to the merge", s.Shard, p.ID)
					}
				}
				merged, _, err := campaign.Merge(shards)
				require.NoError(t, err)
				assert.Equal(t, want, normalized(t, merged))
				if n == 7 { // a shard of one or two cases reaches little on its own
					assert.Positive(t, unreachedAlone(shards, merged), "a property the merge passes, a shard alone left unreached")
				}
			})
		}
	}
}

// TestMergeRefusesAWrongSet: a shard missing or given twice, a report of another campaign
// or one not sharded is refused, naming the report at fault.
func TestMergeRefusesAWrongSet(t *testing.T) {
	cfg := campaign.Config{Engine: toy(gentest.Options{}), Props: []*props.Property{basicMana, noForest}, Seed: 1, Checks: 20}
	three := shardsOf(t, cfg, 3)
	other := cfg
	other.Seed = 2
	otherSeed := shardsOf(t, other, 3)
	fewer := cfg
	fewer.Checks = 10
	fewerChecks := shardsOf(t, fewer, 3)
	whole := run(t, cfg)
	for _, tc := range []struct {
		name    string
		reps    []*campaign.Report
		at      int
		other   int
		message string
	}{
		{"missing", three[:2], -1, -1, "shard 3/3 missing"},
		{"doubled", []*campaign.Report{three[0], three[1], three[1], three[2]}, 2, 1, "is shard 2/3 a second time"},
		{"seed", []*campaign.Report{three[0], otherSeed[1], three[2]}, 1, -1, "seed 2, not 1"},
		{"checks", []*campaign.Report{three[0], three[1], fewerChecks[2]}, 2, -1, "10 cases per property, not 20"},
		{"of another N", []*campaign.Report{three[0], shardsOf(t, cfg, 2)[1]}, 1, -1, "of 2 shards, not 3"},
		{"unsharded", []*campaign.Report{whole}, 0, -1, "is not a shard's report"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := campaign.Merge(tc.reps)
			var me *campaign.MergeError
			require.ErrorAs(t, err, &me)
			assert.Equal(t, tc.at, me.Report)
			assert.Equal(t, tc.other, me.Other)
			assert.Contains(t, err.Error(), tc.message)
		})
	}
}

// unreachedAlone counts the shards' lines of properties that the merged report passes but
// that, judged alone, left their situation or a clause unreached.
func unreachedAlone(shards []*campaign.Report, merged *campaign.Report) int {
	n := 0
	for p, line := range merged.Props {
		for _, s := range shards {
			if line.Outcome == campaign.Passed && (s.Props[p].Reached == 0 || len(s.Props[p].Unreached()) > 0) {
				n++
			}
		}
	}
	return n
}

// TestMergeUnderATimeBudget: shards that ran under --time ran what their time allowed;
// the merge adds up those cases and says how many each ran.
func TestMergeUnderATimeBudget(t *testing.T) {
	cfg := campaign.Config{Engine: toy(gentest.Options{}), Props: []*props.Property{basicMana, trivial}, Seed: 1,
		Budget: 30 * time.Millisecond}
	shards := shardsOf(t, cfg, 2)
	merged, _, err := campaign.Merge(shards)
	require.NoError(t, err)
	require.Len(t, merged.Shards, 2)
	for i, s := range shards {
		assert.Equal(t, campaign.ShardCases{Shard: s.Shard, Cases: s.Cases()}, merged.Shards[i])
		assert.Positive(t, s.Cases())
	}
	assert.Equal(t, shards[0].Cases()+shards[1].Cases(), merged.Cases())
	for p := range merged.Props {
		assert.Equal(t, shards[0].Props[p].Cases+shards[1].Props[p].Cases, merged.Props[p].Cases)
	}

	fixed := cfg
	fixed.Budget, fixed.Checks = 0, 10
	fixed.Shard.K, fixed.Shard.N = 2, 2
	_, _, err = campaign.Merge([]*campaign.Report{shards[0], run(t, fixed)})
	assert.ErrorContains(t, err, "10 cases per property, not 0", "a timed shard and a counted one are not one campaign")
}
