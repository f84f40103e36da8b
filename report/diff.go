package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/diff"
)

// DiffText writes a differential run: each distinct divergence with the two engines'
// observations side by side under their names, its game log, and where its scenario was
// saved (saved[i] and replay[i], for divergence i, when given); then the count of cases.
func DiffText(w io.Writer, r *diff.Result, saved, replay []string) error {
	drives := r.A + " (drives)"
	fmt.Fprintf(w, "diff %s against %s\n", drives, r.B)
	if len(r.LeftOut) > 0 {
		fmt.Fprintf(w, "left out %s one of them does not support\n", plural(len(r.LeftOut), "card"))
	}
	for i, d := range r.Divergences {
		fmt.Fprintf(w, "\nDIVERGED in case %d, shrunk in %s to %s and %s, %s\n", d.Case, plural(d.Shrinks, "step"),
			plural(len(d.Setup.Players[0].Battlefield)+len(d.Setup.Players[1].Battlefield), "permanent"),
			plural(len(d.Actions), "action"), d.Where())
		if d.BrokeB {
			fmt.Fprintf(w, "  %s\n", strings.ReplaceAll(d.Error, "\n", "\n  "))
		} else {
			t := newTable(w, "  WHAT", drives, r.B)
			for _, x := range d.Differences {
				t.row("  "+x.What, x.A, x.B)
			}
			if err := t.flush(); err != nil {
				return err
			}
		}
		fmt.Fprintf(w, "  game log (%s):\n", r.A)
		io.WriteString(w, indent(d.Log, "    "))
		if i < len(saved) && saved[i] != "" {
			fmt.Fprintf(w, "  saved:     %s\n", saved[i])
			if i < len(replay) {
				fmt.Fprintf(w, "  replay:    %s\n", replay[i])
			}
		}
	}
	found := "no divergence"
	if n := len(r.Divergences); n > 0 {
		found = plural(n, "distinct divergence")
	}
	var notes []string
	if r.Repeats > 0 {
		notes = append(notes, plural(r.Repeats, "more diverging case")+" like one above")
	}
	if r.Declined > 0 {
		notes = append(notes, plural(r.Declined, "board")+" declined by an engine, not compared")
	}
	if r.Skipped > 0 {
		notes = append(notes, fmt.Sprintf("%d skipped: %s broke", r.Skipped, r.A))
	}
	fmt.Fprintf(w, "\n%s in %s", found, plural(r.Cases, "case"))
	if len(notes) > 0 {
		fmt.Fprintf(w, " (%s)", strings.Join(notes, "; "))
	}
	_, err := fmt.Fprintln(w)
	return err
}
