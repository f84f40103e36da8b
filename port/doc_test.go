package port_test

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/port"
)

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
