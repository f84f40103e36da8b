package props_test

import (
	"testing"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props"
)

// benchTraces generates a fixed set of plain cases (up to 12 permanents a side, 12
// decisions) on the reference engine, so the benchmarks below time the properties alone.
func benchTraces(b *testing.B) (harness.Engine, []*gen.Trace) {
	b.Helper()
	eng := reference(b)
	g, err := gen.New(nil, gen.Steer{Name: "bench"})
	if err != nil {
		b.Fatal(err)
	}
	var trs []*gen.Trace
	for seed := uint64(0); len(trs) < 64; seed++ {
		if tr := g.Run(gen.NewTapeSource(seed), eng, maxSteps); tr.Err == nil && len(tr.Steps) > 0 {
			trs = append(trs, tr)
		}
	}
	return eng, trs
}

// BenchmarkWalk is the baseline: generating and playing one case on the reference engine
// (board, Legal, Apply and Observe at every step).
func BenchmarkWalk(b *testing.B) {
	eng := reference(b)
	g, err := gen.New(nil, gen.Steer{Name: "bench"})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		g.Run(gen.NewTapeSource(uint64(i)), eng, maxSteps)
	}
}

// BenchmarkCheck times each property judging one generated case (engine questions
// included: ManaOutcomes, CouldProduce, and the re-applications of the purity and
// determinism checks), to compare with BenchmarkWalk; "all" runs every property.
func BenchmarkCheck(b *testing.B) {
	eng, trs := benchTraces(b)
	all := props.All()
	for _, p := range all {
		b.Run(p.ID, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				p.Check(eng, trs[i%len(trs)])
			}
		})
	}
	b.Run("all", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			tr := trs[i%len(trs)]
			for _, p := range all {
				p.Check(eng, tr)
			}
		}
	})
}
