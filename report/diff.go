package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/diff"
)

// DiffText writes a differential run: the count of cases that agreed, or the first
// divergence with the two observations side by side, its game log, and where the
// scenario was saved.
func DiffText(w io.Writer, r *diff.Result, saved, replay string) error {
	fmt.Fprintf(w, "diff %s (A, drives) against %s (B)\n", r.A, r.B)
	if len(r.LeftOut) > 0 {
		fmt.Fprintf(w, "left out %s one of them does not support\n", plural(len(r.LeftOut), "card"))
	}
	d := r.Diverged
	if d == nil {
		_, err := fmt.Fprintf(w, "\nno divergence in %s (%d skipped: A broke)\n", plural(r.Cases, "case"), r.Skipped)
		return err
	}
	where := "at the start"
	if d.Step >= 0 {
		where = fmt.Sprintf("after action %d (%s)", d.Step+1, d.Actions[d.Step])
	}
	fmt.Fprintf(w, "\nDIVERGED in case %d, shrunk in %s to %s and %s, %s\n", d.Case, plural(d.Shrinks, "step"),
		plural(len(d.Setup.Players[0].Battlefield)+len(d.Setup.Players[1].Battlefield), "permanent"),
		plural(len(d.Actions), "action"), where)
	if d.BrokeB {
		fmt.Fprintf(w, "  %s\n", strings.ReplaceAll(d.Error, "\n", "\n  "))
	} else {
		t := newTable(w, "  WHAT", "A: "+r.A, "B: "+r.B)
		for _, x := range d.Differences {
			t.row("  "+x.Path, orAbsent(x.A), orAbsent(x.B))
		}
		if err := t.flush(); err != nil {
			return err
		}
	}
	fmt.Fprintln(w, "  game log (A):")
	io.WriteString(w, indent(d.Log, "    "))
	if saved != "" {
		fmt.Fprintf(w, "  saved:     %s\n", saved)
		fmt.Fprintf(w, "  replay:    %s\n", replay)
	}
	return nil
}

func orAbsent(s string) string {
	if s == "" {
		return "(absent)"
	}
	return s
}
