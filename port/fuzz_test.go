package port_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/examples/goport"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/port"
)

var seedLines = []string{
	`{"id":1,"op":"handshake","versions":[1]}`,
	`{"id":2,"op":"start","setup":{"turn":1,"active":"A","step":"main1","players":[{"life":20,"battlefield":[{"name":"Forest","tapped":true}]},{"life":3,"pool":"{G}{G}"}]},"want":["snapshot","legal"]}`,
	`{"id":3,"op":"apply","state":1,"action":{"player":"A","kind":"activate","card":1,"choices":["type:G"],"payment":"{}"}}`,
	`{"id":4,"op":"could_produce","state":1,"card":1}`,
	`{"id":5,"op":"mana_outcomes","state":2,"card":1,"ability":0}`,
	`{"id":6,"op":"legal","state":2,"unknown":[1,2,{"x":null}]}`,
	`{"id":7,"state":{"nested":true},"op":7}`,
	`{"id":8,"version":1,"engine":"x","supports":{"cards":["Forest"],"actions":["pass"]},"legal":[],"types":"WG"}`,
	`{"id":9,"error":{"kind":"illegal","message":"no"}}`,
	`[1,2,3]`, `null`, `"op"`, `{"id":1e400}`, `{"setup":{"players":[{"pool":"{Q}"}]},"op":"start","id":2}`,
}

// FuzzDecodeRequest: any line decodes to a request or an error, never a panic, and what
// decodes survives a round trip.
func FuzzDecodeRequest(f *testing.F) {
	for _, l := range seedLines {
		f.Add([]byte(l))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		req, err := port.DecodeRequest(line)
		if err != nil {
			return
		}
		b, err := json.Marshal(req)
		require.NoError(t, err)
		again, err := port.DecodeRequest(b)
		require.NoError(t, err)
		require.Equal(t, req.Op, again.Op)
		require.Equal(t, req.ID, again.ID)
	})
}

// FuzzDecodeResponse: any line decodes to a response or an error, never a panic.
func FuzzDecodeResponse(f *testing.F) {
	for _, l := range seedLines {
		f.Add([]byte(l))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		resp, err := port.DecodeResponse(line)
		if err != nil {
			return
		}
		b, err := json.Marshal(resp)
		require.NoError(t, err)
		_, err = port.DecodeResponse(b)
		require.NoError(t, err)
	})
}

// FuzzServe: whatever lines a client sends, the server answers every one of them, in
// order, with a line of JSON, and never stops early. It serves the small example engine,
// whose every answer is cheap, so that what is fuzzed is the protocol, not the time an
// engine takes over a huge mana pool.
func FuzzServe(f *testing.F) {
	f.Add(strings.Join(seedLines, "\n"))
	f.Fuzz(func(t *testing.T, input string) {
		input = strings.ReplaceAll(input, `"close"`, `"c"`) // close would end the session early
		var out bytes.Buffer
		err := port.Serve(strings.NewReader(input), &out, port.ServeOptions{
			Engine: func([]string) (harness.Engine, error) { return goport.New(), nil }})
		require.NoError(t, err)
		want := 0
		for _, l := range strings.SplitAfter(input, "\n") {
			if l != "" {
				want++
			}
		}
		lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		if want == 0 {
			require.Empty(t, out.String())
			return
		}
		require.Len(t, lines, want)
		for _, l := range lines {
			require.True(t, json.Valid([]byte(l)), l)
		}
	})
}
