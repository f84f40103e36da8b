package main

import (
	"io"
	"os"
	"strconv"

	"golang.org/x/term"

	"github.com/mtgfuzz/mtgfuzz/report"
)

// defaultWidth is the width text is wrapped to when stdout is not a terminal and COLUMNS
// is not set: files and pipes get lines a reader (and a review diff) can take.
const defaultWidth = 100

// width is how wide stdout's lines may be: the terminal's width, or COLUMNS, or
// defaultWidth.
func (c *cli) width() int {
	if f, ok := c.stdout.w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		if w, _, err := term.GetSize(int(f.Fd())); err == nil && w > 20 {
			return w
		}
	}
	if n, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && n > 20 {
		return n
	}
	return defaultWidth
}

// wrap writes text as lines of at most width runes, each starting with indent; words
// longer than a line stand alone.
func wrap(w io.Writer, text, indent string, width int) { report.Wrap(w, text, indent, width) }
