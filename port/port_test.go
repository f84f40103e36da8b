package port_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/corpus"
	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/port"
	"github.com/mtgfuzz/mtgfuzz/props"
)

// callTimeout bounds each call of the ports that misbehave: the hanging one is waited on
// this long. It is the Start before the hang too, so it leaves room for a loaded machine
// (a 200ms bound failed there now and then).
const callTimeout = 2 * time.Second

func open(t *testing.T, mode string, timeout time.Duration) *port.Client {
	t.Helper()
	c, err := port.Open(port.Options{Command: portCommand(mode), Timeout: timeout, StartTimeout: 30 * time.Second})
	require.NoError(t, err)
	t.Cleanup(func() { c.Close() })
	return c
}

func forestSetup() harness.Setup {
	s := harness.Setup{Turn: 1, Active: harness.A, Step: harness.Main1}
	s.Players[0].Life, s.Players[1].Life = 20, 20
	s.Players[0].Battlefield = []harness.PermanentSpec{{CardSpec: harness.CardSpec{Name: "Forest"}}}
	if err := s.Normalize(); err != nil {
		panic(err)
	}
	return s
}

// TestPortAnswersAsTheEngine: through the protocol, the reference engine gives the same
// snapshots, legal actions, events and mana answers as in process, old states stay valid,
// and an illegal action is an error answer that leaves the port running.
func TestPortAnswersAsTheEngine(t *testing.T) {
	c := open(t, modeServe, 10*time.Second)
	assert.Equal(t, "reference", c.Name())
	remote := c.Engine()
	local, err := engine.New(engine.Options{})
	require.NoError(t, err)

	rs, err := remote.Start(forestSetup())
	require.NoError(t, err)
	ls, err := local.Start(forestSetup())
	require.NoError(t, err)
	for range 3 {
		rl, err := remote.Legal(rs)
		require.NoError(t, err)
		ll, _ := local.Legal(ls)
		require.Equal(t, ll, rl)
		a := rl[len(rl)-1] // tap the Forest first, then pass
		rnext, rev, err := remote.Apply(rs, a)
		require.NoError(t, err)
		lnext, lev, _ := local.Apply(ls, a)
		assert.Equal(t, lev, rev)
		rsnap, _ := remote.Observe(rnext)
		lsnap, _ := local.Observe(lnext)
		assert.Equal(t, lsnap, rsnap)
		// The state before is still valid and unchanged.
		before, err := remote.Observe(rs)
		require.NoError(t, err)
		lbefore, _ := local.Observe(ls)
		assert.Equal(t, lbefore, before)
		rs, ls = rnext, lnext
	}
	mq, ok := harness.ManaQueriesOf(remote)
	require.True(t, ok)
	types, err := mq.CouldProduce(rs, 1)
	require.NoError(t, err)
	assert.Equal(t, "G", types.String())
	// The checks of state-based actions made as both players pass and the step ends.
	snap, err := remote.Observe(rs)
	require.NoError(t, err)
	first := harness.Action{Player: snap.Priority, Kind: harness.Pass}
	rpassed, _, err := remote.Apply(rs, first)
	require.NoError(t, err)
	lpassed, _, _ := local.Apply(ls, first)
	second := harness.Action{Player: snap.Priority.Opponent(), Kind: harness.Pass}
	rq, ok := harness.SBAQueriesOf(remote)
	require.True(t, ok)
	rchecks, err := rq.SBAChecks(rpassed, second)
	require.NoError(t, err)
	lchecks, err := local.SBAChecks(lpassed, second)
	require.NoError(t, err)
	require.NotEmpty(t, lchecks)
	assert.Equal(t, lchecks, rchecks)

	_, _, err = remote.Apply(rs, harness.Action{Player: harness.B, Kind: harness.PlayLand, Card: 1})
	var perr *port.Error
	require.ErrorAs(t, err, &perr)
	assert.Equal(t, port.ErrIllegal, perr.Kind)
	_, err = remote.Legal(rs)
	assert.NoError(t, err, "an illegal action does not break the port")
}

