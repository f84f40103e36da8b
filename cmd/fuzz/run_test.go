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

// TestRunDeterministic runs a small campaign several ways that must not change its
// report: twice, and with one worker and with two. Counterexamples go to one temporary
// corpus; the corpus deduplicates, so every run prints the same saved paths.
func TestRunDeterministic(t *testing.T) {
	dir := t.TempDir()
	args := []string{"run", "--checks", "8", "--seed", "5", "--corpus", dir}
	first := fuzz(t, append(args, "--workers", "1")...)
	require.Contains(t, []int{exitOK, exitFail}, first.code, first.stderr)
	assert.Contains(t, first.stdout, "engine reference  seed 5")
	again := fuzz(t, append(args, "--workers", "1")...)
	two := fuzz(t, append(args, "--workers", "2")...)
	assert.Equal(t, first, again, "same seed, same output")
	assert.Equal(t, first, two, "the worker count must not change the report")

	// JSON too: the whole report, failures and shrunk cases included.
	j1 := fuzz(t, append(args, "--workers", "1", "--report", "json")...)
	j2 := fuzz(t, append(args, "--workers", "2", "--report", "json")...)
	assert.Equal(t, j1.stdout, j2.stdout)
}

// TestRunFault switches on a deliberate fault and checks the whole failure path: exit 1,
// the counterexample printed as a game log with the violation, saved in the corpus, and
// the commands that reproduce it, which name the fault and the seed.
func TestRunFault(t *testing.T) {
	const fault = "mana.undefined-type/gives-colorless"
	dir := t.TempDir()
	r := fuzz(t, "run", "--fault", fault, "--props", "mana.undefined-type", "--checks", "200", "--seed", "1", "--corpus", dir)
	require.Equal(t, exitFail, r.code, "a fault the property is written for must fail it\n%s%s", r.stdout, r.stderr)
	assert.Contains(t, r.stdout, "fault "+fault)
	// The pattern also selects other properties of the ruling; look at the one written for it.
	detail := section(r.stdout, "FAIL mana.undefined-type (")
	require.NotEmpty(t, detail, "mana.undefined-type fails:\n%s", r.stdout)
	assert.Contains(t, detail, "game log:")
	assert.Contains(t, detail, "violation ")
	assert.Regexp(t, `reproduce: go run \./cmd/fuzz run --props mana\.undefined-type --seed 1 --checks \d+ --fault `+regexp.QuoteMeta(fault), detail)

	m := regexp.MustCompile(`replay: +go run \./cmd/fuzz replay (\S+)`).FindStringSubmatch(detail)
	require.NotNil(t, m, "the saved counterexample's replay command is printed")
	saved := m[1]
	assert.True(t, strings.HasPrefix(saved, dir), "saved under --corpus: %s", saved)
	data, err := os.ReadFile(saved)
	require.NoError(t, err)
	assert.Contains(t, string(data), "property: mana.undefined-type", "the saved case replays the property")

	// The saved case replays as a regression gate: it fails with the fault on, and holds
	// against the correct engine (it was shrunk to show the fault, nothing else).
	withFault := fuzz(t, "replay", "--fault", fault, saved)
	assert.Equal(t, exitFail, withFault.code, withFault.stdout+withFault.stderr)
	assert.Contains(t, withFault.stdout, "FAIL  "+saved)
	clean := fuzz(t, "replay", saved)
	assert.Equal(t, exitOK, clean.code, clean.stdout+clean.stderr)

	// Finding it again saves nothing new.
	before, _ := filepath.Glob(filepath.Join(dir, "*", "*.yaml"))
	again := fuzz(t, "run", "--fault", fault, "--props", "mana.undefined-type", "--checks", "200", "--seed", "1", "--corpus", dir)
	after, _ := filepath.Glob(filepath.Join(dir, "*", "*.yaml"))
	assert.Equal(t, r.stdout, again.stdout)
	assert.Equal(t, before, after)
}

// TestRunJUnitOut checks --report junit --out: the XML goes to the file and the text
// table still goes to stdout for the CI log.
func TestRunJUnitOut(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "ci-out", "campaign.xml")
	r := fuzz(t, "run", "--props", "mana.undefined-type", "--checks", "20", "--seed", "2",
		"--corpus", dir, "--report", "junit", "--out", out)
	require.Contains(t, []int{exitOK, exitFail}, r.code, r.stderr)
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(data), "<?xml"))
	assert.Contains(t, string(data), `<testcase name="mana.undefined-type" classname="mana.undefined-type">`)
	assert.Contains(t, r.stdout, "RULING")
}

// section is the block of out that starts with a line beginning with head and ends at the
// next blank line, or "".
func section(out, head string) string {
	i := strings.Index(out, "\n"+head)
	if i < 0 {
		return ""
	}
	block := out[i+1:]
	if j := strings.Index(block, "\n\n"); j >= 0 {
		block = block[:j+1]
	}
	return block
}
