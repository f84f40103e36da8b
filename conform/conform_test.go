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
	cfg := conform.Config{Seed: 1, Cases: 150, Steers: props.Steers()}
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
	snap, err := e.Reference.Observe(st)
	s := snap.Clone() // the engine's snapshots are read only
	for _, o := range s.Objects() {
		o.Object = harness.ObjectID(o.Card)
	}
	return s, err
}

func (e dropsPeriods) Observe(st harness.State) (harness.Snapshot, error) {
	snap, err := e.Reference.Observe(st)
	s := snap.Clone() // the engine's snapshots are read only
	for _, o := range s.Objects() {
		for i, a := range o.Abilities {
			o.Abilities[i] = strings.TrimSuffix(a, ".")
		}
	}
	return s, err
}

func faulty(t *testing.T, fault string) *engine.Reference {
	eng, err := engine.New(engine.Options{Faults: []string{fault}})
	require.NoError(t, err)
	return eng
}

// TestBrokenConventions: an engine that breaks one convention is reported for it, with an
// example and the log of the case, and for none of the conventions it keeps (but those
// that break with it: an engine that changes its input answers differently when asked
// again, and a card that keeps its object ID looks like no new token). Purity and
// determinism are judged by the invariant properties' own checks, so the example is the
// property's violation.
func TestBrokenConventions(t *testing.T) {
	for _, tc := range []struct {
		eng        harness.Engine
		convention string
		example    string
		also       string // a convention that breaks with it, or ""
	}{
		{keepsObjectIDs{reference(t)}, "object-ids", "object", "token-ids"},
		{dropsPeriods{reference(t)}, "ability-texts", "Oracle", ""},
		{faulty(t, engine.FaultMutatesInput), "purity", "unchanged: neither Apply nor a question to the engine may change the state it is given", "determinism"},
		{faulty(t, engine.FaultHiddenState), "determinism", "as the first time", ""},
	} {
		res := check(t, tc.eng)
		bad := res[tc.convention]
		assert.Positive(t, bad.Problems, "%s is reported", tc.convention)
		assert.Contains(t, bad.Example, tc.example, tc.convention)
		assert.NotEmpty(t, bad.Log, "%s: the case's log", tc.convention)
		for name, r := range res {
			if name != tc.convention && name != tc.also {
				assert.Zero(t, r.Problems, "breaking %s breaks no other convention, but %s: %s", tc.convention, name, r.Example)
			}
		}
	}
}
