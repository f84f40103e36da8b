// Package mutant is the switch the mutant schemata of engine/ test: `fuzz mutate` rewrites
// a scratch copy of the module so that every mutation it makes is guarded by
// Active(id), builds that copy once, and runs the binary once per mutant with the
// mutant's ID in the environment variable Env. The real engine never imports this
// package; only the scratch copy does.
//
// The active ID is read once, when the package is initialised (before the engine's own
// initialisation, which may hold mutants too: card definitions run at init), so a guard is
// one comparison with a variable.
package mutant

import (
	"os"
	"strconv"
)

// Env is the environment variable holding the active mutant's ID; unset or 0, no mutant
// is active and the scratch binary behaves as the original.
const Env = "MTGFUZZ_MUTANT"

var active = func() int {
	n, err := strconv.Atoi(os.Getenv(Env))
	if err != nil || n < 0 {
		return 0
	}
	return n
}()

// ID is the active mutant's ID, 0 for none.
func ID() int { return active }

// Active reports whether mutant id is the one this process runs.
func Active(id int) bool { return id == active }

// Pick is mutated when mutant id is active, else original: the form of a mutation that
// replaces a value (a changed constant, a swapped argument). Both are evaluated, so the
// rewriting uses it only for operands without side effects.
func Pick[T any](id int, mutated, original T) T {
	if id == active {
		return mutated
	}
	return original
}
