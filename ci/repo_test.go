// Package ci holds the CI gate (gate.sh) and the tests of what it promises about the
// repository itself.
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

// tracked lists the files git tracks, relative to the module root (the parent directory).
func tracked(t *testing.T) []string {
	t.Helper()
	out, err := exec.Command("git", "-C", "..", "ls-files", "-z").Output()
	if err != nil {
		t.Skipf("not a git checkout: %v", err)
	}
	return strings.Split(strings.TrimRight(string(out), "\x00"), "\x00")
}

// images are the binary files the repository may track: documentation screenshots.
var images = []string{".png", ".jpg", ".svg"}

// TestNoTrackedBinaries: build outputs never get committed. A file is binary if it starts
// like an executable (ELF, Mach-O, PE, a Go archive) or holds a NUL byte.
func TestNoTrackedBinaries(t *testing.T) {
	magic := [][]byte{{0x7f, 'E', 'L', 'F'}, {0xcf, 0xfa, 0xed, 0xfe}, {0xfe, 0xed, 0xfa, 0xcf}, []byte("MZ"), []byte("!<arch>")}
	for _, f := range tracked(t) {
		data, err := os.ReadFile(filepath.Join("..", f))
		if err != nil {
			continue // deleted in the work tree
		}
		isImage := false
		for _, ext := range images {
			isImage = isImage || strings.HasSuffix(f, ext) && strings.HasPrefix(f, "docs/")
		}
		if isImage {
			continue
		}
		for _, m := range magic {
			assert.False(t, bytes.HasPrefix(data, m), "%s is an executable or archive: build outputs don't belong in git", f)
		}
		assert.NotContains(t, string(data), "\x00", "%s is binary", f)
	}
}

// TestGateTidy: the gate's tidy step passes on this repository and fails on a copy whose
// go.mod lacks a requirement the code needs.
func TestGateTidy(t *testing.T) {
	if testing.Short() {
		t.Skip("copies the repository")
	}
	files := tracked(t)
	run := func(dir string) (int, string) {
		cmd := exec.Command("bash", "ci/gate.sh", "tidy")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off")
		out, _ := cmd.CombinedOutput()
		return cmd.ProcessState.ExitCode(), string(out)
	}
	code, out := run("..")
	require.Equal(t, 0, code, out)

	dir := t.TempDir()
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join("..", f))
		if err != nil {
			continue
		}
		dst := filepath.Join(dir, f)
		require.NoError(t, os.MkdirAll(filepath.Dir(dst), 0o755))
		require.NoError(t, os.WriteFile(dst, data, 0o644))
	}
	mod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	require.NoError(t, err)
	var kept []string
	for _, line := range strings.Split(string(mod), "\n") {
		if !strings.Contains(line, "go-cmp") {
			kept = append(kept, line)
		}
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte(strings.Join(kept, "\n")), 0o644))
	code, out = run(dir)
	assert.Equal(t, 1, code, "an untidy go.mod fails the gate:\n%s", out)
	assert.Contains(t, out, "go.mod or go.sum is not tidy")
}

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
