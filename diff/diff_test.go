package diff_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/diff"
	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/port"
	"github.com/mtgfuzz/mtgfuzz/props"
)

// reference is the reference engine with faults switched on.
func reference(tb testing.TB, faults ...string) *engine.Reference {
	tb.Helper()
	eng, err := engine.New(engine.Options{Faults: faults})
	require.NoError(tb, err)
	return eng
}

// config compares a and b on 300 cases aimed at every property's situation.
func config(a, b harness.Engine) diff.Config {
	return diff.Config{A: a, B: b, Seed: 1, Cases: 300, Steers: props.Steers()}
}

// variant is the reference engine differing in one known way: it declines the boards
// decline says (with the protocol's "unsupported" answer), and shows snapshots and legal
// actions changed by observe and legal.
type variant struct {
	*engine.Reference
	decline func(harness.Setup) bool
	observe func(*harness.Snapshot)
	legal   func([]harness.Action) []harness.Action
}

func (v variant) Name() string { return "variant" }

func (v variant) Start(setup harness.Setup) (harness.State, error) {
	if v.decline != nil && v.decline(setup) {
		return nil, &port.Error{Kind: port.ErrUnsupported, Message: "this engine can't set up an empty library"}
	}
	return v.Reference.Start(setup)
}

func (v variant) Observe(st harness.State) (harness.Snapshot, error) {
	snap, err := v.Reference.Observe(st)
	if err == nil && v.observe != nil {
		v.observe(&snap)
	}
	return snap, err
}

func (v variant) Legal(st harness.State) ([]harness.Action, error) {
	legal, err := v.Reference.Legal(st)
	if err == nil && v.legal != nil {
		legal = v.legal(legal)
	}
	return legal, err
}

// emptyLibrary is a board with a player whose library is empty.
func emptyLibrary(s harness.Setup) bool {
	return len(s.Players[0].Library) == 0 || len(s.Players[1].Library) == 0
}

func TestTheReferenceAgreesWithItself(t *testing.T) {
	res, err := diff.Run(context.Background(), config(reference(t), reference(t)))
	require.NoError(t, err)
	assert.Empty(t, res.Divergences)
	assert.Equal(t, 300, res.Cases)
	assert.Zero(t, res.Declined)
}

// TestADivergenceIsFoundAndShrunk: against the reference engine with a fault on, the
// first divergence is in what the fault changes, shrunk to a small case.
func TestADivergenceIsFoundAndShrunk(t *testing.T) {
	res, err := diff.Run(context.Background(), config(reference(t), reference(t, "mana.undefined-type/gives-colorless")))
	require.NoError(t, err)
	require.Len(t, res.Divergences, 1)
	d := res.Divergences[0]
	assert.Positive(t, d.Shrinks)
	require.NotEmpty(t, d.Differences)
	assert.Contains(t, []string{"could produce", "mana outcomes", "legal actions"}, d.Differences[0].Part)
	perms := len(d.Setup.Players[0].Battlefield) + len(d.Setup.Players[1].Battlefield)
	assert.LessOrEqual(t, perms, 2, "shrunk to the permanent whose mana is undefined (and perhaps one more)")
	assert.NotEmpty(t, d.Log)
}

// TestADeclinedBoardIsSkipped: a board the engine declines to start is counted and
// skipped, not reported as the divergence; the shrinker never accepts one either.
func TestADeclinedBoardIsSkipped(t *testing.T) {
	res, err := diff.Run(context.Background(), config(reference(t), variant{Reference: reference(t), decline: emptyLibrary}))
	require.NoError(t, err)
	assert.Empty(t, res.Divergences, "an engine that agrees on every board it starts")
	assert.Positive(t, res.Declined)
	assert.Equal(t, 300, res.Cases)

	// The same when the driving engine is the one that declines.
	res, err = diff.Run(context.Background(), config(variant{Reference: reference(t), decline: emptyLibrary}, reference(t)))
	require.NoError(t, err)
	assert.Empty(t, res.Divergences)
	assert.Positive(t, res.Declined)
	assert.Zero(t, res.Skipped, "a declined board is not a broken engine")

	// The same engine with a pool that never empties: the divergence is the pool, on a
	// board it starts.
	b := variant{Reference: reference(t, "invariant.pool/pools-persist"), decline: emptyLibrary}
	res, err = diff.Run(context.Background(), config(reference(t), b))
	require.NoError(t, err)
	require.Len(t, res.Divergences, 1)
	d := res.Divergences[0]
	assert.False(t, d.BrokeB, d.Error)
	assert.Equal(t, "mana pool", d.Differences[0].Part)
	assert.False(t, emptyLibrary(d.Setup), "the shrunk board is one the engine starts")
}

