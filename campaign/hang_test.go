package campaign_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/internal/gentest"
	"github.com/mtgfuzz/mtgfuzz/props"
)

// stuck is the toy engine that never returns from activating a Forest: an in-process
// engine stuck in a loop. Its goroutines are let go when the test ends.
type stuck struct {
	harness.Engine
	release <-chan struct{}
	blocked chan<- struct{} // hears each time a call gets stuck, if nobody waits for it
}

func (s stuck) Apply(st harness.State, a harness.Action) (harness.State, []harness.Event, error) {
	if a.Kind == harness.Activate && a.Name == "Forest" {
		select {
		case s.blocked <- struct{}{}:
		default:
		}
		<-s.release
	}
	return s.Engine.Apply(st, a)
}

func stuckEngines(t *testing.T, started *atomic.Int32, blocked chan<- struct{}) func() (harness.Engine, error) {
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	return func() (harness.Engine, error) {
		started.Add(1)
		return stuck{gentest.New(gentest.Options{}), release, blocked}, nil
	}
}

// TestHungCaseIsAbandoned: a case that runs past the case timeout is abandoned, the
// worker goes on with a new engine, and the property errors with that case as it was:
// its seed, its case and the action the engine was applying; it is not run again.
func TestHungCaseIsAbandoned(t *testing.T) {
	var started atomic.Int32
	rep := run(t, campaign.Config{Engine: stuckEngines(t, &started, nil), Props: []*props.Property{basicMana}, Pool: toyPool(t),
		Seed: 1, Checks: 30, Workers: 2, CaseTimeout: 50 * time.Millisecond})
	r := result(rep, basicMana.ID)
	assert.Equal(t, campaign.Errored, r.Outcome)
	assert.Equal(t, 30, r.Cases, "every case ran")
	assert.Positive(t, r.Errors)
	assert.Equal(t, int32(2+r.Errors), started.Load(), "a new engine for each case abandoned")
	f := r.Failure
	require.NotNil(t, f)
	assert.True(t, f.TimedOut)
	assert.Zero(t, f.Shrinks, "not run again")
	require.NotNil(t, f.BrokeOn)
	assert.Equal(t, harness.Activate, f.BrokeOn.Kind)
	assert.Equal(t, "Forest", f.BrokeOn.Name)
	assert.Contains(t, f.Error, "no answer within the case timeout (50ms)")
	assert.Contains(t, f.Error, "in case "+itoa(uint64(f.Case))+" (case seed "+itoa(f.Seed)+")")
	assert.Equal(t, campaign.CaseSeed(1, basicMana.ID, f.Case), f.Seed)
	assert.Contains(t, gentest.Permanents(&f.Setup), "Forest")
}

// TestSecondInterruptDoesNotWaitForAHungEngine: with a case stuck and no case timeout,
// a first interrupt (Stop) waits for the case, and a second (ctx) returns the partial
// report with the cases that finished.
func TestSecondInterruptDoesNotWaitForAHungEngine(t *testing.T) {
	var started atomic.Int32
	// Buffered: the stuck engine's send doesn't wait, and the goroutine below may not be
	// at its receive yet when the first case gets stuck (a dropped send hung the test).
	blocked := make(chan struct{}, 1)
	stop := make(chan struct{})
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-blocked
		close(stop)
		cancel()
	}()
	rep, err := campaign.Run(ctx, campaign.Config{Engine: stuckEngines(t, &started, blocked), Props: []*props.Property{basicMana},
		Pool: toyPool(t), Seed: 1, Budget: time.Hour, Workers: 2, CaseTimeout: -1, Stop: stop})
	require.NoError(t, err)
	assert.True(t, rep.Partial)
	r := result(rep, basicMana.ID)
	assert.Equal(t, campaign.Passed, r.Outcome, "the stuck case is not counted")
}
