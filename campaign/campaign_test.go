package campaign_test

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/cards"
	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/internal/gentest"
	"github.com/mtgfuzz/mtgfuzz/props"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func toy(opts gentest.Options) func() (harness.Engine, error) {
	return func() (harness.Engine, error) { return gentest.New(opts), nil }
}

// toyPool is a fixed pool for the tests that look at one shrunk counterexample, so that
// they don't change as the cards table grows.
func toyPool(t *testing.T) *gen.Pool {
	var printed []cards.Card
	for _, n := range []string{"Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes", "Mutavault",
		"Llanowar Elves", "Grizzly Bears", "Hill Giant", "Fellwar Stone", "Umbral Mantle", "Wild Growth", "Dark Ritual", "Giant Growth"} {
		c, ok := cards.ByName(n)
		require.True(t, ok, n)
		printed = append(printed, c)
	}
	p, err := gen.NewPool(gen.PoolOf(printed))
	require.NoError(t, err)
	return p
}

// noForest fails whenever the board has a Forest; it reaches its situation on any board
// with a permanent.
var noForest = &props.Property{
	ID: "test.no-forest", Rulings: []string{"test.no-forest"}, Rules: []string{"0.0"},
	Description: "No Forest is ever on the battlefield (false on purpose).",
	Check: func(_ harness.Engine, tr *gen.Trace) props.Verdict {
		var v props.Verdict
		for _, name := range gentest.Permanents(&tr.Setup) {
			v.Reached = 1
			if name == "Forest" {
				v.Violations = append(v.Violations, props.Violation{Step: -1, Ruling: "test.no-forest", Rule: "0.0",
					Message: "expected: no Forest; got: a Forest"})
			}
		}
		return v
	},
}

// basicMana holds on the toy engine: a basic land adds one mana of its own type. With the
// toy's WrongMana fault it fails.
var basicMana = &props.Property{
	ID: "test.basic-mana", Rulings: []string{"test.basic-mana"}, Rules: []string{"305.6"},
	Description: "A basic land's mana ability adds one mana of its type.",
	Steer:       gen.Steer{Actions: gen.PreferMana()},
	Check: func(_ harness.Engine, tr *gen.Trace) props.Verdict {
		want := map[string]harness.ManaType{"Plains": harness.White, "Island": harness.Blue, "Swamp": harness.Black,
			"Mountain": harness.Red, "Forest": harness.Green, "Wastes": harness.Colorless}
		var v props.Verdict
		for i, st := range tr.Steps {
			if st.Action.Kind != harness.Activate {
				continue
			}
			v.Reached++
			p := st.Action.Player
			got := st.After.Players[p].Pool.Sub(st.Before.Players[p].Pool)
			if exp := harness.Of(want[st.Action.Name], 1); got != exp {
				v.Violations = append(v.Violations, props.Violation{Step: i, Ruling: "test.basic-mana", Rule: "305.6",
					Message: "expected: " + exp.String() + "; got: " + got.String()})
			}
		}
		return v
	},
}

// never is vacuous: its situation (a 13th permanent on one side) can't happen with the
// default cap of 12.
var never = &props.Property{
	ID: "test.never", Description: "Unreachable.",
	Check: func(_ harness.Engine, tr *gen.Trace) props.Verdict {
		var v props.Verdict
		for _, ps := range tr.Setup.Players {
			if len(ps.Battlefield) > 12 {
				v.Reached++
			}
		}
		return v
	},
}

func run(t *testing.T, cfg campaign.Config) *campaign.Report {
	t.Helper()
	rep, err := campaign.Run(context.Background(), cfg)
	require.NoError(t, err)
	return rep
}

func result(rep *campaign.Report, id string) campaign.PropResult {
	for _, p := range rep.Props {
		if p.ID == id {
			return p
		}
	}
	return campaign.PropResult{}
}

