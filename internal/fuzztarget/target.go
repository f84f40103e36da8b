package fuzztarget

import (
	"slices"
	"strings"
	"sync"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/props"
)

// Target is one native fuzz target: a rules family, the properties whose IDs start with
// one of its prefixes.
type Target struct {
	Name     string   // the family: "mana"; the target function is Func()
	Prefixes []string // property ID prefixes, each before the first '.'
	About    string   // what it fuzzes, for people

	once  sync.Once
	props []*props.Property
}

// targets partition the properties by family (a test holds them to it: a property of a
// new family needs a target here, its function in fuzz_test.go and its line in
// ci/clusterfuzzlite/build.sh).
var targets = []*Target{
	{Name: "mana", Prefixes: []string{"mana", "x"}, About: "mana abilities, what a permanent could produce, X (CR 106, 107.3, 605)"},
	{Name: "cost", Prefixes: []string{"cost"}, About: "the {T} and {Q} symbols (CR 107.5, 107.6, 302.6)"},
	{Name: "copy", Prefixes: []string{"copy"}, About: "copy effects and what they copy (CR 706, 707)"},
	{Name: "cycling", Prefixes: []string{"cycling"}, About: "cycling and its triggers (CR 702.29)"},
	{Name: "library", Prefixes: []string{"historic", "library"}, About: "historic spells, playing from the top of the library, what each player may see, face-down spells (CR 700.6, 601.3, 401, 708)"},
	{Name: "rules", Prefixes: []string{"rules"}, About: "the general rules: turns, priority, triggers, state-based actions, layers, zones"},
	{Name: "invariant", Prefixes: []string{"invariant"}, About: "what holds of every game: pools, mana abilities, state-based actions, purity, determinism"},
}

// Targets lists the fuzz targets, in build.sh's order.
func Targets() []*Target { return targets }

// Func is the name of the target's fuzz function: "Fuzz" and its name, capitalized. It
// is built, not written out, so that fuzz_test.go is the one file of the package that
// spells it (see the package doc).
func (t *Target) Func() string { return "Fuzz" + strings.ToUpper(t.Name[:1]) + t.Name[1:] }

// Lookup finds a target by its name or its function's (Func), in any case.
func Lookup(name string) (*Target, bool) {
	for _, t := range targets {
		if strings.EqualFold(name, t.Name) || strings.EqualFold(name, t.Func()) {
			return t, true
		}
	}
	return nil, false
}

// Of is the target whose family holds the property id.
func Of(id string) (*Target, bool) {
	for _, t := range targets {
		if t.holds(id) {
			return t, true
		}
	}
	return nil, false
}

// Names lists the targets' names, for messages.
func Names() []string {
	out := make([]string, len(targets))
	for i, t := range targets {
		out[i] = t.Name
	}
	return out
}

func (t *Target) holds(id string) bool {
	family, _, _ := strings.Cut(id, ".")
	return slices.Contains(t.Prefixes, family)
}

// Props are the target's properties, in ID order: an input's first byte indexes them.
func (t *Target) Props() []*props.Property {
	t.once.Do(func() {
		for _, p := range props.All() {
			if t.holds(p.ID) {
				t.props = append(t.props, p)
			}
		}
	})
	return t.props
}

// Input is the input that runs tape as a case of the target's property i.
func (t *Target) Input(i int, tape []uint64) []byte {
	return append([]byte{byte(i)}, gen.TapeBytes(gen.TrimTape(tape))...)
}

// Decode is the property an input runs and the tape it replays.
func (t *Target) Decode(data []byte) (*props.Property, []uint64) {
	ps := t.Props()
	if len(data) == 0 {
		return ps[0], nil
	}
	return ps[int(data[0])%len(ps)], gen.BytesTape(data[1:])
}
