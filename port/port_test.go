package port_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/port"
	"github.com/mtgfuzz/mtgfuzz/props"
	"github.com/mtgfuzz/mtgfuzz/scenario"
)

// callTimeout bounds each call of the ports that misbehave: the hanging one is waited on
// this long. It is the Start before the hang too, so it leaves room for a loaded machine
// (a 200ms bound failed there now and then).
const callTimeout = 2 * time.Second

func open(t *testing.T, mode string, timeout time.Duration, versions ...int) *port.Client {
	t.Helper()
	c, err := port.Open(port.Options{Command: portCommand(mode), Timeout: timeout, StartTimeout: 30 * time.Second, Versions: versions})
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

// sessions are the ways a client and a port may speak: the newest version, a client that
// offers only version 1, and a port that speaks only version 1.
var sessions = []struct {
	name, mode string
	versions   []int
	want       int // the version they agree on
}{
	{"v2", modeServe, nil, 2},
	{"client-v1", modeServe, []int{1}, 1},
	{"port-v1", modeV1, nil, 1},
}

// TestPortAnswersAsTheEngine: through the protocol, in every version, the reference
// engine gives the same snapshots, legal actions, events and mana answers as in process,
// old states stay valid, and an illegal action is an error answer that leaves the port
// running.
func TestPortAnswersAsTheEngine(t *testing.T) {
	for _, sess := range sessions {
		t.Run(sess.name, func(t *testing.T) {
			c := open(t, sess.mode, 10*time.Second, sess.versions...)
			assert.Equal(t, sess.want, c.ProtocolVersion())
			answersAsTheEngine(t, c)
		})
	}
}

func answersAsTheEngine(t *testing.T, c *port.Client) {
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
	assert.Contains(t, f.Error(), "protocol version 99; this harness speaks [2 1]")
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
	ps := props.Match("mana.undefined-type,invariant.purity,invariant.determinism,cost.tap-symbol")
	const fault = "mana.undefined-type/gives-colorless"
	cfg := campaign.Config{Props: ps, Seed: 3, Checks: 60, Workers: 2, ShrinkBudget: 200}
	cfg.Engine = func() (harness.Engine, error) { return engine.New(engine.Options{Faults: []string{fault}}) }
	local, err := campaign.Run(context.Background(), cfg)
	require.NoError(t, err)
	lj, _ := json.Marshal(local.Untimed())
	for _, sess := range sessions {
		t.Run(sess.name, func(t *testing.T) {
			cfg.Engine = func() (harness.Engine, error) {
				c, err := port.Open(port.Options{Command: portCommand(sess.mode), Faults: []string{fault}, Versions: sess.versions})
				if err != nil {
					return nil, err
				}
				if c.ProtocolVersion() != sess.want {
					return nil, fmt.Errorf("protocol version %d, want %d", c.ProtocolVersion(), sess.want)
				}
				return c.Engine(), nil
			}
			remote, err := campaign.Run(context.Background(), cfg)
			require.NoError(t, err)
			rj, _ := json.Marshal(remote.Untimed())
			assert.JSONEq(t, string(lj), string(rj), "the same report (timings aside)")
			for _, p := range remote.Props {
				if p.ID == "mana.undefined-type" {
					assert.Equal(t, campaign.Failed, p.Outcome, "the fault is caught through the port")
				}
			}
		})
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
	sc, err := scenario.Load(p.Failure.CorpusPath)
	require.NoError(t, err)
	require.Len(t, sc.Steps, 1, "the reproducer ends with the action the port broke on")
	c, err := port.Open(port.Options{Command: portCommand(modeCrash)})
	require.NoError(t, err)
	defer c.Close()
	res := scenario.Replay(c.Engine(), sc)
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
		`{"id":3,"op":"handshake","versions":[1,2,3],"extra":"ignored"}`,
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
		`"id":2,"error":{"kind":"version"`, `"id":3,"version":2,"engine":"reference"`, `"id":4,"error":{"kind":"bad_request","message":"no state 42`,
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

// TestThenAnswersOnlyTheCallsItForesaw: once the client has seen a pattern (step from a
// state, then observe that state again, as the purity property does), the request of its
// first call asks the port ahead for the second, which then costs no round trip; a call
// other than the one foreseen is asked of the port, and so is every call after it.
func TestThenAnswersOnlyTheCallsItForesaw(t *testing.T) {
	transcript := filepath.Join(t.TempDir(), "transcript")
	c, err := port.Open(port.Options{Command: "PORT_TEST_TRACE=" + transcript + " " + portCommand(modeServe)})
	require.NoError(t, err)
	defer c.Close()
	require.Equal(t, 2, c.ProtocolVersion())
	local, err := engine.New(engine.Options{})
	require.NoError(t, err)
	eng := c.Engine()
	s0, err := eng.Start(forestSetup())
	require.NoError(t, err)
	l0, _ := local.Start(forestSetup())
	want, _ := local.Observe(l0)
	legal, err := eng.Legal(s0)
	require.NoError(t, err)
	tap := legal[len(legal)-1]
	_, err = eng.Observe(s0) // what the start answered is used up
	require.NoError(t, err)
	requests := func() []string { // the ops and thens of the requests the port read

		b, err := os.ReadFile(transcript)
		require.NoError(t, err)
		var out []string
		for _, line := range strings.Split(string(b), "\n") {
			if r, ok := strings.CutPrefix(line, "> "); ok {
				var req port.Request
				require.NoError(t, json.Unmarshal([]byte(r), &req))
				for _, then := range req.Then {
					req.Op += fmt.Sprintf("%s@%d", then.Op, then.State)
				}
				out = append(out, req.Op)
			}
		}
		return out
	}
	stepAndLookBack := func() {
		_, _, err := eng.Apply(s0, tap)
		require.NoError(t, err)
		got, err := eng.Observe(s0)
		require.NoError(t, err)
		assert.Equal(t, want, got)
	}
	stepAndLookBack()
	before := len(requests())
	stepAndLookBack()
	assert.Equal(t, []string{"applyobserve@1"}, requests()[before:], "the second time, the observe is answered with the apply")

	// Foreseen wrong: the apply asks ahead for the observe, but the next call lists the
	// legal actions; both it and the observe after it go to the port.
	_, _, err = eng.Apply(s0, tap)
	require.NoError(t, err)
	got, err := eng.Legal(s0)
	require.NoError(t, err)
	assert.Equal(t, legal, got)
	snap, err := eng.Observe(s0)
	require.NoError(t, err)
	assert.Equal(t, want, snap)
	assert.Equal(t, []string{"applyobserve@1", "legal", "observe"}, requests()[before+1:])

	// The trace's next state: a trace steps from each state to the next (the first apply
	// from each); a pattern of asking about a state, then observing the next, is foreseen.
	st, err := eng.Start(forestSetup())
	require.NoError(t, err)
	trace := []harness.State{st}
	for range 6 {
		l, err := eng.Legal(st)
		require.NoError(t, err)
		_, err = eng.Observe(st)
		require.NoError(t, err)
		st, _, err = eng.Apply(st, l[0])
		require.NoError(t, err)
		trace = append(trace, st)
	}
	before = len(requests())
	lt := localTrace(t, local, 6)
	for i := range 5 {
		_, err = eng.Legal(trace[i])
		require.NoError(t, err)
		got, err := eng.Observe(trace[i+1])
		require.NoError(t, err)
		want, err := local.Observe(lt[i+1])
		require.NoError(t, err)
		assert.Equal(t, want, got)
	}
	reqs := requests()[before:]
	assert.LessOrEqual(t, len(reqs), 6, "10 calls: after the first few, the next state's snapshot comes ahead (%q)", reqs)
}

// localTrace is the trace of TestThenAnswersOnlyTheCallsItForesaw in process: n steps of
// the first legal action from the Forest's setup.
func localTrace(t *testing.T, eng harness.Engine, n int) []harness.State {
	st, err := eng.Start(forestSetup())
	require.NoError(t, err)
	out := []harness.State{st}
	for range n {
		l, err := eng.Legal(st)
		require.NoError(t, err)
		st, _, err = eng.Apply(st, l[0])
		require.NoError(t, err)
		out = append(out, st)
	}
	return out
}

// TestServeAnswersThen: a version 2 request's then is answered in order after it; a then
// naming anything but observe or legal is a bad request, and a version 1 session has no
// then.
func TestServeAnswersThen(t *testing.T) {
	session := func(version string, lines ...string) []string {
		in := `{"id":1,"op":"handshake","versions":[` + version + `]}` + "\n" +
			`{"id":2,"op":"start","setup":{"turn":1,"active":"A","step":"main1","players":[{"life":20,"battlefield":[{"id":1,"name":"Forest"}]},{"life":20}]}}` + "\n" +
			strings.Join(lines, "\n") + "\n"
		var out strings.Builder
		require.NoError(t, port.Serve(strings.NewReader(in), &out, port.ServeOptions{
			Engine: func([]string) (harness.Engine, error) { return engine.New(engine.Options{}) }}))
		return strings.Split(strings.TrimSpace(out.String()), "\n")[2:]
	}
	got := session("2", `{"id":3,"op":"could_produce","state":1,"card":1,"then":[{"op":"legal","state":1},{"op":"observe","state":1}]}`,
		`{"id":4,"op":"legal","state":1,"then":[{"op":"apply","state":1}]}`)
	var first struct {
		Types string
		Then  []map[string]any
	}
	require.NoError(t, json.Unmarshal([]byte(got[0]), &first))
	assert.Equal(t, "G", first.Types)
	require.Len(t, first.Then, 2)
	assert.NotEmpty(t, first.Then[0]["legal"])
	assert.NotEmpty(t, first.Then[1]["snapshot"])
	assert.Contains(t, got[0], `"objects":[{"key":1,"card":1,`, "the observe's object is sent with its key")
	assert.Contains(t, got[0], `"battlefield":[1]`)
	assert.Contains(t, got[1], `"kind":"bad_request","message":"then \"apply\": a request may be followed only by [observe legal]"`)

	got = session("1", `{"id":3,"op":"could_produce","state":1,"card":1,"then":[{"op":"legal","state":1}]}`)
	assert.Equal(t, `{"id":3,"types":"G"}`, got[0], "version 1 has no then")
}

// TestServeSetsTheGCPercent: with GCPercent, the garbage collector's target is that while
// Serve runs, and what it was once Serve returns.
func TestServeSetsTheGCPercent(t *testing.T) {
	current := func() int { p := debug.SetGCPercent(100); debug.SetGCPercent(p); return p }
	before := current()
	var during int
	in := `{"id":1,"op":"handshake","versions":[2]}` + "\n"
	require.NoError(t, port.Serve(strings.NewReader(in), io.Discard, port.ServeOptions{GCPercent: 345,
		Engine: func([]string) (harness.Engine, error) { during = current(); return engine.New(engine.Options{}) }}))
	assert.Equal(t, 345, during)
	assert.Equal(t, before, current())
}
