package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The test binary is also the CLI: with FUZZ_TEST_AS_CLI=1 it runs its arguments as a
// command line, which lets tests start "fuzz serve" as a real process.
func TestMain(m *testing.M) {
	if os.Getenv("FUZZ_TEST_AS_CLI") == "1" {
		os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// selfCommand is the command line that runs this binary as "fuzz ARGS...".
func selfCommand(args ...string) string {
	return fmt.Sprintf("FUZZ_TEST_AS_CLI=1 %s %s", os.Args[0], strings.Join(args, " "))
}

// table is the verdict table and count line of a campaign's text report.
func table(stdout string) string {
	for _, block := range []string{"\nVACUOUS ", "\nFAIL "} { // the verdict blocks name the engine
		stdout, _, _ = strings.Cut(stdout, block)
	}
	return stdout
}

// withoutInProcessOnly leaves out of a campaign's table in process what one through
// "fuzz serve" can't show: invariant.caches needs the engine's uncached twin
// (harness.Uncached), which the protocol has no message for, so through a port the
// property is unsupported. The count lines, which count it, go too.
func withoutInProcessOnly(table string) string {
	var kept []string
	skipping := false
	for _, line := range strings.Split(table, "\n") {
		switch {
		case strings.HasPrefix(line, "invariant.caches "):
			skipping = true
			continue
		case skipping && strings.HasPrefix(strings.TrimSpace(line), "·"):
			continue
		case strings.Contains(line, " properties: ") || strings.HasPrefix(line, "wasted cases: "):
			continue
		}
		skipping = false
		kept = append(kept, line)
	}
	return strings.Join(kept, "\n")
}

// TestRunThroughServeMatchesInProcess: a campaign against "fuzz serve" gives the same
// table as in process, fault and all, and its reproduce and replay lines name the port.
func TestRunThroughServeMatchesInProcess(t *testing.T) {
	args := []string{"run", "--props", "mana.undefined-type,invariant.sba", "--checks", "150", "--seed", "2",
		"--fault", "mana.undefined-type/gives-colorless", "--workers", "2"}
	local := fuzz(t, append(args, "--corpus", t.TempDir())...)
	serve := selfCommand("serve")
	remote := fuzz(t, append(args, "--corpus", t.TempDir(), "--engine", serve)...)
	require.Equal(t, 1, local.code, local.stderr)
	require.Equal(t, 1, remote.code, remote.stderr)
	assert.Equal(t, table(local.stdout), table(remote.stdout))
	assert.Contains(t, remote.stdout, "reproduce: go run ./cmd/fuzz run --props mana.undefined-type --seed 2 --case")
	assert.Regexp(t, regexp.MustCompile(`reproduce: .* --engine '`+regexp.QuoteMeta("FUZZ_TEST_AS_CLI=1 ")), remote.stdout)
	assert.Regexp(t, regexp.MustCompile(`replay: +go run ./cmd/fuzz replay \S+found-\w+\.yaml --fault \S+ --engine '`), remote.stdout)
}

// TestEveryPropertyThroughServe: every property, its clauses' reach included, judges the
// reference engine through "fuzz serve" as it does in process. A property that starts a
// second game (a fresh board, a resampled one) must be done with the first game's states
// before it: a port keeps one game's states only (library.costs-and-timing's cost clause
// was never reached through a port when it asked the first game after starting the second).
func TestEveryPropertyThroughServe(t *testing.T) {
	args := []string{"run", "--checks", "100", "--seed", "3", "--workers", "2"}
	local := fuzz(t, append(args, "--corpus", t.TempDir())...)
	remote := fuzz(t, append(args, "--corpus", t.TempDir(), "--engine", selfCommand("serve"))...)
	require.Equal(t, local.code, remote.code, remote.stdout+remote.stderr)
	assert.Equal(t, withoutInProcessOnly(table(local.stdout)), withoutInProcessOnly(table(remote.stdout)))
	assert.Contains(t, table(remote.stdout), "invariant.caches                   invariant.caches                    0      0        UNSUPPORTED")
}

// TestReplayThroughServe: the whole corpus passes through "fuzz serve", with the
// conformance table by ruling.
func TestReplayThroughServe(t *testing.T) {
	r := fuzz(t, "replay", "--engine", selfCommand("serve"))
	require.Equal(t, 0, r.code, r.stdout+r.stderr)
	assert.Contains(t, r.stdout, "RULING")
	assert.Regexp(t, `mana\.undefined-type +\d+ +0 +0 +0`, r.stdout)
	assert.NotRegexp(t, `(?m)^(FAIL|ERROR)`, r.stdout)
	assert.Contains(t, r.stdout, "0 failed")
}

// TestEngineThatWontStart: a port command that fails is a clear error, not a hang.
func TestEngineThatWontStart(t *testing.T) {
	r := fuzz(t, "replay", "--engine", "echo not a port; exit 4")
	assert.Equal(t, 3, r.code, "a port that can't start has its own exit code")
	assert.Contains(t, r.stderr, "port broke the protocol on handshake")
	assert.Contains(t, r.stderr, "not a port")
}

// TestDiffAgainstServe: the reference engine and "fuzz serve" never diverge.
func TestDiffAgainstServe(t *testing.T) {
	r := fuzz(t, "diff", "--engine", selfCommand("serve"), "--cases", "150", "--corpus", t.TempDir())
	require.Equal(t, 0, r.code, r.stdout+r.stderr)
	assert.Contains(t, r.stdout, "no divergence in 150 cases")
}

// TestDiffSavesTheDivergence: against a port with a fault on, the divergence is shown side
// by side and saved as a scenario that fails on that port and passes on the reference.
func TestDiffSavesTheDivergence(t *testing.T) {
	dir := t.TempDir()
	faulty := selfCommand("serve", "--fault", "cost.tap-symbol/tapped-payable")
	r := fuzz(t, "diff", "--engine", faulty, "--cases", "300", "--corpus", dir)
	require.Equal(t, 1, r.code, r.stdout+r.stderr)
	assert.Contains(t, r.stdout, "DIVERGED in case")
	assert.Regexp(t, `WHAT +reference \(drives\) +reference\+fault`, r.stdout)
	saved := regexp.MustCompile(`saved: +(\S+)`).FindStringSubmatch(r.stdout)
	require.Len(t, saved, 2)
	assert.Equal(t, 0, fuzz(t, "replay", saved[1]).code, "the scenario holds on the reference engine")
	onPort := fuzz(t, "replay", saved[1], "--engine", faulty)
	assert.Equal(t, 1, onPort.code, onPort.stdout)
}

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
	assert.Equal(t, 3, strings.Count(r.stdout, "\n  saved:     "+dir), r.stdout)
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

// TestDiffUnwritableCorpus: a --corpus that can't be written is an input error before
// any case runs, not divergences found and lost.
func TestDiffUnwritableCorpus(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	r := fuzz(t, "diff", "--engine", "never started", "--corpus", filepath.Join(file, "sub"))
	assert.Equal(t, 2, r.code, r.stdout+r.stderr)
	assert.Contains(t, r.stderr, "--corpus")
	assert.Empty(t, r.stdout)
}

// TestCheckEngineThroughServe: "fuzz serve" follows every convention.
func TestCheckEngineThroughServe(t *testing.T) {
	r := fuzz(t, "check-engine", "--engine", selfCommand("serve"), "--cases", "60")
	require.Equal(t, 0, r.code, r.stdout+r.stderr)
	assert.Regexp(t, `object-ids +\d+ +0 +ok`, r.stdout)
	assert.NotContains(t, r.stdout, "\nBROKEN ")
}

// TestExplainUnsupportedScenario: a scenario needing a card the port lacks is reported
// unsupported, not failed.
func TestExplainUnsupportedScenario(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("node is not installed")
		}
		t.Skip("node is not installed")
	}
	r := fuzz(t, "explain", "../../corpus/mana.undefined-type/reflecting-pool-alone.yaml", "--engine", "node ../../examples/node/engine.js")
	require.Equal(t, 0, r.code, r.stdout+r.stderr)
	assert.Contains(t, r.stdout, "UNSUPPORTED")
	assert.Contains(t, r.stdout, "needs card Reflecting Pool")
}

// TestReplayUnreportedEventsIsUnsupported: the Node.js example declares it doesn't report
// zone changes or taps, so a scenario reading them with happened: is unsupported on it,
// though the port knows every card and action the scenario uses.
func TestReplayUnreportedEventsIsUnsupported(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("node is not installed")
		}
		t.Skip("node is not installed")
	}
	file := filepath.Join(t.TempDir(), "untap.yaml")
	require.NoError(t, os.WriteFile(file, []byte(`format: 1
ruling: rules.turn
title: the untap step untaps the Forest
setup:
  step: end
  B:
    battlefield: [{card: Forest, tapped: true}]
actions:
  - do: pass until B upkeep
    expect:
      - happened: [{card: Forest, event: untapped}]
`), 0o644))
	r := fuzz(t, "replay", file)
	require.Equal(t, exitOK, r.code, r.stdout+r.stderr)
	r = fuzz(t, "replay", file, "--engine", "node ../../examples/node/engine.js")
	require.Equal(t, exitOK, r.code, r.stdout+r.stderr)
	assert.Contains(t, r.stdout, "UNSUPPORTED")
	assert.Contains(t, r.stdout, "needs reports of taps (not reported)")
}
