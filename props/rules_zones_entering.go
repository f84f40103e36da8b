package props

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// reEntersAs reads a permanent's own replacement effect for how it enters (CR 614.1c,
// 614.1d): "This land enters tapped.", "This land enters tapped with two charge counters
// on it.", "This artifact enters with three charge counters on it." (an X is
// x.etb-uses-spell-x's).
var reEntersAs = regexp.MustCompile(`^This \w+ enters( tapped)?(?: with (a|an|one|two|three|four|five|\d+) (\S+) counters? on it)?\.$`)

// checkEnteredAsPrinted: each permanent on the battlefield after step i that wasn't
// there before it (a new object, 400.7) is as its own "enters tapped" or "enters with N
// counters" says: tapped, with exactly N counters of that kind. The replacement applies
// as it enters (614.12), and nothing of the pool untaps it or moves such counters in the
// step it entered. A face-down permanent has no such ability (708.2).
func checkEnteredAsPrinted(i int, b, a *harness.Snapshot, v *Verdict) {
	for _, o := range a.Battlefield {
		if was := b.Permanent(o.Card); was != nil && was.Object == o.Object {
			continue
		}
		for _, text := range o.Abilities {
			m := reEntersAs.FindStringSubmatch(text)
			if m == nil || m[1] == "" && m[2] == "" {
				continue
			}
			v.Reach("enters-as-printed")
			var want []string
			if m[1] != "" && !o.Tapped {
				want = append(want, "tapped")
			}
			if n := costNumber(m[2]); m[2] != "" && o.Counters[m[3]] != n {
				want = append(want, fmt.Sprintf("with %d %s counters (it has %d)", n, m[3], o.Counters[m[3]]))
			}
			if len(want) > 0 {
				v.add("enters-as-printed", clauseViolation(i, "rules.zones", "614.1c", "enters-as-printed", describe(o),
					fmt.Sprintf("as it has just entered, what its %q says (CR 614.1c, 614.12)", text),
					"it isn't "+strings.Join(want, ", nor ")))
			}
		}
	}
}