func TestVerdicts(t *testing.T) {
	rep := run(t, campaign.Config{Engine: toy(gentest.Options{}), Props: []*props.Property{noForest, basicMana, never},
		Seed: 1, Checks: 300, Workers: 2})
	assert.Equal(t, "toy", rep.Engine)

	fail := result(rep, noForest.ID)
	assert.Equal(t, campaign.Failed, fail.Outcome)
	require.NotNil(t, fail.Failure)
	assert.Equal(t, 300, fail.Cases, "a failed property runs every case, so that shards add up")
	assert.Equal(t, 300, fail.Upto)

	stopped := run(t, campaign.Config{Engine: toy(gentest.Options{}), Props: []*props.Property{noForest},
		Seed: 1, Checks: 300, Workers: 2, StopAtFirstFailure: true})
	first := result(stopped, noForest.ID)
	require.NotNil(t, first.Failure)
	assert.Equal(t, fail.Failure.Case, first.Failure.Case, "the same first counterexample")
	assert.Equal(t, first.Failure.Case+1, first.Cases, "with StopAtFirstFailure a property stops at its first failing case")
	assert.Equal(t, first.Cases, first.Upto)

	pass := result(rep, basicMana.ID)
	assert.Equal(t, campaign.Passed, pass.Outcome)
	assert.Equal(t, 300, pass.Cases)
	assert.Equal(t, 300, pass.Upto)
	assert.Positive(t, pass.Reached, "mana abilities were activated")
	assert.Nil(t, pass.Failure)

	vac := result(rep, never.ID)
	assert.Equal(t, campaign.Vacuous, vac.Outcome, "held, but never reached: not a pass")
	assert.Equal(t, 300, vac.Cases)
	assert.Zero(t, vac.Reached)
}

func TestShrinksToOneForestAndNoAction(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		rep := run(t, campaign.Config{Engine: toy(gentest.Options{}), Props: []*props.Property{noForest}, Seed: seed, Checks: 100})
		f := result(rep, noForest.ID).Failure
		require.NotNil(t, f, "seed %d", seed)
		assert.Equal(t, []string{"Forest"}, gentest.Permanents(&f.Setup), "seed %d: exactly one Forest", seed)
		assert.Empty(t, f.Actions, "seed %d: no action", seed)
		assert.Len(t, f.Violations, 1)
		assert.Contains(t, f.Log, "!! expected: no Forest; got: a Forest (ruling test.no-forest, CR 0.0)")
		assert.Equal(t, gen.TapeSchema, f.TapeSchema)
		tapeBoard := gen.Board(gen.ReplayTape(f.Tape), noForest.Steer)
		assert.Equal(t, gentest.Permanents(&f.Setup), gentest.Permanents(&tapeBoard), "the tape rebuilds the board of the tape stage")
		assert.Equal(t, harness.DefaultLife, f.Setup.Players[0].Life, "the setup stage leaves life totals at their default")
		assert.Equal(t, campaign.CaseSeed(seed, noForest.ID, f.Case), f.Seed)
		assert.Equal(t, campaign.Origin{Property: noForest.ID, Seed: seed, Steps: campaign.DefaultMaxSteps, Engine: "toy"}, f.Origin)
		assert.LessOrEqual(t, f.Attempts, campaign.DefaultShrinkBudget)
		assert.Positive(t, f.Shrinks)
	}
}

func itoa(n uint64) string { b, _ := json.Marshal(n); return string(b) }

// TestFaultShrinksToOneActivation: the toy's WrongMana fault makes a Forest add {C}; the
// shrunk counterexample is the witness a person would write: a Forest, one activation.
func TestFaultShrinksToOneActivation(t *testing.T) {
	rep := run(t, campaign.Config{Engine: toy(gentest.Options{WrongMana: "Forest"}), Props: []*props.Property{basicMana}, Pool: toyPool(t),
		Seed: 3, Checks: 500, Faults: []string{"wrong-mana"}, Workers: 2})
	r := result(rep, basicMana.ID)
	require.Equal(t, campaign.Failed, r.Outcome)
	f := r.Failure
	assert.Equal(t, []string{"Forest"}, gentest.Permanents(&f.Setup))
	require.Len(t, f.Actions, 1)
	assert.Equal(t, harness.Activate, f.Actions[0].Kind)
	assert.Equal(t, "expected: {G}; got: {C}", f.Violations[0].Message)
	assert.Contains(t, f.Log, `1. T1 A main1: A activates Forest [1]: "({T}: Add {G}.)" -> pool {C}`)
	assert.Equal(t, []string{"wrong-mana"}, f.Origin.Faults)
	assert.Less(t, f.Attempts, 500, "the walk shrinks quickly")
	assert.True(t, f.Original.Permanents >= 1 && f.Original.Actions >= 1)
}

