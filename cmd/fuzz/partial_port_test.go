package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/internal/partialengine"
	"github.com/mtgfuzz/mtgfuzz/port"
)

// The test binary doubles as a partial port: with FUZZ_TEST_PARTIAL_PORT set it serves
// internal/partialengine (no cast, pay, attack or block; boards with an empty library
// declined) on stdin and stdout, misbehaving as the mode says: "serve" (a correct port),
// "crash-after=N" (answers N messages, then exits), "hang-after=N" (answers N, then never
// again), "banner" (prints a line that is not protocol on stdout first).
func init() {
	mode, ok := os.LookupEnv("FUZZ_TEST_PARTIAL_PORT")
	if !ok {
		return
	}
	os.Exit(servePartial(mode))
}

// partialPort is the command line of the partial test port in mode.
func partialPort(mode string) string {
	return fmt.Sprintf("FUZZ_TEST_PARTIAL_PORT=%s %s", mode, os.Args[0])
}

func servePartial(mode string) int {
	name, arg, _ := strings.Cut(mode, "=")
	limit, _ := strconv.Atoi(arg)
	var out io.Writer = os.Stdout
	switch name {
	case "banner":
		fmt.Println("partial engine v0.1 ready")
	case "crash-after", "hang-after":
		out = &answerLimit{w: os.Stdout, left: limit, hang: name == "hang-after"}
	}
	err := port.Serve(bufio.NewReader(os.Stdin), out, port.ServeOptions{
		Engine: func(faults []string) (harness.Engine, error) {
			return partialengine.New(partialengine.Options{Faults: faults})
		}})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// answerLimit lets through a number of answer lines, then ends the process (saying so on
// stderr) or hangs.
type answerLimit struct {
	w    io.Writer
	left int
	hang bool
}

func (a *answerLimit) Write(b []byte) (int, error) {
	for _, line := range strings.SplitAfter(string(b), "\n") {
		if line == "" {
			continue
		}
		if a.left == 0 {
			if a.hang {
				fmt.Fprintln(os.Stderr, "partial: stuck in an endless loop")
				time.Sleep(time.Hour)
			}
			fmt.Fprintln(os.Stderr, "partial: fatal: out of memory")
			os.Exit(3)
		}
		a.left--
		if _, err := io.WriteString(a.w, line); err != nil {
			return 0, err
		}
	}
	return len(b), nil
}

// TestReplayOfADeclinedBoardIsUnsupported: a scenario whose board the port declines (an
// "unsupported" answer to start) is UNSUPPORTED, as one naming a card it lacks is, not
// FAIL.
func TestReplayOfADeclinedBoardIsUnsupported(t *testing.T) {
	path := filepath.Join(t.TempDir(), "empty-library.yaml")
	require.NoError(t, os.WriteFile(path, []byte(`format: 1
ruling: invariant.pool
rules: [500.5]
title: Passing with an empty library
setup:
  turn: 3
  active: A
  step: main1
  A:
    battlefield: [Forest]
actions:
  - do: A pass
`), 0o644))
	r := fuzz(t, "replay", "--engine", partialPort("serve"), path)
	assert.Equal(t, 0, r.code, r.stdout+r.stderr)
	assert.Contains(t, r.stdout, "1 unsupported")
	assert.Contains(t, r.stdout, "partial needs a library for each player")
	assert.NotRegexp(t, `(?m)^(FAIL|ERROR)`, r.stdout)
}

// TestRunOnDeclinedBoards: through a port that declines some boards, a campaign counts
// them as rejected and judges the property on the rest: no ERROR.
func TestRunOnDeclinedBoards(t *testing.T) {
	r := fuzz(t, "run", "--engine", partialPort("serve"), "--props", "rules.priority", "--checks", "40", "--corpus", t.TempDir())
	assert.Equal(t, 0, r.code, r.stdout+r.stderr)
	assert.NotContains(t, r.stdout, "ERROR")
	assert.NotContains(t, r.stdout, "engine failed at setup")
	assert.Regexp(t, `wasted cases: [1-9]\d* rejected`, r.stdout)
	assert.Regexp(t, `rules\.priority +40 +\d+ +pass`, r.stdout)
}
