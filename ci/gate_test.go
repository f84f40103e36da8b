package ci

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGatePassesSIGTERMOn: a SIGTERM to gate.sh (a CI job's time limit) reaches the fuzz
// binary of the running step, which writes its partial report; the gate then stops with
// 143. With "go run" the signal ended go run alone and the campaign ran on.
func TestGatePassesSIGTERMOn(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command and runs the gate")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "fuzz")
	build := exec.Command("go", "build", "-o", bin, "./cmd/fuzz")
	build.Dir = ".."
	out, err := build.CombinedOutput()
	require.NoError(t, err, string(out))

	gate := exec.Command("bash", "ci/gate.sh", "campaign")
	gate.Dir = ".."
	gate.Env = append(os.Environ(), "BIN="+bin, "OUT="+dir, "CHECKS=10000000")
	var log bytes.Buffer
	gate.Stdout, gate.Stderr = &log, &log
	gate.WaitDelay = 10 * time.Second // a fuzz left running without the gate keeps its output open
	require.NoError(t, gate.Start())
	defer gate.Process.Kill()
	// Wait for the gate to start the campaign, and the campaign to set up its signals.
	for children(gate.Process.Pid) == "" {
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(2 * time.Second)
	require.NoError(t, gate.Process.Signal(syscall.SIGTERM))
	err = gate.Wait()
	var ee *exec.ExitError
	require.ErrorAs(t, err, &ee, log.String())
	assert.Equal(t, 143, ee.ExitCode(), log.String())
	assert.Contains(t, log.String(), "gate: interrupted during campaign")
	data, err := os.ReadFile(filepath.Join(dir, "campaign.xml"))
	require.NoError(t, err, log.String())
	assert.Contains(t, string(data), `name="partial" value="true"`, "the fuzz process wrote its partial report")
}

// children lists the child processes of pid ("" for none).
func children(pid int) string {
	out, _ := exec.Command("pgrep", "-P", strconv.Itoa(pid)).Output()
	return strings.TrimSpace(string(out))
}
