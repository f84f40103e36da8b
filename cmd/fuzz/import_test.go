package main

import (
	"archive/zip"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/internal/fuzztarget"
)

// TestExportSeeds writes one seed corpus per fuzz target, each a zip of raw inputs.
func TestExportSeeds(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	r := fuzz(t, "export-seeds", "--out", dir, "--checks", "5")
	require.Equal(t, exitOK, r.code, r.stdout+r.stderr)
	for _, tg := range fuzztarget.Targets() {
		path := filepath.Join(dir, tg.SeedCorpusName())
		assert.Regexp(t, regexp.QuoteMeta(path)+`: \d+ inputs, \d+ properties`, r.stdout)
		z, err := zip.OpenReader(path)
		require.NoError(t, err)
		assert.GreaterOrEqual(t, len(z.File), len(tg.Props()), "%s: a seed per property at least", path)
		z.Close()
	}
}

func TestExportSeedsUsage(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	for _, tc := range []struct {
		args []string
		says string
	}{
		{[]string{"export-seeds"}, "export-seeds needs --out DIR"},
		{[]string{"export-seeds", "--out", t.TempDir(), "extra"}, "export-seeds takes no arguments"},
		{[]string{"export-seeds", "--out", t.TempDir(), "--checks", "0"}, "--checks must be at least 1"},
		{[]string{"export-seeds", "--out", filepath.Join(file, "sub")}, "is a file, not a directory"},
	} {
		r := fuzz(t, tc.args...)
		assert.Equal(t, exitUsage, r.code, "%v", tc.args)
		assert.Contains(t, r.stderr, tc.says, "%v", tc.args)
	}
}

// crashingInput is an input of the mana target that fails under fault: the tape of the
// first case a campaign finds failing, unshrunk, as the target's input.
func crashingInput(t *testing.T, fault string) []byte {
	t.Helper()
	tg, _ := fuzztarget.Lookup("mana")
	i := 0 // mana.could-produce: the first of the family
	rep, err := campaign.Run(context.Background(), campaign.Config{
		Engine: func() (harness.Engine, error) { return engine.New(engine.Options{Faults: []string{fault}}) },
		Props:  tg.Props()[i : i+1], Seed: 1, Checks: 100, ShrinkBudget: -1})
	require.NoError(t, err)
	require.NotNil(t, rep.Props[0].Failure, "the fault is caught")
	return tg.Input(i, rep.Props[0].Failure.Tape)
}

// TestImport: a crashing input, as go test keeps it or raw as libFuzzer does, imports
// into the same shrunk scenario, which fails with the fault and passes without it.
func TestImport(t *testing.T) {
	const fault = "mana.undefined-type/gives-colorless"
	dir := t.TempDir()
	data := crashingInput(t, fault)
	goFile := filepath.Join(dir, "testdata", "fuzz", "FuzzMana", "crash1")
	require.NoError(t, os.MkdirAll(filepath.Dir(goFile), 0o755))
	require.NoError(t, os.WriteFile(goFile, fuzztarget.GoFuzzFile(data), 0o644))
	raw := filepath.Join(dir, "crash-raw")
	require.NoError(t, os.WriteFile(raw, fuzztarget.ToLibFuzzer(data), 0o644))
	corpus := filepath.Join(dir, "found")

	r := fuzz(t, "import", "--fault", fault, "--corpus", corpus, goFile) // the target from the folder
	require.Equal(t, exitFail, r.code, r.stdout+r.stderr)
	assert.Regexp(t, `(?m)^FAIL mana\.could-produce `, r.stdout)
	assert.Contains(t, r.stdout, "reproduce: go run ./cmd/fuzz import --target mana --fault "+fault+" "+goFile)
	assert.Contains(t, r.stderr, "found a counterexample of mana.could-produce")
	saved := regexp.MustCompile(`(?m)^  saved:\s+(\S+)$`).FindStringSubmatch(r.stdout)
	require.NotNil(t, saved, r.stdout)
	scenario, err := os.ReadFile(saved[1])
	require.NoError(t, err)
	assert.Contains(t, string(scenario), "origin: found by fuzz import --target mana --fault "+fault+" "+goFile)

	again := fuzz(t, "import", "--target", "FuzzMana", "--fault", fault, "--corpus", corpus, raw)
	require.Equal(t, exitFail, again.code, again.stdout+again.stderr)
	assert.Contains(t, again.stdout, "saved:     "+saved[1], "the raw input is the same case, shrunk to the same scenario")

	failing := fuzz(t, "replay", "--fault", fault, saved[1])
	assert.Equal(t, exitFail, failing.code, failing.stdout)
	passing := fuzz(t, "replay", saved[1])
	assert.Equal(t, exitOK, passing.code, passing.stdout)

	held := fuzz(t, "import", "--corpus", corpus, goFile)
	assert.Equal(t, exitOK, held.code, held.stdout+held.stderr)
	assert.Contains(t, held.stdout, goFile+": held: its case of mana.could-produce (target mana) did not fail on reference: nothing imported")
}

func TestImportErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "FuzzMana", "bad")
	require.NoError(t, os.MkdirAll(filepath.Dir(bad), 0o755))
	require.NoError(t, os.WriteFile(bad, []byte("go test fuzz v1\nstring(\"x\")\n"), 0o644))
	short := filepath.Join(dir, "short")
	require.NoError(t, os.WriteFile(short, []byte{1, 2}, 0o644))
	for _, tc := range []struct {
		args []string
		says string
	}{
		{[]string{"import"}, "import takes one FILE"},
		{[]string{"import", short}, "which fuzz target's input is it? give --target NAME: mana, cost, copy, cycling, library, rules, invariant"},
		{[]string{"import", "--target", "layers", short}, "--target layers: no such fuzz target"},
		{[]string{"import", bad}, bad + ": line 2: not a []byte"},
		{[]string{"import", "--target", "mana", short}, short + ": a raw input of 2 bytes gives a fuzz target nothing"},
		{[]string{"import", "--target", "mana", filepath.Join(dir, "missing")}, "no such file"},
		{[]string{"import", "--target", "mana", "--fault", "nope", short}, `unknown fault "nope"`},
	} {
		r := fuzz(t, tc.args...)
		assert.Equal(t, exitUsage, r.code, "%v: %s", tc.args, r.stderr)
		assert.Contains(t, r.stderr, tc.says, "%v", tc.args)
	}
}
