package main

import (
	"bytes"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"

	"github.com/mtgfuzz/mtgfuzz/campaign"
)

// TestProgressOffTerminal: off a terminal (a CI log, a pipe), a whole line every logEvery
// of the run, never rewritten, and nothing for a run shorter than that; a new run starts
// the count again.
func TestProgressOffTerminal(t *testing.T) {
	var b bytes.Buffer
	p := newProgressLine(&b)
	p.start(2, 0, "")
	p.update(campaign.Progress{Phase: "cases", Cases: 10, Total: 100, Elapsed: logEvery - time.Second})
	p.clear()
	assert.Empty(t, b.String())
	p.update(campaign.Progress{Phase: "cases", Cases: 50, Elapsed: logEvery + time.Second, Failed: 1, Warnings: 2})
	p.update(campaign.Progress{Phase: "cases", Cases: 60, Elapsed: logEvery + 2*time.Second})
	p.update(campaign.Progress{Phase: "shrink", Cases: 90, Elapsed: 3*logEvery + time.Second, Failed: 1, Prop: "x"})
	p.clear()
	assert.Equal(t, "fuzz: 50 cases of 2 properties, 1 failing, 2 reach warnings, 31s\n"+
		"fuzz: shrinking 1 failed of 2 properties after 90 cases, 1m31s  x\n", b.String())
	b.Reset()
	p.start(2, 0, "")
	p.update(campaign.Progress{Phase: "cases", Cases: 1, Elapsed: time.Second})
	assert.Empty(t, b.String())
}

func fixedWidth(n int) func() int { return func() int { return n } }

// TestProgressLine: each update rewrites one line in place, shows the whole run (every
// property, cases of the total), a shorter line blanks what the longer one left, and
// clear blanks it.
func TestProgressLine(t *testing.T) {
	var b bytes.Buffer
	p := &progressLine{w: &b, cols: fixedWidth(200)}
	p.start(16, 0, "")
	p.update(campaign.Progress{Phase: "cases", Cases: 256, Total: 1000, Failed: 1, Prop: "mana.could-produce", Elapsed: 2 * time.Second})
	first := "fuzz: 256/1000 cases (25%) of 16 properties, 1 failing, 2s  mana.could-produce"
	assert.Equal(t, "\r"+first, b.String())
	b.Reset()
	p.update(campaign.Progress{Phase: "shrink", Cases: 1000, Failed: 1, Prop: "x", Elapsed: 3 * time.Second})
	line := "fuzz: shrinking 1 failed of 16 properties after 1000 cases, 3s  x"
	assert.True(t, strings.HasPrefix(b.String(), "\r"+line))
	assert.Equal(t, len(first), len(b.String())-1, "padded to blank the longer line")
	b.Reset()
	p.clear()
	assert.Equal(t, "\r"+strings.Repeat(" ", len(line))+"\r", b.String())
}

// TestProgressTimeLeft: with --time the line shows the time left of the budget.
func TestProgressTimeLeft(t *testing.T) {
	got := progressText(campaign.Progress{Phase: "cases", Cases: 9000, Failed: 2, Errored: 1, Elapsed: 15 * time.Second}, 16, time.Minute)
	assert.Equal(t, "fuzz: 9000 cases of 16 properties, 2 failing, 1 errored, 15s (45s left)", got)
}

// TestProgressFitsTerminal: a line never reaches the terminal's last column, where it
// would wrap and could no longer be rewritten in place.
func TestProgressFitsTerminal(t *testing.T) {
	var b bytes.Buffer
	p := &progressLine{w: &b, cols: fixedWidth(40)}
	p.start(16, time.Hour, "")
	p.update(campaign.Progress{Phase: "cases", Cases: 123456, Failed: 3, Prop: "mana.could-produce/relations", Elapsed: time.Minute})
	line := strings.TrimPrefix(b.String(), "\r")
	assert.Equal(t, 39, utf8.RuneCountInString(line), line)
	assert.True(t, strings.HasPrefix(line, "fuzz: 123456 cases of 16 properties"))
}

// TestErrorClearsProgress: an error printed while the progress line is up starts on a
// clean line.
func TestErrorClearsProgress(t *testing.T) {
	var b bytes.Buffer
	c := &cli{stderr: &b, prog: &progressLine{w: &b, cols: fixedWidth(80)}}
	c.prog.update(campaign.Progress{Phase: "cases", Cases: 1, Total: 2})
	shown := b.Len() - 1
	c.errorf("--out x: no")
	assert.Equal(t, "\r"+strings.Repeat(" ", shown)+"\rfuzz: --out x: no\n", b.String()[shown+1:])
}

// TestProgressLabel: the fault matrix says which fault's hunt the line is about.
func TestProgressLabel(t *testing.T) {
	var b bytes.Buffer
	p := &progressLine{w: &b, cols: fixedWidth(200)}
	p.start(1, 0, "fault 3/20 x/y")
	p.update(campaign.Progress{Phase: "cases", Cases: 256, Total: 5000, Prop: "x", Elapsed: time.Second})
	assert.Equal(t, "\rfuzz: fault 3/20 x/y: 256/5000 cases (5%) of 1 property, 0 failing, 1s  x", b.String())
}