// TestMisbehavingPorts: each way a port can break the protocol is a clear error naming
// the operation and what came back, and the next Start runs a fresh process.
func TestMisbehavingPorts(t *testing.T) {
	cases := []struct {
		mode, want string
	}{
		{modeCrash, "no answer: the port closed its output (exit status 3)"},
		{modeHang, "no answer within " + callTimeout.String()},
		{modeGarbage, `garbage: not a JSON response`},
		{modeOrder, "out of order: an answer to request"},
	}
	for _, tc := range cases {
		t.Run(tc.mode, func(t *testing.T) {
			c := open(t, tc.mode, callTimeout)
			st, err := c.Start(forestSetup())
			require.NoError(t, err)
			_, _, err = c.Apply(st, harness.Action{Player: harness.A, Kind: harness.Pass})
			var f *port.Failure
			require.ErrorAs(t, err, &f)
			assert.Equal(t, port.OpApply, f.Op)
			assert.Contains(t, f.Error(), tc.want)
			assert.Contains(t, f.Error(), `"op":"apply"`, "the request is shown")
			if tc.mode == modeCrash {
				assert.Contains(t, f.Error(), "fatal: the port fell over", "the port's stderr is kept")
			}
			if tc.mode == modeGarbage {
				assert.Contains(t, f.Response, "hello, I am not JSON")
			}
			_, err = c.Legal(st)
			assert.ErrorContains(t, err, "not running since an earlier failure")
			old := st
			st, err = c.Start(forestSetup())
			require.NoError(t, err, "a new start starts the port again")
			_, err = c.Legal(old)
			assert.ErrorContains(t, err, "earlier run of the port process")
			_, err = c.Observe(st)
			assert.NoError(t, err)
		})
	}
}

func TestPortOfAnotherVersion(t *testing.T) {
	_, err := port.Open(port.Options{Command: portCommand(modeVersion), StartTimeout: 30 * time.Second})
	var f *port.Failure
	require.ErrorAs(t, err, &f)
	assert.Contains(t, f.Error(), "protocol version 99; this harness speaks 1")
}

func TestPortThatDoesNotStart(t *testing.T) {
	_, err := port.Open(port.Options{Command: "exit 7", StartTimeout: 5 * time.Second})
	var f *port.Failure
	require.ErrorAs(t, err, &f)
	assert.Contains(t, f.Error(), "exit status 7")
}

// TestCampaignThroughAPortMatchesInProcess: the same seed gives the same verdicts, counts
// and counterexamples through the protocol as in process, with a fault switched on in the
// port through the handshake.
func TestCampaignThroughAPortMatchesInProcess(t *testing.T) {
	ps := props.Match("mana.undefined-type,invariant.purity,cost.tap-symbol")
	const fault = "mana.undefined-type/gives-colorless"
	cfg := campaign.Config{Props: ps, Seed: 3, Checks: 60, Workers: 2, ShrinkBudget: 200}
	cfg.Engine = func() (harness.Engine, error) { return engine.New(engine.Options{Faults: []string{fault}}) }
	local, err := campaign.Run(context.Background(), cfg)
	require.NoError(t, err)
	cfg.Engine = func() (harness.Engine, error) {
		c, err := port.Open(port.Options{Command: portCommand(modeServe), Faults: []string{fault}})
		if err != nil {
			return nil, err
		}
		return c.Engine(), nil
	}
	remote, err := campaign.Run(context.Background(), cfg)
	require.NoError(t, err)
	lj, _ := json.Marshal(local)
	rj, _ := json.Marshal(remote)
	assert.JSONEq(t, string(lj), string(rj), "the same report (timings aside)")
	for _, p := range remote.Props {
		if p.ID == "mana.undefined-type" {
			assert.Equal(t, campaign.Failed, p.Outcome, "the fault is caught through the port")
		}
	}
}

