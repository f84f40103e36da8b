package main

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFaultsCatch runs the matrix for one fault: the property of its ruling catches it,
// with a small counterexample and its game log, and the matrix is the same on a second
// run apart from the time column.
func TestFaultsCatch(t *testing.T) {
	const fault = "mana.undefined-type/gives-colorless"
	r := fuzz(t, "faults", "--json", "--checks", "200", fault)
	require.Equal(t, exitOK, r.code, r.stdout+r.stderr)
	var m struct {
		Faults []struct {
			Fault      string `json:"fault"`
			CaughtBy   string `json:"caught_by"`
			Tried      int    `json:"tried"`
			ElapsedMS  int64  `json:"elapsed_ms"`
			Permanents int    `json:"permanents"`
			Actions    int    `json:"actions"`
			Log        string `json:"log"`
			Repro      string `json:"repro"`
		} `json:"faults"`
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &m))
	require.Len(t, m.Faults, 1)
	row := m.Faults[0]
	assert.Equal(t, fault, row.Fault)
	assert.True(t, strings.HasPrefix(row.CaughtBy, "mana."), "caught by a mana property first: %s", row.CaughtBy)
	// Undefined mana needs a land that looks at others, on the battlefield or played from
	// the hand, and one activation: the shrunk case is tiny.
	assert.GreaterOrEqual(t, row.Permanents+row.Actions, 1)
	assert.LessOrEqual(t, row.Permanents+row.Actions, 6)
	assert.NotEmpty(t, row.Log)
	assert.Contains(t, row.Repro, "--fault "+fault)

	text := fuzz(t, "faults", "--checks", "200", fault)
	require.Equal(t, exitOK, text.code)
	assert.Contains(t, text.stdout, "1 fault (seed 1, 200 checks per property): 1 caught, 0 survived")
	again := fuzz(t, "faults", "--checks", "200", fault)
	assert.Equal(t, stripTimes(text.stdout), stripTimes(again.stdout))
}

// stripTimes blanks the time column, the one thing in the matrix a clock decides.
func stripTimes(s string) string {
	var out []string
	for _, f := range strings.Split(s, "\n") {
		words := strings.Fields(f)
		for i, w := range words {
			bare := strings.TrimSuffix(w, ",") // the list form: "caught by P, 0.05s, 1 permanent"
			if strings.HasSuffix(bare, "s") && strings.Count(bare, ".") == 1 && strings.Trim(bare, "0123456789.s") == "" {
				words[i] = "TIME" + w[len(bare):]
			}
		}
		out = append(out, strings.Join(words, " "))
	}
	return strings.Join(out, "\n")
}

// TestFaultsFitTerminal: on an 80-column terminal the matrix fits (the table, 148 columns
// with the longest fault names, becomes a list), and says the same.
func TestFaultsFitTerminal(t *testing.T) {
	t.Setenv("COLUMNS", "80")
	faults := []string{"copy.linked-abilities/aura-enchants-one-entering-with-it", "copy.expires-before-next-turn/clone-drops-duration"}
	// 200 checks, as above: at 100 whether the Aura fault is caught depends on the case mix.
	r := fuzz(t, append([]string{"faults", "--checks", "200"}, faults...)...)
	require.Equal(t, exitOK, r.code, r.stdout+r.stderr)
	for _, line := range strings.Split(r.stdout, "\n") {
		assert.LessOrEqual(t, len([]rune(line)), 80, "%q", line)
	}
	for _, f := range faults {
		assert.Regexp(t, "(?m)^"+regexp.QuoteMeta(f)+"\n    caught by [a-z.-]+, \\d+\\.\\d\\ds, \\d+ permanents?, \\d+ actions?$", r.stdout)
	}
	assert.Contains(t, r.stdout, "2 faults (seed 1, 200 checks per property): 2 caught, 0 survived")
}
