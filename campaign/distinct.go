package campaign

import (
	"maps"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/cards"
	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props"
)

// violationKind is what makes two counterexamples distinct: what fails and where it is
// seen, not only what is cited. It is the clause, ruling and CR rule of the first
// violation, the kind of the action after which it was seen ("start" before any), and
// the names (never the IDs, which shrinking renumbers) of the cards that action (its card,
// its targets, the spell or ability a payment pays for) and the violation's message name,
// sorted.
func violationKind(v *props.Verdict, tr *gen.Trace) string {
	if len(v.Violations) == 0 {
		return ""
	}
	x := v.Violations[0]
	at, names := "start", map[string]bool{}
	if x.Step >= 0 && x.Step < len(tr.Steps) {
		st := &tr.Steps[x.Step]
		at = string(st.Action.Kind)
		if pr := st.Before.Casting; pr != nil && st.Action.Kind == harness.Pay { // what is paid for
			names[pr.Name] = true
		}
		for _, c := range append([]harness.CardID{st.Action.Card}, targetCards(st.Action)...) {
			if o := st.Before.Find(c); c != 0 && o != nil {
				names[o.Name] = true
			}
		}
	}
	for _, name := range cards.Names() {
		if strings.Contains(x.Message, name) {
			names[name] = true
		}
	}
	sorted := slices.Sorted(maps.Keys(names))
	return strings.Join([]string{x.Clause, x.Ruling, x.Rule, at, strings.Join(sorted, ",")}, "|")
}

// kind is violationKind of j.
func (j *judged) kind() string { return violationKind(&j.verdict, j.trace) }

// distinctShrunk drops from more (a property's counterexamples after its first) those
// that shrank to a failure (violationKind, kind(nth): 0 the first, n more[n-1]) that the
// first or an earlier one already shows: two cases that looked different before
// shrinking and fail the same way after count once. "" (a flaky case) is always kept.
func distinctShrunk(more []Failure, kind func(nth int) string) []Failure {
	if len(more) == 0 {
		return more
	}
	seen := map[string]bool{kind(0): true}
	var out []Failure
	for i, f := range more {
		if k := kind(i + 1); k == "" || !seen[k] {
			seen[k] = true
			out = append(out, f)
		}
	}
	return out
}

// targetCards lists the cards a's targets name.
func targetCards(a harness.Action) []harness.CardID {
	var out []harness.CardID
	for _, t := range a.Targets {
		if t.Card != 0 {
			out = append(out, t.Card)
		}
	}
	return out
}
