package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mtgfuzz/mtgfuzz/props"
	"github.com/mtgfuzz/mtgfuzz/rulings"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestList keeps "fuzz list" and "fuzz list --json" as golden files (refresh them with
// -update when a property is added), and checks what the issues ask of the list: every
// ruling, the 30 official ones included, has a property.
func TestList(t *testing.T) {
	t.Setenv("COLUMNS", "")
	text := fuzz(t, "list")
	require.Equal(t, exitOK, text.code, text.stderr)
	golden(t, "list.txt", text.stdout)
	for _, line := range strings.Split(text.stdout, "\n") {
		assert.LessOrEqual(t, len([]rune(line)), defaultWidth, "wrapped: %q", line)
	}

	js := fuzz(t, "list", "--json")
	require.Equal(t, exitOK, js.code, js.stderr)
	golden(t, "list.json", js.stdout)

	var infos []propertyInfo
	require.NoError(t, json.Unmarshal([]byte(js.stdout), &infos))
	covered := map[string]bool{}
	for _, p := range infos {
		assert.NotEmpty(t, p.ID)
		assert.NotEmpty(t, p.Description, "property %s says what it checks", p.ID)
		if want := props.ByID(p.ID).ClauseNames(); len(want) > 0 {
			var got []string
			for _, c := range p.Clauses {
				got = append(got, c.Name)
				assert.NotEmpty(t, c.Description, "clause %s/%s says what it checks", p.ID, c.Name)
				assert.Contains(t, text.stdout, "clause "+c.Name+" (CR ", "the list shows clause %s/%s", p.ID, c.Name)
			}
			assert.Equal(t, want, got, "property %s lists its clauses in order", p.ID)
		}
		for _, r := range p.Rulings {
			covered[r] = true
		}
	}
	// Every official ruling (docs/rulings.md's three first groups); some general rules of
	// the project's own are checked by scenarios only (rules.timing, rules.differential).
	official := 0
	for _, r := range rulings.All() {
		if r.Group != rulings.GeneralRules && r.Group != rulings.Invariants {
			official++
			assert.True(t, covered[r.ID], "no property checks ruling %s", r.ID)
		}
	}
	assert.Equal(t, 30, official, "the official rulings of the two documents and the general mana rulings")
}

// TestListFaults checks that the fault list is the engine's, each fault naming a ruling.
func TestListFaults(t *testing.T) {
	r := fuzz(t, "list", "--faults", "--json")
	require.Equal(t, exitOK, r.code, r.stderr)
	var faults []struct{ Name, Ruling, Rule, Description string }
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &faults))
	require.NotEmpty(t, faults)
	for _, f := range faults {
		assert.Contains(t, f.Name, f.Ruling+"/", "a fault's name starts with its ruling ID")
	}
}
