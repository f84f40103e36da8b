package mutate

import (
	"fmt"
	"go/ast"
)

// Mutant is one mutation of engine/: one change at one decision point.
type Mutant struct {
	ID   int    `json:"id"`
	File string `json:"file"` // from the module root, slash-separated: "engine/cr106_mana.go"
	Line int    `json:"line"`
	Col  int    `json:"col"`
	Op   string `json:"op"` // the operator (Operators)
	// Original is the source it changes (shortened), Mutated what it becomes.
	Original string `json:"original"`
	Mutated  string `json:"mutated"`
	Func     string `json:"func,omitempty"` // the enclosing function or method
	// Nth is 2 or more for the second and later mutants of a function with the same
	// operator, original and mutated text (Key tells them apart by it).
	Nth int `json:"nth,omitempty"`
	// Rules are the CR rules the surrounding code cites: the nearest comment above it in
	// its function that cites any, else the function's doc comment, else the section its
	// file is named after (cr605_...); empty if none.
	Rules []string `json:"rules"`
	// CrossCase marks a mutant in a function that writes a memo kept from one case to
	// the next (memoWriters): it is judged by every case of the properties it infects.
	CrossCase bool `json:"cross_case,omitempty"`
}

// Place is "file:line:col".
func (m Mutant) Place() string { return fmt.Sprintf("%s:%d:%d", m.File, m.Line, m.Col) }

// Describe is one line saying what the mutant changes.
func (m Mutant) Describe() string {
	return fmt.Sprintf("%s: %s -> %s", m.Op, m.original(), m.Mutated)
}

// original is Original, with " #N" for the N-th alike mutant of its function (Key).
func (m Mutant) original() string {
	if m.Nth > 1 {
		return fmt.Sprintf("%s #%d", m.Original, m.Nth)
	}
	return m.Original
}

// The operators, in the order a node's mutants are numbered.
const (
	OpNegate      = "negate"        // a condition negated (an if's or a loop's, an operand of && or ||)
	OpTrue        = "always-true"   // an if's condition, or an operand of &&, dropped: true
	OpFalse       = "always-false"  // an if's condition, or an operand of ||, dropped: false
	OpRelational  = "relational"    // < for <=, <= for <, > for >=, >= for >: a boundary moved by one
	OpEquality    = "equality"      // == for != and != for == (outside conditions, which negate covers)
	OpPlusOne     = "constant+1"    // an integer constant one more
	OpMinusOne    = "constant-1"    // an integer constant one less
	OpBool        = "constant-bool" // true for false, false for true
	OpRemove      = "remove"        // a statement (a call, an assignment, ++ or --, a send) removed
	OpSwap        = "swap-args"     // two neighbouring arguments of the same type swapped
	OpLoopOnce    = "loop-once"     // a loop that stops after its first iteration
	maxSourceText = 60
)

// Operators lists the operators with what each does, for help texts and reports.
var Operators = []struct{ Name, Does string }{
	{OpNegate, "negate a condition (an if's, a loop's, an operand of && or ||)"},
	{OpTrue, "drop an if's condition or an operand of &&: true"},
	{OpFalse, "drop an if's condition or an operand of ||: false"},
	{OpRelational, "< for <=, <= for <, > for >=, >= for >"},
	{OpEquality, "== for !=, != for =="},
	{OpPlusOne, "an integer constant plus one"},
	{OpMinusOne, "an integer constant minus one"},
	{OpBool, "true for false and false for true"},
	{OpRemove, "remove a statement: a call, an assignment, ++, --, a send"},
	{OpSwap, "swap two neighbouring arguments of the same type"},
	{OpLoopOnce, "stop a loop after its first iteration"},
}

// site is one mutant at one node, with how the schema writes it: wrap turns the node's
// source (with the mutants inside it already written) into the guarded form.
type site struct {
	m    *Mutant
	node ast.Node
	wrap func(cur string, id int, r *renderer) string
}

// shorten is source text on one line, cut to a readable length.
func shorten(s string) string {
	out := make([]rune, 0, len(s))
	space := false
	for _, c := range s {
		if c == '\n' || c == '\t' || c == ' ' {
			if !space {
				out = append(out, ' ')
			}
			space = true
			continue
		}
		space = false
		out = append(out, c)
	}
	if len(out) > maxSourceText {
		return string(out[:maxSourceText-3]) + "..."
	}
	return string(out)
}
