package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestUsageErrors checks that every bad command line exits 2 with a message on stderr
// saying what was wrong, and prints nothing on stdout. The transcript is golden.
func TestUsageErrors(t *testing.T) {
	calls := [][]string{
		{"bogus"},
		{"run", "--checks", "many"},
		{"run", "--checks", "5", "--time", "1s"},
		{"run", "--checks", "0"},
		{"run", "--report", "xml"},
		{"run", "--props", "no.such-property"},
		{"run", "--fault", "no.such/fault"},
		{"run", "--shard", "3/2"},
		{"run", "stray"},
		{"list", "extra"},
		{"explain"},
		{"explain", "testdata"},
		{"faults", "no.such/fault"},
		{"replay", "testdata/no-such-file.yaml"},
		{"replay", "--report", "pdf"},
	}
	var results []result
	for _, args := range calls {
		r := fuzz(t, args...)
		assert.Equal(t, exitUsage, r.code, "fuzz %v: a usage or input error exits 2", args)
		assert.NotEmpty(t, r.stderr, "fuzz %v: says what is wrong", args)
		assert.Empty(t, r.stdout, "fuzz %v: results only, and there are none", args)
		results = append(results, r)
	}
	golden(t, "usage_errors.txt", transcript(calls, results))
}

// TestReplayBadFile checks that a scenario file that does not parse is an input error
// (exit 2) naming the file and the line, not a failed replay (1) or a panic; and that it
// does not stop the replay of the others: they run and are reported, the bad one is
// reported as invalid (a JUnit <error>), and the exit code is 2 at the end.
func TestReplayBadFile(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.yaml")
	// Line 5 names a step that does not exist.
	body := "format: 1\nruling: mana.undefined-type\ntitle: bad step\nsetup:\n  step: second-breakfast\n"
	require.NoError(t, os.WriteFile(bad, []byte(body), 0o644))

	r := fuzz(t, "replay", bad)
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.stderr, bad+":5:")
	assert.Contains(t, r.stdout, "INVALID  "+bad+"\n      "+bad+":5:")

	// Among good files, in a directory: the good ones replay.
	var good []string
	for _, name := range []string{"reflecting-pool-alone.yaml", "meteor-crater-colorless-permanents.yaml"} {
		data, err := os.ReadFile(corpusFile(t, "mana.undefined-type/"+name))
		require.NoError(t, err)
		good = append(good, filepath.Join(dir, name))
		require.NoError(t, os.WriteFile(good[len(good)-1], data, 0o644))
	}
	r = fuzz(t, "replay", dir)
	assert.Equal(t, exitUsage, r.code, r.stdout+r.stderr)
	assert.Contains(t, r.stderr, bad+":5:")
	for _, g := range good {
		assert.Contains(t, r.stdout, "PASS  "+g, "the valid files still replay")
	}
	assert.Contains(t, r.stdout, "3 scenarios (engine reference): 2 passed, 0 failed, 1 invalid (not replayed)")

	j := fuzz(t, "replay", "--report", "json", dir)
	assert.Equal(t, exitUsage, j.code)
	var rep struct {
		Files []struct {
			Path, Invalid string
			Passed        bool
		}
	}
	require.NoError(t, json.Unmarshal([]byte(j.stdout), &rep))
	require.Len(t, rep.Files, 3)
	assert.Equal(t, bad, rep.Files[0].Path)
	assert.Contains(t, rep.Files[0].Invalid, bad+":5:")
	assert.True(t, rep.Files[1].Passed && rep.Files[2].Passed)

	x := fuzz(t, "replay", "--report", "junit", dir)
	assert.Equal(t, exitUsage, x.code)
	assert.Regexp(t, `<testsuites name="fuzz replay reference" tests="3" failures="0" errors="1"`, x.stdout)
	assert.Contains(t, x.stdout, `<error message="`+bad+`:5:`)
}

func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"--help"}, {"run", "-h"}} {
		r := fuzz(t, args...)
		assert.Equal(t, exitOK, r.code, "fuzz %v", args)
		assert.Contains(t, r.stdout, "Usage", "fuzz %v", args)
		assert.Empty(t, r.stderr, "fuzz %v", args)
	}
	r := fuzz(t, "run", "-h")
	assert.Contains(t, r.stdout, "-shard K/N")

	// The overview is golden, so a change to the commands shows in review (and reminds
	// whoever makes it of the README's CLI reference).
	golden(t, "help.txt", fuzz(t, "help").stdout)
}

// TestHelpAgrees: "fuzz help CMD" is "fuzz CMD -h"; the README's flag defaults are the
// flags' own; --json and another --report are not silently one of them.
func TestHelpAgrees(t *testing.T) {
	for _, cmd := range commands() {
		assert.Equal(t, fuzz(t, cmd.name, "-h"), fuzz(t, "help", cmd.name), "fuzz help %s", cmd.name)
	}
	assert.Equal(t, exitUsage, fuzz(t, "help", "bogus").code)

	r := fuzz(t, "faults", "--json", "--report", "junit")
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.stderr, "--json is --report json; it can't go with --report junit")

	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	require.NoError(t, err)
	fs := newFlagSet("run")
	var f campaignFlags
	f.register(fs)
	for _, name := range []string{"checks", "seed", "steps", "report"} {
		want := fs.Lookup(name).DefValue
		row := regexp.MustCompile("(?m)^\\| `--" + name + " [^`]*` \\| `?([^|`]*)`? \\|").FindSubmatch(readme)
		require.NotNil(t, row, "README documents --%s", name)
		assert.Equal(t, want, strings.ReplaceAll(strings.TrimSpace(string(row[1])), ",", ""), "README's default of --%s", name)
	}
}
