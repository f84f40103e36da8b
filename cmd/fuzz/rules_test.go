package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/internal/mutate"
)

// generatedDoc runs fuzz with args and checks that docs/name is what it prints (-update
// rewrites it): a generated document kept current by the test named.
func generatedDoc(t *testing.T, name, test string, args ...string) result {
	t.Helper()
	r := fuzz(t, args...)
	require.Equal(t, exitOK, r.code, r.stderr)
	path := filepath.Join("..", "..", "docs", name)
	if *update {
		require.NoError(t, os.WriteFile(path, []byte(r.stdout), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, string(want), r.stdout, "docs/%s is out of date: go test ./cmd/fuzz -run %s -update", name, test)
	return r
}

// TestRulesDoc: docs/rules.md is what "fuzz rules --markdown" prints (refresh it with
// -update), and lists every rule the engine cites, those nothing checks marked.
func TestRulesDoc(t *testing.T) {
	r := generatedDoc(t, "rules.md", "TestRulesDoc", "rules", "--markdown")

	js := fuzz(t, "rules", "--json")
	require.Equal(t, exitOK, js.code, js.stderr)
	var infos []ruleInfo
	require.NoError(t, json.Unmarshal([]byte(js.stdout), &infos))
	cited, err := mutate.CitedRules(filepath.Join("..", ".."), "engine")
	require.NoError(t, err)
	require.Len(t, infos, len(cited), "a row per rule the engine cites")
	byRule := map[string]ruleInfo{}
	for _, ri := range infos {
		byRule[ri.Rule] = ri
		assert.NotEmpty(t, ri.Engine, "rule %s: where the engine cites it", ri.Rule)
		assert.Contains(t, r.stdout, "\n| "+ri.Rule+" | ", "docs/rules.md has a row for %s", ri.Rule)
	}
	// The mana rules are what the rulings named: checked by clauses, scenarios and faults.
	mana := byRule["106.5"]
	assert.Contains(t, mana.Clauses, "mana.undefined-type · adds-nothing")
	assert.NotEmpty(t, mana.Scenarios)
	assert.Contains(t, mana.Faults, "mana.undefined-type/gives-colorless")
	assert.Contains(t, r.stdout, "| **nothing** |", "rules nothing checks say so")

	un := fuzz(t, "rules", "--unchecked", "--json")
	var unchecked []ruleInfo
	require.NoError(t, json.Unmarshal([]byte(un.stdout), &unchecked))
	for _, ri := range unchecked {
		assert.Empty(t, ri.Clauses, ri.Rule)
		assert.Empty(t, ri.Scenarios, ri.Rule)
		assert.Empty(t, ri.Faults, ri.Rule)
	}
	assert.NotEmpty(t, unchecked)
}

// TestRulesMutants: with a mutation report, each rule counts the mutants of the code
// citing it, killed (timed out counts as killed), survived and equivalent.
func TestRulesMutants(t *testing.T) {
	rep := mutate.Report{Package: "engine", Results: []mutate.Result{
		{Mutant: mutate.Mutant{ID: 1, Rules: []string{"106.5"}}, Verdict: mutate.Verdict{Outcome: mutate.Killed}},
		{Mutant: mutate.Mutant{ID: 2, Rules: []string{"106.5", "605.1a"}}, Verdict: mutate.Verdict{Outcome: mutate.Survived}},
		{Mutant: mutate.Mutant{ID: 3, Rules: []string{"106.5"}}, Verdict: mutate.Verdict{Outcome: mutate.Survived}, Equivalent: "same"},
		{Mutant: mutate.Mutant{ID: 4, Rules: []string{"106.5"}}, Verdict: mutate.Verdict{Outcome: mutate.TimedOut}},
	}}
	data, err := json.Marshal(rep)
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "m.json")
	require.NoError(t, os.WriteFile(path, data, 0o644))
	r := fuzz(t, "rules", "--mutants", path, "--json")
	require.Equal(t, exitOK, r.code, r.stderr)
	var infos []ruleInfo
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &infos))
	for _, ri := range infos {
		if ri.Rule == "106.5" {
			assert.Equal(t, 2, *ri.Killed)
			assert.Equal(t, 1, *ri.Survived)
			assert.Equal(t, 1, *ri.Equivalent)
		}
	}
	md := fuzz(t, "rules", "--mutants", path, "--markdown")
	assert.Contains(t, md.stdout, "| Killed | Survived |")

	bad := fuzz(t, "rules", "--mutants", filepath.Join(t.TempDir(), "none.json"))
	assert.Equal(t, exitUsage, bad.code)
	assert.Contains(t, bad.stderr, "--mutants")
}
