package main

import (
	"encoding/json"
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
