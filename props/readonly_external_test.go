package props_test

import (
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props"
)

// TestPropertiesLeaveSnapshotsAlone: a property reads the snapshots of a trace, and those
// it asks the engine for, and changes none of them. Snapshots are read only
// (harness.Engine.Observe): the reference engine shares what did not change between the
// snapshots of a game, so a change made through one would show in the others.
func TestPropertiesLeaveSnapshotsAlone(t *testing.T) {
	for _, p := range props.All() {
		t.Run(p.ID, func(t *testing.T) {
			t.Parallel()
			eng := reference(t)
			g, err := gen.New(nil, p.Steer)
			require.NoError(t, err)
			reached := 0
			for seed := uint64(1); seed <= 20; seed++ {
				tr := g.Run(gen.NewTapeSource(seed), eng, maxSteps)
				before := traceSnapshots(tr)
				if p.Check(eng, tr).Reached > 0 {
					reached++
				}
				if after := traceSnapshots(tr); !reflect.DeepEqual(before, after) {
					t.Fatalf("seed %d: checking the trace changed its snapshots (-before +after):\n%s", seed, cmp.Diff(before, after))
				}
			}
			t.Logf("%s: reached in %d of 20 cases", p.ID, reached)
		})
	}
}

// traceSnapshots is a deep copy of every snapshot of tr.
func traceSnapshots(tr *gen.Trace) []harness.Snapshot {
	out := []harness.Snapshot{tr.Start.Clone()}
	for i := range tr.Steps {
		out = append(out, tr.Steps[i].Before.Clone(), tr.Steps[i].After.Clone())
	}
	return out
}
