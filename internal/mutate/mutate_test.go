package mutate

import (
	// The type checker, for a schema of the sample code.
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"

	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// stubMutant is package mutant's API, for type-checking a schema without the go command.
const stubMutant = `package mutant
var active int
func Active(id int) bool { return id == active }
func Guard(id int) bool { return id == active }
func Infect(id int, value, mutated bool) bool { return value }
func Enter(id int) bool { return true }
func Left(id int, value, mutated bool) bool { return value }
func Pick[T any](id int, mutated, original T) T { if id == active { return mutated }; return original }
`

// sample is code with every operator's decision points, nested in each other.
const sample = `package p

type Layer int

type faultSet map[string]bool

func (f faultSet) on(n string) bool { return f[n] }

const FaultX = "x"

var table = [3]int{1: 5}

func f(xs []int, a, b int, l Layer, faults faultSet) (int, bool) {
	n := 0
	for i := 0; i < len(xs) && xs[i] >= a; i++ {
		n += xs[i]
		if n > b || l == 2 {
			n--
		}
	}
	for _, x := range xs {
		g(x, a)
	}
	if faults.on(FaultX) {
		n = 7
	}
	ok := a == b
	for {
		if n <= 0 {
			return n, ok && true
		}
		n = g(b, a)
	}
}

func g(x, y int) int { return x - y }
`

// schemaOf renders the sample's schema with every mutant, type-checked against the stub.
func schemaOf(t *testing.T, src string) (*fileSites, string) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	require.NoError(t, err)
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}}
	pkg, err := (&types.Config{Importer: importer.ForCompiler(fset, "source", nil)}).Check("p", fset, []*ast.File{file}, info)
	require.NoError(t, err)
	fs := &fileSites{fset: fset, info: info, pkg: pkg, file: file, src: []byte(src), name: "p/p.go", imports: importNames(file)}
	fs.markFaultOnly()
	fs.faultFuncs = faultOnlyFuncs([]*fileSites{fs})
	fs.walk()
	for i, s := range fs.sites {
		if s.m.ID == 0 {
			s.m.ID = i + 1
		}
	}
	r := newRenderer(fs, func(*Mutant) bool { return false })
	text := r.file(file)
	clause := r.off(file.Name.End())
	return fs, text[:clause] + mutantImport + text[clause:]
}

// typeCheck type-checks a schema file against the stub of package mutant.
func typeCheck(text string) error {
	fset := token.NewFileSet()
	stubFile, err := parser.ParseFile(fset, "mutant.go", stubMutant, 0)
	if err != nil {
		return err
	}
	stub, err := (&types.Config{}).Check("github.com/mtgfuzz/mtgfuzz/internal/mutate/mutant", fset, []*ast.File{stubFile}, nil)
	if err != nil {
		return err
	}
	file, err := parser.ParseFile(fset, "p.go", text, 0)
	if err != nil {
		return err
	}
	_, err = (&types.Config{Importer: importerFunc(func(string) (*types.Package, error) { return stub, nil })}).Check("p", fset, []*ast.File{file}, nil)
	return err
}

