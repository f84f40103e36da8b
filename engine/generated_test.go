package engine

import (
	"testing"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/props"
)

// eachGeneratedTrace plays seeds 1 to seeds of generated games of up to steps decisions
// on the reference engine, steered plainly, towards mana, and as each property steers
// them (so that copies, links, counters, effects, replacement effects and triggers come
// up), and calls f with each trace.
func eachGeneratedTrace(t *testing.T, seeds uint64, steps int, f func(seed uint64, tr *gen.Trace)) {
	t.Helper()
	eng, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range generators(t) {
		for seed := uint64(1); seed <= seeds; seed++ {
			f(seed, g.Run(gen.NewTapeSource(seed), eng, steps))
		}
	}
}

// generators are the game generators eachGeneratedTrace plays: steered plainly, towards
// mana, and as each property steers them.
func generators(t *testing.T) []*gen.Generator {
	t.Helper()
	steers := []gen.Steer{{}, {MaxPermanents: 20, Actions: gen.PreferMana()}}
	for _, p := range props.All() {
		steers = append(steers, p.Steer)
	}
	var out []*gen.Generator
	for _, steer := range steers {
		g, err := gen.New(nil, steer)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, g)
	}
	return out
}
