package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDiffSavesUnderFound: without --corpus, diff saves into found/ at the module root,
// as run does, never into the tracked corpus/.
func TestDiffSavesUnderFound(t *testing.T) {
	root := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(root, "go.mod"), []byte("module example.com/m\n"), 0o644))
	t.Chdir(root)
	faulty := selfCommand("serve", "--fault", "cost.tap-symbol/tapped-payable")
	r := fuzz(t, "diff", "--engine", faulty, "--checks", "300")
	require.Equal(t, 1, r.code, r.stdout+r.stderr)
	assert.Regexp(t, `saved: +found/rules\.differential/found-\w+\.yaml`, r.stdout)
	assert.NoDirExists(t, filepath.Join(root, "corpus"))
	files, err := filepath.Glob(filepath.Join(root, "found", "rules.differential", "*.yaml"))
	require.NoError(t, err)
	assert.Len(t, files, 1)
}

// TestDiffCounterexamples: --counterexamples N reports up to N distinct divergences, each
// shrunk, shown and saved; the rows name the engines and say what differs in words.
func TestDiffCounterexamples(t *testing.T) {
	dir := t.TempDir()
	faulty := selfCommand("serve", "--fault", "invariant.pool/pools-persist", "--fault", "cost.tap-symbol/tapped-payable")
	r := fuzz(t, "diff", "--engine", faulty, "--checks", "300", "--counterexamples", "3", "--corpus", dir)
	require.Equal(t, 1, r.code, r.stdout+r.stderr)
	assert.Equal(t, 3, strings.Count(r.stdout, "\nDIVERGED in case"), r.stdout)
	saved := regexp.MustCompile(`saved: +(\S+)`).FindAllStringSubmatch(r.stdout, -1)
	assert.Len(t, saved, 3)
	assert.Regexp(t, `WHAT +reference \(drives\) +reference\+fault:`, r.stdout)
	assert.Regexp(t, `\n3 distinct divergences in \d+ cases`, r.stdout)
	assert.Regexp(t, `(?m)^  (legal action: [AB] activates [^\n]+ \[\d+\]|[AB]'s mana pool)`, r.stdout)
	for _, internal := range []string{"legal: ", " c0 a0 x0", "players[", "battlefield[", "A: reference", "B: reference"} {
		assert.NotContains(t, r.stdout, internal)
	}
}

// TestChecksEverywhere: --checks is the word for "how many generated cases" in every
// command; --cases stays as an alias, and help lists both.
func TestChecksEverywhere(t *testing.T) {
	for _, cmd := range []string{"run", "diff", "check-engine"} {
		h := fuzz(t, cmd, "-h")
		assert.Contains(t, h.stdout, "-checks", cmd)
	}
	for _, cmd := range []string{"diff", "check-engine"} {
		h := fuzz(t, cmd, "-h")
		assert.Contains(t, h.stdout, "-cases", cmd)
		assert.Contains(t, h.stdout, "the same as --checks", cmd)
	}
	serve := selfCommand("serve")
	for _, flag := range []string{"--checks", "--cases"} {
		r := fuzz(t, "diff", "--engine", serve, flag, "40", "--corpus", t.TempDir())
		require.Equal(t, 0, r.code, r.stdout+r.stderr)
		assert.Contains(t, r.stdout, "no divergence in 40 cases", flag)
	}
}
