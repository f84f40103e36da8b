package props_test

import (
	"testing"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/props"
)

// FuzzProperties is the Go native fuzzing target over every property and the reference
// engine, for coverage-guided runs (go test -fuzz=FuzzProperties ./props/, or
// ClusterFuzzLite / OSS-Fuzz through compile_native_go_fuzzer). The first byte picks the
// property; the rest drive its steered generator through gen.BytesSource. Plain go test
// runs the seeds: a few cases of every property.
func FuzzProperties(f *testing.F) {
	all := props.All()
	gens := make([]*gen.Generator, len(all))
	for i, p := range all {
		g, err := gen.New(nil, p.Steer)
		if err != nil {
			f.Fatalf("%s: %v", p.ID, err)
		}
		gens[i] = g
	}
	eng := reference(f)
	for i := range all {
		for seed := uint64(0); seed < 3; seed++ {
			src := gen.NewTapeSource(seed)
			gens[i].Run(src, eng, maxSteps)
			f.Add(append([]byte{byte(i)}, gen.TapeBytes(src.Values())...))
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		i := int(data[0]) % len(all)
		p := all[i]
		tr := gens[i].Run(gen.BytesSource(data[1:]), eng, maxSteps)
		if tr.Err != nil {
			t.Fatalf("%s: the engine broke: %v\n%s", p.ID, tr.Err, gen.Log(tr))
		}
		if v := p.Check(eng, tr); len(v.Violations) > 0 {
			t.Fatalf("%s: %s\n%s", p.ID, v.Violations[0].Message, gen.Log(tr))
		}
	})
}
