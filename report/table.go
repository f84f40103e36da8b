package report

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// table writes aligned columns: two spaces between columns, no trailing padding.
type table struct {
	tw *tabwriter.Writer
}

func newTable(w io.Writer, header ...string) *table {
	t := &table{tw: tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)}
	if len(header) > 0 {
		t.row(header...)
	}
	return t
}

func (t *table) row(cells ...string) {
	fmt.Fprintln(t.tw, strings.Join(cells, "\t"))
}

func (t *table) flush() error { return t.tw.Flush() }

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
