package fuzztarget

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/props"
)

// TestTargetsPartitionTheProperties: every property is fuzzed by exactly one target, and
// every target has properties. A property of a new family fails here until it has a
// target (a line in targets, its function in fuzz_test.go, its name in build.sh).
func TestTargetsPartitionTheProperties(t *testing.T) {
	for _, p := range props.All() {
		var in []string
		for _, tg := range Targets() {
			if slices.ContainsFunc(tg.Props(), func(q *props.Property) bool { return q.ID == p.ID }) {
				in = append(in, tg.Name)
			}
		}
		assert.Len(t, in, 1, "%s is fuzzed by the targets %v: want exactly one", p.ID, in)
		of, ok := Of(p.ID)
		if assert.True(t, ok, p.ID) && len(in) == 1 {
			assert.Equal(t, in[0], of.Name)
		}
	}
	for _, tg := range Targets() {
		assert.NotEmpty(t, tg.Props(), tg.Name)
		assert.True(t, slices.IsSortedFunc(tg.Props(), func(a, b *props.Property) int { return strings.Compare(a.ID, b.ID) }), tg.Name)
	}
}

// TestFuzzFileHoldsTheTargets: fuzz_test.go declares one func Name(f *testing.F) per
// target and nothing else, and no other file of the package spells a target's name:
// compile_native_go_fuzzer finds the file to build by grepping the folder for the name,
// and builds that file alone into the package.
func TestFuzzFileHoldsTheTargets(t *testing.T) {
	file, err := parser.ParseFile(token.NewFileSet(), "fuzz_test.go", nil, 0)
	require.NoError(t, err)
	var declared []string
	for _, d := range file.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		params := fn.Type.Params.List
		require.Len(t, params, 1, fn.Name.Name)
		star, _ := params[0].Type.(*ast.StarExpr)
		sel, _ := star.X.(*ast.SelectorExpr)
		require.NotNil(t, sel, fn.Name.Name)
		assert.Equal(t, "testing.F", sel.X.(*ast.Ident).Name+"."+sel.Sel.Name, fn.Name.Name)
		declared = append(declared, fn.Name.Name)
	}
	var want []string
	for _, tg := range Targets() {
		want = append(want, tg.Func())
	}
	assert.Equal(t, want, declared, "fuzz_test.go declares the targets' functions, in their order")
	imports := []string{}
	for _, imp := range file.Imports {
		imports = append(imports, imp.Path.Value)
	}
	assert.Equal(t, []string{`"testing"`}, imports, "the fuzz file is built alone: it uses this package's code only")

	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	for _, name := range want {
		var spelt []string
		for _, f := range files {
			data, err := os.ReadFile(f)
			require.NoError(t, err)
			if strings.Contains(string(data), name) {
				spelt = append(spelt, f)
			}
		}
		assert.Equal(t, []string{"fuzz_test.go"}, spelt, "the files that spell %s", name)
	}
}

func TestLookup(t *testing.T) {
	// The function's name is split: only fuzz_test.go may spell it (TestFuzzFileHoldsTheTargets).
	for _, name := range []string{"mana", "MANA", "Fuzz" + "Mana", "fuzzmana"} {
		tg, ok := Lookup(name)
		if assert.True(t, ok, name) {
			assert.Equal(t, "mana", tg.Name)
		}
	}
	_, ok := Lookup("layers")
	assert.False(t, ok)
}

// TestInputDecodes: an input made for a property and a tape decodes to both; the first
// byte picks a property modulo the family's size; no input is the first property's
// simplest case.
func TestInputDecodes(t *testing.T) {
	tg, _ := Lookup("copy")
	ps := tg.Props()
	tape := []uint64{7, 0, 1 << 40, 3, 0, 0}
	p, got := tg.Decode(tg.Input(2, tape))
	assert.Equal(t, ps[2].ID, p.ID)
	assert.Equal(t, gen.TrimTape(tape), got, "trailing zeros are draws of 0 either way")
	p, _ = tg.Decode([]byte{byte(len(ps) + 1)})
	assert.Equal(t, ps[1].ID, p.ID)
	p, got = tg.Decode(nil)
	assert.Equal(t, ps[0].ID, p.ID)
	assert.Empty(t, got)
}

// TestSeedsCoverTheFamily: the seeds hold every property's first case, the same seeds
// every time, each replaying its case.
func TestSeedsCoverTheFamily(t *testing.T) {
	tg, _ := Lookup("cycling")
	seeds, err := tg.Seeds(1, 10)
	require.NoError(t, err)
	again, err := tg.Seeds(1, 10)
	require.NoError(t, err)
	assert.Equal(t, seeds, again)
	picked := map[string]bool{}
	for _, s := range seeds {
		p, _ := tg.Decode(s)
		picked[p.ID] = true
	}
	for _, p := range tg.Props() {
		assert.True(t, picked[p.ID], "a seed of %s", p.ID)
	}
	other, err := tg.Seeds(2, 10)
	require.NoError(t, err)
	assert.NotEqual(t, seeds, other, "another campaign's cases")
}

// TestCheckReportsTheCounterexample: under a fault, a seed of its family fails with the
// counterexample as the campaign reports it and the command that imports the input; on
// the correct engine the same inputs hold.
func TestCheckReportsTheCounterexample(t *testing.T) {
	const fault = "mana.undefined-type/gives-colorless"
	tg, _ := Lookup("mana")
	seeds, err := tg.Seeds(SeedCampaign, SeedCases)
	require.NoError(t, err)
	failed := 0
	for _, s := range seeds {
		msg := tg.check(s, []string{fault})
		assert.Empty(t, tg.check(s, nil))
		if msg == "" {
			continue
		}
		failed++
		assert.Regexp(t, `(?m)^FAIL mana\.\S+ \(rulings `, msg)
		assert.Contains(t, msg, "violation ")
		assert.Contains(t, msg, "game log:")
		assert.Contains(t, msg, "reproduce: go run ./cmd/fuzz import --target mana --fault "+fault+" INPUT")
	}
	assert.Positive(t, failed, "the fault is caught on some seed")
}

func TestParseFaults(t *testing.T) {
	names, err := parseFaults(" mana.undefined-type/gives-colorless, ,cost.tap-symbol/tap-not-paid")
	require.NoError(t, err)
	assert.Equal(t, []string{"mana.undefined-type/gives-colorless", "cost.tap-symbol/tap-not-paid"}, names)
	names, err = parseFaults("")
	require.NoError(t, err)
	assert.Empty(t, names)
	_, err = parseFaults("no-such-fault")
	assert.ErrorContains(t, err, FaultsVar+": ")
	assert.ErrorContains(t, err, `"no-such-fault"`)
}
