package conform_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/conform"
	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/examples/goport"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props"
)

func check(t *testing.T, eng harness.Engine) map[string]conform.Result {
	t.Helper()
	cfg := conform.Config{Seed: 1, Cases: 150}
	for _, p := range props.All() {
		cfg.Steers = append(cfg.Steers, p.Steer)
	}
	res, err := conform.Check(eng, cfg)
	require.NoError(t, err)
	out := map[string]conform.Result{}
	for _, r := range res {
		out[r.Name] = r
	}
	return out
}

func reference(t *testing.T) *engine.Reference {
	eng, err := engine.New(engine.Options{})
	require.NoError(t, err)
	return eng
}

// TestConformingEngines: the reference engine and the Go example break no convention,
// and every convention was checked on them.
func TestConformingEngines(t *testing.T) {
	for _, eng := range []harness.Engine{reference(t), goport.New()} {
		for name, r := range check(t, eng) {
			assert.Zero(t, r.Problems, "%s: %s: %s", eng.Name(), name, r.Example)
			if eng.Name() == "reference" && name != "token-ids" { // tokens are rare on generated boards
				assert.Positive(t, r.Checked, "%s was never checked", name)
			}
		}
	}
}

// Engines that each break one convention.
type (
	// keepsObjectIDs reports the card ID as the object ID: never a new object.
	keepsObjectIDs struct{ *engine.Reference }
	// dropsPeriods writes ability texts without their final period.
	dropsPeriods struct{ *engine.Reference }
)

func (e keepsObjectIDs) Observe(st harness.State) (harness.Snapshot, error) {
	s, err := e.Reference.Observe(st)
	each(&s, func(o *harness.Object) { o.Object = harness.ObjectID(o.Card) })
	return s, err
}

func (e dropsPeriods) Observe(st harness.State) (harness.Snapshot, error) {
	s, err := e.Reference.Observe(st)
	each(&s, func(o *harness.Object) {
		for i, a := range o.Abilities {
			o.Abilities[i] = strings.TrimSuffix(a, ".")
		}
	})
	return s, err
}

func each(s *harness.Snapshot, f func(*harness.Object)) {
	for p := range s.Players {
		ps := &s.Players[p]
		for _, zone := range [][]harness.Object{ps.Library, ps.Hand, ps.Graveyard, ps.Exile} {
			for i := range zone {
				f(&zone[i])
			}
		}
	}
	for i := range s.Battlefield {
		f(&s.Battlefield[i])
	}
}

func TestBrokenConventionsAreNamed(t *testing.T) {
	cases := []struct {
		eng        harness.Engine
		convention string
		example    string
	}{
		{keepsObjectIDs{reference(t)}, "object-ids", "keeping object ID"},
		{dropsPeriods{reference(t)}, "ability-texts", "which is no printed Oracle text"},
	}
	for _, tc := range cases {
		res := check(t, tc.eng)
		r := res[tc.convention]
		assert.Positive(t, r.Problems, tc.convention)
		assert.Contains(t, r.Example, tc.example)
		for name, other := range res {
			if name != tc.convention && name != "purity" && name != "determinism" {
				assert.Zero(t, other.Problems, "%s breaks only %s, not %s: %s", tc.convention, tc.convention, name, other.Example)
			}
		}
	}
}
