//go:build !mtgfuzzjudge

package mutant

import (
	"slices"
	"sync/atomic"
	"testing"
)

// record turns recording on for n mutants, as RecordEnv does at initialisation.
func record(n int) {
	hits, infected, caseMark = make([]atomic.Uint32, n+1), make([]atomic.Uint32, n+1), make([]atomic.Uint32, n+1)
	recording = true
}

// TestInfection: a guard marks its mutant reached; it is infected only where, active,
// it would change a value: a dropped condition where the condition differs from what
// replaces it, a picked value where the two differ (values Go can't compare always do),
// an Active guard wherever it is reached. Each case hears its own.
func TestInfection(t *testing.T) {
	record(8)
	Guard(1)
	Infect(1, true, true) // always-true on a condition that is true: no change
	Guard(2)
	Infect(2, false, true) // always-true on a false one
	Pick(3, 4, 4)
	Pick(4, 4, 5)
	Pick(5, []int{1}, []int{1}) // a slice can't be compared
	StartCase()
	Active(6)
	Pick(3, "a", "a")
	var inCase []int
	CaseInfected(func(id int) { inCase = append(inCase, id) })

	want := map[int][2]bool{1: {true, false}, 2: {true, true}, 3: {true, false}, 4: {true, true}, 5: {true, true}, 6: {true, true}, 7: {false, false}}
	reached, infectedIDs := Reached(), Infected()
	for id, w := range want {
		if got := slices.Contains(reached, id); got != w[0] {
			t.Errorf("#%d reached: %v, want %v", id, got, w[0])
		}
		if got := slices.Contains(infectedIDs, id); got != w[1] {
			t.Errorf("#%d infected: %v, want %v", id, got, w[1])
		}
	}
	if len(inCase) != 1 || inCase[0] != 6 {
		t.Errorf("infected in the case: %v, want [6]", inCase)
	}
}

// TestAbandonedEvaluation: a condition that calls a function and never returns (the
// engine asks for a choice by panicking) infects its mutant, which would skip the call;
// one that returns infects only where its value would change. An abandoned evaluation is
// found when one entered before it is left, or as the case ends.
func TestAbandonedEvaluation(t *testing.T) {
	record(8)
	ask := func() bool { panic("a choice is needed") }
	evaluate := func(id int, cond func() bool) {
		defer func() { _ = recover() }()
		Guard(id)
		Left(id, Enter(id) && cond(), true)
	}
	StartCase()
	Guard(1)
	Left(1, Enter(1) && func() bool {
		evaluate(2, ask) // abandoned inside #1's evaluation: found as #1 is left
		return true
	}(), true)
	evaluate(3, func() bool { return true })  // returns, unchanged
	evaluate(4, func() bool { return false }) // returns, changed
	evaluate(5, ask)                          // abandoned last: found as the case ends
	var inCase []int
	CaseInfected(func(id int) { inCase = append(inCase, id) })
	slices.Sort(inCase)
	if want := []int{2, 4, 5}; !slices.Equal(inCase, want) {
		t.Errorf("infected in the case: %v, want %v", inCase, want)
	}
}
