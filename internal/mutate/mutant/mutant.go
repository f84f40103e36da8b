// Package mutant is the switch the mutant schemata of engine/ test: `fuzz mutate` rewrites
// a scratch copy of the module so that every mutation it makes is guarded by
// Active(id), builds that copy once, and runs the binary once per mutant with the
// mutant's ID in the environment variable Env. The real engine never imports this
// package; only the scratch copy does.
//
// The active ID is read once, when the package is initialised (before the engine's own
// initialisation, which may hold mutants too: card definitions run at init), so a guard is
// one comparison with a variable, and one test of a flag that is false but when recording.
//
// Recording (RecordEnv set to the number of mutants): every guard evaluated marks its
// mutant as reached, in a bitset of the process, from the package's initialisation on
// (guards evaluated at the engine's init are reached by every run). fuzz mutate records,
// with no mutant active, which mutants each property's and each scenario's run reaches.
package mutant

import (
	"os"
	"strconv"
	"sync/atomic"
)

// Env is the environment variable holding the active mutant's ID; unset or 0, no mutant
// is active and the scratch binary behaves as the original.
const Env = "MTGFUZZ_MUTANT"

// RecordEnv is the environment variable that turns recording on: the number of mutants
// (the highest ID); unset or 0, nothing is recorded.
const RecordEnv = "MTGFUZZ_RECORD_REACH"

var active = envInt(Env)

// hits is the recording bitset's words, by ID; recording is whether it is on.
var (
	hits      = make([]atomic.Uint32, envInt(RecordEnv)+1)
	recording = len(hits) > 1
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

// Active reports whether mutant id is the one this process runs.
func Active(id int) bool {
	if recording {
		hit(id)
	}
	return id == active
}

// Pick is mutated when mutant id is active, else original: the form of a mutation that
// replaces a value (a changed constant, a swapped argument). Both are evaluated, so the
// rewriting uses it only for operands without side effects.
func Pick[T any](id int, mutated, original T) T {
	if recording {
		hit(id)
	}
	if id == active {
		return mutated
	}
	return original
}

// hit marks mutant id reached; the load first, so that a guard evaluated again (most are,
// millions of times) only reads.
func hit(id int) {
	if id < len(hits) && hits[id].Load() == 0 {
		hits[id].Store(1)
	}
}

// Recording reports whether this process records the mutants reached.
func Recording() bool { return recording }

// Reached is the IDs of the mutants whose guards were evaluated since the process began,
// in order.
func Reached() []int {
	var out []int
	for id := 1; id < len(hits); id++ {
		if hits[id].Load() != 0 {
			out = append(out, id)
		}
	}
	return out
}
