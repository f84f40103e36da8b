package port_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/port"
)

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
