package gen

import (
	"sync"

	"github.com/mtgfuzz/mtgfuzz/harness"
	"pgregory.net/rapid"
)

// Rapid is the rapid driver: each Uintn is a rapid.IntRange(0, n-1) draw and each Group a
// rapid.Custom draw, so rapid records them in its bitstream and its own shrinker (delete
// groups, lower and sort values) works through every generator written against Source.
//
// Note that rapid's integer draws lean toward small and edge values, so hit rates under
// rapid differ from the uniform tape and bytes drivers.
func Rapid(t *rapid.T) Source { return rapidSource{t} }

type rapidSource struct{ t *rapid.T }

func (r rapidSource) Uintn(label string, n int) int {
	if n <= 1 {
		return 0
	}
	return intRange(n).Draw(r.t, label)
}

func (r rapidSource) Group(label string, f func(Source)) {
	rapid.Custom(func(t *rapid.T) struct{} {
		f(rapidSource{t})
		return struct{}{}
	}).Draw(r.t, label)
}

// intRanges caches rapid.IntRange(0, n-1) for small n: generators are immutable values,
// and most draws are small.
var intRanges = sync.OnceValue(func() []*rapid.Generator[int] {
	gs := make([]*rapid.Generator[int], 129)
	for n := 2; n < len(gs); n++ {
		gs[n] = rapid.IntRange(0, n-1)
	}
	return gs
})

func intRange(n int) *rapid.Generator[int] {
	if gs := intRanges(); n < len(gs) {
		return gs[n]
	}
	return rapid.IntRange(0, n-1)
}

// RapidBoard is g's board generator as a rapid generator.
func RapidBoard(g *Generator) *rapid.Generator[harness.Setup] {
	return rapid.Custom(func(t *rapid.T) harness.Setup { return g.Board(Rapid(t)) })
}

// RapidCase is a whole case, board and walk on eng, as a rapid generator: with
// rapid.Check a property over traces gets rapid's search, shrinking and fail files.
// eng must be safe to use from the goroutine running the check (rapid runs one).
func RapidCase(g *Generator, eng harness.Engine, maxSteps int) *rapid.Generator[*Trace] {
	return rapid.Custom(func(t *rapid.T) *Trace { return g.Run(Rapid(t), eng, maxSteps) })
}
