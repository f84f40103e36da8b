package gen_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/internal/gentest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWalksCrossStepsAndTurns(t *testing.T) {
	g := newGen(t, gen.Steer{})
	eng := gentest.New(gentest.Options{})
	kinds := map[harness.ActionKind]int{}
	multiTurn := 0
	for seed := uint64(0); seed < 600; seed++ {
		tr := g.Run(gen.NewTapeSource(seed), eng, 12)
		require.NoError(t, tr.Err, "seed %d", seed)
		for _, st := range tr.Steps {
			kinds[st.Action.Kind]++
			assert.Contains(t, keys(st.Legal), st.Action.Key(), "seed %d: only listed actions are taken", seed)
		}
		if tr.Final().Turn >= tr.Start.Turn+2 {
			multiTurn++
		}
	}
	assert.Positive(t, kinds[harness.Activate], "mana abilities get activated")
	assert.Positive(t, kinds[harness.PlayLand], "lands get played")
	assert.Greater(t, multiTurn, 15, "some walks go through two turns or more")
}

func keys(as []harness.Action) []string {
	out := make([]string, len(as))
	for i, a := range as {
		out[i] = a.Key()
	}
	return out
}

func TestReplayReproducesTheWalk(t *testing.T) {
	g := newGen(t, gen.Steer{})
	eng := gentest.New(gentest.Options{})
	for seed := uint64(0); seed < 100; seed++ {
		tr := g.Run(gen.NewTapeSource(seed), eng, 12)
		again := gen.Replay(eng, tr.Setup, tr.Actions())
		assert.Equal(t, gen.Log(tr), gen.Log(again), "seed %d", seed)
		assert.Equal(t, len(tr.Steps), len(again.Steps))
	}
}

func TestZeroTapeWalkIsEmpty(t *testing.T) {
	tr := newGen(t, gen.Steer{}).Run(gen.ReplayTape(nil), gentest.New(gentest.Options{}), 10)
	require.NoError(t, tr.Err)
	assert.Empty(t, tr.Steps, "the first \"more\" at 0 stops the walk")
}

// forestSteer puts a Forest on the active side often and favours activating it.
var forestSteer = gen.Steer{
	Recipes: []gen.Recipe{{Weight: 5, Mine: gen.Cards("Forest")}},
	Actions: gen.PreferMana(),
}

func firstBroken(t *testing.T, eng harness.Engine) *gen.Trace {
	g := newGen(t, forestSteer)
	for seed := uint64(0); seed < 500; seed++ {
		if tr := g.Run(gen.NewTapeSource(seed), eng, 12); tr.Err != nil {
			return tr
		}
	}
	t.Fatal("no walk activated a Forest")
	return nil
}

func TestRunRecordsEnginePanics(t *testing.T) {
	tr := firstBroken(t, gentest.New(gentest.Options{PanicOn: "Forest"}))
	var ee *gen.EngineError
	require.True(t, errors.As(tr.Err, &ee))
	assert.Equal(t, "apply", ee.Op)
	assert.Equal(t, "toy: Forest exploded", ee.Panic)
	assert.Equal(t, len(tr.Steps), ee.Step, "steps before the failure are kept")
	assert.Contains(t, ee.Stack, "gentest.(*Toy).Apply(...)", "the stack names the engine frame")
	assert.NotContains(t, ee.Stack, "0xc0", "argument addresses are blanked: reports stay deterministic")
	assert.NotContains(t, ee.Stack, "goroutine ", "no goroutine number")
	assert.Contains(t, gen.Log(tr), "!! engine panicked at action")
}

func TestRunRecordsEngineRefusals(t *testing.T) {
	tr := firstBroken(t, gentest.New(gentest.Options{RefuseOn: "Forest"}))
	var ee *gen.EngineError
	require.True(t, errors.As(tr.Err, &ee))
	assert.Nil(t, ee.Panic)
	assert.EqualError(t, ee.Err, "toy: refusing Forest")
	assert.Equal(t, harness.Activate, ee.Action.Kind)
}

func TestReplayStopsAtAnUnlistedAction(t *testing.T) {
	setup := harness.Setup{Turn: 1, Step: harness.Main1}
	setup.Players[0].Battlefield = []harness.PermanentSpec{{CardSpec: harness.CardSpec{Name: "Forest"}}}
	act := harness.Action{Player: harness.A, Kind: harness.Activate, Card: 1}
	tr := gen.Replay(gentest.New(gentest.Options{}), setup, []harness.Action{act, act})
	require.Len(t, tr.Steps, 1, "the first activation is fine")
	assert.ErrorContains(t, tr.Err, "is not legal now", "the Forest is tapped the second time")
}

func TestPreferBiasesTheWalk(t *testing.T) {
	count := func(steer gen.Steer) int {
		g := newGen(t, steer)
		n := 0
		for seed := uint64(0); seed < 2000; seed++ {
			// The first action only: a board's Forests are soon all tapped either way, so
			// later steps would measure how many there are rather than the preference.
			steps := g.Run(gen.NewTapeSource(seed), gentest.New(gentest.Options{}), 1).Steps
			if len(steps) > 0 && steps[0].Action.Kind == harness.Activate && steps[0].Action.Name == "Forest" {
				n++
			}
		}
		return n
	}
	plain := count(gen.Steer{})
	w := gen.DefaultActions()
	w.Preferred = 60
	preferred := count(gen.Steer{Actions: w, Prefer: func(_ *harness.Snapshot, a harness.Action) bool {
		return a.Kind == harness.Activate && a.Name == "Forest"
	}})
	t.Logf("Forest activated first: plain %d, preferred %d", plain, preferred)
	assert.Greater(t, preferred, plain*3/2, "preferring an action kind much more than the rest shows")
}

