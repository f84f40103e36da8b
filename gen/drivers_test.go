package gen_test

import (
	"flag"
	"fmt"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"
	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/internal/gentest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// quietTB is a rapid.TB that records failure instead of failing the real test: so a test
// can assert on what rapid found.
type quietTB struct {
	name   string
	failed bool
	logs   []string
}

func (q *quietTB) Helper()                   {}
func (q *quietTB) Name() string              { return q.name }
func (q *quietTB) Logf(f string, a ...any)   { q.logs = append(q.logs, fmt.Sprintf(f, a...)) }
func (q *quietTB) Log(a ...any)              { q.logs = append(q.logs, fmt.Sprint(a...)) }
func (q *quietTB) Skipf(string, ...any)      {}
func (q *quietTB) Skip(...any)               {}
func (q *quietTB) SkipNow()                  {}
func (q *quietTB) Errorf(f string, a ...any) { q.failed = true; q.Logf(f, a...) }
func (q *quietTB) Error(a ...any)            { q.failed = true; q.Log(a...) }
func (q *quietTB) Fatalf(f string, a ...any) { q.failed = true; q.Logf(f, a...) }
func (q *quietTB) Fatal(a ...any)            { q.failed = true; q.Log(a...) }
func (q *quietTB) FailNow()                  { q.failed = true }
func (q *quietTB) Fail()                     { q.failed = true }
func (q *quietTB) Failed() bool              { return q.failed }

// TestRapidShrinksThroughTheAdapter: rapid finds a board with a Forest and its own
// shrinker, working on our labelled draws and groups, brings it down to one Forest.
func TestRapidShrinksThroughTheAdapter(t *testing.T) {
	require.NoError(t, flag.Set("rapid.nofailfile", "true"))
	g := newGen(t, gen.Steer{})
	var last harness.Setup
	tb := &quietTB{name: "forest"}
	rapid.Check(tb, func(rt *rapid.T) {
		s := gen.RapidBoard(g).Draw(rt, "board")
		if hasForest(&s) {
			last = s // rapid replays the minimal case last, to print it
			rt.Fatalf("a Forest")
		}
	})
	require.True(t, tb.failed, "rapid found a Forest")
	// rapid's minimum: one Forest and nothing else. (Its bitstream shrinker does not always
	// bring the weighted step draw down to main 1, so the step is not asserted.)
	assert.Equal(t, []string{"Forest"}, gentest.Permanents(&last))
}

func TestRapidCaseWalksTheEngine(t *testing.T) {
	g := newGen(t, forestSteer)
	eng := gentest.New(gentest.Options{})
	steps := 0
	rapid.Check(t, func(rt *rapid.T) {
		tr := gen.RapidCase(g, eng, 10).Draw(rt, "case")
		if tr.Err != nil {
			rt.Fatalf("engine error: %v", tr.Err)
		}
		steps += len(tr.Steps)
	})
	assert.Positive(t, steps)
}

// TestGopterShrinksTheTape: the same generator under gopter, whose tape shrinker (with
// the shortlex filter) reaches one Forest too.
func TestGopterShrinksTheTape(t *testing.T) {
	g := newGen(t, gen.Steer{})
	params := gopter.DefaultTestParametersWithSeed(42)
	params.MinSuccessfulTests = 200
	p := prop.ForAll(func(r gen.Recorded[harness.Setup]) bool { return !hasForest(&r.Value) },
		gen.Gopter(g.Board))
	res := p.Check(params)
	require.Equal(t, gopter.TestFailed, res.Status, "gopter found a Forest")
	small := res.Args[0].Arg.(gen.Recorded[harness.Setup])
	orig := res.Args[0].OrigArg.(gen.Recorded[harness.Setup])
	assert.Equal(t, []string{"Forest"}, gentest.Permanents(&small.Value), "from %v", gentest.Permanents(&orig.Value))
	assert.Positive(t, res.Args[0].Shrinks)
	assert.Equal(t, small.Value, g.Board(gen.ReplayTape(small.Tape)), "the recorded tape rebuilds the value")
}

// FuzzRun is the Go native fuzzing driver: any bytes make a case (BytesSource zero-fills),
// the toy engine must never break, and every trace must replay. Run with
// go test -fuzz=FuzzRun ./gen/ to fuzz; plain go test runs the seeds.
func FuzzRun(f *testing.F) {
	g := newGen(f, forestSteer)
	eng := gentest.New(gentest.Options{})
	for seed := uint64(0); seed < 8; seed++ {
		src := gen.NewTapeSource(seed)
		g.Run(src, eng, 10)
		f.Add(gen.TapeBytes(src.Values()))
	}
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		tr := g.Run(gen.BytesSource(data), eng, 10)
		if tr.Err != nil {
			t.Fatalf("engine error: %v\n%s", tr.Err, gen.Log(tr))
		}
		if again := gen.Replay(eng, tr.Setup, tr.Actions()); gen.Log(again) != gen.Log(tr) {
			t.Fatalf("replay differs:\n%s\nvs\n%s", gen.Log(tr), gen.Log(again))
		}
	})
}