func TestEngineBreakageIsErroredAndShrunk(t *testing.T) {
	// The toy's own pool: the shrunk case depends on the boards drawn, not on the default pool's growth.
	rep := run(t, campaign.Config{Engine: toy(gentest.Options{PanicOn: "Forest"}), Props: []*props.Property{basicMana},
		Pool: toyPool(t), Seed: 1, Checks: 500})
	r := result(rep, basicMana.ID)
	require.Equal(t, campaign.Errored, r.Outcome, "the engine broke before any violation")
	f := r.Failure
	assert.Contains(t, f.Error, "engine panicked")
	assert.Contains(t, f.Error, "toy: Forest exploded")
	assert.Contains(t, f.Stack, "gentest.(*Toy).Apply")
	assert.Equal(t, []string{"Forest"}, gentest.Permanents(&f.Setup))
	// Passing priority to the Forest's controller may be needed; nothing else is.
	for _, a := range f.Actions {
		assert.Equal(t, harness.Pass, a.Kind, "the panicking activation is not a completed step")
	}
	require.Len(t, f.Violations, 1)
	assert.Equal(t, len(f.Actions)-1, f.Violations[0].Step, "seen after the last completed action (the start if none), as the log shows it")
	assert.Contains(t, f.Violations[0].Message, "engine error: ")
}

func TestPropertyPanicIsAViolation(t *testing.T) {
	boom := &props.Property{ID: "test.boom", Rulings: []string{"test.boom"},
		Check: func(_ harness.Engine, tr *gen.Trace) props.Verdict {
			if len(tr.Steps) > 2 {
				var m map[string]int
				m["x"]++ // a nil-map write: a property bug
			}
			return props.Verdict{Reached: 1}
		}}
	// A pool of its own: the shrunk walk depends on the boards drawn, not on the card pool's growth.
	pool, err := gen.NewPool([]gen.Card{{Name: "Forest", Kind: gen.Land | gen.Basic}, {Name: "Grizzly Bears", Kind: gen.Creature}})
	require.NoError(t, err)
	rep := run(t, campaign.Config{Engine: toy(gentest.Options{}), Props: []*props.Property{boom}, Seed: 1, Checks: 200, Pool: pool})
	r := result(rep, "test.boom")
	require.Equal(t, campaign.Failed, r.Outcome)
	msg := r.Failure.Violations[0].Message
	assert.Contains(t, msg, "property test.boom panicked: assignment to entry in nil map")
	assert.Contains(t, msg, " at campaign/campaign_test.go:")
	assert.Len(t, r.Failure.Actions, 3, "shrunk to the shortest walk that panics")
}

// normalized strips what may differ between runs of the same configuration.
func normalized(t *testing.T, rep *campaign.Report) string {
	b, err := json.MarshalIndent(rep.Untimed(), "", " ")
	require.NoError(t, err)
	return string(b)
}

func TestReportDoesNotDependOnWorkers(t *testing.T) {
	cfg := campaign.Config{Engine: toy(gentest.Options{WrongMana: "Island"}), Props: []*props.Property{noForest, basicMana, never},
		Seed: 99, Checks: 400}
	cfg.Workers = 1
	one := normalized(t, run(t, cfg))
	cfg.Workers = 2
	two := normalized(t, run(t, cfg))
	cfg.Workers = 5
	five := normalized(t, run(t, cfg))
	assert.Equal(t, one, two)
	assert.Equal(t, one, five)
	again := normalized(t, run(t, cfg))
	assert.Equal(t, five, again, "same seed, same report")
	cfg.Seed = 100
	assert.NotEqual(t, one, normalized(t, run(t, cfg)), "another seed makes other cases")
}

func TestShardsPartitionTheCases(t *testing.T) {
	passing := []*props.Property{basicMana, never}
	whole := run(t, campaign.Config{Engine: toy(gentest.Options{}), Props: passing, Seed: 5, Checks: 101})
	var cases, reached [2]int
	for k := 1; k <= 3; k++ {
		cfg := campaign.Config{Engine: toy(gentest.Options{}), Props: passing, Seed: 5, Checks: 101, Workers: 2}
		cfg.Shard.K, cfg.Shard.N = k, 3
		rep := run(t, cfg)
		assert.Equal(t, itoa(uint64(k))+"/3", rep.Shard)
		for p := range passing {
			cases[p] += rep.Props[p].Cases
			reached[p] += rep.Props[p].Reached
		}
	}
	for p := range passing {
		assert.Equal(t, whole.Props[p].Cases, cases[p], "%s: shards cover every case once", passing[p].ID)
		assert.Equal(t, whole.Props[p].Reached, reached[p], "%s: and run the same cases", passing[p].ID)
	}
}