type importerFunc func(string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

func TestSchemaTypeChecks(t *testing.T) {
	fs, text := schemaOf(t, sample)
	require.NoError(t, typeCheck(text), text)
	ops := map[string]int{}
	for _, s := range fs.sites {
		ops[s.m.Op]++
	}
	for _, op := range Operators {
		assert.NotZero(t, ops[op.Name], "operator %s has no mutant in the sample", op.Name)
	}
	// Mutants nest: the constant of xs[i] >= a ... i < len(xs) sits inside the relational
	// mutant's both branches, with the same ID.
	assert.Contains(t, text, "if !mutant.Active(")
	assert.Contains(t, text, "{ break } }", "the range loop stops after one iteration")
	// The fault's switch, constants and array lengths and indexes are not mutated.
	assert.Contains(t, text, "if faults.on(FaultX) {")
	assert.Contains(t, text, "\t\tn = 7\n", "a statement run only with a fault on stays")
	assert.Contains(t, text, "var table = [3]int{1: ")
	assert.Contains(t, text, `const FaultX = "x"`)
	// The infinite loop gets no break: it would no longer end its function.
	for _, s := range fs.sites {
		if s.m.Op == OpLoopOnce {
			assert.NotEqual(t, 31, s.m.Line, "for {} got a loop-once mutant")
		}
	}
}

func TestSchemaLines(t *testing.T) {
	// The schema keeps every line where it was: compiler errors name the original lines.
	_, text := schemaOf(t, sample)
	assert.Equal(t, strings.Count(sample, "\n"), strings.Count(text, "\n"))
}

func TestSwapBothWays(t *testing.T) {
	fs, text := schemaOf(t, sample)
	var swap *Mutant
	for _, s := range fs.sites {
		if s.m.Op == OpSwap && s.m.Original == "b, a" {
			swap = s.m
		}
	}
	require.NotNil(t, swap)
	assert.Contains(t, text, fmt.Sprintf("g(mutant.Pick(%d, a, b), mutant.Pick(%d, b, a))", swap.ID, swap.ID))
}

func TestNoSwapInAnErrorsWords(t *testing.T) {
	fs, _ := schemaOf(t, `package p

import "fmt"

func f(a, b string) (string, error) {
	if a == b {
		return "", fmt.Errorf("%s is %s", a, b)
	}
	return fmt.Sprintf("%s, %s", a, b), nil
}
`)
	var swapped []string
	for _, s := range fs.sites {
		if s.m.Op == OpSwap && !slices.Contains(swapped, s.m.Original) {
			swapped = append(swapped, s.m.Original)
		}
	}
	// Sprintf's words may be read (a name, a choice); an error's are not.
	assert.Equal(t, []string{`"%s, %s", a`, "a, b"}, swapped)
}

func TestCitations(t *testing.T) {
	assert.Equal(t, []string{"106.5", "106.1b", "605.2"}, Citations("no mana (CR 106.5, 106.1b and 605.2)"))
	assert.Equal(t, []string{"613", "117.3d"}, Citations("layers, CR 613; then priority (117.3d)"))
	assert.Equal(t, []string{"601.2a-e"}, Citations("see (601.2a-e)"))
	assert.Empty(t, Citations("version 1.26 of 200 cards"))
}

func TestCompareRules(t *testing.T) {
	rules := []string{"106.10", "106.1a", "613", "106", "106.2", "106.1", "601.2a-e"}
	slices.SortFunc(rules, CompareRules)
	assert.Equal(t, []string{"106", "106.1", "106.1a", "106.2", "106.10", "601.2a-e", "613"}, rules)
}

func TestCovers(t *testing.T) {
	assert.True(t, Covers("106", "106.1a"))
	assert.True(t, Covers("106.1", "106.1b"))
	assert.True(t, Covers("601.2a-f", "601.2c"))
	assert.False(t, Covers("601.2a-f", "601.2g"))
	assert.False(t, Covers("106.1", "106.12"))
	assert.False(t, Covers("106.1a", "106.1"), "a citation of the parent rule is not one of the subrule")
}

func TestSelect(t *testing.T) {
	var all []*Mutant
	for i := 1; i <= 100; i++ {
		all = append(all, &Mutant{ID: i})
	}
	ids := func(ms []*Mutant) []int {
		var out []int
		for _, m := range ms {
			out = append(out, m.ID)
		}
		return out
	}
	a, err := Select(all, 10, 7, 0, 0)
	require.NoError(t, err)
	b, _ := Select(all, 10, 7, 0, 0)
	c, _ := Select(all, 10, 8, 0, 0)
	assert.Len(t, a, 10)
	assert.Equal(t, ids(a), ids(b), "the same seed picks the same sample")
	assert.NotEqual(t, ids(a), ids(c))
	assert.True(t, slices.IsSorted(ids(a)))
	var union []int
	for k := 1; k <= 3; k++ {
		s, err := Select(all, 10, 7, k, 3)
		require.NoError(t, err)
		union = append(union, ids(s)...)
	}
	slices.Sort(union)
	assert.Equal(t, ids(a), union, "the shards split the sample")
	_, err = Select(all, 10, 7, 4, 3)
	assert.Error(t, err)
	whole, _ := Select(all, 0, 1, 0, 0)
	assert.Len(t, whole, 100)
}

func TestReadEquivalents(t *testing.T) {
	m := Mutant{File: "engine/x.go", Func: "f", Op: OpRemove, Original: "a = b", Mutated: "(removed)"}
	list, err := ReadEquivalents("eq.tsv", strings.NewReader("# comment\n\n"+m.Key()+"\tb is a already\n"))
	require.NoError(t, err)
	results := []Result{{Mutant: m, Verdict: Verdict{Outcome: Survived}}, {Mutant: m, Verdict: Verdict{Outcome: Killed}}}
	MarkEquivalent(results, list)
	assert.Equal(t, "b is a already", results[0].Equivalent)
	assert.Empty(t, results[1].Equivalent, "a killed mutant is not equivalent, whatever the list says")
	_, err = ReadEquivalents("eq.tsv", strings.NewReader("\nengine/x.go\tf\tremove\n"))
	assert.ErrorContains(t, err, "eq.tsv:2: want six tab-separated fields")
}

func TestCounts(t *testing.T) {
	r := &Report{Results: []Result{
		{Verdict: Verdict{Outcome: Killed, By: ByCampaign, Property: "p"}},
		{Verdict: Verdict{Outcome: Killed, By: ByCampaign, Property: "p", EngineError: "panic"}},
		{Verdict: Verdict{Outcome: Killed, By: ByCorpus, Scenario: "s"}},
		{Verdict: Verdict{Outcome: Survived}},
		{Verdict: Verdict{Outcome: Survived}, Equivalent: "why"},
		{Verdict: Verdict{Outcome: Uninfected}, Equivalent: OutOfPool + "no card makes it"},
		{Verdict: Verdict{Outcome: TimedOut}},
		{Verdict: Verdict{Outcome: NotCompiled}},
	}}
	r.Count()
	assert.Equal(t, Counts{Judged: 8, Killed: 3, KilledByCampaign: 2, KilledByCorpus: 1, KilledByBreaking: 1, Survived: 1,
		Equivalent: 2, OutOfPool: 1, NotCompiled: 1, TimedOut: 1}, r.Counts)
	campaign, both := r.Counts.Scores()
	assert.InDelta(t, 60.0, campaign, 0.01, "campaign kills and time-outs of the 5 non-equivalent compiled mutants")
	assert.InDelta(t, 80.0, both, 0.01)
	var b strings.Builder
	require.NoError(t, Text(&b, r))
	assert.Contains(t, b.String(), "killed            3  (by the campaign 2, by the corpus 1; the engine broke in 1)")
	assert.Contains(t, b.String(), "score: the campaign alone 60.0%, with the corpus 80.0%")
	assert.Contains(t, b.String(), "equivalent        2  (on the reviewed list, 1 of them out of the pool;")
}

// TestEquivalentsNameMutants: each line of the reviewed list names one mutant of engine/
// as it is (a line the engine's code has moved under names none: review it again).
func TestEquivalentsNameMutants(t *testing.T) {
	f, err := os.Open("equivalent.tsv")
	require.NoError(t, err)
	defer f.Close()
	list, err := ReadEquivalents("equivalent.tsv", f)
	require.NoError(t, err)
	s, err := Generate(filepath.Join("..", ".."), "engine")
	require.NoError(t, err)
	named := map[string]int{}
	for _, m := range s.Mutants {
		if _, ok := list[m.Key()]; ok {
			named[m.Key()]++
		}
	}
	for k := range list {
		assert.Equal(t, 1, named[k], "equivalent.tsv: %q names no mutant of engine/ (or several)", k)
	}
}

func result(id int, outcome string) Result {
	r := Result{Mutant: Mutant{ID: id, File: "engine/x.go", Op: OpNegate, Original: "a", Mutated: "!a", Func: "f", Nth: id}}
	r.Outcome = outcome
	if outcome == Killed {
		r.By, r.Property, r.Clause = ByCampaign, "p", "c"
	}
	return r
}

// TestJournalResumes: a journal keeps each verdict added; opened again with the same
// settings it gives them back (a line cut short by a killed run dropped), and with other
// settings it is refused, naming both.
func TestJournalResumes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "run.jsonl")
	s := Settings{Hash: "abc", Package: "engine", Mutants: 9, Seed: 1, Checks: 500, Pruned: true}
	j, old, err := OpenJournal(path, s)
	require.NoError(t, err)
	assert.Empty(t, old)
	require.NoError(t, j.Add(result(3, Killed)))
	require.NoError(t, j.Add(result(1, Survived)))
	require.NoError(t, j.Close())

	// A run killed while writing a line leaves it without its newline.
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	require.NoError(t, err)
	_, err = f.WriteString(`{"id":5,"outc`)
	require.NoError(t, err)
	require.NoError(t, f.Close())

	j, old, err = OpenJournal(path, s)
	require.NoError(t, err)
	require.Len(t, old, 2)
	assert.Equal(t, []int{1, 3}, []int{old[0].ID, old[1].ID}, "in ID order")
	assert.Equal(t, "p · c", old[1].Judged())
	require.NoError(t, j.Add(result(5, Unreached)))
	require.NoError(t, j.Close())
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(data), `{"journal":"fuzz mutate","settings":{"hash":"abc",`), "the settings come first")
	got, results, err := parseJournal(path, data)
	require.NoError(t, err)
	assert.Equal(t, s, got)
	require.Len(t, results, 3, "the cut line dropped, the next verdict on a line of its own")
	assert.Equal(t, Unreached, results[2].Outcome)

	other := s
	other.Checks = 5000
	_, _, err = OpenJournal(path, other)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "500 checks")
	assert.Contains(t, err.Error(), "5000 checks")

	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	require.NoError(t, os.WriteFile(bad, []byte("{\"journal\":\"fuzz mutate\",\"settings\":{}}\nnot json\n"), 0o644))
	_, _, err = OpenJournal(bad, Settings{})
	assert.ErrorContains(t, err, "bad.jsonl:2: want a verdict of a mutant")
}

