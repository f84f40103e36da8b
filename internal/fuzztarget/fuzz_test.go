package fuzztarget

import "testing"

// The native fuzz targets, one per rules family (see targets and the package doc). Each
// is the same few lines: seed the engine with the target's seed inputs, and fail an input
// with the counterexample it makes. They sit alone in this file, and no other file spells
// their names, because compile_native_go_fuzzer builds this file alone into the package.
//
//	go test -fuzz=FuzzMana ./internal/fuzztarget/                    # fuzz one
//	MTGFUZZ_FAULTS=NAME go test -fuzz=FuzzMana ./internal/fuzztarget/ # with a fault on

func FuzzMana(f *testing.F) {
	t := seeded(f, "mana")
	f.Fuzz(func(ft *testing.T, data []byte) { t.fail(ft, data) })
}

func FuzzCost(f *testing.F) {
	t := seeded(f, "cost")
	f.Fuzz(func(ft *testing.T, data []byte) { t.fail(ft, data) })
}

func FuzzCopy(f *testing.F) {
	t := seeded(f, "copy")
	f.Fuzz(func(ft *testing.T, data []byte) { t.fail(ft, data) })
}

func FuzzCycling(f *testing.F) {
	t := seeded(f, "cycling")
	f.Fuzz(func(ft *testing.T, data []byte) { t.fail(ft, data) })
}

func FuzzLibrary(f *testing.F) {
	t := seeded(f, "library")
	f.Fuzz(func(ft *testing.T, data []byte) { t.fail(ft, data) })
}

func FuzzRules(f *testing.F) {
	t := seeded(f, "rules")
	f.Fuzz(func(ft *testing.T, data []byte) { t.fail(ft, data) })
}

func FuzzInvariant(f *testing.F) {
	t := seeded(f, "invariant")
	f.Fuzz(func(ft *testing.T, data []byte) { t.fail(ft, data) })
}
