package scenario

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props"
)

// Unsupported says what the scenario needs that an engine declaring s does not support
// (its cards, its starting step, the kinds of its actions, the queries its expectations
// ask, the needs of the properties it checks), or "" when s covers all of it. A scenario
// an engine does not support is not replayed on it: its verdict is "unsupported", neither a
// pass nor a failure.
func Unsupported(sc *Scenario, s harness.Support) string {
	var missing []string
	add := func(format string, args ...any) {
		if m := fmt.Sprintf(format, args...); !slices.Contains(missing, m) {
			missing = append(missing, m)
		}
	}
	if setup, err := sc.Setup(); err == nil {
		for _, c := range setup.Cards() {
			if !s.Card(c.Name) {
				add("card %s", c.Name)
			}
		}
		if !s.Step(setup.Step) {
			add("starting in %s", setup.Step)
		}
	}
	var expects []Expectation
	for _, st := range sc.Steps {
		if a := st.Action; a != nil {
			if k := kindOfVerb(a.Verb); !s.Action(k) {
				add("action kind %s", k)
			}
		}
		expects = append(expects, st.Expect...)
	}
	for _, e := range append(expects, sc.Expect...) {
		switch e := e.(type) {
		case *Offered, *CouldProduce:
			if !s.Query(harness.QueryMana) {
				add("the mana queries")
			}
		case *ViewCheck:
			if !s.Query(harness.QueryView) {
				add("the view queries")
			}
		case *ExiledWithCheck:
			if !s.Reports(harness.ReportLinks) {
				add("reports of %s (not reported)", harness.ReportLinks)
			}
		case *TriggerCheck:
			if !s.Reports(harness.ReportTriggers) {
				add("reports of %s (not reported)", harness.ReportTriggers)
			}
		case *EventCheck:
			for _, r := range e.reports() {
				if !s.Reports(r) {
					add("reports of %s (not reported)", r)
				}
			}
		case *PropertyCheck:
			for _, p := range props.Match(e.ID) {
				if m := p.Missing(s); m != "" {
					add("property %s: %s", p.ID, strings.TrimPrefix(m, "needs "))
				}
			}
		}
	}
	if len(missing) == 0 {
		return ""
	}
	return "needs " + strings.Join(missing, "; ")
}

// kindOfVerb is the kind of engine action a scenario verb takes.
func kindOfVerb(v Verb) harness.ActionKind {
	switch v {
	case VerbPassUntil, VerbResolve:
		return harness.Pass
	}
	return harness.ActionKind(v)
}