// TestMergeIsTheWhole: the results of a run split in shards, one kept as a journal and
// one as a report's JSON, merge into the whole run's report: the same results in ID
// order, equivalents marked from the list, the same counts.
func TestMergeIsTheWhole(t *testing.T) {
	s := Settings{Hash: "abc", Package: "engine", Mutants: 6, Seed: 1, Checks: 500, Pruned: true}
	all := []Result{result(1, Killed), result(2, Survived), result(3, Unreached), result(4, Killed), result(5, Survived), result(6, TimedOut)}
	equivalents := map[string]string{all[4].Key(): "why"}
	whole := &Report{Package: "engine", Total: 6, Source: "abc", Seed: 1, Checks: 500, Pruned: true, Results: append([]Result(nil), all...)}
	MarkEquivalent(whole.Results, equivalents)
	whole.Count()

	path := filepath.Join(t.TempDir(), "a.jsonl")
	j, _, err := OpenJournal(path, s)
	require.NoError(t, err)
	for _, r := range []Result{all[4], all[0], all[2]} {
		require.NoError(t, j.Add(r))
	}
	require.NoError(t, j.Close())
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	a, err := ReadPart(path, data)
	require.NoError(t, err)
	shard := &Report{Package: "engine", Total: 6, Source: "abc", Seed: 1, Checks: 500, Pruned: true, Shard: "2/2",
		Results: []Result{all[1], all[3], all[5], all[0]}}
	data, err = json.Marshal(shard)
	require.NoError(t, err)
	b, err := ReadPart("b.json", data)
	require.NoError(t, err)

	got, err := Merge([]Part{a, b}, equivalents)
	require.NoError(t, err)
	assert.Equal(t, whole.Results, got.Results)
	assert.Equal(t, whole.Counts, got.Counts)
	assert.Equal(t, 1, got.Counts.Unreached)
	assert.Equal(t, 1, got.Counts.Equivalent)

	b.Settings.Checks = 100
	_, err = Merge([]Part{a, b}, equivalents)
	assert.ErrorContains(t, err, "b.json: of other settings")
	_, err = ReadPart("c.json", []byte("[1,2]"))
	assert.ErrorContains(t, err, "c.json: neither a journal")
}

