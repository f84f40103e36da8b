package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/campaign"
)

// interrupted runs a command line in-process and delivers sig (once, or twice) as soon
// as when says so; it returns the result like fuzz.
func interrupted(t *testing.T, when func(campaign.Progress) bool, sigs []os.Signal, args ...string) result {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out, errb bytes.Buffer
	in := newInterrupt(cancel)
	c := newCLI(ctx, in, &out, &errb)
	var once sync.Once
	c.observe = func(p campaign.Progress) {
		if when(p) {
			once.Do(func() {
				for _, s := range sigs {
					in.receive(s)
				}
			})
		}
	}
	code := c.main(args)
	return result{code, out.String(), errb.String()}
}

func afterFailure(p campaign.Progress) bool { return p.Failed > 0 && p.Phase == "cases" }

// TestInterruptRunKeepsFindings: SIGINT during an unbounded campaign, after a property
// failed, stops it with the partial report on stdout and in --out, the shrunk
// counterexample saved, and exit 130.
func TestInterruptRunKeepsFindings(t *testing.T) {
	const fault = "mana.undefined-type/gives-colorless"
	dir := t.TempDir()
	out := filepath.Join(dir, "report.json")
	r := interrupted(t, afterFailure, []os.Signal{os.Interrupt}, "run", "--time", "10m", "--fault", fault,
		"--props", "mana.undefined-type,cost.tap-symbol", "--corpus", dir, "--report", "json", "--out", out)
	require.Equal(t, 130, r.code, r.stderr)
	assert.Contains(t, r.stdout, "PARTIAL: interrupted")
	assert.Contains(t, r.stdout, "FAIL mana.undefined-type (")
	assert.Contains(t, r.stderr, "interrupted")

	var rep campaign.Report
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, &rep))
	assert.True(t, rep.Partial)
	var failed *campaign.PropResult
	for i, p := range rep.Props {
		assert.Positive(t, p.Cases, "cases run per property: %s", p.ID)
		if p.ID == "mana.undefined-type" {
			failed = &rep.Props[i]
		}
	}
	require.NotNil(t, failed)
	require.NotNil(t, failed.Failure)
	assert.False(t, failed.Failure.ShrinkStopped, "one interrupt still shrinks")
	require.NotEmpty(t, failed.Failure.CorpusPath)
	_, err = os.Stat(failed.Failure.CorpusPath)
	assert.NoError(t, err, "the counterexample is saved")
}

// TestInterruptTwiceStopsShrinking: a second signal (here SIGTERM twice) stops shrinking;
// the case is saved as it is, and the exit code is 143.
func TestInterruptTwiceStopsShrinking(t *testing.T) {
	dir := t.TempDir()
	shrinking := func(p campaign.Progress) bool { return p.Phase == "shrink" }
	r := interrupted(t, shrinking, []os.Signal{syscall.SIGTERM, syscall.SIGTERM}, "run", "--checks", "200",
		"--fault", "mana.undefined-type/gives-colorless", "--props", "mana.undefined-type", "--corpus", dir)
	require.Equal(t, 143, r.code, r.stdout+r.stderr)
	assert.Contains(t, r.stdout, "shrinking interrupted after 0 steps")
	assert.Contains(t, r.stdout, "saved:")
	saved, _ := filepath.Glob(filepath.Join(dir, "*", "found-*.yaml"))
	assert.NotEmpty(t, saved)
}

// TestInterruptReplayAndFaults: replay and faults stop early with a partial report too.
func TestInterruptReplayAndFaults(t *testing.T) {
	always := func(campaign.Progress) bool { return true }
	r := interrupted(t, always, []os.Signal{os.Interrupt}, "faults", "--checks", "300",
		"mana.undefined-type/gives-colorless", "cost.tap-symbol/tapped-payable")
	assert.Equal(t, 130, r.code, r.stdout+r.stderr)
	assert.Contains(t, r.stdout, "PARTIAL: interrupted")
	assert.Contains(t, r.stdout, "not run")

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	in := newInterrupt(cancel)
	in.receive(os.Interrupt)
	var out, errb bytes.Buffer
	c := newCLI(ctx, in, &out, &errb)
	code := c.main([]string{"replay", corpusFile(t, "mana.undefined-type")})
	assert.Equal(t, 130, code)
	assert.Contains(t, out.String(), "PARTIAL: interrupted")
	// What a replay tells a signal: it has nothing to shrink.
	c.interrupted(true)
	c.interrupted(false)
	assert.Equal(t, "fuzz: interrupted: no more scenarios start; the report of those replayed follows\n"+
		"fuzz: interrupted again: the report follows as soon as the scenario being replayed ends\n", errb.String())
}