// TestSeveralDistinctDivergences: with Counterexamples, the run goes on after the first
// divergence and reports each distinct one, each shrunk; the repeats are counted. The
// engine here has two bugs: pools that never empty, and B's life shown one lower from
// turn 2 on.
func TestSeveralDistinctDivergences(t *testing.T) {
	b := variant{Reference: reference(t, "invariant.pool/pools-persist"), observe: func(s *harness.Snapshot) {
		if s.Turn >= 2 {
			s.Players[1].Life--
		}
	}}
	cfg := config(reference(t), b)
	cfg.Counterexamples = 5
	res, err := diff.Run(context.Background(), cfg)
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(res.Divergences), 2)
	parts, signatures := map[string]bool{}, map[string]bool{}
	for _, d := range res.Divergences {
		parts[d.Differences[0].Part] = true
		assert.False(t, signatures[d.Signature()], "two divergences alike: %s", d.Signature())
		signatures[d.Signature()] = true
		assert.Positive(t, d.Shrinks)
	}
	assert.Equal(t, map[string]bool{"mana pool": true, "life": true}, parts)
	assert.Positive(t, res.Repeats)

	cfg.Counterexamples = 1
	res, err = diff.Run(context.Background(), cfg)
	require.NoError(t, err)
	assert.Len(t, res.Divergences, 1, "one by default: the run stops there")
}

// TestRowsSpeakTheGame: a difference reads as the game does, naming players and cards,
// not the snapshot's JSON paths or the actions' keys.
func TestRowsSpeakTheGame(t *testing.T) {
	lifeB := variant{Reference: reference(t), observe: func(s *harness.Snapshot) { s.Players[1].Life-- }}
	res, err := diff.Run(context.Background(), config(reference(t), lifeB))
	require.NoError(t, err)
	require.Len(t, res.Divergences, 1)
	d := res.Divergences[0]
	assert.Equal(t, []diff.Difference{{What: "B's life", Part: "life", A: "20", B: "19"}}, d.Differences)
	assert.Equal(t, "at the start", d.Where())

	noPass := variant{Reference: reference(t), legal: func(legal []harness.Action) []harness.Action {
		var out []harness.Action
		for _, a := range legal {
			if a.Kind != harness.Pass {
				out = append(out, a)
			}
		}
		return out
	}}
	res, err = diff.Run(context.Background(), config(reference(t), noPass))
	require.NoError(t, err)
	require.Len(t, res.Divergences, 1)
	d = res.Divergences[0]
	require.NotEmpty(t, d.Differences)
	x := d.Differences[0]
	assert.Equal(t, diff.Difference{What: "legal action: A passes", Part: "legal actions", A: "listed", B: "not listed"}, x)

	tapped := variant{Reference: reference(t), observe: func(s *harness.Snapshot) {
		for _, p := range s.Battlefield {
			if p.Name == "Forest" {
				c := *p
				c.Tapped = !c.Tapped
				*p = c
			}
		}
	}}
	res, err = diff.Run(context.Background(), config(reference(t), tapped))
	require.NoError(t, err)
	require.Len(t, res.Divergences, 1)
	d = res.Divergences[0]
	require.Len(t, d.Differences, 1, "only the tapped status differs: %v", d.Differences)
	x = d.Differences[0]
	assert.Regexp(t, `^Forest \[\d+\]: tapped$`, x.What)
	assert.Equal(t, "tapped", x.Part)
	assert.Equal(t, []string{"Forest"}, x.Cards)
	assert.ElementsMatch(t, []string{"yes", "no"}, []string{x.A, x.B})
	for _, x := range d.Differences {
		assert.NotContains(t, x.What, "[0]")
		assert.NotContains(t, x.What, "battlefield")
	}
	assert.NotContains(t, strings.ToLower(d.Where()), "card 1 ")
}

// TestTheShrunkSetupKeepsOnlyWhatMatters: the shrinker takes out of the setup what the
// divergence doesn't need, extra state included: a life total the generator lowered is
// back at 20 (seed 3 left A at 1 before the setup stage).
func TestTheShrunkSetupKeepsOnlyWhatMatters(t *testing.T) {
	cfg := config(reference(t), reference(t, "cost.tap-symbol/tapped-payable"))
	cfg.Seed = 3
	res, err := diff.Run(context.Background(), cfg)
	require.NoError(t, err)
	require.Len(t, res.Divergences, 1)
	d := res.Divergences[0]
	for p, ps := range d.Setup.Players {
		assert.Equal(t, harness.DefaultLife, ps.Life, "player %s", harness.Player(p))
		assert.Empty(t, ps.Hand)
		assert.Empty(t, ps.Graveyard)
		for _, pm := range ps.Battlefield {
			assert.Empty(t, pm.Counters, pm.Name)
			assert.Zero(t, pm.Damage, pm.Name)
		}
	}
	assert.Equal(t, 1, len(d.Setup.Players[0].Battlefield)+len(d.Setup.Players[1].Battlefield), "the land that pays while tapped")
}

// BenchmarkAgreeingEngines is the cost of comparing two engines that agree: 100 cases of
// the reference engine against itself.
func BenchmarkAgreeingEngines(b *testing.B) {
	cfg := diff.Config{A: reference(b), B: reference(b), Seed: 1, Cases: 100, Steers: props.Steers()}
	for b.Loop() {
		if _, err := diff.Run(context.Background(), cfg); err != nil {
			b.Fatal(err)
		}
	}
}
