package props

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// NeedsMarkdown is the table of docs/engines.md that says what each action kind and query
// area an engine declares unlocks: for each set of needs, the properties (and, when only
// some of them, the clauses) an engine must support that much to be tested on. It is
// generated from the properties' Needs, property and clause, so that it stays true.
func NeedsMarkdown() string {
	type unit struct {
		prop    *Property
		clauses []string // nil: the whole property
	}
	groups := map[string][]unit{}
	var keys []string
	add := func(n Needs, p *Property, clause string) {
		key := needsKey(n)
		if _, ok := groups[key]; !ok {
			keys = append(keys, key)
		}
		us := groups[key]
		if len(us) > 0 && us[len(us)-1].prop == p && clause != "" {
			us[len(us)-1].clauses = append(us[len(us)-1].clauses, clause)
		} else {
			u := unit{prop: p}
			if clause != "" {
				u.clauses = []string{clause}
			}
			us = append(us, u)
		}
		groups[key] = us
	}
	for _, p := range All() {
		if len(p.Clauses) == 0 {
			add(p.Needs, p, "")
			continue
		}
		for _, c := range p.Clauses {
			add(union(p.Needs, c.Needs), p, c.Name)
		}
	}
	slices.SortStableFunc(keys, func(a, b string) int {
		if d := strings.Count(a, ",") - strings.Count(b, ","); a != "" && b != "" && d != 0 {
			return d
		}
		return strings.Compare(a, b)
	})
	var b strings.Builder
	b.WriteString("| An engine that declares | can be tested on |\n|---|---|\n")
	for _, key := range keys {
		var items []string
		for _, u := range groups[key] {
			if len(u.clauses) == len(u.prop.Clauses) {
				items = append(items, "`"+u.prop.ID+"`")
			} else {
				items = append(items, fmt.Sprintf("`%s` (%s)", u.prop.ID, strings.Join(u.clauses, ", ")))
			}
		}
		what := key
		if what == "" {
			what = "passing only (no query)"
		}
		fmt.Fprintf(&b, "| %s | %s |\n", what, strings.Join(items, ", "))
	}
	return b.String()
}

// needsKey names a set of needs in harness order: "activate, pay; the mana queries".
func needsKey(n Needs) string {
	var parts []string
	for _, k := range []harness.ActionKind{harness.Pass, harness.PlayLand, harness.Cast, harness.Activate, harness.Pay,
		harness.Cancel, harness.Choose, harness.Attack, harness.Block, harness.TurnFaceUp} {
		if slices.Contains(n.Actions, k) {
			parts = append(parts, "`"+string(k)+"`")
		}
	}
	for _, q := range harness.Queries {
		if slices.Contains(n.Queries, q) {
			parts = append(parts, "the "+string(q)+" queries")
		}
	}
	if slices.Contains(n.Queries, harness.QueryUncached) {
		parts = append(parts, "an uncached twin (`harness.Uncached`, in process only)")
	}
	for _, r := range harness.Reports {
		if slices.Contains(n.Reports, r) {
			parts = append(parts, "the reports of "+string(r))
		}
	}
	return strings.Join(parts, ", ")
}

// union is what a and b need together.
func union(a, b Needs) Needs {
	out := Needs{Actions: slices.Clone(a.Actions), Queries: slices.Clone(a.Queries), Reports: slices.Clone(a.Reports)}
	for _, k := range b.Actions {
		if !slices.Contains(out.Actions, k) {
			out.Actions = append(out.Actions, k)
		}
	}
	for _, q := range b.Queries {
		if !slices.Contains(out.Queries, q) {
			out.Queries = append(out.Queries, q)
		}
	}
	for _, r := range b.Reports {
		if !slices.Contains(out.Reports, r) {
			out.Reports = append(out.Reports, r)
		}
	}
	return out
}
