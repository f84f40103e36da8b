package engine

import (
	"reflect"
	"testing"

	"github.com/mtgfuzz/mtgfuzz/gen"
	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// TestSnapshotReuseIsExact: the snapshot of every state of generated games (steered as
// each property steers them, so that copies, links, counters and effects come up), which
// reuses the rendering of the state it was stepped from, is the snapshot rendered from
// nothing; and the reuse happens (whole zones shared, objects rendered once), or this test
// would check nothing.
func TestSnapshotReuseIsExact(t *testing.T) {
	zones, shared, objects, reused := 0, 0, 0, 0
	eachGeneratedTrace(t, 20, 12, func(seed uint64, tr *gen.Trace) {
		for i := range tr.Steps {
			st := &tr.Steps[i]
			s := st.AfterState.(*State)
			r := s.view.rendered.Load()
			if fresh := snapshot(s, nil); !reflect.DeepEqual(st.After, fresh) {
				t.Fatalf("seed %d step %d (%s): the snapshot reusing the last one differs from one rendered afresh", seed, i, st.Action)
			}
			prev := &st.Before
			for p := range st.After.Players {
				a, b := &st.After.Players[p], &prev.Players[p]
				for _, zone := range [][2][]h.Object{{a.Library, b.Library}, {a.Hand, b.Hand}, {a.Graveyard, b.Graveyard}, {a.Exile, b.Exile}} {
					if len(zone[0]) > 0 && len(zone[1]) > 0 {
						zones++
						if &zone[0][0] == &zone[1][0] {
							shared++
						}
					}
				}
			}
			for _, e := range r.objects {
				if e != nil {
					objects++
					if from := s.view.from; from != nil && int(e.rec.ID) <= len(from.objects) && from.objects[e.rec.ID-1] == e {
						reused++
					}
				}
			}
		}
	})
	t.Logf("%d of %d zones shared, %d of %d object renderings reused", shared, zones, reused, objects)
	if shared == 0 || reused == 0 {
		t.Fatalf("nothing reused: %d of %d zones shared, %d of %d object renderings reused", shared, zones, reused, objects)
	}
}
