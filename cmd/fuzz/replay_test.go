package main

import (
	"encoding/json"
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReplayHandWritten replays a hand-written scenario: it holds on the reference
// engine and fails with the fault its ruling is about, each time with the JUnit file to
// match.
func TestReplayHandWritten(t *testing.T) {
	file := corpusFile(t, "mana.undefined-type/reflecting-pool-alone.yaml")
	dir := t.TempDir()

	out := filepath.Join(dir, "replay.xml")
	r := fuzz(t, "replay", file, "--report", "junit", "--out", out)
	require.Equal(t, exitOK, r.code, r.stdout+r.stderr)
	assert.Contains(t, r.stdout, "PASS  "+file)
	assert.Contains(t, r.stdout, "1 scenario (engine reference): 1 passed, 0 failed")
	var doc struct {
		Tests    int `xml:"tests,attr"`
		Failures int `xml:"failures,attr"`
	}
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	require.NoError(t, xml.Unmarshal(data, &doc))
	assert.Equal(t, 1, doc.Tests)
	assert.Equal(t, 0, doc.Failures)

	// Reflecting Pool alone must add no mana (CR 106.5); the fault makes it add {C}, and
	// the failure points at a line of the file.
	r = fuzz(t, "replay", "--fault", "mana.undefined-type/gives-colorless", "--report", "json", file)
	require.Equal(t, exitFail, r.code, r.stdout+r.stderr)
	var rep struct {
		Fault string
		Files []struct {
			Passed   bool
			Failures []string
		}
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &rep))
	require.Len(t, rep.Files, 1)
	assert.Equal(t, "mana.undefined-type/gives-colorless", rep.Fault)
	assert.False(t, rep.Files[0].Passed)
	require.NotEmpty(t, rep.Files[0].Failures)
	assert.Regexp(t, `^`+file+`:\d+: `, rep.Files[0].Failures[0])
}

// TestExplain prints a hand-written scenario's game log with the board after each step.
func TestExplain(t *testing.T) {
	file := corpusFile(t, "mana.undefined-type/reflecting-pool-alone.yaml")
	r := fuzz(t, "explain", file)
	require.Equal(t, exitOK, r.code, r.stdout+r.stderr)
	assert.Contains(t, r.stdout, "Reflecting Pool")
	assert.Contains(t, r.stdout, "PASS "+file)

	r = fuzz(t, "explain", "--fault", "mana.undefined-type/gives-colorless", file)
	assert.Equal(t, exitFail, r.code)
	assert.Contains(t, r.stdout, "FAIL "+file)
}

// TestHTMLReports: run, replay and faults write the HTML page, with the failure's boards.
func TestHTMLReports(t *testing.T) {
	const fault = "mana.undefined-type/gives-colorless"
	dir := t.TempDir()
	file := corpusFile(t, "mana.undefined-type/reflecting-pool-alone.yaml")
	for _, args := range [][]string{
		{"run", "--fault", fault, "--props", "mana.undefined-type", "--checks", "50", "--corpus", dir},
		{"replay", "--fault", fault, file},
		{"faults", "--checks", "50", fault},
	} {
		out := filepath.Join(dir, args[0]+".html")
		r := fuzz(t, append(args, "--report", "html", "--out", out)...)
		require.Contains(t, []int{exitOK, exitFail}, r.code, "%v: %s", args, r.stderr)
		data, err := os.ReadFile(out)
		require.NoError(t, err)
		page := string(data)
		assert.True(t, strings.HasPrefix(page, "<!DOCTYPE html>"), "%v", args)
		assert.Contains(t, page, `<div class="board seen">`, "%v: the board the failure was seen on", args)
		assert.Contains(t, page, `<div class="perm`, "%v: the permanents are drawn", args)
	}
}
