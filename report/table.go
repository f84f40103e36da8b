package report

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// table writes aligned columns: two spaces between columns, no trailing padding (rows
// whose last cells are empty would otherwise end in spaces).
type table struct {
	w   io.Writer
	buf bytes.Buffer
	tw  *tabwriter.Writer
}

func newTable(w io.Writer, header ...string) *table {
	t := &table{w: w}
	t.tw = tabwriter.NewWriter(&t.buf, 0, 0, 2, ' ', 0)
	if len(header) > 0 {
		t.row(header...)
	}
	return t
}

func (t *table) row(cells ...string) {
	fmt.Fprintln(t.tw, strings.Join(cells, "\t"))
}

func (t *table) flush() error {
	if err := t.tw.Flush(); err != nil {
		return err
	}
	var out strings.Builder
	for _, l := range strings.SplitAfter(t.buf.String(), "\n") {
		body, nl := strings.CutSuffix(l, "\n")
		out.WriteString(strings.TrimRight(body, " "))
		if nl {
			out.WriteByte('\n')
		}
	}
	_, err := io.WriteString(t.w, out.String())
	t.buf.Reset()
	return err
}

// indent prefixes every non-empty line of s with pad.
func indent(s, pad string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = pad + l
		}
	}
	return strings.Join(lines, "\n") + "\n"
}

// pluralWord is word for one, else its plural ("clause", "clauses"; "that clause", "those
// clauses").
func pluralWord(n int, word string) string {
	if n == 1 {
		return word
	}
	if rest, ok := strings.CutPrefix(word, "that "); ok {
		return "those " + rest + "s"
	}
	return word + "s"
}

// plural writes "1 case" or "3 cases", "1 property" or "2 properties".
func plural(n int, word string) string {
	switch {
	case n == 1:
	case strings.HasSuffix(word, "y"):
		word = strings.TrimSuffix(word, "y") + "ies"
	default:
		word += "s"
	}
	return fmt.Sprintf("%d %s", n, word)
}

// Wrap writes text as lines of at most width runes, each starting with indent; words
// longer than a line stand alone. width 0 means no limit: one line.
func Wrap(w io.Writer, text, indent string, width int) {
	line := indent
	for _, word := range strings.Fields(text) {
		if width > 0 && line != indent && len([]rune(line))+1+len([]rune(word)) > width {
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