// TestFaultSwitchBesideATest: a fault's switch beside a rule's test in a chain hides
// only itself: the test is mutated where the faults being off leave it deciding (X &&
// !on(F), X || on(F)), and nothing is where they fix the chain's value (X && on(F), X ||
// !on(F), a switch's case X && on(F)).
func TestFaultSwitchBesideATest(t *testing.T) {
	src := `package p

type faultSet map[string]bool

func (f faultSet) on(n string) bool { return f[n] }

const FaultX = "x"

func f(tapped, sick bool, n int, faults faultSet) int {
	if tapped && !faults.on(FaultX) {
		n++
	}
	if sick || faults.on(FaultX) {
		n++
	}
	if n > 2 && faults.on(FaultX) {
		n--
	}
	if n > 3 || !faults.on(FaultX) {
		n--
	}
	switch {
	case n > 4 && faults.on(FaultX):
		n = 9
	}
	return n
}
`
	fs, text := schemaOf(t, src)
	require.NoError(t, typeCheck(text), text)
	lines := map[int][]string{}
	for _, s := range fs.sites {
		lines[s.m.Line] = append(lines[s.m.Line], s.m.Op+" "+s.m.Original)
	}
	assert.ElementsMatch(t, []string{OpNegate + " tapped", OpTrue + " tapped", OpFalse + " tapped"}, lines[10],
		"the test beside !on(F) is mutated, and made always false in the chain's place")
	assert.ElementsMatch(t, []string{OpNegate + " sick", OpTrue + " sick", OpFalse + " sick"}, lines[13],
		"the test beside || on(F) is mutated, and made always true in the chain's place")
	for _, line := range []int{16, 19} {
		assert.Empty(t, lines[line], "line %d: the faults being off fix the chain", line)
	}
	assert.Empty(t, lines[17], "a branch run only with a fault on")
	assert.Equal(t, []string{OpRemove + " n--"}, lines[20], "a branch the faults being off always run")
	assert.Empty(t, lines[23], "a case run only with a fault on")
	assert.Empty(t, lines[24], "its body")
}

