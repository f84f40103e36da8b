package campaign_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/internal/gentest"
	"github.com/mtgfuzz/mtgfuzz/props"
)

// TestReportTiming: a campaign's report says how long it ran, how fast, and which build
// ran it; Untimed clears exactly the clock's part.
func TestReportTiming(t *testing.T) {
	rep := run(t, campaign.Config{Engine: toy(gentest.Options{}), Props: []*props.Property{trivial}, Seed: 1, Checks: 300, Workers: 1})
	assert.Equal(t, 300, rep.Cases())
	assert.Equal(t, "devel", rep.Version, "a test binary carries no version control stamp")
	if rep.ElapsedMS > 0 {
		perSec := float64(rep.Cases()) / (float64(rep.ElapsedMS) / 1000)
		assert.InDelta(t, perSec, rep.CasesPerSecond, perSec*0.5+1, "cases per second agrees with cases and time")
	}
	assert.Positive(t, rep.CasesPerSecond)

	b, err := json.Marshal(rep)
	require.NoError(t, err)
	var fields map[string]any
	require.NoError(t, json.Unmarshal(b, &fields))
	for _, k := range []string{"elapsed_ms", "cases_per_second", "version"} {
		assert.Contains(t, fields, k)
	}

	rep.Untimed()
	assert.Zero(t, rep.ElapsedMS)
	assert.Zero(t, rep.CasesPerSecond)
	assert.Equal(t, "devel", rep.Version, "the version is not the clock's")
}

func TestCasesPerSecond(t *testing.T) {
	assert.Equal(t, 2500.0, campaign.CasesPerSecond(5000, 2*time.Second))
	assert.Equal(t, 333.3, campaign.CasesPerSecond(1000, 3*time.Second))
	assert.Zero(t, campaign.CasesPerSecond(10, 0))
}
