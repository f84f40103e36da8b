package main

import (
	"bufio"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

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
	require.Contains(t, summary, "found a counterexample of mana.undefined-type")
	_, err = os.Stat(out)
	assert.True(t, os.IsNotExist(err), "killed before any report was written")

	saved, _ := filepath.Glob(filepath.Join(dir, "mana.undefined-type", "found-*.yaml"))
	require.Len(t, saved, 1, summary)
	assert.Contains(t, summary, "saved:     "+saved[0])
	replay := exec.Command(bin, "replay", "--fault", fault, saved[0])
	text, err := replay.CombinedOutput()
	require.ErrorAs(t, err, &ee, string(text))
	assert.Equal(t, exitFail, ee.ExitCode(), string(text))
	assert.Contains(t, string(text), "FAIL")
}
