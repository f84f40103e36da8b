// Package fuzztarget holds the Go native fuzz targets (func FuzzXxx(f *testing.F), in
// fuzz_test.go) for coverage-guided fuzzing engines: go test -fuzz, and libFuzzer on
// ClusterFuzzLite or OSS-Fuzz (ci/clusterfuzzlite builds them with
// compile_native_go_fuzzer). There is one target per rules family ([Targets]: mana, cost,
// copy, cycling, the general rules, the invariants), each running that family's
// properties against the reference engine.
//
// # Input
//
// A target's input is a case of the campaign's own generator: its first byte picks the
// property (modulo the family's size, in ID order) and the rest is the generator's choice
// tape as 8-byte little-endian words (gen.BytesSource: every input is a valid case, draws
// past its end are 0). So what a fuzzing engine finds is a campaign case, run and judged
// as the campaign runs and judges its own ([Target.Check] runs a campaign of that one
// case, campaign.Config.Tape), and reported as the campaign reports a counterexample. The
// engines minimize the input themselves; `fuzz import` shrinks it as the campaign does and
// saves it as a scenario.
//
// libFuzzer gets the input through go-118-fuzz-build, which hands a []byte argument the
// raw input's length-prefixed slice ([FromLibFuzzer], [ToLibFuzzer]); go test keeps its
// inputs as "go test fuzz v1" files ([ParseGoFuzzFile]).
//
// # Faults
//
// The environment variable MTGFUZZ_FAULTS ([FaultsVar]), a comma-separated list of the
// reference engine's deliberate faults, switches them on in the targets: the engine is
// made with them, as `fuzz run --fault` makes it, so a coverage-guided run can be shown
// to find each. It is read here only, once per process; the engine has no global state.
//
// # Why a package of its own
//
// The targets need gen, props, engine, campaign and report, and cmd/fuzz needs the
// targets (export-seeds, import): a package below cmd/fuzz and above the others has no
// import cycle. compile_native_go_fuzzer finds a target's file by grepping the package
// directory for the function's name and compiles that file, renamed, as part of the
// package, with none of the package's other _test.go files: so fuzz_test.go holds the
// target functions alone, each of a few lines over this package's code, and no other file
// of the package spells their names.
package fuzztarget