func TestShardsFindTheSameFirstFailure(t *testing.T) {
	whole := result(run(t, campaign.Config{Engine: toy(gentest.Options{}), Props: []*props.Property{noForest}, Seed: 8, Checks: 200}), noForest.ID)
	first := -1
	for k := 1; k <= 4; k++ {
		cfg := campaign.Config{Engine: toy(gentest.Options{}), Props: []*props.Property{noForest}, Seed: 8, Checks: 200}
		cfg.Shard.K, cfg.Shard.N = k, 4
		r := result(run(t, cfg), noForest.ID)
		require.NotNil(t, r.Failure)
		assert.Equal(t, k-1, r.Failure.Case%4, "shard %d/4 runs the cases i%%4 == %d", k, k-1)
		assert.Equal(t, itoa(uint64(k))+"/4", r.Failure.Origin.Shard)
		if first < 0 || r.Failure.Case < first {
			first = r.Failure.Case
		}
	}
	assert.Equal(t, whole.Failure.Case, first, "the lowest failing index over the shards is the whole run's")
}

func TestBudgetRunsUntilTheClock(t *testing.T) {
	var last campaign.Progress
	rep := run(t, campaign.Config{Engine: toy(gentest.Options{}), Props: []*props.Property{basicMana}, Seed: 1,
		Budget: 100 * time.Millisecond, Workers: 2, Progress: func(p campaign.Progress) { last = p }})
	r := result(rep, basicMana.ID)
	assert.Positive(t, r.Cases)
	assert.Equal(t, "done", last.Phase)
	assert.Equal(t, r.Cases, last.Cases)
	assert.Zero(t, last.Total, "no planned total with a budget alone")
}

// TestCancelledContext: a campaign cancelled before it starts still reports, as partial,
// with no case run.
func TestCancelledContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rep, err := campaign.Run(ctx, campaign.Config{Engine: toy(gentest.Options{}), Props: []*props.Property{basicMana}, Checks: 10})
	require.NoError(t, err)
	assert.True(t, rep.Partial)
	assert.Zero(t, result(rep, basicMana.ID).Cases)
}

// TestStopKeepsFailures closes Stop once a property has failed, during an unbounded
// campaign: generation ends, the failure is shrunk as in a whole run, and the report is
// partial with the cases run per property.
func TestStopKeepsFailures(t *testing.T) {
	stop := make(chan struct{})
	var once sync.Once
	cfg := campaign.Config{Engine: toy(gentest.Options{}), Props: []*props.Property{noForest, basicMana}, Seed: 1,
		Budget: time.Hour, Workers: 2, Stop: stop,
		Progress: func(p campaign.Progress) {
			if p.Failed > 0 && p.Cases > 600 {
				once.Do(func() { close(stop) })
			}
		}}
	rep := run(t, cfg)
	assert.True(t, rep.Partial)
	fail := result(rep, noForest.ID)
	require.Equal(t, campaign.Failed, fail.Outcome)
	require.NotNil(t, fail.Failure)
	assert.False(t, fail.Failure.ShrinkStopped)
	whole := run(t, campaign.Config{Engine: toy(gentest.Options{}), Props: []*props.Property{noForest}, Seed: 1, Checks: 300})
	assert.Equal(t, result(whole, noForest.ID).Failure.Setup, fail.Failure.Setup, "shrunk as in a whole run")
	assert.Positive(t, result(rep, basicMana.ID).Cases)
	assert.Equal(t, campaign.Passed, result(rep, basicMana.ID).Outcome)
}

// TestCancelDuringShrink cancels the context as shrinking starts: the failure is still
// reported, unshrunk, and still violates the property.
func TestCancelDuringShrink(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	rep, err := campaign.Run(ctx, campaign.Config{Engine: toy(gentest.Options{}), Props: []*props.Property{noForest}, Seed: 1,
		Checks: 300, Progress: func(p campaign.Progress) {
			if p.Phase == "shrink" {
				cancel()
			}
		}})
	require.NoError(t, err)
	assert.True(t, rep.Partial)
	f := result(rep, noForest.ID).Failure
	require.NotNil(t, f)
	assert.True(t, f.ShrinkStopped)
	assert.Zero(t, f.Shrinks)
	assert.Equal(t, f.Original.Permanents, permanents(f.Setup), "the unshrunk board")
	assert.NotEmpty(t, f.Violations)
}

func permanents(s harness.Setup) int {
	return len(s.Players[0].Battlefield) + len(s.Players[1].Battlefield)
}

