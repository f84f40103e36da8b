package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/campaign"
)

// progressLine shows a campaign's progress on one terminal line, rewritten in place. It
// is silent unless stderr is a terminal, so logs, pipes and tests never see it.
type progressLine struct {
	w     io.Writer // nil: silent
	width int       // length of the last line written, to blank it out
}

// progress returns the progress display for this invocation.
func (c *cli) progress() *progressLine {
	if isTerminal(c.stderr) {
		return &progressLine{w: c.stderr}
	}
	return &progressLine{}
}

// isTerminal reports whether w is a character device (a terminal), not a file or pipe.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

func (p *progressLine) update(pr campaign.Progress) {
	if p.w == nil {
		return
	}
	var line string
	switch pr.Phase {
	case "shrink":
		line = fmt.Sprintf("fuzz: shrinking %s (%d cases run, %d failing), %.0fs", pr.Prop, pr.Cases, pr.Failed, pr.Elapsed.Seconds())
	case "done":
		p.done()
		return
	default:
		line = fmt.Sprintf("fuzz: %d", pr.Cases)
		if pr.Total > 0 {
			line += fmt.Sprintf("/%d cases (%d%%)", pr.Total, pr.Cases*100/pr.Total)
		} else {
			line += " cases"
		}
		if pr.Failed > 0 {
			line += fmt.Sprintf(", %d failing", pr.Failed)
		}
		line += fmt.Sprintf(", %.0fs  %s", pr.Elapsed.Seconds(), pr.Prop)
	}
	p.print(line)
}

func (p *progressLine) print(line string) {
	pad := ""
	if n := p.width - len(line); n > 0 {
		pad = strings.Repeat(" ", n)
	}
	fmt.Fprintf(p.w, "\r%s%s", line, pad)
	p.width = len(line)
}

// done clears the line, so the report starts on a clean terminal.
func (p *progressLine) done() {
	if p.w == nil || p.width == 0 {
		return
	}
	fmt.Fprintf(p.w, "\r%s\r", strings.Repeat(" ", p.width))
	p.width = 0
}