// TestSignalExitCodes runs the built command and sends it real signals: the partial
// report is written and the exit code is 128 plus the signal's number.
func TestSignalExitCodes(t *testing.T) {
	bin := builtFuzz(t)
	for _, tc := range []struct {
		sig  syscall.Signal
		code int
	}{{syscall.SIGINT, 130}, {syscall.SIGTERM, 143}} {
		dir := t.TempDir()
		out := filepath.Join(dir, "campaign.xml")
		// cost.tap-symbol holds, so the campaign runs until the signal.
		cmd := exec.Command(bin, "run", "--time", "10m", "--workers", "1", "--props", "mana.undefined-type,cost.tap-symbol",
			"--fault", "mana.undefined-type/gives-colorless", "--corpus", dir, "--report", "junit", "--out", out)
		var stdout bytes.Buffer
		cmd.Stdout = &stdout
		require.NoError(t, cmd.Start())
		time.Sleep(2 * time.Second) // the fault fails within the first cases
		require.NoError(t, cmd.Process.Signal(tc.sig))
		err := cmd.Wait()
		var ee *exec.ExitError
		require.ErrorAs(t, err, &ee, stdout.String())
		assert.Equal(t, tc.code, ee.ExitCode(), "%v", tc.sig)
		data, err := os.ReadFile(out)
		require.NoError(t, err)
		assert.True(t, strings.Contains(string(data), `name="partial" value="true"`), "the JUnit file is marked partial")
		assert.True(t, strings.Contains(stdout.String(), "PARTIAL: interrupted"), "the text report is marked partial")
		found, _ := filepath.Glob(filepath.Join(dir, "mana.undefined-type", "found-*.yaml"))
		assert.NotEmpty(t, found, "the counterexample is saved")
	}
}

// TestInterruptWithoutPartial: a command with nothing to save (here list) ends at the
// first signal, with 128 plus its number.
func TestInterruptWithoutPartial(t *testing.T) {
	in := newInterrupt(func() {})
	var code int
	in.exit = func(c int) { code = c }
	in.receive(syscall.SIGTERM)
	assert.Equal(t, 143, code)

	in = newInterrupt(func() {})
	code = -1
	in.exit = func(c int) { code = c }
	in.keepPartial()
	in.receive(os.Interrupt)
	assert.Equal(t, -1, code, "a command that writes a partial report gets to write it")
	assert.True(t, in.stopped())
}

var (
	buildOnce sync.Once
	builtBin  string
	buildErr  error
)

// builtFuzz builds the command once for the tests that run it as a process of its own
// (real signals, a hard kill), and skips them under -short.
func builtFuzz(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the command")
	}
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "fuzz-bin-")
		if err != nil {
			buildErr = err
			return
		}
		builtBin = filepath.Join(dir, "fuzz")
		out, err := exec.Command("go", "build", "-o", builtBin, ".").CombinedOutput()
		if err != nil {
			buildErr = errors.New(string(out))
		}
	})
	require.NoError(t, buildErr)
	return builtBin
}

// TestKilledCampaignKeepsCounterexamples: a campaign killed with SIGKILL (a CI job's time
// limit, the out-of-memory killer) can write no report, but every counterexample it had
// shrunk is already saved: the test waits for the first one to be reported on stderr
// (no terminal), kills the process, and replays the saved file under the same fault.
func TestKilledCampaignKeepsCounterexamples(t *testing.T) {
	bin := builtFuzz(t)
	const fault = "mana.undefined-type/gives-colorless"
	dir := t.TempDir()
	out := filepath.Join(dir, "report.json")
	// cost.tap-symbol holds, so the campaign runs until it is killed.
	cmd := exec.Command(bin, "run", "--time", "10m", "--workers", "1", "--props", "mana.undefined-type,cost.tap-symbol",
		"--fault", fault, "--corpus", dir, "--report", "json", "--out", out)
	stderr, err := cmd.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	defer cmd.Process.Kill()
	var said []string
	sc := bufio.NewScanner(stderr)
	for sc.Scan() {
		said = append(said, sc.Text())
		if strings.HasPrefix(strings.TrimSpace(sc.Text()), "reproduce:") {
			break // the last line of the first counterexample's summary
		}
	}
	require.NoError(t, cmd.Process.Signal(syscall.SIGKILL))
	err = cmd.Wait()
	var ee *exec.ExitError
	require.ErrorAs(t, err, &ee)
	assert.Equal(t, "signal: killed", ee.Error())
	summary := strings.Join(said, "\n")
	// Whichever property of the ruling finds it first (the card pool decides which).
	require.Contains(t, summary, "found a counterexample of mana.")
	_, err = os.Stat(out)
	assert.True(t, os.IsNotExist(err), "killed before any report was written")

	// Each property of the ruling that failed before the kill saved its counterexample
	// (the first summary names one of them); every one is kept.
	saved, _ := filepath.Glob(filepath.Join(dir, "mana.*", "found-*.yaml"))
	require.NotEmpty(t, saved, summary)
	i := slices.IndexFunc(saved, func(path string) bool { return strings.Contains(summary, "saved:     "+path) })
	require.GreaterOrEqual(t, i, 0, "the summary names a saved file: %s", summary)
	replay := exec.Command(bin, "replay", "--fault", fault, saved[i])
	text, err := replay.CombinedOutput()
	require.ErrorAs(t, err, &ee, string(text))
	assert.Equal(t, exitFail, ee.ExitCode(), string(text))
	assert.Contains(t, string(text), "FAIL")
}