func TestBadConfigs(t *testing.T) {
	ok := campaign.Config{Engine: toy(gentest.Options{}), Props: []*props.Property{basicMana}, Checks: 1}
	for _, tc := range []struct {
		edit func(*campaign.Config)
		want string
	}{
		{func(c *campaign.Config) { c.Engine = nil }, "no engine"},
		{func(c *campaign.Config) { c.Props = nil }, "no properties"},
		{func(c *campaign.Config) { c.Checks = 0 }, "number of checks, a time budget"},
		{func(c *campaign.Config) { c.Shard.K, c.Shard.N = 4, 3 }, "shard 4/3"},
		{func(c *campaign.Config) { c.Props = []*props.Property{basicMana, basicMana} }, "given twice"},
		{func(c *campaign.Config) {
			c.Engine = func() (harness.Engine, error) { return nil, assert.AnError }
		}, "starting an engine"},
		{func(c *campaign.Config) {
			c.Props = []*props.Property{{ID: "x", Check: basicMana.Check,
				Steer: gen.Steer{Recipes: []gen.Recipe{{Mine: gen.Cards("Black Lotus")}}}}}
		}, `property x: gen: steer "": recipe "": Mine: "Black Lotus" is not in the pool`},
	} {
		cfg := ok
		tc.edit(&cfg)
		_, err := campaign.Run(context.Background(), cfg)
		assert.ErrorContains(t, err, tc.want)
	}
}

// TestFirstRunsOneCase: First N with Checks N+1 runs case N alone, in a shard or not, and
// finds the same counterexample as the run of every case up to it.
func TestFirstRunsOneCase(t *testing.T) {
	whole := result(run(t, campaign.Config{Engine: toy(gentest.Options{}), Props: []*props.Property{noForest}, Seed: 8, Checks: 200}), noForest.ID)
	require.NotNil(t, whole.Failure)
	n := whole.Failure.Case
	require.Positive(t, n, "a failure after some cases that held")
	for _, shard := range []struct{ K, N int }{{}, {n%3 + 1, 3}} {
		cfg := campaign.Config{Engine: toy(gentest.Options{}), Props: []*props.Property{noForest}, Seed: 8, First: n, Checks: n + 1, Shard: shard}
		one := result(run(t, cfg), noForest.ID)
		assert.Equal(t, 1, one.Cases, "shard %v", shard)
		assert.Equal(t, n+1, one.Upto)
		require.NotNil(t, one.Failure)
		assert.Equal(t, n, one.Failure.Case)
		assert.Equal(t, whole.Failure.Setup, one.Failure.Setup)
	}
	held := result(run(t, campaign.Config{Engine: toy(gentest.Options{}), Props: []*props.Property{noForest}, Seed: 8, First: n - 1, Checks: n}), noForest.ID)
	assert.Equal(t, 1, held.Cases)
	assert.Nil(t, held.Failure, "the case before holds")
	_, err := campaign.Run(context.Background(), campaign.Config{Engine: toy(gentest.Options{}), Props: []*props.Property{noForest}, First: 5, Checks: 5})
	assert.ErrorContains(t, err, "first case 5")
}

// TestViolationsBeatEngineErrors: an engine that breaks on some boards must not hide the
// violations on others. Forests panic and Islands add {C}; among a few seeds, some meet a
// panic before the first violation.
func TestViolationsBeatEngineErrors(t *testing.T) {
	withErrors := 0
	for seed := uint64(1); seed <= 10; seed++ {
		rep := run(t, campaign.Config{Engine: toy(gentest.Options{PanicOn: "Forest", WrongMana: "Island"}),
			Props: []*props.Property{basicMana}, Seed: seed, Checks: 500, Workers: 2})
		r := result(rep, basicMana.ID)
		require.Equal(t, campaign.Failed, r.Outcome, "seed %d", seed)
		assert.Equal(t, "expected: {U}; got: {C}", r.Failure.Violations[0].Message)
		assert.Empty(t, r.Failure.Error, "the reported case is the violation, not a crash")
		if r.Errors > 0 {
			withErrors++
		}
	}
	assert.Positive(t, withErrors, "some seeds broke the engine before the violation, and still failed")
}

func TestPanickingSteerHookIsReported(t *testing.T) {
	bad := &props.Property{ID: "test.bad-hook", Check: basicMana.Check,
		Steer: gen.Steer{Prefer: func(_ *harness.Snapshot, a harness.Action) bool {
			if a.Kind == harness.PlayLand {
				panic("hook bug")
			}
			return false
		}}}
	rep := run(t, campaign.Config{Engine: toy(gentest.Options{}), Props: []*props.Property{bad}, Seed: 1, Checks: 300, Pool: toyPool(t)})
	r := result(rep, bad.ID)
	require.Equal(t, campaign.Errored, r.Outcome)
	assert.Contains(t, r.Failure.Error, "generator (or a Steer hook) panicked")
	assert.Contains(t, r.Failure.Error, "hook bug")
	assert.NotEmpty(t, r.Failure.Setup.Players[0].Hand, "the setup is kept: a land in hand to offer")
	assert.Contains(t, r.Failure.Log, "!! generator (or a Steer hook) panicked at action 1")
}
