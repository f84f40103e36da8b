package fuzztarget

import (
	"sync"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/gen"
)

// Seeds are seed inputs from a short campaign: for each of the target's properties, cases
// 0..cases-1 of the campaign with that seed, generated on the correct reference engine,
// and of those the first case and the first to reach each clause of the property not
// reached before. So a fuzzing engine starts from every situation the campaign reaches,
// one input each. The result is a function of seed and cases alone.
func (t *Target) Seeds(seed uint64, cases int) ([][]byte, error) {
	eng, err := engine.New(engine.Options{})
	if err != nil {
		return nil, err
	}
	var out [][]byte
	for i, p := range t.Props() {
		g, err := gen.New(nil, p.Steer)
		if err != nil {
			return nil, err
		}
		reached := map[string]bool{}
		for c := range cases {
			src := gen.NewTapeSource(campaign.CaseSeed(seed, p.ID, c))
			tr := g.Run(src, eng, campaign.DefaultMaxSteps)
			v := p.Check(eng, tr)
			fresh := c == 0
			for name, n := range v.Clauses { // the order doesn't matter: every new clause is marked
				if n > 0 && !reached[name] {
					reached[name], fresh = true, true
				}
			}
			if fresh {
				out = append(out, t.Input(i, src.Values()))
			}
		}
	}
	return out, nil
}

// SeedCases and SeedCampaign are the short campaign whose cases seed the targets under go
// test (a few per clause is enough to run every situation once; fuzz export-seeds writes
// more).
const (
	SeedCampaign = 1
	SeedCases    = 24
)

// adder is what seeded needs of a *testing.F, or of go-118-fuzz-build's F under libFuzzer
// (whose Add does nothing).
type adder interface{ Add(args ...any) }

// fataler is what fail needs of a *testing.T, or of go-118-fuzz-build's T.
type fataler interface {
	Helper()
	Fatal(args ...any)
}

// seeds caches each target's go test seeds: under libFuzzer the fuzz function runs again
// for every input, and the seeds must not be made again each time.
var seeds sync.Map // *Target -> func() ([][]byte, error)

// seeded is the target named name, with its seeds added to f.
func seeded(f adder, name string) *Target {
	t, ok := Lookup(name)
	if !ok {
		panic("fuzztarget: no target " + name)
	}
	make, _ := seeds.LoadOrStore(t, sync.OnceValues(func() ([][]byte, error) { return t.Seeds(SeedCampaign, SeedCases) }))
	ins, err := make.(func() ([][]byte, error))()
	if err != nil {
		panic("fuzztarget: seeds of " + name + ": " + err.Error())
	}
	for _, in := range ins {
		f.Add(in)
	}
	return t
}

// fail fails ft with the counterexample data makes, if it makes one.
func (t *Target) fail(ft fataler, data []byte) {
	ft.Helper()
	if msg := t.Check(data); msg != "" {
		ft.Fatal(msg)
	}
}
