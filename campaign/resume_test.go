package campaign_test

import (
	"context"
	"encoding/json"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/internal/gentest"
	"github.com/mtgfuzz/mtgfuzz/props"
)

// TestResumeCountsAsOneRun: a campaign stopped after some cases (by an interrupt, as a
// --time budget stops it) and resumed from its JSON report up to 700 cases per property
// reports what one run of 700 cases does: counts, statistics, counterexamples.
func TestResumeCountsAsOneRun(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		cfg := func() campaign.Config {
			return campaign.Config{Engine: toy(gentest.Options{PanicOn: "Island"}), Props: []*props.Property{noForest, basicMana},
				Seed: seed, Checks: 700, Workers: 2}
		}
		whole := run(t, cfg())

		first := cfg()
		stop := make(chan struct{})
		var once sync.Once
		first.Checks, first.Budget, first.Stop = 0, 1<<62, stop
		first.Progress = func(p campaign.Progress) {
			if p.Cases >= 256 { // the first progress report
				once.Do(func() { close(stop) })
			}
		}
		part := run(t, first)
		require.True(t, part.Partial)
		require.Less(t, result(part, basicMana.ID).Cases, 700, "the second piece runs cases too")
		var prev campaign.Report
		data, err := json.Marshal(part)
		require.NoError(t, err)
		require.NoError(t, json.Unmarshal(data, &prev), "resumed from the JSON report")

		rest := cfg()
		rest.Resume = &prev
		resumed := run(t, rest)
		a, _ := json.MarshalIndent(whole.Untimed(), "", " ")
		b, _ := json.MarshalIndent(resumed.Untimed(), "", " ")
		assert.Equal(t, string(a), string(b), "seed %d", seed)
	}
}

// TestResumeChecksTheReport: a report of other cases can't be continued.
func TestResumeChecksTheReport(t *testing.T) {
	prev := run(t, campaign.Config{Engine: toy(gentest.Options{}), Props: []*props.Property{basicMana}, Seed: 1, Checks: 20})
	for want, edit := range map[string]func(*campaign.Config){
		"the report's seed is 1, not 2":                      func(c *campaign.Config) { c.Seed = 2 },
		`the report's faults are "", not "x"`:                func(c *campaign.Config) { c.Faults = []string{"x"} },
		`the report's shard is "", not "1/2"`:                func(c *campaign.Config) { c.Shard.K, c.Shard.N = 1, 2 },
		"the report's walks are of at most 12 steps, not 30": func(c *campaign.Config) { c.MaxSteps = 30 },
		"covers the properties test.basic-mana, not test.":   func(c *campaign.Config) { c.Props = []*props.Property{noForest} },
	} {
		cfg := campaign.Config{Engine: toy(gentest.Options{}), Props: []*props.Property{basicMana}, Seed: 1, Checks: 40, Resume: prev}
		edit(&cfg)
		_, err := campaign.Run(context.Background(), cfg)
		assert.ErrorContains(t, err, want)
	}
}
