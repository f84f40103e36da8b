package main

import (
	"bytes"
	"context"
	"encoding/xml"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/campaign"
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
	rm := regexp.MustCompile(`reproduce: go run \./cmd/fuzz (run --props mana\.undefined-type --seed 1 --case (\d+) --fault ` +
		regexp.QuoteMeta(fault) + `)\n`).FindStringSubmatch(detail)
	require.NotNil(t, rm, "the reproduce line runs the failing case alone:\n%s", detail)
	one := fuzz(t, append(strings.Fields(rm[1]), "--corpus", dir, "--report", "json")...)
	assert.Equal(t, exitFail, one.code)
	assert.Contains(t, one.stdout, `"case": `+rm[2]+`,`, "the same case fails")
	assert.Contains(t, one.stdout, `"cases": 1,`, "alone")

	// The replay line names the fault: the saved case fails only under it.
	m := regexp.MustCompile(`replay: +go run \./cmd/fuzz replay (\S+) --fault ` + regexp.QuoteMeta(fault) + `\n`).FindStringSubmatch(detail)
	require.NotNil(t, m, "the saved counterexample's replay command is printed, with its fault:\n%s", detail)
	saved := m[1]
	page := fuzz(t, "run", "--fault", fault, "--props", "mana.undefined-type", "--checks", "200", "--seed", "1", "--corpus", dir, "--report", "html")
	assert.Contains(t, page.stdout, "replay "+saved+" --fault "+fault, "the HTML report's replay command too")
	assert.True(t, strings.HasPrefix(saved, dir), "saved under --corpus: %s", saved)
	data, err := os.ReadFile(saved)
	require.NoError(t, err)
	assert.Contains(t, string(data), "holds: mana.undefined-type", "the saved case replays the property")

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
	assert.Contains(t, untimed(string(data)), `<testcase name="mana.undefined-type" classname="mana.undefined-type" time="0">`)
	assert.Regexp(t, `<testsuites name="fuzz reference" tests="3" failures="\d+" errors="\d+" time="\d+\.\d{3}">`, string(data),
		"the campaign's wall time")
	assert.Contains(t, string(data), `<property name="version" value="devel">`)
	assert.Contains(t, r.stdout, "RULING")
}

// TestJUnitCountsAreTheReport: under a fault that fails properties of several rulings,
// the JUnit file counts each property once, as the text report does.
func TestJUnitCountsAreTheReport(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "campaign.xml")
	r := fuzz(t, "run", "--fault", "mana.undefined-type/gives-colorless", "--props", "mana.*", "--checks", "30",
		"--corpus", dir, "--report", "junit", "--out", out)
	require.Equal(t, exitFail, r.code, r.stderr)
	m := regexp.MustCompile(`(\d+) properties: \d+ passed, (\d+) failed, (\d+) vacuous, (\d+) errored`).FindStringSubmatch(r.stdout)
	require.NotNil(t, m, r.stdout)
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	var doc struct {
		Tests    string `xml:"tests,attr"`
		Failures int    `xml:"failures,attr"`
		Errors   string `xml:"errors,attr"`
	}
	require.NoError(t, xml.Unmarshal(data, &doc))
	failed, _ := strconv.Atoi(m[2])
	vacuous, _ := strconv.Atoi(m[3])
	assert.Equal(t, m[1], doc.Tests)
	assert.Equal(t, failed+vacuous, doc.Failures)
	assert.Equal(t, m[4], doc.Errors)
	assert.Greater(t, failed, 1)
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

// TestOutputsCheckedFirst: an --out or --corpus that can't be written is an input error
// (exit 2) naming the flag, before any case runs.
func TestOutputsCheckedFirst(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a-file")
	require.NoError(t, os.WriteFile(file, []byte("x"), 0o644))
	locked := filepath.Join(dir, "locked")
	require.NoError(t, os.Mkdir(locked, 0o555))
	canWriteLocked := os.WriteFile(filepath.Join(locked, "probe"), nil, 0o644) == nil // root ignores modes
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "--out", filepath.Join(file, "report.xml")}, "--out " + filepath.Join(file, "report.xml") + ": " + file + " is a file"},
		{[]string{"run", "--out", dir}, "--out " + dir + ": is a directory"},
		{[]string{"run", "--corpus", filepath.Join(file, "found")}, "--corpus " + filepath.Join(file, "found") + ": " + file + " is a file"},
		{[]string{"run", "--corpus", file}, "is a file"},
		{[]string{"replay", "--out", filepath.Join(file, "r.xml")}, "--out"},
		{[]string{"faults", "--out", filepath.Join(file, "f.xml")}, "--out"},
		{[]string{"run", "--corpus", filepath.Join(locked, "sub")}, "--corpus " + filepath.Join(locked, "sub") + ": can't write in " + locked},
	} {
		if strings.Contains(tc.want, locked) && canWriteLocked {
			continue
		}
		r := fuzz(t, tc.args...)
		assert.Equal(t, exitUsage, r.code, "%v", tc.args)
		assert.Contains(t, r.stderr, tc.want, "%v", tc.args)
		assert.Empty(t, r.stdout, "%v: nothing ran", tc.args)
	}
}

// TestOutWriteFailsLate: when --out can't be written after all (here its directory is
// replaced by a file while the campaign runs), the text table still reaches stdout and
// the exit code is 2.
func TestOutWriteFailsLate(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	require.NoError(t, os.Mkdir(sub, 0o755))
	out := filepath.Join(sub, "r.json")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stdout, stderr bytes.Buffer
	c := newCLI(ctx, newInterrupt(cancel), &stdout, &stderr)
	var once sync.Once
	c.observe = func(campaign.Progress) {
		once.Do(func() {
			require.NoError(t, os.Remove(sub))
			require.NoError(t, os.WriteFile(sub, nil, 0o644))
		})
	}
	code := c.main([]string{"run", "--props", "cost.tap-symbol", "--checks", "300", "--corpus", dir, "--report", "json", "--out", out})
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stdout.String(), "RULING", "the text table still reaches stdout")
	assert.Contains(t, stderr.String(), "--out "+out)
}