func TestStopForPreferredEndsARunOfPasses(t *testing.T) {
	// B tapping a land is preferred; count the states where B could have and passed.
	prefer := func(_ *harness.Snapshot, a harness.Action) bool {
		return a.Kind == harness.Activate && a.Player == harness.B
	}
	passedBy := func(stop bool) int {
		w := gen.DefaultActions()
		w.Preferred = 1000
		g := newGen(t, gen.Steer{Actions: w, Prefer: prefer, StopForPreferred: stop})
		n := 0
		for seed := uint64(0); seed < 600; seed++ {
			for _, st := range g.Run(gen.NewTapeSource(seed), gentest.New(gentest.Options{}), 12).Steps {
				if st.Action.Kind != harness.Pass {
					continue
				}
				for _, a := range st.Legal {
					if prefer(st.Before, a) {
						n++
						break
					}
				}
			}
		}
		return n
	}
	through, stopped := passedBy(false), passedBy(true)
	t.Logf("passes over a preferred action: %d running through, %d stopping", through, stopped)
	assert.Greater(t, through, 25, "runs of passes go past states where B had a preferred action")
	// A pass drawn as the decision itself (not as part of a run) still passes over one.
	assert.Less(t, stopped, through/5, "with StopForPreferred the walk decides there, and takes the preferred action")
}

func TestLogReadsLikeAGame(t *testing.T) {
	setup := harness.Setup{Turn: 3, Step: harness.Main1}
	setup.Players[0].Life, setup.Players[1].Life = 20, 20
	setup.Players[0].Battlefield = []harness.PermanentSpec{{CardSpec: harness.CardSpec{Name: "Forest"}}, {CardSpec: harness.CardSpec{Name: "Island"}, Tapped: true}}
	setup.Players[0].Library = []harness.CardSpec{{Name: "Plains"}}
	tr := gen.Replay(gentest.New(gentest.Options{}), setup, []harness.Action{
		{Player: harness.A, Kind: harness.Activate, Card: 2},
		{Player: harness.A, Kind: harness.Pass},
		{Player: harness.B, Kind: harness.Pass},
	})
	require.NoError(t, tr.Err)
	want := strings.Join([]string{
		"Setup: turn 3, A active, main1",
		"  A: life 20",
		"    battlefield: [2] Forest, [3] Island (tapped)",
		"    library (top first): [1] Plains",
		"  B: life 20",
		`1. T3 A main1: A activates Forest [2]: "({T}: Add {G}.)" -> pool {G}`,
		"     - Forest adds {G}",
		"2-3. T3 A main1: pass until begin_combat -> A's pool {} (now T3, A active, begin_combat)",
		"",
	}, "\n")
	assert.Equal(t, want, gen.Log(tr), "the two passes that end the step read as one line")

	notes := map[int][]string{1: {"A passed"}}
	assert.Contains(t, gen.AnnotatedLog(tr, notes), "2. T3 A main1: A passes\n   !! A passed\n3. T3 B main1: B passes",
		"a run of passes ends at a step with a note")
}

// TestTracesOwnTheirSteps: Run records steps in a buffer it reuses for the next walk;
// the trace it returns keeps its own copy, sized to its steps, that later walks, on this
// goroutine or others, leave as it was.
func TestTracesOwnTheirSteps(t *testing.T) {
	g := newGen(t, gen.Steer{})
	eng := gentest.New(gentest.Options{})
	var traces []*gen.Trace
	var logs []string
	var steps [][]gen.TraceStep
	for seed := uint64(0); seed < 40; seed++ {
		tr := g.Run(gen.NewTapeSource(seed), eng, 12)
		assert.Equal(t, len(tr.Steps), cap(tr.Steps), "seed %d: sized to its steps", seed)
		if len(tr.Steps) == 0 {
			assert.Nil(t, tr.Steps, "seed %d: no steps, no slice", seed)
		}
		traces, logs = append(traces, tr), append(logs, gen.Log(tr))
		steps = append(steps, append([]gen.TraceStep(nil), tr.Steps...))
	}
	done := make(chan struct{})
	for w := 0; w < 2; w++ {
		go func() {
			defer func() { done <- struct{}{} }()
			for seed := uint64(100); seed < 140; seed++ {
				g.Run(gen.NewTapeSource(seed), eng, 12)
			}
		}()
	}
	<-done
	<-done
	for i, tr := range traces {
		assert.Equal(t, logs[i], gen.Log(tr), "trace %d changed after later walks", i)
		assert.Equal(t, steps[i], tr.Steps, "trace %d changed after later walks", i)
	}
}

func TestRecipeExtraStepsLengthenTheWalk(t *testing.T) {
	eng := gentest.New(gentest.Options{})
	steps := func(extra int) (total int) {
		g := newGen(t, gen.Steer{Recipes: []gen.Recipe{{Name: "long", ExtraSteps: extra}}, Plain: 0})
		for seed := uint64(0); seed < 600; seed++ {
			total += len(g.Run(gen.NewTapeSource(seed), eng, 6).Steps)
		}
		return total
	}
	short, long := steps(0), steps(12)
	assert.Greater(t, float64(long), 1.5*float64(short), "half the walks are the recipe's, of up to 18 decisions instead of 6")
}
