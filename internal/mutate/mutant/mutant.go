// Package mutant is the switch the mutant schemata of engine/ test: `fuzz mutate` rewrites
// a scratch copy of the module so that every mutation it makes is guarded by its ID
// (Active, Guard, Pick), builds that copy once, and runs the binary once per mutant with
// the mutant's ID in the environment variable Env. The real engine never imports this
// package; only the scratch copy does.
//
// The active ID is read once, when the package is initialised (before the engine's own
// initialisation, which may hold mutants too: card definitions run at init), so a guard is
// one comparison with a variable, and one test of a flag that is false but when recording.
// The binary that judges mutants is built with the tag mtgfuzzjudge, which makes that flag
// a constant false (judging.go): the tests of it then vanish at compile time, and the
// guards cost the engine about 15% of its speed instead of about 85%.
//
// Recording (RecordEnv set to the number of mutants), with no mutant active: every guard
// evaluated marks its mutant as reached, and every evaluation at which the mutant, were it
// active, would change a value marks it as infected. A removed statement, a negated
// condition or a changed constant infect wherever they are reached; a condition made
// always true infects only where it is false (Infect), or, when it calls a function,
// where its evaluation never returns (Enter), a swap or a moved boundary only where the
// two values differ (Pick). A run is the unmutated run until the mutant's first
// infection, so what no infection reaches can't differ; fuzz mutate judges a mutant only
// by the cases it infects. Infections are kept for the whole process and, between
// StartCase calls, for the case running.
package mutant

import (
	"os"
	"reflect"
	"strconv"
	"sync"
	"sync/atomic"
)

// Env is the environment variable holding the active mutant's ID; unset or 0, no mutant
// is active and the scratch binary behaves as the original.
const Env = "MTGFUZZ_MUTANT"

// RecordEnv is the environment variable that turns recording on: the number of mutants
// (the highest ID); unset or 0, nothing is recorded.
const RecordEnv = "MTGFUZZ_RECORD_REACH"

var active = envInt(Env)

// hits and infected are the recording's marks, by ID (reached, infected in the process);
// recording (recording.go, judging.go) is whether it is on. caseMark is the case number
// at which a mutant was last infected, caseInfected the mutants infected since StartCase.
var (
	hits     = make([]atomic.Uint32, envInt(RecordEnv)+1)
	infected = make([]atomic.Uint32, len(hits))
	caseMark = make([]atomic.Uint32, len(hits))

	caseMu       sync.Mutex
	caseNumber   atomic.Uint32
	caseInfected []int
)

func envInt(name string) int {
	n, err := strconv.Atoi(os.Getenv(name))
	if err != nil || n < 0 {
		return 0
	}
	return n
}

// ID is the active mutant's ID, 0 for none.
func ID() int { return active }

// Active reports whether mutant id is the one this process runs: the guard of a mutation
// that changes what it guards wherever it is reached (a removed statement, a negated
// condition).
func Active(id int) bool {
	if recording {
		hitInfect(id)
	}
	return id == active
}

// Guard reports whether mutant id is the one this process runs, marking it reached but
// not infected: the guard of a mutation whose infection Infect judges.
func Guard(id int) bool {
	if recording {
		hit(id)
	}
	return id == active
}

// Infect is value, the original condition of mutant id, which the mutation replaces by
// mutated (always true, always false): where they differ, the mutant is infected.
func Infect(id int, value, mutated bool) bool {
	if recording && value != mutated {
		infect(id)
	}
	return value
}

// Enter begins the evaluation of mutant id's original condition when that condition calls
// a function (Left ends it): a call may not return, as when the engine asks for a
// player's choice by panicking and recovers higher up, and the mutant, which skips the
// condition, would then go on where the unmutated run did not, with no value the
// recording could compare. An evaluation entered and never left is an infection, found
// when one entered before it is left, or as the case ends (CaseInfected, Infected).
func Enter(id int) bool {
	if recording {
		enter(id)
	}
	return true
}

// Left is Infect for a condition whose evaluation Enter began.
func Left(id int, value, mutated bool) bool {
	if recording {
		left(id, value != mutated)
	}
	return value
}

