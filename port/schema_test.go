package port_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
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
// in docs/protocol, recorded from the reference engine in version 2) validates against its
// schema, declaring every field it uses.
func TestTranscriptFollowsTheSchemas(t *testing.T) {
	session := []string{
		`{"id":1,"op":"handshake","versions":[2,1]}`,
		`{"id":2,"op":"start","setup":{"turn":1,"active":"A","step":"main1","players":[{"life":20,"battlefield":[{"id":1,"name":"Forest"}],"hand":[{"id":2,"name":"Island"}]},{"life":20}]},"want":["snapshot","legal"]}`,
		`{"id":3,"op":"mana_outcomes","state":1,"card":1,"ability":0}`,
		`{"id":4,"op":"could_produce","state":1,"card":1,"then":[{"op":"observe","state":1}]}`,
		`{"id":5,"op":"apply","state":1,"action":{"player":"A","kind":"play","card":2},"want":["snapshot","legal"]}`,
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
	assert.Contains(t, answers[4], `"objects":[{"key":`, "a version 2 answer sends its new objects with keys")

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

// conforms checks a message against a schema (see validate).
func conforms(t *testing.T, schema []byte, line string) {
	t.Helper()
	var root map[string]any
	require.NoError(t, json.Unmarshal(schema, &root))
	var msg any
	require.NoError(t, json.Unmarshal([]byte(line), &msg), line)
	for _, problem := range validate(root, root, msg, "$") {
		t.Errorf("%s\n  %s", clipped(line), problem)
	}
}

func clipped(s string) string {
	if len(s) > 300 {
		return s[:300] + "..."
	}
	return s
}

// validate checks v against the schema s (whose $refs are to root's $defs), in the subset
// of JSON Schema the generated schemas use, strictly: an object may have only the
// properties its schema declares (receivers ignore unknown fields, but a documented
// message must use only declared ones). It returns the problems, each with its path.
func validate(root, s map[string]any, v any, path string) []string {
	if ref, ok := s["$ref"].(string); ok {
		def, ok := root["$defs"].(map[string]any)[strings.TrimPrefix(ref, "#/$defs/")].(map[string]any)
		if !ok {
			return []string{path + ": no definition " + ref}
		}
		return validate(root, def, v, path)
	}
	if alts, ok := s["anyOf"].([]any); ok {
		var all []string
		for _, alt := range alts {
			problems := validate(root, alt.(map[string]any), v, path)
			if len(problems) == 0 {
				return nil
			}
			all = append(all, problems...)
		}
		return append([]string{path + ": matches none of anyOf:"}, all...)
	}
	if enum, ok := s["enum"].([]any); ok && !slices.Contains(enum, v) {
		return []string{fmt.Sprintf("%s: %v is none of %v", path, v, enum)}
	}
	if c, ok := s["const"]; ok && c != v {
		return []string{fmt.Sprintf("%s: %v is not %v", path, v, c)}
	}
	if typ, ok := s["type"].(string); ok && !hasType(v, typ) {
		return []string{fmt.Sprintf("%s: %v is not of type %s", path, clipped(fmt.Sprint(v)), typ)}
	}
	var problems []string
	switch v := v.(type) {
	case []any:
		if items, ok := s["items"].(map[string]any); ok {
			for i, e := range v {
				problems = append(problems, validate(root, items, e, fmt.Sprintf("%s[%d]", path, i))...)
			}
		}
	case map[string]any:
		props, declared := s["properties"].(map[string]any)
		more, _ := s["additionalProperties"].(map[string]any)
		for _, k := range slices.Sorted(maps.Keys(v)) {
			switch p, ok := props[k].(map[string]any); {
			case ok:
				problems = append(problems, validate(root, p, v[k], path+"."+k)...)
			case more != nil:
				problems = append(problems, validate(root, more, v[k], path+"."+k)...)
			case declared:
				problems = append(problems, fmt.Sprintf("%s: field %q is not in the schema", path, k))
			}
		}
		req, _ := s["required"].([]any)
		for _, k := range req {
			if _, ok := v[k.(string)]; !ok {
				problems = append(problems, fmt.Sprintf("%s: required field %q missing", path, k))
			}
		}
	}
	return problems
}

func hasType(v any, typ string) bool {
	switch v := v.(type) {
	case nil:
		return typ == "null"
	case bool:
		return typ == "boolean"
	case string:
		return typ == "string"
	case float64:
		return typ == "number" || typ == "integer" && v == float64(int64(v))
	case []any:
		return typ == "array"
	case map[string]any:
		return typ == "object"
	}
	return false
}

// The protocol's page, docs/protocol.md, agrees with the schemas (generated from the Go
// types) and the transcript: these tests read it.

const protocolDoc = "../docs/protocol.md"

func readDoc(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(protocolDoc)
	require.NoError(t, err)
	return string(b)
}

// schemaRoots are the schemas by name ("apply.request", "error"), and one root holding
// every definition, for the values the page shows alone.
func schemaRoots(t *testing.T) (map[string]map[string]any, map[string]any) {
	t.Helper()
	byName := map[string]map[string]any{}
	defs := map[string]any{}
	for file, b := range port.Schemas() {
		var root map[string]any
		require.NoError(t, json.Unmarshal(b, &root))
		byName[strings.TrimSuffix(file, ".schema.json")] = root
		for k, v := range root["$defs"].(map[string]any) {
			defs[k] = v
		}
	}
	return byName, map[string]any{"$defs": defs}
}

var exampleBlock = regexp.MustCompile("(?s)```json ([A-Za-z_.]+)\n(.*?)```")

// TestDocExamplesValidate: every JSON example of the page is labelled with what it is
// (```json apply.response, ```json Action) and validates against that schema.
func TestDocExamplesValidate(t *testing.T) {
	byName, all := schemaRoots(t)
	blocks := exampleBlock.FindAllStringSubmatch(readDoc(t), -1)
	require.NotEmpty(t, blocks)
	seen := map[string]bool{}
	for _, b := range blocks {
		name, text := b[1], b[2]
		seen[name] = true
		root, schema := byName[name], byName[name]
		if root == nil {
			def, ok := all["$defs"].(map[string]any)[name].(map[string]any)
			require.True(t, ok, "example labelled %q: no schema or definition of that name", name)
			root, schema = all, def
		}
		var v any
		require.NoError(t, json.Unmarshal([]byte(text), &v), "example %s:\n%s", name, text)
		for _, problem := range validate(root, schema, v, "$") {
			t.Errorf("example %s does not validate: %s\n%s", name, problem, text)
		}
	}
	for _, must := range []string{"Action", "Setup", "Snapshot", "Card", "error", "handshake.response", "apply.response", "could_produce.request"} {
		assert.True(t, seen[must], "the page has no example of %s", must)
	}
}

// TestDocListsEveryField: every value of the schemas has its item on the page ("- **Name**:
// ...") naming each of its fields, and every operation its row of the table naming each
// field of its request and answer.
func TestDocListsEveryField(t *testing.T) {
	doc := readDoc(t)
	byName, all := schemaRoots(t)
	for name, def := range all["$defs"].(map[string]any) {
		if name == "Response" { // the answers: the operations table, below
			continue
		}
		item := docItem(doc, "- **"+name+"**")
		if !assert.NotEmpty(t, item, "the page has no item \"- **%s**\"", name) {
			continue
		}
		for field := range def.(map[string]any)["properties"].(map[string]any) {
			assert.Contains(t, item, "`"+field+"`", "the item of %s does not name its field %q", name, field)
		}
	}
	for name, root := range byName {
		op, kind, ok := strings.Cut(name, ".")
		if !ok {
			continue
		}
		row := docItem(doc, "| `"+op+"` |")
		require.NotEmpty(t, row, "the operations table has no row for %s", op)
		for field := range root["properties"].(map[string]any) {
			if field == "id" || field == "op" {
				continue
			}
			assert.Contains(t, row, "`"+field+"`", "the row of %s does not name the %s field %q", op, kind, field)
		}
	}
}

// docItem is the text of the list item or table row starting with prefix (at the start of
// a line, after indentation), up to the next item, row or blank line; "" if none.
func docItem(doc, prefix string) string {
	lines := strings.Split(doc, "\n")
	for i, l := range lines {
		if !strings.HasPrefix(strings.TrimLeft(l, " "), prefix) {
			continue
		}
		out := l
		for _, next := range lines[i+1:] {
			trimmed := strings.TrimSpace(next)
			if trimmed == "" || strings.HasPrefix(trimmed, "- ") || strings.HasPrefix(trimmed, "|") {
				break
			}
			out += "\n" + next
		}
		return out
	}
	return ""
}

// TestDocListsEveryActionKind: the kinds of action of package harness are the schema's and
// each has its row in the page's table of kinds.
func TestDocListsEveryActionKind(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "../harness/action.go", nil, 0)
	require.NoError(t, err)
	var kinds []string
	ast.Inspect(f, func(n ast.Node) bool {
		if vs, ok := n.(*ast.ValueSpec); ok {
			if id, ok := vs.Type.(*ast.Ident); ok && id.Name == "ActionKind" {
				for _, v := range vs.Values {
					s, err := strconv.Unquote(v.(*ast.BasicLit).Value)
					require.NoError(t, err)
					kinds = append(kinds, s)
				}
			}
		}
		return true
	})
	require.NotEmpty(t, kinds)
	var listed []string
	for _, k := range port.ActionKinds {
		listed = append(listed, string(k))
	}
	assert.ElementsMatch(t, kinds, listed, "port.ActionKinds lists the kinds of harness/action.go")
	doc := readDoc(t)
	for _, k := range kinds {
		assert.True(t, slices.ContainsFunc(strings.Split(doc, "\n"), func(l string) bool {
			return strings.HasPrefix(strings.TrimSpace(l), "| `"+k+"` |")
		}), "the page's table of kinds has no row for %q", k)
	}
}