// TestFaultOnlyFunctions: a function used only in a fault's branch, or only by such
// functions, runs only with a fault on, and has no mutants; one also used elsewhere has.
func TestFaultOnlyFunctions(t *testing.T) {
	src := `package p

type faultSet map[string]bool

func (f faultSet) on(n string) bool { return f[n] }

const FaultX = "x"

func f(n int, faults faultSet) int {
	if faults.on(FaultX) {
		n = sunk(n)
	}
	n++
	return both(n)
}

func sunk(n int) int {
	if n > 0 {
		return sunk(n-1) + deeper(n)
	}
	return 0
}

func deeper(n int) int { return n + 1 }

func both(n int) int {
	if faultSet(nil).on(FaultX) {
		return both(n + 1)
	}
	return n * 2
}
`
	fs, text := schemaOf(t, src)
	require.NoError(t, typeCheck(text), text)
	funcs := map[string]int{}
	for _, s := range fs.sites {
		funcs[s.m.Func]++
	}
	assert.Zero(t, funcs["sunk"], "used only in a fault's branch (and by itself)")
	assert.Zero(t, funcs["deeper"], "used only by a fault-only function")
	assert.NotZero(t, funcs["both"], "used outside a fault's branch too")
	assert.NotZero(t, funcs["f"])
}

// TestSourceHashLeavesOutSchemas: a schema kept inside the module (--keep keep) doesn't
// change the source hash, so a journal stays of the same source run after run; a Go
// file added anywhere else does.
func TestSourceHashLeavesOutSchemas(t *testing.T) {
	root, corpus := t.TempDir(), t.TempDir()
	write := func(rel, text string) {
		path := filepath.Join(root, filepath.FromSlash(rel))
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	}
	write("go.mod", "module m\n")
	write("engine/a.go", "package engine\n")
	before, err := SourceHash(root, corpus)
	require.NoError(t, err)
	write("keep/"+overlayFile, "{}")
	write("keep/"+schemaSources+"/engine/a.go", "package engine // mutated\n")
	kept, err := SourceHash(root, corpus)
	require.NoError(t, err)
	assert.Equal(t, before, kept, "a kept schema is not the module's source")
	write("keep2/"+schemaSources+"/engine/a.go", "package engine\n")
	other, err := SourceHash(root, corpus)
	require.NoError(t, err)
	assert.NotEqual(t, before, other, "a directory without an overlay is the module's")
}
