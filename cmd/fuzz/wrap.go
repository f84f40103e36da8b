package main

import (
	"io"
	"os"
	"strconv"
	"strings"

	"golang.org/x/term"
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
func wrap(w io.Writer, text, indent string, width int) {
	line := indent
	for _, word := range strings.Fields(text) {
		if line != indent && len([]rune(line))+1+len([]rune(word)) > width {
			io.WriteString(w, line+"\n")
			line = indent
		}
		if line != indent {
			line += " "
		}
		line += word
	}
	if line != indent {
		io.WriteString(w, line+"\n")
	}
}
