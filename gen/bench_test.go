package gen_test

import (
	"testing"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/internal/gentest"
)

// BigSeeds returns n seeds whose case under g on eng has at least perms permanents and
// steps trace steps: the benchmark's "20-permanent board, 10 actions".
func bigSeeds(b *testing.B, g *gen.Generator, eng harness.Engine, perms, steps, n int) []uint64 {
	var out []uint64
	for seed := uint64(0); len(out) < n && seed < 1e6; seed++ {
		tr := g.Run(gen.NewTapeSource(seed), eng, 10)
		if tr.Err == nil && len(gentest.Permanents(&tr.Setup)) >= perms && len(tr.Steps) >= steps {
			out = append(out, seed)
		}
	}
	if len(out) < n {
		b.Fatalf("found only %d seeds", len(out))
	}
	return out
}

// BenchmarkCase20x10 is one whole generated case through the tape source, on the toy
// engine, with a trivial property: a board of 20 permanents or more, then 10 actions or
// more. It measures the harness's own cost (generation, walk, trace, snapshots' copying).
func BenchmarkCase20x10(b *testing.B) {
	g, _ := gen.New(nil, gen.Steer{MaxPermanents: 20, Actions: gen.PreferMana()})
	eng := gentest.New(gentest.Options{})
	seeds := bigSeeds(b, g, eng, 20, 10, 64)
	src := gen.NewTapeSource(0)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		src.Reset(seeds[i%len(seeds)])
		tr := g.Run(src, eng, 10)
		if tr.Err != nil || len(tr.Steps) == 0 {
			b.Fatal("bad case")
		}
	}
}

// BenchmarkCaseTypical is an average case of the default generator on the toy engine.
func BenchmarkCaseTypical(b *testing.B) {
	g, _ := gen.New(nil, gen.Steer{})
	eng := gentest.New(gentest.Options{})
	src := gen.NewTapeSource(0)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		src.Reset(uint64(i))
		g.Run(src, eng, 12)
	}
}

// BenchmarkBoard is the board generator alone.
func BenchmarkBoard(b *testing.B) {
	g, _ := gen.New(nil, gen.Steer{})
	src := gen.NewTapeSource(0)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		src.Reset(uint64(i))
		g.Board(src)
	}
}

// BenchmarkBoard20 is the board generator alone with the campaign benchmark's steer (up to
// 20 permanents a side, mana preferred), on boards of 20 permanents or more: the boards of
// the 20x10 cases.
func BenchmarkBoard20(b *testing.B) {
	g, _ := gen.New(nil, gen.Steer{MaxPermanents: 20, Actions: gen.PreferMana()})
	var seeds []uint64
	for seed := uint64(0); len(seeds) < 64; seed++ {
		s := g.Board(gen.NewTapeSource(seed))
		if len(gentest.Permanents(&s)) >= 20 {
			seeds = append(seeds, seed)
		}
	}
	src := gen.NewTapeSource(0)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		src.Reset(seeds[i%len(seeds)])
		g.Board(src)
	}
}