// TestDefaultRunLeavesCheckoutClean: without --corpus, found cases go to found/ at the
// module root, which git ignores, never into the committed corpus/.
func TestDefaultRunLeavesCheckoutClean(t *testing.T) {
	root := moduleRoot()
	require.NotEmpty(t, root)
	assert.Equal(t, filepath.Join(root, foundDirName), abs(t, foundDir()))
	ignore, err := os.ReadFile(filepath.Join(root, ".gitignore"))
	require.NoError(t, err)
	assert.Contains(t, strings.Fields(string(ignore)), "/"+foundDirName+"/")
	h := fuzz(t, "run", "-h")
	assert.Contains(t, h.stdout, "default: found/ at the module root")
}

func abs(t *testing.T, p string) string {
	t.Helper()
	a, err := filepath.Abs(p)
	require.NoError(t, err)
	return a
}

// TestCaseFlagMistakes: --case runs one case; with a count, a budget or a shard it isn't
// in, it is a usage error before any case runs.
func TestCaseFlagMistakes(t *testing.T) {
	for args, want := range map[string]string{
		"--case 3 --checks 10": "--case runs one case: it excludes --checks and --time",
		"--case 3 --time 1m":   "--case runs one case: it excludes --checks and --time",
		"--case -2":            "--case must be at least 0",
		"--case 3 --shard 1/2": "--case 3 is not in shard 1/2 (its cases i have i % 2 == 0)",
	} {
		r := fuzz(t, append([]string{"run", "--props", "invariant.sba"}, strings.Fields(args)...)...)
		assert.Equal(t, exitUsage, r.code, args)
		assert.Contains(t, r.stderr, want, args)
	}
}

// TestResumeInPieces: a campaign run in two pieces, the second resuming the first's JSON
// report, reports what one run of as many cases does; the resumed report's seed, faults
// and properties are taken from it.
func TestResumeInPieces(t *testing.T) {
	const fault = "invariant.sba/legend-rule-off"
	dir := t.TempDir()
	first := filepath.Join(dir, "first.json")
	common := []string{"--corpus", dir, "--report", "json"}
	r := fuzz(t, append([]string{"run", "--props", "invariant.sba,rules.turn", "--fault", fault, "--seed", "5", "--checks", "60", "--out", first}, common...)...)
	require.Equal(t, exitFail, r.code, r.stderr)
	rest := fuzz(t, append([]string{"run", "--resume", first, "--checks", "150"}, common...)...)
	whole := fuzz(t, append([]string{"run", "--props", "invariant.sba,rules.turn", "--fault", fault, "--seed", "5", "--checks", "150"}, common...)...)
	assert.Equal(t, whole.code, rest.code)
	assert.JSONEq(t, whole.stdout, rest.stdout)
	assert.Contains(t, rest.stdout, `"cases": 150`)

	again := fuzz(t, "run", "--resume", first, "--seed", "6", "--checks", "150")
	assert.Equal(t, exitUsage, again.code)
	assert.Contains(t, again.stderr, "--seed 6: the resumed report's seed is 5")
	other := fuzz(t, "run", "--resume", first, "--props", "rules.turn", "--checks", "150")
	assert.Equal(t, exitUsage, other.code)
	assert.Contains(t, other.stderr, "the report covers the properties invariant.sba,rules.turn, not rules.turn")
	bad := filepath.Join(dir, "bad.json")
	require.NoError(t, os.WriteFile(bad, []byte("{"), 0o644))
	assert.Contains(t, fuzz(t, "run", "--resume", bad).stderr, "--resume "+bad+": not a JSON campaign report")
}

// TestResumeKeepsTheWalkLength: a case is a function of --steps too, so a resumed campaign
// takes the report's walk length when --steps is left out, and refuses another one.
func TestResumeKeepsTheWalkLength(t *testing.T) {
	dir := t.TempDir()
	first := filepath.Join(dir, "first.json")
	common := []string{"--corpus", dir, "--report", "json"}
	fuzz(t, append([]string{"run", "--props", "rules.turn", "--steps", "30", "--checks", "40", "--out", first}, common...)...)
	rest := fuzz(t, append([]string{"run", "--resume", first, "--checks", "100"}, common...)...)
	whole := fuzz(t, append([]string{"run", "--props", "rules.turn", "--steps", "30", "--checks", "100"}, common...)...)
	assert.JSONEq(t, whole.stdout, rest.stdout)
	assert.Contains(t, rest.stdout, `"steps": 30`)
	other := fuzz(t, append([]string{"run", "--resume", first, "--steps", "12", "--checks", "100"}, common...)...)
	assert.Contains(t, other.stderr, "the report's walks are of at most 30 steps, not 12")
}

// TestSeedRandom: --seed random draws a seed, says it first on stderr, and runs with it.
func TestSeedRandom(t *testing.T) {
	r := fuzz(t, "run", "--props", "invariant.sba", "--checks", "5", "--seed", "random", "--report", "json")
	m := regexp.MustCompile(`^fuzz: seed (\d+) \(--seed random\)\n`).FindStringSubmatch(r.stderr)
	require.NotNil(t, m, r.stderr)
	assert.Contains(t, r.stdout, `"seed": `+m[1]+",")
	bad := fuzz(t, "run", "--seed", "-1")
	assert.Equal(t, exitUsage, bad.code)
	assert.Contains(t, bad.stderr, "want a number from 0 to 18446744073709551615, or random")
}
