package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPropsRepeatable: --props given twice runs what both select, as --props a,b does;
// the second does not silently replace the first.
func TestPropsRepeatable(t *testing.T) {
	ids := func(args ...string) []string {
		r := fuzz(t, append([]string{"run", "--checks", "2", "--corpus", t.TempDir(), "--report", "json"}, args...)...)
		require.Contains(t, []int{exitOK, exitFail}, r.code, r.stderr)
		var rep struct {
			Properties []struct{ ID string }
		}
		require.NoError(t, json.Unmarshal([]byte(r.stdout), &rep))
		var out []string
		for _, p := range rep.Properties {
			out = append(out, p.ID)
		}
		return out
	}
	twice := ids("--props", "rules.turn", "--props", "x.etb-uses-spell-x")
	assert.Equal(t, []string{"rules.turn", "x.etb-uses-spell-x"}, twice)
	assert.Equal(t, ids("--props", "rules.turn,x.etb-uses-spell-x"), twice)
}

// TestVersion: "fuzz version" names the build; a test binary carries no version control
// stamp, and says so rather than make one up. Reports carry the same version.
func TestVersion(t *testing.T) {
	r := fuzz(t, "version")
	require.Equal(t, exitOK, r.code, r.stderr)
	assert.True(t, strings.HasPrefix(r.stdout, "fuzz devel\nmodule    github.com/mtgfuzz/mtgfuzz\nrevision  unknown: "), r.stdout)
	assert.Regexp(t, `(?m)^go        go\d`, r.stdout)

	j := fuzz(t, "run", "--props", "x.etb-uses-spell-x", "--checks", "2", "--corpus", t.TempDir(), "--report", "json")
	var rep struct{ Version string }
	require.NoError(t, json.Unmarshal([]byte(j.stdout), &rep))
	assert.Equal(t, "devel", rep.Version)
}
