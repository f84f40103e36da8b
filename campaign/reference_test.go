package campaign_test

import (
	"testing"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props"
	"github.com/stretchr/testify/assert"
)

// TestReferenceEngineReportDoesNotDependOnWorkers runs the reference engine with one and
// with two workers: the reports, shrunk counterexamples included, must be identical.
func TestReferenceEngineReportDoesNotDependOnWorkers(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the reference engine")
	}
	cfg := campaign.Config{Engine: func() (harness.Engine, error) { return engine.New(engine.Options{}) },
		Props: []*props.Property{noForest, trivial}, Seed: 11, Checks: 60, ShrinkBudget: 300}
	cfg.Workers = 1
	one := run(t, cfg)
	cfg.Workers = 2
	two := run(t, cfg)
	assert.Equal(t, normalized(t, one), normalized(t, two))
	assert.Equal(t, campaign.Failed, result(one, noForest.ID).Outcome, "boards with a Forest are common")
	assert.Equal(t, "reference", one.Engine)
}

// TestReferenceTracesReplay: a trace on the reference engine replays from its setup and
// actions alone, to the same game log.
func TestReferenceTracesReplay(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the reference engine")
	}
	eng, err := engine.New(engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := gen.New(nil, gen.Steer{Actions: gen.PreferMana()})
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(0); seed < 200; seed++ {
		tr := g.Run(gen.NewTapeSource(seed), eng, 12)
		again := gen.Replay(eng, tr.Setup, tr.Actions())
		assert.Equal(t, gen.Log(tr), gen.Log(again), "seed %d", seed)
	}
}

// TestFaultReportsDoNotDependOnWorkers: with each deliberate fault switched on, every
// property's report (counterexamples and their messages included) is the same with one
// worker and with two. Faults make the engine misbehave, never nondeterministically. It
// runs as the fault matrix does (StopAtFirstFailure): a property some faults violate on
// every case (invariant.purity, whose message diffs two states) would make running on
// after the first failure cost this test five times as much; a failed property run on is
// TestReportDoesNotDependOnWorkers's and TestMergedShardsAreTheUnshardedReport's.
func TestFaultReportsDoNotDependOnWorkers(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the reference engine under every fault")
	}
	for _, f := range engine.Faults() {
		t.Run(f.Name, func(t *testing.T) {
			cfg := campaign.Config{Engine: func() (harness.Engine, error) { return engine.New(engine.Options{Faults: []string{f.Name}}) },
				Props: props.Match(f.Ruling), Seed: 3, Checks: 40, ShrinkBudget: 200, Faults: []string{f.Name}, StopAtFirstFailure: true}
			cfg.Workers = 1
			one := run(t, cfg)
			cfg.Workers = 2
			two := run(t, cfg)
			assert.Equal(t, normalized(t, one), normalized(t, two))
		})
	}
}
