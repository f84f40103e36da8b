package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/mtgfuzz/mtgfuzz/campaign"
)

// TestProgressSilentOffTerminal: tests, pipes and files never get progress lines.
func TestProgressSilentOffTerminal(t *testing.T) {
	var b bytes.Buffer
	c := &cli{stderr: &b}
	p := c.progress()
	p.update(campaign.Progress{Phase: "cases", Cases: 10, Total: 100})
	p.done()
	assert.Empty(t, b.String())
}

// TestProgressLine: each update rewrites one line in place, a shorter line blanks what
// the longer one left, and done clears it.
func TestProgressLine(t *testing.T) {
	var b bytes.Buffer
	p := &progressLine{w: &b}
	p.update(campaign.Progress{Phase: "cases", Cases: 256, Total: 1000, Failed: 1, Prop: "mana.could-produce", Elapsed: 2 * time.Second})
	assert.Equal(t, "\rfuzz: 256/1000 cases (25%), 1 failing, 2s  mana.could-produce", b.String())
	b.Reset()
	p.update(campaign.Progress{Phase: "shrink", Cases: 1000, Failed: 1, Prop: "x", Elapsed: 3 * time.Second})
	line := "fuzz: shrinking x (1000 cases run, 1 failing), 3s"
	assert.True(t, strings.HasPrefix(b.String(), "\r"+line))
	assert.Equal(t, len("fuzz: 256/1000 cases (25%), 1 failing, 2s  mana.could-produce"), len(b.String())-1, "padded to blank the longer line")
	b.Reset()
	p.done()
	assert.Equal(t, "\r"+strings.Repeat(" ", len(line))+"\r", b.String())
}
