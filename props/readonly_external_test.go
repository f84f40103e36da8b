package props_test

import (
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props"
)

// TestPropertiesLeaveSnapshotsAlone: a property reads the snapshots of a trace, and those
// it asks the engine for, and changes none of them. Snapshots are read only
// (harness.Engine.Observe): the reference engine shares the objects that did not change
// between the snapshots of a game, by pointer, so a change made through one would show in
// the others, and in the snapshots of states stepped from it later.
func TestPropertiesLeaveSnapshotsAlone(t *testing.T) {
	for _, p := range props.All() {
		t.Run(p.ID, func(t *testing.T) {
			t.Parallel()
			eng := &watching{Reference: reference(t).(*engine.Reference)}
			g, err := gen.New(nil, p.Steer)
			require.NoError(t, err)
			reached, asked := 0, 0
			for seed := uint64(1); seed <= 20; seed++ {
				tr := g.Run(gen.NewTapeSource(seed), eng.Reference, maxSteps)
				eng.given, eng.copies = nil, nil
				if changed := checkChanges(eng, tr, func() {
					if p.Check(eng, tr).Reached > 0 {
						reached++
					}
				}); changed != "" {
					t.Fatalf("seed %d: %s", seed, changed)
				}
				asked += len(eng.given)
			}
			t.Logf("%s: reached in %d of 20 cases, %d snapshots asked for", p.ID, reached, asked)
		})
	}
}

// TestSnapshotChangesAreCaught: a property that writes through an object of a snapshot it
// asked for is caught, whether the trace's snapshots share the object or not.
func TestSnapshotChangesAreCaught(t *testing.T) {
	eng := &watching{Reference: reference(t).(*engine.Reference)}
	g, err := gen.New(nil, gen.Steer{})
	require.NoError(t, err)
	// A case whose steps change some objects and leave others (the card pool decides which).
	tr := g.Run(gen.NewTapeSource(2), eng.Reference, maxSteps)
	require.NoError(t, tr.Err)
	require.NotEmpty(t, tr.Steps)
	inTrace := map[*harness.Object]bool{}
	for _, s := range append([]*harness.Snapshot{&tr.Start}, tr.Final()) {
		for _, o := range s.Objects() {
			inTrace[o] = true
		}
	}
	for i := range tr.Steps {
		for _, o := range tr.Steps[i].After.Objects() {
			inTrace[o] = true
		}
	}
	for _, shared := range []bool{true, false} {
		eng.given, eng.copies = nil, nil
		var o *harness.Object
		changed := checkChanges(eng, tr, func() {
			// A step taken again: a state of its own, whose snapshot shares what the step
			// left unchanged with the trace's and renders what it changed anew.
			for i := 0; i < len(tr.Steps) && o == nil; i++ {
				st := &tr.Steps[i]
				state, _, err := eng.Apply(st.BeforeState, st.Action)
				require.NoError(t, err)
				snap, err := eng.Observe(state)
				require.NoError(t, err)
				for _, c := range snap.Objects() {
					if inTrace[c] == shared {
						o = c
					}
				}
			}
			require.NotNil(t, o, "no step taken again renders an object whose sharing with the trace is %v", shared)
			o.Damage++ // through the snapshot's pointer
		})
		assert.NotEmpty(t, changed, "shared with the trace: %v", shared)
		t.Logf("shared with the trace %v: %.80s", shared, changed)
		o.Damage--
	}
}

// checkChanges runs check and says what of tr's snapshots and of those eng handed out
// during check changed ("" for nothing).
func checkChanges(eng *watching, tr *gen.Trace, check func()) string {
	before := traceSnapshots(tr)
	check()
	if after := traceSnapshots(tr); !reflect.DeepEqual(before, after) {
		return "checking the trace changed its snapshots (-before +after):\n" + cmp.Diff(before, after)
	}
	for i := range eng.given {
		if !reflect.DeepEqual(eng.copies[i], eng.given[i]) {
			return "checking the trace changed a snapshot the engine returned (-returned +now):\n" + cmp.Diff(eng.copies[i], eng.given[i])
		}
	}
	return ""
}

// traceSnapshots is a deep copy of every snapshot of tr.
func traceSnapshots(tr *gen.Trace) []harness.Snapshot {
	out := []harness.Snapshot{tr.Start.Clone()}
	for i := range tr.Steps {
		out = append(out, tr.Steps[i].Before.Clone(), tr.Steps[i].After.Clone())
	}
	return out
}

// watching is the reference engine keeping every snapshot it hands out (Observe, and the
// boards of SBAChecks) with a deep copy made as it is handed out, so that a test can tell
// whether one was changed since. Its other queries are the engine's.
type watching struct {
	*engine.Reference
	given, copies []harness.Snapshot
}

func (w *watching) keep(s harness.Snapshot) {
	w.given, w.copies = append(w.given, s), append(w.copies, s.Clone())
}

func (w *watching) Observe(st harness.State) (harness.Snapshot, error) {
	s, err := w.Reference.Observe(st)
	w.keep(s)
	return s, err
}

func (w *watching) SBAChecks(st harness.State, a harness.Action) ([]harness.SBACheck, error) {
	checks, err := w.Reference.SBAChecks(st, a)
	for _, c := range checks {
		w.keep(c.Board)
	}
	return checks, err
}
