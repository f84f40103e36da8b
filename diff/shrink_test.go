package diff_test

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/diff"
	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// size is how much a case holds: its permanents and its actions.
func size(d *diff.Divergence) int {
	return len(d.Setup.Players[0].Battlefield) + len(d.Setup.Players[1].Battlefield) + len(d.Actions)
}

// lastSnapshot replays a case on eng and observes where it ends.
func lastSnapshot(t *testing.T, eng harness.Engine, setup harness.Setup, actions []harness.Action) harness.Snapshot {
	t.Helper()
	tr := gen.Replay(eng, setup, actions)
	require.NoError(t, tr.Err, "%s replays the case", eng.Name())
	require.Len(t, tr.Steps, len(actions), "%s takes every action of the case", eng.Name())
	if len(tr.Steps) == 0 {
		return tr.Start
	}
	return *tr.Steps[len(tr.Steps)-1].After
}

// TestAFaultOnTheDrivingSide: the engine with the fault may be the one that drives (A).
// Its pools never empty; the divergence is in the mana pool, A's column shows the mana
// it kept and B's none, and the shrunk case is smaller than the case found and still
// diverges: replayed on its own, the two engines end it with different pools, and
// agree on everything else.
func TestAFaultOnTheDrivingSide(t *testing.T) {
	faulty := reference(t, "invariant.pool/pools-persist")
	cfg := config(faulty, reference(t))
	res, err := diff.Run(context.Background(), cfg)
	require.NoError(t, err)
	require.Len(t, res.Divergences, 1)
	d := res.Divergences[0]
	require.NotEmpty(t, d.Differences)
	x := d.Differences[0]
	assert.Equal(t, "mana pool", x.Part)
	assert.Regexp(t, `^[AB]'s mana pool$`, x.What)
	assert.Regexp(t, `^(\{[WUBRGC]\})+$`, x.A, "A kept mana")
	assert.Equal(t, "none", x.B, "B's pool emptied")
	assert.False(t, d.BrokeB)

	cfg.ShrinkBudget = -1
	unshrunk, err := diff.Run(context.Background(), cfg)
	require.NoError(t, err)
	require.Len(t, unshrunk.Divergences, 1)
	u := unshrunk.Divergences[0]
	assert.Equal(t, d.Case, u.Case, "the same case, shrunk or not")
	assert.Zero(t, u.Shrinks)
	assert.Positive(t, d.Shrinks)
	assert.Less(t, size(d), size(u), "shrinking took cards or actions out")
	assert.Equal(t, u.Differences[0].Part, x.Part, "and kept the part that diverges")

	a := lastSnapshot(t, faulty, d.Setup, d.Actions)
	b := lastSnapshot(t, reference(t), d.Setup, d.Actions)
	assert.NotEqual(t, a.Players, b.Players, "the shrunk case diverges replayed on its own")
	for p := range a.Players {
		a.Players[p].Pool, b.Players[p].Pool = harness.Mana{}, harness.Mana{}
	}
	assert.Empty(t, cmp.Diff(a, b), "in the pools only")
}

// refuses is the reference engine refusing to apply one kind of action it lists.
type refuses struct {
	variant
	kind harness.ActionKind
}

func (r refuses) Apply(st harness.State, a harness.Action) (harness.State, []harness.Event, error) {
	if a.Kind == r.kind {
		return nil, nil, assert.AnError
	}
	return r.variant.Apply(st, a)
}

// TestBRefusingAnActionIsADivergence: when B refuses an action A listed, the divergence
// says so (BrokeB, B's error) instead of listing differences, and the shrunk case ends
// with that action, the only one of its kind.
func TestBRefusingAnActionIsADivergence(t *testing.T) {
	b := refuses{variant{Reference: reference(t)}, harness.Activate}
	res, err := diff.Run(context.Background(), config(reference(t), b))
	require.NoError(t, err)
	require.Len(t, res.Divergences, 1)
	d := res.Divergences[0]
	assert.True(t, d.BrokeB)
	assert.Empty(t, d.Differences)
	assert.Contains(t, d.Error, "variant refused")
	assert.Contains(t, d.Error, "which reference listed")
	assert.Contains(t, d.Error, assert.AnError.Error())
	require.Equal(t, len(d.Actions)-1, d.Step, "it diverged at the last action of the case")
	refused := d.Actions[d.Step]
	assert.Equal(t, harness.Activate, refused.Kind)
	assert.Equal(t, "broke on "+refused.Name+" | activate", d.Signature())
	for _, a := range d.Actions[:d.Step] {
		assert.NotEqual(t, harness.Activate, a.Kind, "an earlier activation would have been refused first")
	}
	assert.Positive(t, d.Shrinks)
}

// divergesOnce is the reference engine showing A's life one lower at the 40th snapshot it
// is asked for, a moment in the middle of some case, and never again; calls counts them.
func divergesOnce(t *testing.T) (eng variant, calls *int) {
	calls = new(int)
	return variant{Reference: reference(t), observe: func(s *harness.Snapshot) {
		if *calls++; *calls == 40 {
			s.Players[0].Life--
		}
	}}, calls
}

// TestADivergenceThatDoesntComeBackIsReportedAsFound: an engine that diverges once, and
// never again when the case is run anew, can't be shrunk: the divergence is reported as
// it was found, with no shrinking steps, rather than lost.
func TestADivergenceThatDoesntComeBackIsReportedAsFound(t *testing.T) {
	once, calls := divergesOnce(t)
	res, err := diff.Run(context.Background(), config(reference(t), once))
	require.NoError(t, err)
	require.Len(t, res.Divergences, 1)
	d := res.Divergences[0]
	assert.Zero(t, d.Shrinks)
	assert.Equal(t, []diff.Difference{{What: "A's life", Part: "life", A: "20", B: "19"}}, d.Differences)
	assert.Greater(t, *calls, 40, "shrinking tried the case again")

	// Without shrinking, the same case is found, the same.
	once, _ = divergesOnce(t)
	cfg := config(reference(t), once)
	cfg.ShrinkBudget = -1
	unshrunk, err := diff.Run(context.Background(), cfg)
	require.NoError(t, err)
	require.Len(t, unshrunk.Divergences, 1)
	u := unshrunk.Divergences[0]
	assert.Equal(t, d.Case, u.Case)
	assert.Equal(t, d.Setup, u.Setup)
	assert.Equal(t, d.Actions, u.Actions)
}
