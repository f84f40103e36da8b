package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"golang.org/x/term"

	"github.com/mtgfuzz/mtgfuzz/campaign"
)

// progressLine shows a long command's progress on one terminal line, rewritten in place
// and never wider than the terminal (a wrapped line can't be rewritten). Anything else
// printed on stderr clears it first (cli.errorf). Off a terminal (a CI log, a pipe) it
// writes a whole line every logEvery of the run instead, so a long campaign's log shows it
// is alive and what it found; runs shorter than that, tests among them, show nothing.
type progressLine struct {
	w     io.Writer     // nil: silent
	cols  func() int    // the terminal's width; nil off a terminal
	every time.Duration // off a terminal: the time between lines
	next  time.Duration // off a terminal: when, in the run's elapsed time, the next line is due
	mu    sync.Mutex    // signal notices print from another goroutine
	shown int           // runes on the line now, to blank it out
	props int           // properties in the run, for the line
	limit time.Duration // the run's --time, or 0
	label string        // what the run is part of ("fault 3/20 NAME"), or ""
}

// logEvery is the time between progress lines off a terminal.
const logEvery = 30 * time.Second

// newProgressLine is the progress display for stderr: live on a terminal, else a line
// every logEvery.
func newProgressLine(stderr io.Writer) *progressLine {
	f, ok := stderr.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return &progressLine{w: stderr, every: logEvery, next: logEvery}
	}
	return &progressLine{w: stderr, cols: func() int {
		if w, _, err := term.GetSize(int(f.Fd())); err == nil && w > 0 {
			return w
		}
		return 80
	}}
}

// start says what the coming campaign covers: its properties and its time budget, and
// what it is part of (label, or "").
func (p *progressLine) start(props int, budget time.Duration, label string) {
	p.mu.Lock()
	p.props, p.limit, p.label, p.next = props, budget, label, p.every
	p.mu.Unlock()
}

// update shows a campaign's progress: the whole run, not only the property last worked on.
func (p *progressLine) update(pr campaign.Progress) {
	if p.w == nil {
		return
	}
	if pr.Phase == "done" {
		p.clear()
		return
	}
	p.mu.Lock()
	line := progressText(pr, p.props, p.limit)
	if p.label != "" {
		line = "fuzz: " + p.label + ": " + strings.TrimPrefix(line, "fuzz: ")
	}
	if p.cols == nil {
		if pr.Elapsed >= p.next {
			p.next = (pr.Elapsed/p.every + 1) * p.every
			fmt.Fprintln(p.w, line)
		}
		p.mu.Unlock()
		return
	}
	p.mu.Unlock()
	p.print(line)
}

// progressText is one progress line: cases done of the total (or the time left of the
// budget), failures so far, elapsed time, and the property last worked on.
func progressText(pr campaign.Progress, props int, limit time.Duration) string {
	var b strings.Builder
	b.WriteString("fuzz: ")
	if pr.Phase == "shrink" {
		fmt.Fprintf(&b, "shrinking %d failed of %s after %d cases", pr.Failed+pr.Errored, plural(props, "property"), pr.Cases)
	} else {
		if pr.Total > 0 {
			fmt.Fprintf(&b, "%d/%d cases (%d%%)", pr.Cases, pr.Total, pr.Cases*100/pr.Total)
		} else {
			fmt.Fprintf(&b, "%d cases", pr.Cases)
		}
		fmt.Fprintf(&b, " of %s, %d failing", plural(props, "property"), pr.Failed)
		if pr.Errored > 0 {
			fmt.Fprintf(&b, ", %d errored", pr.Errored)
		}
		if pr.Warnings > 0 {
			fmt.Fprintf(&b, ", %s", plural(pr.Warnings, "reach warning"))
		}
	}
	fmt.Fprintf(&b, ", %s", pr.Elapsed.Round(time.Second))
	if limit > 0 && pr.Phase != "shrink" {
		fmt.Fprintf(&b, " (%s left)", max(limit-pr.Elapsed, 0).Round(time.Second))
	}
	if pr.Prop != "" {
		fmt.Fprintf(&b, "  %s", pr.Prop)
	}
	return b.String()
}

func (p *progressLine) print(line string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	r := []rune(line)
	if width := p.cols() - 1; len(r) > width { // the last column would wrap on some terminals
		r = r[:max(width, 0)]
	}
	pad := ""
	if n := p.shown - len(r); n > 0 {
		pad = strings.Repeat(" ", n)
	}
	fmt.Fprintf(p.w, "\r%s%s", string(r), pad)
	p.shown = len(r)
}

// clear blanks the line, so what is printed next starts on a clean terminal line.
func (p *progressLine) clear() {
	if p.w == nil || p.cols == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown == 0 {
		return
	}
	fmt.Fprintf(p.w, "\r%s\r", strings.Repeat(" ", p.shown))
	p.shown = 0
}

// plural writes "1 property" or "16 properties".
func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", word)
	}
	if strings.HasSuffix(word, "y") {
		return fmt.Sprintf("%d %sies", n, strings.TrimSuffix(word, "y"))
	}
	return fmt.Sprintf("%d %ss", n, word)
}
