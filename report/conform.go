package report

import (
	"fmt"
	"io"

	"github.com/mtgfuzz/mtgfuzz/conform"
)

// ConformText writes the conventions' verdicts as a table, then each broken convention
// with its first example and game log.
func ConformText(w io.Writer, engine string, results []conform.Result) error {
	fmt.Fprintf(w, "engine %s: the conventions of docs/engines.md\n\n", engine)
	t := newTable(w, "CONVENTION", "CHECKED", "BROKEN", "VERDICT")
	for _, r := range results {
		v := "ok"
		switch {
		case r.Problems > 0:
			v = "BROKEN"
		case r.Checked == 0:
			v = "not reached"
		}
		t.row(r.Name, fmt.Sprint(r.Checked), fmt.Sprint(r.Problems), v)
	}
	if err := t.flush(); err != nil {
		return err
	}
	for _, r := range results {
		if r.Problems == 0 {
			continue
		}
		fmt.Fprintf(w, "\nBROKEN %s: %s\n  %s\n", r.Name, r.What, r.Example)
		if r.Log != "" {
			fmt.Fprintln(w, "  game log:")
			io.WriteString(w, indent(r.Log, "    "))
		}
	}
	return nil
}
