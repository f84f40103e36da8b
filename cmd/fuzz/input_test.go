package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// scenarioWith writes a scenario whose setup has A's battlefield entries as given, and
// returns its path and the line the first entry is on.
func scenarioWith(t *testing.T, top, battlefield string) (string, int) {
	t.Helper()
	head := "format: 1\n" + top + "title: input errors\nsetup:\n  A:\n    battlefield:\n"
	path := filepath.Join(t.TempDir(), "s.yaml")
	require.NoError(t, os.WriteFile(path, []byte(head+battlefield), 0o644))
	return path, strings.Count(head, "\n") + 1
}

// TestScenarioInputErrors: names that are not in the vocabulary and numbers out of range
// are input errors (exit 2) at the file:line:column of the value, with the nearest valid
// names; none is a FAIL (exit 1) or a pass.
func TestScenarioInputErrors(t *testing.T) {
	const ruling = "ruling: mana.undefined-type\n"
	for _, tc := range []struct {
		top, entry string
		col        int
		want       string
	}{
		{ruling, "      - Forrest\n", 9, `unknown card "Forrest" (did you mean Forest?)`},
		{ruling, "      - Gaea’s Cradle\n", 9, `(did you mean Gaea's Cradle?)`},
		{ruling, "      - {card: Vivid Crag, counters: {chrage: 1}}\n", 39, `unknown counter kind "chrage" (did you mean charge?)`},
		{ruling, "      - {card: Gauntlet of Power, choices: {color: Q}}\n", 52, `"Q" is not a value of this choice (want one of W, U, B, R, G)`},
		{ruling, "      - {card: Forest, label: Island}\n", 31, `label "Island" is a card name`},
		{ruling, "      - {card: Grizzly Bears, damage: -1}\n", 39, "damage: want 0 or more, got -1"},
		{ruling, "      - {card: Walking Ballista, counters: {+1/+1: 9223372036854775806}}\n", 52, "is out of range"},
		{"ruling: no.such.ruling\n", "      - Forest\n", 9, `unknown ruling "no.such.ruling"`},
	} {
		path, line := scenarioWith(t, tc.top, tc.entry)
		if strings.HasPrefix(tc.top, "ruling: no.") {
			line = 2
		}
		r := fuzz(t, "replay", path)
		assert.Equal(t, exitUsage, r.code, "%s: an input error, not a failed replay\n%s", tc.want, r.stdout)
		assert.Contains(t, r.stderr, fmt.Sprintf("%s:%d:%d: ", path, line, tc.col), tc.want)
		assert.Contains(t, r.stderr, tc.want)
	}
	// A name valid twice over (a ruling that is also a property's ID) is suggested once.
	path, _ := scenarioWith(t, "ruling: mana.undefined-typ\n", "      - Forest\n")
	r := fuzz(t, "replay", path)
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.stderr, path+`:2:9: ruling: unknown ruling "mana.undefined-typ" (did you mean mana.undefined-type?)`)

	// So is a card an action names that is nowhere.
	path, _ = scenarioWith(t, ruling, "      - Forest\nactions:\n  - A activate Forrest mana\n")
	r = fuzz(t, "replay", path)
	assert.Equal(t, exitUsage, r.code, r.stdout)
	assert.Contains(t, r.stderr, path+":9:5: action: \"Forrest\" is no label or card of the setup, nor a card of the pool (did you mean Forest?)")

	// An unknown property is an input error too.
	path, _ = scenarioWith(t, ruling, "      - Forest\nexpect:\n  - property: no.such.property\n")
	r = fuzz(t, "replay", path)
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.stderr, path+":9:15: property: \"no.such.property\" is no property")
}

// TestReplayFollowsSymlinks: a link to a scenario directory, given or inside the corpus,
// is replayed like the directory.
func TestReplayFollowsSymlinks(t *testing.T) {
	src, err := filepath.Abs(corpusFile(t, "mana.undefined-type"))
	require.NoError(t, err)
	dir := t.TempDir()
	link := filepath.Join(dir, "linked")
	require.NoError(t, os.Symlink(src, link))
	direct := fuzz(t, "replay", src)
	require.Equal(t, exitOK, direct.code, direct.stderr)
	for _, arg := range []string{link, dir} {
		r := fuzz(t, "replay", arg)
		require.Equal(t, exitOK, r.code, r.stderr)
		assert.Equal(t, strings.Count(direct.stdout, "PASS  "), strings.Count(r.stdout, "PASS  "), "replay %s", arg)
	}
	// A link cycle ends.
	require.NoError(t, os.Symlink(dir, filepath.Join(dir, "loop")))
	r := fuzz(t, "replay", dir)
	assert.Equal(t, exitOK, r.code, r.stderr)
	// A scenario linked to nothing is one invalid file: the others still replay.
	broken := filepath.Join(dir, "gone.yaml")
	require.NoError(t, os.Symlink(filepath.Join(dir, "no-such.yaml"), broken))
	r = fuzz(t, "replay", dir)
	assert.Equal(t, exitUsage, r.code)
	assert.Equal(t, strings.Count(direct.stdout, "PASS  "), strings.Count(r.stdout, "PASS  "), "the rest replayed")
	assert.Contains(t, r.stdout, "1 invalid (not replayed)")
	assert.Contains(t, r.stderr, broken+": no such file or directory")
}

// TestReplayReproNamesFault: the commands printed under a failure replayed with a fault
// switch the fault on, or they would pass.
func TestReplayReproNamesFault(t *testing.T) {
	const fault = "mana.undefined-type/gives-colorless"
	file := corpusFile(t, "mana.undefined-type/reflecting-pool-alone.yaml")
	r := fuzz(t, "replay", "--fault", fault, file)
	require.Equal(t, exitFail, r.code)
	assert.Contains(t, r.stdout, "reproduce: go run ./cmd/fuzz replay --fault "+fault+" "+file)
	assert.Contains(t, r.stdout, "explain:   go run ./cmd/fuzz explain --fault "+fault+" "+file)
}

// TestPlaceSaidOnce: a violation at the start says so once.
func TestPlaceSaidOnce(t *testing.T) {
	r := fuzz(t, "run", "--fault", "mana.undefined-type/gives-colorless", "--props", "mana.undefined-type", "--checks", "20", "--corpus", t.TempDir())
	require.Equal(t, exitFail, r.code)
	assert.Contains(t, r.stdout, "violation at the start [")
	assert.NotContains(t, r.stdout, "at the start: at the start")
}
