package engine

import (
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// projectionCost is what one projection of s allocates, averaged over runs: bytes and
// allocations. Allocation is deterministic where time is not, so it shows the shape of
// the projection's cost on a shared machine.
func projectionCost(s *state, runs int) (bytes, allocs float64) {
	project(s) // warm up
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range runs {
		project(s)
	}
	runtime.ReadMemStats(&after)
	return float64(after.TotalAlloc-before.TotalAlloc) / float64(runs), float64(after.Mallocs-before.Mallocs) / float64(runs)
}

// TestProjectionCostIsLinearInCopyEffects: projecting 200 permanents in copy chains costs
// the same per copy effect at depth 50 as at depth 5, for Clones and for Crystalline
// Resonances, whose copies gather one more ability at each depth (CR 707.9a): each copy
// effect's values were fixed as it began (707.2b, 707.3), so a chain is resolved once, not
// again by every projection or every copy along it.
func TestProjectionCostIsLinearInCopyEffects(t *testing.T) {
	for _, copier := range []string{"Clone", "Crystalline Resonance"} {
		var perEffect [][2]float64
		for _, depth := range []int{5, 20, 50} {
			setup, effects := copyChains(copier, depth)
			s := start(t, setup)
			v := s.projected()
			last := s.Battlefield[depth]
			require.True(t, v.IsCopy(last), "%s at depth %d copies", copier, depth)
			require.Equal(t, "Grizzly Bears", v.Of(last).Name, "a copy of a copy of ... Grizzly Bears is one (707.3)")
			if copier == "Crystalline Resonance" {
				require.Len(t, v.Of(last).Abilities, depth, "one Resonance ability per copy along the chain (707.9a)")
			}
			bytes, allocs := projectionCost(s, 20)
			perEffect = append(perEffect, [2]float64{bytes / float64(effects), allocs / float64(effects)})
		}
		for i, depth := range []int{20, 50} {
			assert.LessOrEqual(t, perEffect[i+1][0], 1.2*perEffect[0][0], "%s: bytes per copy effect at depth %d vs 5", copier, depth)
			assert.LessOrEqual(t, perEffect[i+1][1], 1.2*perEffect[0][1], "%s: allocations per copy effect at depth %d vs 5", copier, depth)
		}
	}
}
