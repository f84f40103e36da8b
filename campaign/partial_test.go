package campaign_test

import (
	"context"
	"errors"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/internal/partialengine"
	"github.com/mtgfuzz/mtgfuzz/props"
	"github.com/mtgfuzz/mtgfuzz/report"
)

// partialRun runs a campaign of the properties matching pattern on the partial engine.
func partialRun(t *testing.T, pattern string, checks int, opts partialengine.Options, tweak ...func(*campaign.Config)) *campaign.Report {
	t.Helper()
	cfg := campaign.Config{Props: props.Match(pattern), Seed: 1, Checks: checks, Workers: 1, ShrinkBudget: 300,
		Engine: func() (harness.Engine, error) { return partialengine.New(opts) }}
	for _, f := range tweak {
		f(&cfg)
	}
	rep, err := campaign.Run(context.Background(), cfg)
	require.NoError(t, err)
	return rep
}

// TestDeclinedBoardsAreNoVerdict: boards the engine declines (an empty library) are
// counted as rejected, and the property is judged on the others: never ERROR for them.
func TestDeclinedBoardsAreNoVerdict(t *testing.T) {
	rep := partialRun(t, "rules.priority,invariant.purity", 60, partialengine.Options{})
	for _, p := range rep.Props {
		assert.NotEqual(t, campaign.Errored, p.Outcome, "%s: %+v", p.ID, p.Failure)
		assert.Zero(t, p.Errors, p.ID)
		assert.Zero(t, p.Wasted.Errors, p.ID)
		assert.Positive(t, p.Wasted.Rejected, "%s: some boards have an empty library", p.ID)
		assert.Less(t, p.Wasted.Rejected, p.Cases, p.ID)
	}
}

// brokenPartial is the partial engine broken: it fails applying the actions bad picks.
func brokenPartial(bad func(harness.Action) bool) func(*campaign.Config) {
	return func(c *campaign.Config) {
		c.Engine = func() (harness.Engine, error) {
			e, err := partialengine.New(partialengine.Options{})
			return breaksOn{e, bad}, err
		}
	}
}

type breaksOn struct {
	*partialengine.Engine
	bad func(harness.Action) bool
}

func (e breaksOn) Apply(st harness.State, a harness.Action) (harness.State, []harness.Event, error) {
	if e.bad(a) {
		return st, nil, errors.New("internal error: " + a.String() + " not implemented")
	}
	return e.Engine.Apply(st, a)
}

// TestShrinkSkipsDeclinedBoards: shrinking a case that broke the engine never settles on a
// board the engine declines (an empty library): that is no counterexample.
func TestShrinkSkipsDeclinedBoards(t *testing.T) {
	rep := partialRun(t, "invariant.purity", 30, partialengine.Options{},
		brokenPartial(func(a harness.Action) bool { return a.Kind == harness.Activate }))
	p := rep.Props[0]
	require.Equal(t, campaign.Errored, p.Outcome)
	require.NotNil(t, p.Failure)
	assert.Contains(t, p.Failure.Error, "not implemented")
	assert.NotContains(t, p.Failure.Error, "unsupported")
	for _, ps := range p.Failure.Setup.Players {
		assert.NotEmpty(t, ps.Library, "a board the engine declines is no counterexample")
	}
	require.NotNil(t, p.Failure.BrokeOn)
	assert.Equal(t, harness.Activate, p.Failure.BrokeOn.Kind)
}

// TestClauseNeedsOnAnEngineWithoutPaying: invariant.pool's pools-empty clause needs no
// casting, so on an engine without cast or pay it runs (and catches pools that don't
// empty), while the clauses about payments are unsupported.
func TestClauseNeedsOnAnEngineWithoutPaying(t *testing.T) {
	rep := partialRun(t, "invariant.pool", 200, partialengine.Options{})
	p := rep.Props[0]
	require.Equal(t, campaign.Passed, p.Outcome, p.Unsupported)
	for _, c := range p.Clauses {
		if c.Name == "empties" {
			assert.Positive(t, c.Reached, "the generator reaches it with mana abilities and passes")
			assert.Empty(t, c.Unsupported)
		} else {
			assert.Contains(t, c.Unsupported, "needs the action kind pay", c.Name)
		}
	}
	bad := partialRun(t, "invariant.pool", 200, partialengine.Options{Faults: []string{"invariant.pool/pools-persist"}})
	require.Equal(t, campaign.Failed, bad.Props[0].Outcome)
	assert.Equal(t, "empties", bad.Props[0].Failure.Violations[0].Clause)
}

// TestEngineErrorNumbersActionsAsTheLog: the action an engine broke on is numbered as the
// game log numbers actions, and the violation is placed after the log's last action.
func TestEngineErrorNumbersActionsAsTheLog(t *testing.T) {
	rep := partialRun(t, "rules.priority", 20, partialengine.Options{},
		brokenPartial(func(a harness.Action) bool { return a.Kind == harness.Pass && a.Player == harness.B }))
	f := rep.Props[0].Failure
	require.NotNil(t, f)
	n := len(f.Actions) // the actions taken before the one it broke on
	require.NotNil(t, f.BrokeOn)
	assert.Contains(t, f.Error, "engine failed at action "+strconv.Itoa(n+1)+" (apply B: pass)")
	v := f.Violations[0]
	text := report.ViolationText(v, f.Actions)
	if n == 0 {
		assert.Contains(t, text, "violation at the start")
	} else {
		assert.Contains(t, text, "violation after action "+strconv.Itoa(n))
		assert.Regexp(t, `(?m)^(\d+-)?`+strconv.Itoa(n)+`\. T`, f.Log, "the log's last action is action %d", n)
	}
}

// decliner declares nothing and declines every board.
type decliner struct{ *partialengine.Engine }

func (decliner) Supports() harness.Support { return harness.Support{} }

func (decliner) Start(harness.Setup) (harness.State, error) {
	return nil, errors.Join(harness.ErrUnsupported, errors.New("decliner: no board at all"))
}

// TestEveryBoardDeclined: a property whose every board the engine declines was not tested:
// UNSUPPORTED, not VACUOUS (nor ERROR).
func TestEveryBoardDeclined(t *testing.T) {
	rep := partialRun(t, "rules.priority", 20, partialengine.Options{}, func(c *campaign.Config) {
		c.Engine = func() (harness.Engine, error) {
			e, err := partialengine.New(partialengine.Options{})
			return decliner{e}, err
		}
	})
	p := rep.Props[0]
	assert.Equal(t, campaign.Unsupported, p.Outcome)
	assert.Equal(t, "the engine declined every generated board", p.Unsupported)
	assert.Equal(t, 20, p.Wasted.Rejected)
}

// TestOfferedClauseNeedsItsActionKind: a clause that asks whether something is offered
// (copy.aura-equipment's copy-equips: an equip ability) needs that kind of action: an
// engine that casts but activates nothing leaves it unsupported, never failed.
func TestOfferedClauseNeedsItsActionKind(t *testing.T) {
	rep := partialRun(t, "copy.aura-equipment", 300, partialengine.Options{AcceptEmptyLibrary: true,
		Actions: []harness.ActionKind{harness.Pass, harness.PlayLand, harness.Cast, harness.Pay, harness.Cancel, harness.Choose},
		Steps:   []harness.Step{harness.Main1, harness.Main2, harness.End}})
	p := rep.Props[0]
	assert.NotEqual(t, campaign.Failed, p.Outcome, "%+v", p.Failure)
	for _, c := range p.Clauses {
		if c.Name == "copy-equips" {
			assert.Contains(t, c.Unsupported, "activate")
		}
	}
}
