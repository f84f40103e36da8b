package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/internal/partialengine"
	"github.com/mtgfuzz/mtgfuzz/port"
	"github.com/mtgfuzz/mtgfuzz/props"
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
	case "bad-turn": // snapshots give the turn as a string: JSON, but not the schema's
		out = &rewriter{w: os.Stdout, re: regexp.MustCompile(`"turn":(\d+)`), to: `"turn":"$1"`}
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

// rewriter rewrites what is written with a regular expression.
type rewriter struct {
	w  io.Writer
	re *regexp.Regexp
	to string
}

func (r *rewriter) Write(b []byte) (int, error) {
	if _, err := r.w.Write(r.re.ReplaceAll(b, []byte(r.to))); err != nil {
		return 0, err
	}
	return len(b), nil
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

// TestPortThatBreaksMidCampaign: a port that crashes after some answers breaks in a
// property's Check as often as in the walk: that is the ERROR verdict with the protocol
// error, the request, the port's stderr and the action, never a FAIL.
func TestPortThatBreaksMidCampaign(t *testing.T) {
	r := fuzz(t, "run", "--engine", partialPort("crash-after=40"), "--timeout", "2s", "--props", "invariant.purity",
		"--checks", "20", "--corpus", t.TempDir())
	assert.Equal(t, 1, r.code, r.stderr)
	assert.Contains(t, r.stdout, "ERROR invariant.purity")
	assert.NotContains(t, r.stdout, "FAIL invariant.purity")
	assert.Contains(t, r.stdout, "port broke the protocol on")
	assert.Contains(t, r.stdout, "no answer: the port closed its output")
	assert.Contains(t, r.stdout, "request:")
	assert.Contains(t, r.stdout, "fatal: out of memory")
	assert.Regexp(t, `1 errored`, r.stdout)
}

// TestPortThatHangsMidCampaign: a port that stops answering, with a 2s timeout, is an
// engine error in the walk and in Check alike: ERROR, never a FAIL. (Not shrunk: every
// hang costs the timeout.) The port declines most generated boards (it needs libraries), so
// it takes 20 cases to reach its 40th answer.
func TestPortThatHangsMidCampaign(t *testing.T) {
	rep, err := campaign.Run(context.Background(), campaign.Config{Props: props.Match("invariant.purity"), Seed: 1, Checks: 20,
		ShrinkBudget: -1, Engine: func() (harness.Engine, error) {
			c, err := port.Open(port.Options{Command: partialPort("hang-after=40"), Timeout: 2 * time.Second})
			if err != nil {
				return nil, err
			}
			return c.Engine(), nil
		}})
	require.NoError(t, err)
	p := rep.Props[0]
	assert.Equal(t, campaign.Errored, p.Outcome)
	require.NotNil(t, p.Failure)
	assert.Contains(t, p.Failure.Error, "no answer within 2s")
	assert.Contains(t, p.Failure.Error, "request:")
	assert.Contains(t, p.Failure.Error, "stuck in an endless loop")
	assert.Positive(t, p.Wasted.Errors)
}

// TestPortThatHangsAtStart: the handshake waits --start-timeout, not three minutes, and a
// port that can't start exits 3, its own code, naming the flag.
func TestPortThatHangsAtStart(t *testing.T) {
	r := fuzz(t, "run", "--engine", "sleep 600", "--start-timeout", "1s", "--props", "rules.priority", "--checks", "1")
	assert.Equal(t, 3, r.code, r.stdout+r.stderr)
	assert.Contains(t, r.stderr, "could not be started")
	assert.Contains(t, r.stderr, "no answer within 1s")
	assert.Contains(t, r.stderr, "see --start-timeout")
	r = fuzz(t, "replay", "--engine", "echo not a port; exit 4")
	assert.Equal(t, 3, r.code, r.stdout+r.stderr)
}

// TestCheckEngineSaysWhyStartFailed: a start answer the harness can't decode is a broken
// "start" convention quoting the answer and the decoder's complaint, not "not reached".
func TestCheckEngineSaysWhyStartFailed(t *testing.T) {
	r := fuzz(t, "check-engine", "--engine", partialPort("bad-turn"), "--cases", "5")
	assert.Equal(t, 1, r.code, r.stdout+r.stderr)
	assert.Regexp(t, `start +\d+ +[1-9]\d* +BROKEN`, r.stdout)
	assert.Contains(t, r.stdout, "BROKEN start")
	assert.Contains(t, r.stdout, `"turn":"`, "the answer is quoted")
	assert.Contains(t, r.stdout, "cannot unmarshal", "the complaint is given")
}

// TestPortThatPrintsABanner: a line on stdout that is not protocol is quoted, with the
// reason: stdout is the protocol channel, logs go to stderr.
func TestPortThatPrintsABanner(t *testing.T) {
	r := fuzz(t, "check-engine", "--engine", partialPort("banner"), "--cases", "1")
	assert.Equal(t, 3, r.code, r.stdout+r.stderr)
	assert.Contains(t, r.stderr, "partial engine v0.1 ready", "the line is quoted")
	assert.Contains(t, r.stderr, "stdout is the protocol channel")
	assert.Contains(t, r.stderr, "write logs and banners to stderr")
}
