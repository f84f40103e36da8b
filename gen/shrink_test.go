package gen_test

import (
	"slices"
	"testing"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/internal/gentest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ints is the anchors' list-of-ints generator (pbt-anchors §3.2), written against Source.
func ints(src gen.Source) []int {
	var out []int
	for i := 0; i < 30; i++ {
		stop := false
		src.Group("elem", func(s gen.Source) {
			if s.Uintn("more", 8) == 0 {
				stop = true
				return
			}
			out = append(out, s.Uintn("value", 20001)-10000)
		})
		if stop {
			break
		}
	}
	return out
}

// shrinkInts finds a failing random tape for fails and shrinks it.
func shrinkInts(t *testing.T, seed uint64, fails func([]int) bool) ([]int, gen.ShrinkResult) {
	t.Helper()
	for s := seed; s < seed+100000; s++ {
		src := gen.NewTapeSource(s)
		if fails(ints(src)) {
			res := gen.Shrink(src.Values(), func(src *gen.TapeSource) bool { return fails(ints(src)) }, 2000)
			return ints(gen.ReplayTape(res.Tape)), res
		}
	}
	t.Fatal("no failing case found")
	return nil, gen.ShrinkResult{}
}

func sum(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}

// TestShrinkReachesCanonicalMinima runs the anchors' shrinking suite (§3.2) over 20 seeds
// each: rapid reached these minima in most runs, gopter often didn't (no reordering, no
// lowering values together).
func TestShrinkReachesCanonicalMinima(t *testing.T) {
	for _, tc := range []struct {
		name  string
		fails func([]int) bool
		want  func(t *testing.T, got []int)
	}{
		{"sum>=1000", func(xs []int) bool { return sum(xs) >= 1000 }, func(t *testing.T, got []int) {
			assert.Equal(t, 1000, sum(got), "the smallest failing sum")
			assert.LessOrEqual(t, len(got), 2)
		}},
		{"len>=3 and an element>=100", func(xs []int) bool {
			return len(xs) >= 3 && slices.ContainsFunc(xs, func(x int) bool { return x >= 100 })
		}, func(t *testing.T, got []int) {
			require.Len(t, got, 3)
			assert.Equal(t, []int{-10000, -10000, 100}, got, "values lowered to the bottom (draw 0), the big one sorted last")
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for seed := uint64(1); seed <= 20; seed++ {
				got, res := shrinkInts(t, seed*1000, tc.fails)
				assert.False(t, res.Flaky)
				assert.LessOrEqual(t, res.Attempts, 2000)
				tc.want(t, got)
			}
		})
	}
}

func TestShrinkRespectsItsBudget(t *testing.T) {
	calls := 0
	var src *gen.TapeSource
	for seed := uint64(0); src == nil || len(ints(gen.ReplayTape(src.Values()))) < 5; seed++ {
		src = gen.NewTapeSource(seed)
		ints(src)
	}
	res := gen.Shrink(src.Values(), func(s *gen.TapeSource) bool { calls++; return len(ints(s)) >= 5 }, 10)
	assert.Equal(t, 10, calls, "exactly the budget of replays")
	assert.Equal(t, 10, res.Attempts)
}

func TestShrinkReportsAFlakyStart(t *testing.T) {
	res := gen.Shrink([]uint64{1, 2, 3}, func(*gen.TapeSource) bool { return false }, 100)
	assert.True(t, res.Flaky)
	assert.Equal(t, []uint64{1, 2, 3}, res.Tape, "nothing shrunk")
	assert.Equal(t, 1, res.Attempts)
}

func hasForest(s *harness.Setup) bool {
	for _, ps := range s.Players {
		for _, pm := range ps.Battlefield {
			if pm.Name == "Forest" {
				return true
			}
		}
	}
	return false
}

// TestShrinkWholeCaseToOneForest shrinks whole cases (board and walk on the toy engine)
// failing "the board has a Forest": the minimum is one untapped Forest and no action.
func TestShrinkWholeCaseToOneForest(t *testing.T) {
	g := newGen(t, gen.Steer{})
	eng := gentest.New(gentest.Options{})
	fails := func(src *gen.TapeSource) bool { return hasForest(&g.Run(src, eng, 12).Setup) }
	found := 0
	for seed := uint64(0); found < 10; seed++ {
		src := gen.NewTapeSource(seed)
		tr := g.Run(src, eng, 12)
		if !hasForest(&tr.Setup) || len(gentest.Permanents(&tr.Setup)) < 4 || len(tr.Steps) < 3 {
			continue
		}
		found++
		res := gen.Shrink(src.Values(), fails, 2000)
		small := g.Run(gen.ReplayTape(res.Tape), eng, 12)
		assert.Equal(t, []string{"Forest"}, gentest.Permanents(&small.Setup), "seed %d", seed)
		assert.Empty(t, small.Steps, "seed %d: no action", seed)
		assert.False(t, small.Setup.Players[0].Battlefield != nil && small.Setup.Players[0].Battlefield[0].Tapped, "untapped")
		assert.Empty(t, small.Setup.Players[0].Hand)
		assert.Empty(t, small.Setup.Players[1].Library)
		assert.Less(t, res.Attempts, 2000, "seed %d: converged within the budget", seed)
	}
}
