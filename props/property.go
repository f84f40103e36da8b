package props

import (
	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Property is an executable check derived from rulings. It judges one generated trace
// and says whether the trace reached the situation it is about.
type Property struct {
	ID          string   // "mana.undefined-type" or "mana.undefined-type/reflecting-pool"
	Rulings     []string // ruling IDs of the rulings package (docs/rulings.md)
	Rules       []string // CR rule numbers, e.g. "106.5"
	Description string
	// Steer biases generation toward the property's situation without excluding anything.
	Steer gen.Steer
	// Check judges one trace. It may ask the engine more questions about trace states.
	Check func(eng harness.Engine, tr *gen.Trace) Verdict
	// Needs is what the engine must support for the property to be tested (see [Needs]).
	Needs Needs
	// Clauses names the parts of the property, each a situation that must be reached on
	// its own: a campaign that never reaches one of them has not checked it, and the
	// property is vacuous even if other clauses were reached. Check counts reach per
	// clause with Verdict.Reach. A property with no clauses is one situation, counted by
	// Verdict.Reached alone.
	Clauses []Clause
}

// Clause is one named part of a property.
type Clause struct {
	Name        string   // short, unique within the property: "dark-ritual", "apnap-order"
	Rules       []string // the CR rules it checks
	Description string   // what it checks, one sentence
	// Needs is what the clause needs beyond its property's Needs: an engine lacking it
	// leaves the clause unsupported, which doesn't make the property vacuous.
	Needs Needs
}

// Verdict is a property's judgement of one trace.
type Verdict struct {
	// Reached counts the moments in the trace where the property's situation occurred.
	Reached int
	// Clauses counts the moments each named clause was reached (a subset of Reached); only
	// the property's declared Clauses may appear.
	Clauses map[string]int
	// Violations lists every violation found, each saying what was expected and what
	// happened; empty means the property held.
	Violations []Violation
	// Skipped counts, per clause, the moments the property could not judge: judging them
	// needs a board the harness can't set up again faithfully, or one the engine declares
	// it can't start (Skip, SkipUndeclared). A skipped moment is never a violation and
	// never reached; the campaign reports it as wasted.
	Skipped map[string]Skipped
}

// Skipped is one clause's skipped moments in a trace.
type Skipped struct {
	Moments int
	Why     string // the first moment's reason
	// Undeclared: every moment was skipped because judging it needs what the engine
	// declares it doesn't support (harness.Support), so a clause reached nowhere else is
	// unsupported rather than vacuous.
	Undeclared bool
}

// Violation is one failure: where in the trace, and what was expected versus seen.
type Violation struct {
	Step    int    // index into Trace.Steps; -1 for the start
	Ruling  string // the ruling ID violated
	Rule    string // the CR rule
	Clause  string // the clause violated, for properties with clauses
	Message string // "expected: no mana (CR 106.5); got: {C}"
	// Err is the engine's error when the violation is that the engine did not answer a
	// question the property asked (see queryError): the engine breaking, which the
	// campaign reports as an engine error rather than a failure of the property.
	Err error `json:"-"`
}

// Reach counts one moment at which clause was reached (and so the property).
func (v *Verdict) Reach(clause string) {
	v.Reached++
	if v.Clauses == nil {
		v.Clauses = map[string]int{}
	}
	v.Clauses[clause]++
}

// Skip counts one moment of clause that the property could not judge, and why: the
// state it must compare with can't be set up without changing something the clause
// doesn't mean to vary.
func (v *Verdict) Skip(clause, why string) { v.skip(clause, why, false) }

// SkipUndeclared counts one moment of clause that could not be judged because judging it
// needs what the engine declares it doesn't support (a step it can't start a game in).
func (v *Verdict) SkipUndeclared(clause, why string) { v.skip(clause, why, true) }

func (v *Verdict) skip(clause, why string, undeclared bool) {
	if v.Skipped == nil {
		v.Skipped = map[string]Skipped{}
	}
	s, seen := v.Skipped[clause]
	if !seen {
		s.Why, s.Undeclared = why, undeclared
	}
	s.Moments++
	s.Undeclared = s.Undeclared && undeclared
	v.Skipped[clause] = s
}

// ClauseNames lists the names of p's clauses in declaration order.
func (p *Property) ClauseNames() []string {
	out := make([]string, len(p.Clauses))
	for i, c := range p.Clauses {
		out[i] = c.Name
	}
	return out
}
