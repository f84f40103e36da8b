package props_test

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/props"
)

// The table of docs/engines.md between these lines is props.NeedsMarkdown.
const (
	needsBegin = "<!-- needs table: generated from the properties' Needs; UPDATE_NEEDS=1 go test ./props -run TestEnginesDocNeedsTable -->\n"
	needsEnd   = "<!-- end of needs table -->\n"
)

// TestEnginesDocNeedsTable: docs/engines.md's table of what each action kind and query
// unlocks is the one the properties' needs give (-update-needs rewrites it).
func TestEnginesDocNeedsTable(t *testing.T) {
	const path = "../docs/engines.md"
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	doc := string(data)
	before, rest, ok := strings.Cut(doc, needsBegin)
	require.True(t, ok, "docs/engines.md has no line %q", needsBegin)
	_, after, ok := strings.Cut(rest, needsEnd)
	require.True(t, ok, "docs/engines.md has no line %q", needsEnd)
	want := before + needsBegin + props.NeedsMarkdown() + needsEnd + after
	if os.Getenv("UPDATE_NEEDS") == "1" {
		require.NoError(t, os.WriteFile(path, []byte(want), 0o644))
		return
	}
	require.Equal(t, want, doc, "docs/engines.md's needs table is stale: UPDATE_NEEDS=1 go test ./props -run TestEnginesDocNeedsTable")
}
