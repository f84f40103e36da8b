package main

import (
	"context"
	"encoding/json"
	"flag"
	"io"
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
		{"run", "--seed", "-1"},
		{"faults", "--checks", "1e3"},
		{"run", "--time", "5"},
		{"run", "--timeout", "3s"},
		{"replay", "--timeout", "3s", "testdata"},
		{"run", "--props", "mana.*|rules.*"},
		{"version", "extra"},
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

// TestUsageFromFlags: each command's usage line, in "fuzz help" and "fuzz help CMD",
// names every flag the command takes (it is made from the flag set), and the flags run's
// line once left out are there.
func TestUsageFromFlags(t *testing.T) {
	top := fuzz(t, "help").stdout
	c := newCLI(context.Background(), newInterrupt(func() {}), io.Discard, io.Discard)
	for _, cmd := range commands() {
		fs := c.flagsOf(cmd)
		lines := usageLines(cmd, fs)
		usage := strings.Join(lines, "\n")
		fs.VisitAll(func(f *flag.Flag) {
			assert.Contains(t, usage, "--"+f.Name, "fuzz %s's usage line names --%s", cmd.name, f.Name)
		})
		for _, l := range lines {
			assert.LessOrEqual(t, len(l), usageWidth)
		}
		assert.Contains(t, top, "  "+strings.Join(lines, "\n  ")+"\n", "fuzz help shows fuzz %s's line", cmd.name)
		help := fuzz(t, "help", cmd.name).stdout
		assert.True(t, strings.HasPrefix(help, "Usage: "+usage+"\n"), "fuzz help %s starts with its usage:\n%s", cmd.name, help)
	}
	run := strings.Join(usageLines(commands()[0], c.flagsOf(commands()[0])), " ")
	for _, f := range []string{"[--counterexamples N]", "[--timeout DUR]", "[--on-engine-error continue|stop]", "[--props PATTERN]"} {
		assert.Contains(t, run, f)
	}
}

// TestMainDocListsCommands: the usage in cmd/fuzz/main.go's package comment lists every
// command of the command table, in its order, and nothing else (as props/doc_test.go
// keeps the property table).
func TestMainDocListsCommands(t *testing.T) {
	src, err := os.ReadFile("main.go")
	require.NoError(t, err)
	var got []string
	for _, line := range strings.Split(string(src), "\n") {
		if rest, ok := strings.CutPrefix(line, "//\tfuzz "); ok {
			if name, _, _ := strings.Cut(rest, " "); !strings.HasPrefix(name, "-") && name != "" {
				got = append(got, name)
			}
		}
	}
	var want []string
	for _, cmd := range commands() {
		want = append(want, cmd.name)
	}
	assert.Equal(t, want, got, "main.go's usage lists the commands of commands()")
}

// TestReadmeCLIReference: the README's CLI reference shows each command's usage line as
// "fuzz help" prints it.
func TestReadmeCLIReference(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	require.NoError(t, err)
	_, ref, ok := strings.Cut(string(readme), "## CLI reference\n\n```\n")
	require.True(t, ok, "README has a CLI reference")
	ref, _, _ = strings.Cut(ref, "```")
	top := fuzz(t, "help").stdout
	_, usage, _ := strings.Cut(top, "Usage:\n")
	usage, _, _ = strings.Cut(usage, "\n\n")
	var want []string
	for _, l := range strings.Split(usage, "\n") {
		want = append(want, strings.TrimPrefix(l, "  "))
	}
	assert.Equal(t, strings.Join(want, "\n")+"\n", ref, "README's CLI reference is fuzz help's usage")
}
