package port_test

import (
	"bytes"
	"encoding/json"
	"flag"
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

var update = flag.Bool("update", false, "rewrite docs/protocol/*.schema.json and the sample transcript")

const schemaDir = "../docs/protocol"

// TestSchemasAreCurrent: the schema files in docs/protocol are the ones the Go types give.
func TestSchemasAreCurrent(t *testing.T) {
	for name, want := range port.Schemas() {
		path := filepath.Join(schemaDir, name)
		if *update {
			require.NoError(t, os.MkdirAll(schemaDir, 0o755))
			require.NoError(t, os.WriteFile(path, want, 0o644))
			continue
		}
		got, err := os.ReadFile(path)
		require.NoError(t, err, "run go test ./port -update")
		assert.Equal(t, string(want), string(got), "%s is stale: run go test ./port -update", name)
	}
}

// TestTranscriptFollowsTheSchemas: every message of a real session (the sample transcript
// in docs/protocol, recorded from the reference engine) uses only the fields its schema
// declares, and has the required ones.
func TestTranscriptFollowsTheSchemas(t *testing.T) {
	session := []string{
		`{"id":1,"op":"handshake","versions":[1]}`,
		`{"id":2,"op":"start","setup":{"turn":1,"active":"A","step":"main1","players":[{"life":20,"battlefield":[{"id":1,"name":"Forest"}],"hand":[{"id":2,"name":"Island"}]},{"life":20}]},"want":["snapshot","legal"]}`,
		`{"id":3,"op":"mana_outcomes","state":1,"card":1,"ability":0}`,
		`{"id":4,"op":"could_produce","state":1,"card":1}`,
		`{"id":5,"op":"apply","state":1,"action":{"player":"A","kind":"play","card":2}}`,
		`{"id":6,"op":"observe","state":2}`,
		`{"id":7,"op":"legal","state":2}`,
		`{"id":8,"op":"apply","state":2,"action":{"player":"B","kind":"pass"}}`,
		`{"id":9,"op":"sba_checks","state":2,"action":{"player":"A","kind":"pass"}}`,
		`{"id":10,"op":"close"}`,
	}
	var out, trace bytes.Buffer
	require.NoError(t, port.Serve(strings.NewReader(strings.Join(session, "\n")+"\n"), &out, port.ServeOptions{
		Engine: func([]string) (harness.Engine, error) { return engine.New(engine.Options{}) }, Trace: &trace}))
	schemas := port.Schemas()
	answers := strings.Split(strings.TrimSpace(out.String()), "\n")
	require.Len(t, answers, len(session))
	for i, line := range session {
		var req map[string]any
		require.NoError(t, json.Unmarshal([]byte(line), &req))
		op := req["op"].(string)
		conforms(t, schemas[op+".request.schema.json"], line)
		name := op + ".response.schema.json"
		if strings.Contains(answers[i], `"error"`) {
			name = "error.schema.json"
		}
		conforms(t, schemas[name], answers[i])
	}
	assert.Contains(t, answers[7], `"kind":"illegal"`, "B may not pass while A has priority")
	path := filepath.Join(schemaDir, "transcript.txt")
	if *update {
		require.NoError(t, os.WriteFile(path, trace.Bytes(), 0o644))
		return
	}
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, trace.String(), string(got), "the sample transcript is stale: run go test ./port -update")
}

// conforms checks a message's top-level fields against a schema: each is declared, and
// every required one is there.
func conforms(t *testing.T, schema []byte, line string) {
	t.Helper()
	var s struct {
		Properties map[string]any `json:"properties"`
		Required   []string       `json:"required"`
	}
	require.NoError(t, json.Unmarshal(schema, &s))
	var msg map[string]any
	require.NoError(t, json.Unmarshal([]byte(line), &msg), line)
	for k := range msg {
		assert.Contains(t, s.Properties, k, "%s: field %q is not in its schema", line, k)
	}
	for _, k := range s.Required {
		assert.Contains(t, msg, k, "%s: required field %q missing", line, k)
	}
}
