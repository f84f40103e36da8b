package campaign_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props"
	"github.com/mtgfuzz/mtgfuzz/report"
)

// TestTapeIsTheCaseRun: a failing case's recorded tape, given as Config.Tape, is that case
// again: run as the one case of a campaign it fails the same way, is shrunk as the
// campaign's own would be, and names its input in Origin; on the correct engine it holds
// (one case rarely reaches every clause: vacuous is a verdict on the campaign, not a failure).
func TestTapeIsTheCaseRun(t *testing.T) {
	const fault = "mana.undefined-type/gives-colorless"
	p := props.ByID("mana.undefined-type")
	faulty := func() (harness.Engine, error) { return engine.New(engine.Options{Faults: []string{fault}}) }
	cfg := campaign.Config{Engine: faulty, Props: []*props.Property{p}, Seed: 1, Checks: 200, Faults: []string{fault}}
	shrunk := run(t, cfg).Props[0].Failure
	cfg.ShrinkBudget = -1
	unshrunk := run(t, cfg).Props[0].Failure
	require.NotNil(t, unshrunk, "the fault is caught")

	cfg = campaign.Config{Engine: faulty, Props: []*props.Property{p}, Checks: 1, Tape: unshrunk.Tape,
		Input: "crash-1", Faults: []string{fault}}
	rep := run(t, cfg)
	f := rep.Props[0].Failure
	require.NotNil(t, f, "the tape fails again")
	assert.Equal(t, campaign.Failed, rep.Props[0].Outcome)
	assert.Equal(t, "crash-1", f.Origin.Input)
	assert.Zero(t, f.Seed, "no seed made the case")
	assert.Equal(t, unshrunk.Original, f.Original, "the same case before shrinking")
	assert.Less(t, report.Permanents(f), report.Permanents(unshrunk), "shrunk")
	assert.Equal(t, shrunk.Log, f.Log, "shrunk as the campaign shrank the case it found")
	assert.Equal(t, shrunk.Violations, f.Violations)

	cfg.Engine = func() (harness.Engine, error) { return engine.New(engine.Options{}) }
	held := run(t, cfg).Props[0]
	assert.Nil(t, held.Failure, "the correct engine holds on it")
	assert.Contains(t, []campaign.Outcome{campaign.Passed, campaign.Vacuous}, held.Outcome)
}

func TestTapeIsOneCase(t *testing.T) {
	cfg := campaign.Config{Engine: func() (harness.Engine, error) { return engine.New(engine.Options{}) },
		Props: []*props.Property{trivial}, Checks: 2, Tape: []uint64{}}
	_, err := campaign.Run(context.Background(), cfg)
	assert.ErrorContains(t, err, "a tape is one case")
}