// TestCampaignGoesOnAfterAPortCrash: a port that crashes on every apply errors the
// properties with the failure in the report, and the campaign runs every case.
func TestCampaignGoesOnAfterAPortCrash(t *testing.T) {
	dir := t.TempDir()
	cfg := campaign.Config{Props: props.Match("invariant.purity"), Seed: 1, Checks: 5, ShrinkBudget: 20}
	cfg.Engine = crashingPort
	cfg.Found = func(p *props.Property, f *campaign.Failure) { // saved as found, on a port of its own
		eng, err := crashingPort()
		require.NoError(t, err)
		defer eng.Close()
		require.NoError(t, campaign.SaveCounterexample(dir, p, f, eng, "found by a test"))
	}
	rep, err := campaign.Run(context.Background(), cfg)
	require.NoError(t, err)
	p := rep.Props[0]
	assert.Equal(t, campaign.Errored, p.Outcome)
	assert.Equal(t, 5, p.Cases)
	require.NotNil(t, p.Failure)
	assert.Contains(t, p.Failure.Error, "port broke the protocol on apply")
	assert.Contains(t, p.Failure.Error, "fatal: the port fell over")
	assert.Empty(t, p.Failure.Actions, "shrunk to the first action, the one the port dies on")
	require.NotNil(t, p.Failure.BrokeOn)
	require.FileExists(t, p.Failure.CorpusPath, "a reproducer is saved")
	sc, err := corpus.Load(p.Failure.CorpusPath)
	require.NoError(t, err)
	require.Len(t, sc.Steps, 1, "the reproducer ends with the action the port broke on")
	c, err := port.Open(port.Options{Command: portCommand(modeCrash)})
	require.NoError(t, err)
	defer c.Close()
	res := corpus.Replay(c.Engine(), sc)
	assert.False(t, res.Passed, "replayed on the port, it breaks it again")
	assert.NotNil(t, c.Broken())
}

// TestServeAnswersBadRequests: lines that are not requests, unknown ops and states get
// error answers, and the server goes on.
func TestServeAnswersBadRequests(t *testing.T) {
	in := strings.Join([]string{
		`not json`,
		`{"id":1,"op":"start","setup":{}}`,
		`{"id":2,"op":"handshake","versions":[7]}`,
		`{"id":3,"op":"handshake","versions":[1,2],"extra":"ignored"}`,
		`{"id":4,"op":"legal","state":42}`,
		`{"id":5,"op":"frobnicate"}`,
		`{"id":6,"op":"close"}`,
		`{"id":7,"op":"legal","state":1}`,
	}, "\n") + "\n"
	var out, trace bytes.Buffer
	err := port.Serve(strings.NewReader(in), &out, port.ServeOptions{
		Engine: func([]string) (harness.Engine, error) { return engine.New(engine.Options{}) }, Trace: &trace})
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	require.Len(t, lines, 7, "close ends the session: request 7 is not read")
	want := []string{`"kind":"bad_request","message":"not a JSON request`, `"id":1,"error":{"kind":"bad_request","message":"start before the handshake"`,
		`"id":2,"error":{"kind":"version"`, `"id":3,"version":1,"engine":"reference"`, `"id":4,"error":{"kind":"bad_request","message":"no state 42`,
		`"id":5,"error":{"kind":"bad_request","message":"unknown op \"frobnicate\""`, `{"id":6}`}
	for i, w := range want {
		assert.Contains(t, lines[i], w, "line %d", i)
	}
	assert.Contains(t, trace.String(), "> not json\n< {")
	assert.False(t, errors.Is(err, context.Canceled))
}

// TestCampaignStopsAtAPortCrash: told to, a campaign stops at its first engine error and
// says so.
func TestCampaignStopsAtAPortCrash(t *testing.T) {
	cfg := campaign.Config{Props: props.Match("invariant.purity"), Seed: 1, Checks: 50, ShrinkBudget: -1, StopOnEngineError: true}
	cfg.Engine = crashingPort
	rep, err := campaign.Run(context.Background(), cfg)
	require.NoError(t, err)
	assert.True(t, rep.Partial)
	assert.True(t, rep.StoppedByEngineError)
	assert.Equal(t, 1, rep.Props[0].Cases, "no case after the first that broke the engine")
	assert.Equal(t, campaign.Errored, rep.Props[0].Outcome)
}

// TestCloseReapsAHangingPort: closing a client whose port hangs kills the port and
// everything it started.
func TestCloseReapsAHangingPort(t *testing.T) {
	c := open(t, modeHang, callTimeout)
	st, err := c.Start(forestSetup())
	require.NoError(t, err)
	pid := port.PID(c)
	done := make(chan struct{})
	go func() {
		c.Apply(st, harness.Action{Player: harness.A, Kind: harness.Pass})
		c.Close()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Close did not return")
	}
	assert.Error(t, syscall.Kill(pid, 0), "the port process is gone")
}

// crashingPort starts a port that crashes, as a campaign's engine constructor.
func crashingPort() (harness.Engine, error) {
	c, err := port.Open(port.Options{Command: portCommand(modeCrash)})
	if err != nil {
		return nil, err
	}
	return c.Engine(), nil
}
