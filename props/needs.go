package props

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Needs is what an engine must support for a property (or one of its clauses) to be
// tested at all: the kinds of action its situation is made of, the query areas its
// Check asks and what of the engine's events it reads beyond the ones every engine
// reports (harness.Report: a clause judging "tapped" events needs "taps"). An engine whose declaration ([harness.Support]) lacks one of them can't be
// caught by the property, so the campaign reports it unsupported instead of running cases
// that can only come out vacuous. The zero Needs is met by every engine.
type Needs struct {
	Actions []harness.ActionKind
	Queries []harness.Query
	Reports []harness.Report
}

// Zero reports whether n needs nothing.
func (n Needs) Zero() bool { return len(n.Actions) == 0 && len(n.Queries) == 0 && len(n.Reports) == 0 }

// Missing says what of n the support s lacks ("actions cast, pay; the mana queries; the
// reports of taps"), or "" when s meets n.
func (n Needs) Missing(s harness.Support) string {
	var actions, queries, reports []string
	for _, k := range n.Actions {
		if !s.Action(k) {
			actions = append(actions, string(k))
		}
	}
	twin := false
	for _, q := range n.Queries {
		switch {
		case s.Query(q):
		case q == harness.QueryUncached:
			twin = true
		default:
			queries = append(queries, string(q))
		}
	}
	for _, r := range n.Reports {
		if !s.Reports(r) {
			reports = append(reports, string(r))
		}
	}
	var parts []string
	if len(actions) > 0 {
		word := "kind"
		if len(actions) > 1 {
			word = "kinds"
		}
		parts = append(parts, fmt.Sprintf("needs the action %s %s", word, strings.Join(actions, ", ")))
	}
	if len(queries) > 0 {
		parts = append(parts, fmt.Sprintf("needs the %s queries", strings.Join(queries, ", ")))
	}
	if twin {
		parts = append(parts, "needs an uncached twin (harness.Uncached, in process only)")
	}
	if len(reports) > 0 {
		parts = append(parts, fmt.Sprintf("needs the reports of %s", strings.Join(reports, ", ")))
	}
	return strings.Join(parts, "; ")
}

// Common needs of the properties.
var (
	needsManaQueries = Needs{Queries: []harness.Query{harness.QueryMana}}
	needsActivation  = Needs{Actions: []harness.ActionKind{harness.Activate}}
	needsPaying      = Needs{Actions: []harness.ActionKind{harness.Pay}}
	needsCasting     = Needs{Actions: []harness.ActionKind{harness.Cast, harness.Pay}}
	needsAbilities   = Needs{Actions: []harness.ActionKind{harness.Activate, harness.Pay}}
	needsAttacking   = Needs{Actions: []harness.ActionKind{harness.Attack}}
)

// Missing says why an engine declaring s can't be tested on p at all (see [Needs.Missing]):
// it lacks what the property as a whole needs, or what each of its clauses needs, so no
// clause could be checked. "" when some clause can be.
func (p *Property) Missing(s harness.Support) string {
	if m := p.Needs.Missing(s); m != "" || len(p.Clauses) == 0 {
		return m
	}
	var lacking Needs
	for _, c := range p.Clauses {
		if c.Needs.Missing(s) == "" {
			return ""
		}
		for _, k := range c.Needs.Actions {
			if !s.Action(k) && !slices.Contains(lacking.Actions, k) {
				lacking.Actions = append(lacking.Actions, k)
			}
		}
		for _, q := range c.Needs.Queries {
			if !s.Query(q) && !slices.Contains(lacking.Queries, q) {
				lacking.Queries = append(lacking.Queries, q)
			}
		}
		for _, r := range c.Needs.Reports {
			if !s.Reports(r) && !slices.Contains(lacking.Reports, r) {
				lacking.Reports = append(lacking.Reports, r)
			}
		}
	}
	slices.SortFunc(lacking.Actions, func(a, b harness.ActionKind) int {
		return slices.Index(actionKinds, a) - slices.Index(actionKinds, b)
	})
	return "can express none of its clauses: they need " + strings.TrimPrefix(lacking.Missing(harness.Support{Actions: []harness.ActionKind{}, Queries: []harness.Query{}, Reported: []harness.Report{}}), "needs ")
}

// actionKinds are the kinds of action, each a clause of the invariants that step again
// from recorded states: a mutation or a hidden state can hide in any one of them.
var actionKinds = []harness.ActionKind{harness.Pass, harness.PlayLand, harness.Cast, harness.Activate,
	harness.Pay, harness.Cancel, harness.Choose, harness.Attack, harness.Block}
