package mutate

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// Key names a mutant by what it changes where, not by its ID (which moves when code is
// added above it): its file, function, operator, original and mutated text. The reviewed
// list of equivalent mutants is keyed by it.
// Two mutants alike in all of these are told apart by their order in the function: the
// second's original text gets " #2", and so on.
func (m Mutant) Key() string {
	return strings.Join([]string{m.File, m.Func, m.Op, m.original(), m.Mutated}, "\t")
}

// OutOfPool begins the reason of a listed mutant that is not equivalent everywhere but
// out of the pool: what it changes matters only in a situation no card of the pool makes
// (a control-changing effect, a face-down card in a graveyard), or for input the harness
// never sends (an ill-formed setup of the engine's Go API, a malformed card definition).
// Reports count them among the equivalent, and on their own.
const OutOfPool = "out of the pool: "

// ReadEquivalents reads the reviewed list of equivalent mutants: one per line, the five
// fields of Key and a sixth saying why no behaviour can differ, tab-separated; blank lines
// and lines starting with # are comments. It returns the reasons by key.
func ReadEquivalents(name string, r io.Reader) (map[string]string, error) {
	out := map[string]string{}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 6 || strings.TrimSpace(f[5]) == "" {
			return nil, fmt.Errorf("%s:%d: want six tab-separated fields (file, function, operator, original, mutated, why), got %d", name, n, len(f))
		}
		key := strings.Join(f[:5], "\t")
		if _, dup := out[key]; dup {
			return nil, fmt.Errorf("%s:%d: this mutant is listed twice", name, n)
		}
		out[key] = f[5]
	}
	return out, sc.Err()
}

// MarkEquivalent sets Equivalent on each survivor the list names, unreached ones too (an
// equivalent mutant is one whether reached or not).
func MarkEquivalent(results []Result, list map[string]string) {
	for i := range results {
		if why, ok := list[results[i].Key()]; ok && results[i].Survivor() {
			results[i].Equivalent = why
		}
	}
}
