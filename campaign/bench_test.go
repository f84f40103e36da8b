package campaign_test

import (
	"context"
	"os"
	"runtime/debug"
	"sync"
	"testing"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/internal/benchcpu"
	"github.com/mtgfuzz/mtgfuzz/props"
)

// trivial reaches on every case and never fails: the property cost is nil, so the
// benchmarks measure generation, the walk and the engine.
var trivial = &props.Property{ID: "bench.trivial", Check: func(harness.Engine, *gen.Trace) props.Verdict {
	return props.Verdict{Reached: 1}
}}

func reference(b *testing.B) harness.Engine {
	eng, err := engine.New(engine.Options{})
	if err != nil {
		b.Fatal(err)
	}
	return eng
}

// BenchmarkCaseReference20x10 is one whole generated case on the reference engine through
// the tape source with a trivial property: a board of 20 permanents or more, then 10
// decisions (at least 10 trace steps). The target is 5,000 cases per second per core,
// 200µs per op. It runs with the test binary's garbage collector settings (GOGC, 100 by
// default); BenchmarkCaseReference20x10FuzzGC runs it as the fuzz command does.
func BenchmarkCaseReference20x10(b *testing.B) { benchCase20x10(b) }

// BenchmarkCaseReference20x10FuzzGC is BenchmarkCaseReference20x10 with the collector's
// target the fuzz command sets (campaign.GCPercent), unless GOGC is set: the figure a
// campaign run from the command sees.
func BenchmarkCaseReference20x10FuzzGC(b *testing.B) {
	if os.Getenv("GOGC") == "" {
		defer debug.SetGCPercent(debug.SetGCPercent(campaign.GCPercent))
	}
	benchCase20x10(b)
}

// seeds20x10 are the first 64 seeds whose case is a clean 20x10 one, found once per process:
// the testing package calls a benchmark once with b.N = 1 before its real run, and a search
// in each call would be most of the instructions of a short run and of its profiles
// (cachegrind's (I(N+1) - I(1)) / N is then the cost of N cases alone).
var seeds20x10 = sync.OnceValue(func() []uint64 {
	eng, err := engine.New(engine.Options{})
	if err != nil {
		return nil
	}
	g, _ := gen.New(nil, steer20x10)
	var seeds []uint64
	for seed := uint64(0); len(seeds) < 64 && seed < 200000; seed++ {
		tr := g.Run(gen.NewTapeSource(seed), eng, 10)
		n := 0
		for _, ps := range tr.Setup.Players {
			n += len(ps.Battlefield)
		}
		if tr.Err == nil && n >= 20 && len(tr.Steps) >= 10 {
			seeds = append(seeds, seed)
		}
	}
	return seeds
})

var steer20x10 = gen.Steer{MaxPermanents: 20, Actions: gen.PreferMana()}

func benchCase20x10(b *testing.B) {
	eng := reference(b)
	g, _ := gen.New(nil, steer20x10)
	seeds := seeds20x10()
	if len(seeds) == 0 {
		b.Skip("no 20x10 case runs cleanly on the engine yet")
	}
	src := gen.NewTapeSource(0)
	steps := 0
	b.ReportAllocs()
	b.ResetTimer()
	cpu := benchcpu.Start()
	for i := 0; i < b.N; i++ {
		src.Reset(seeds[i%len(seeds)])
		tr := g.Run(src, eng, 10)
		steps += len(tr.Steps)
		trivial.Check(eng, tr)
	}
	cpu.Report(b)
	b.ReportMetric(float64(steps)/float64(b.N), "steps/case")
}

// BenchmarkCampaignReference runs a whole campaign of b.N cases (one property, one
// worker) on the reference engine: the figure behind "cases per second per core".
func BenchmarkCampaignReference(b *testing.B) {
	cfg := campaign.Config{Engine: func() (harness.Engine, error) { return engine.New(engine.Options{}) },
		Props: []*props.Property{trivial}, Seed: 1, Checks: b.N, Workers: 1}
	b.ReportAllocs()
	cpu := benchcpu.Start()
	rep, err := campaign.Run(context.Background(), cfg)
	cpu.Report(b)
	if err != nil {
		b.Fatal(err)
	}
	r := rep.Props[0]
	if r.Cases != b.N {
		b.Fatalf("ran %d cases of %d", r.Cases, b.N)
	}
	if r.Errors > 0 && b.N > 100 { // engine errors don't stop a campaign; say so, once
		b.Logf("the engine broke on %d of %d cases (first: case %d: %s)", r.Errors, r.Cases, r.Failure.Case, r.Failure.Error)
	}
}