// Pick is mutated when mutant id is active, else original: the form of a mutation that
// replaces a value (a changed constant, a swapped argument, a moved boundary). Both are
// evaluated, so the rewriting uses it only for operands without side effects. Where the
// two are equal the mutant changes nothing, and is not infected.
func Pick[T any](id int, mutated, original T) T {
	if recording {
		picked(id, mutated, original)
	}
	if id == active {
		return mutated
	}
	return original
}

// The guards' recording is in functions of its own, so that the guards stay small
// enough to be inlined: judging a mutant runs millions of them.

func hitInfect(id int) {
	hit(id)
	infect(id)
}

func picked[T any](id int, mutated, original T) {
	hit(id)
	if !equal(mutated, original) {
		infect(id)
	}
}

// equal reports whether a and b are the same value, so that either behaves as the other:
// false for values Go can't compare (a slice, a map, a function) and for a NaN.
func equal[T any](a, b T) bool {
	va, vb := reflect.ValueOf(&a).Elem(), reflect.ValueOf(&b).Elem()
	if !va.Comparable() || !vb.Comparable() {
		return false
	}
	return va.Equal(vb)
}

// evaluating is the conditions entered (Enter) and not yet left, innermost last. The
// engine runs on one goroutine at a time when recording (one worker).
var (
	evalMu     sync.Mutex
	evaluating []int
)

func enter(id int) {
	evalMu.Lock()
	evaluating = append(evaluating, id)
	evalMu.Unlock()
}

// left ends the innermost evaluation of id, infecting id if its value would change, and
// infects the evaluations entered after it, which never returned.
func left(id int, changed bool) {
	evalMu.Lock()
	i := len(evaluating) - 1
	for i >= 0 && evaluating[i] != id {
		i--
	}
	var abandoned []int
	if i >= 0 {
		abandoned = append(abandoned, evaluating[i+1:]...)
		evaluating = evaluating[:i]
	}
	evalMu.Unlock()
	for _, a := range abandoned {
		infect(a)
	}
	if changed {
		infect(id)
	}
}

// abandon infects every evaluation entered and not left: none of them returned.
func abandon() {
	evalMu.Lock()
	rest := evaluating
	evaluating = nil
	evalMu.Unlock()
	for _, id := range rest {
		infect(id)
	}
}

// hit marks mutant id reached; the load first, so that a guard evaluated again (most are,
// millions of times) only reads.
func hit(id int) {
	if id < len(hits) && hits[id].Load() == 0 {
		hits[id].Store(1)
	}
}

// infect marks mutant id infected in the process and in the case running.
func infect(id int) {
	if id >= len(hits) {
		return
	}
	if infected[id].Load() == 0 {
		infected[id].Store(1)
	}
	if n := caseNumber.Load(); n != 0 && caseMark[id].Load() != n {
		caseMark[id].Store(n)
		caseMu.Lock()
		caseInfected = append(caseInfected, id)
		caseMu.Unlock()
	}
}

// StartCase begins a case: CaseInfected is then the mutants infected from here on, until
// the next StartCase. Before the first, infections are the process's alone (its
// initialisation's, its setting up).
func StartCase() {
	caseMu.Lock()
	caseInfected = caseInfected[:0]
	caseNumber.Add(1)
	caseMu.Unlock()
}

// CaseInfected calls f with the ID of each mutant infected since StartCase, once each, in
// the order they were first infected.
func CaseInfected(f func(id int)) {
	abandon()
	caseMu.Lock()
	defer caseMu.Unlock()
	for _, id := range caseInfected {
		f(id)
	}
}

// Recording reports whether this process records the mutants reached.
func Recording() bool { return recording }

// Mutants is the highest mutant ID recorded (RecordEnv), 0 when not recording.
func Mutants() int { return len(hits) - 1 }

// Reached is the IDs of the mutants whose guards were evaluated since the process began,
// in order.
func Reached() []int { return marked(hits) }

// Infected is the IDs of the mutants infected since the process began, in order.
func Infected() []int {
	abandon()
	return marked(infected)
}

func marked(marks []atomic.Uint32) []int {
	var out []int
	for id := 1; id < len(marks); id++ {
		if marks[id].Load() != 0 {
			out = append(out, id)
		}
	}
	return out
}
