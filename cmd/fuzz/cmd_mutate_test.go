package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mtgfuzz/mtgfuzz/internal/mutate"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMutateList: the mutants of engine/ are numbered the same on every run, a seeded
// sample is the same for the same seed, and shards split it.
func TestMutateList(t *testing.T) {
	a := fuzz(t, "mutate", "--list", "--sample", "12", "--seed", "5")
	require.Equal(t, exitOK, a.code, a.stderr)
	b := fuzz(t, "mutate", "--list", "--sample", "12", "--seed", "5")
	assert.Equal(t, a.stdout, b.stdout)
	lines := strings.Split(strings.TrimSpace(a.stdout), "\n")
	require.Len(t, lines, 13)
	assert.Regexp(t, `^12 of \d+ mutants$`, lines[12])
	assert.Regexp(t, `^#\d+ +engine/\S+\.go:\d+:\d+ `, lines[0])
	var shards []string
	for _, k := range []string{"1/2", "2/2"} {
		s := fuzz(t, "mutate", "--list", "--sample", "12", "--seed", "5", "--shard", k)
		l := strings.Split(strings.TrimSpace(s.stdout), "\n")
		shards = append(shards, l[:len(l)-1]...)
	}
	assert.ElementsMatch(t, lines[:12], shards)

	ids := fuzz(t, "mutate", "--list", "--ids", "3,5,8,13,21,34", "--sample", "2", "--seed", "5")
	require.Equal(t, exitOK, ids.code, ids.stderr)
	picked := strings.Split(strings.TrimSpace(ids.stdout), "\n")
	require.Len(t, picked, 3, "--sample picks among the --ids given")
	assert.Regexp(t, `^#(3|5|8|13|21|34) `, picked[0])
	assert.Regexp(t, `^#(3|5|8|13|21|34) `, picked[1])

	keys := fuzz(t, "mutate", "--list", "--keys", "--ids", "3,5")
	require.Equal(t, exitOK, keys.code, keys.stderr)
	src, err := mutate.Generate(moduleRoot(), "engine")
	require.NoError(t, err)
	assert.Equal(t, "3\t"+src.Mutants[2].Key()+"\n5\t"+src.Mutants[4].Key()+"\n", keys.stdout,
		"an ID, then the key a line of equivalent.tsv starts with")
	assert.Equal(t, exitUsage, fuzz(t, "mutate", "--keys").code, "--keys without --list")

	u := fuzz(t, "mutate", "--ids", "0")
	assert.Equal(t, exitUsage, u.code)
	assert.Contains(t, u.stderr, "--ids")
	u = fuzz(t, "mutate", "extra")
	assert.Equal(t, exitUsage, u.code)
}

// TestMutateJournalAndMerge: a run whose journal holds a verdict for every mutant
// selected judges nothing (no schema is built) and reports them; a journal of other
// settings is refused (exit 2); and the report of a sample's two shards, one kept as a
// journal and one as JSON, merged with --merge, is that of the whole sample's journal.
func TestMutateJournalAndMerge(t *testing.T) {
	root, corpus := moduleRoot(), defaultCorpus()
	corpus, err := filepath.Abs(corpus)
	require.NoError(t, err)
	src, err := mutate.Generate(root, "engine")
	require.NoError(t, err)
	hash, err := mutate.SourceHash(root, corpus)
	require.NoError(t, err)
	settings := mutate.Settings{Hash: hash, Package: "engine", Mutants: len(src.Mutants), Seed: 1, Checks: 500, Pruned: true}
	sample, err := mutate.Select(src.Mutants, 6, 9, 0, 0)
	require.NoError(t, err)
	outcomes := []string{mutate.Killed, mutate.Survived, mutate.Unreached, mutate.Killed, mutate.TimedOut, mutate.Survived}
	verdict := map[int]mutate.Result{}
	for i, m := range sample {
		r := mutate.Result{Mutant: *m}
		r.Outcome = outcomes[i]
		if r.Outcome == mutate.Killed {
			r.By, r.Property, r.Clause = mutate.ByCampaign, "rules.layers", "counters"
		}
		verdict[m.ID] = r
	}
	dir := t.TempDir()
	journal := func(name string, ms []*mutate.Mutant) string {
		path := filepath.Join(dir, name)
		j, _, err := mutate.OpenJournal(path, settings)
		require.NoError(t, err)
		for _, m := range ms {
			require.NoError(t, j.Add(verdict[m.ID]))
		}
		require.NoError(t, j.Close())
		return path
	}
	// An empty reviewed list: the sample's verdicts are the journal's, whichever mutants
	// the module's list names as the engine changes.
	none := filepath.Join(dir, "equivalent.tsv")
	require.NoError(t, os.WriteFile(none, nil, 0o644))
	sel := []string{"--sample", "6", "--seed", "9", "--checks", "500", "--equivalent", none}
	whole := journal("whole.jsonl", sample)
	w := fuzz(t, append([]string{"mutate", "--journal", whole, "--json", filepath.Join(dir, "whole.json")}, sel...)...)
	require.Equal(t, exitOK, w.code, w.stderr)
	assert.Contains(t, w.stderr, "6 of the 6 mutants selected judged before, 0 to judge")
	assert.NotContains(t, w.stderr, "building the schema")
	assert.Contains(t, w.stdout, "unreached         1")
	assert.NotContains(t, w.stdout, "PARTIAL")

	one, err := mutate.Select(src.Mutants, 6, 9, 1, 2)
	require.NoError(t, err)
	two, err := mutate.Select(src.Mutants, 6, 9, 2, 2)
	require.NoError(t, err)
	s1 := fuzz(t, append([]string{"mutate", "--journal", journal("one.jsonl", one), "--shard", "1/2", "--json", filepath.Join(dir, "one.json")}, sel...)...)
	require.Equal(t, exitOK, s1.code, s1.stderr)
	m := fuzz(t, append([]string{"mutate", "--merge", "--json", filepath.Join(dir, "merged.json"), filepath.Join(dir, "one.json"), journal("two.jsonl", two)}, sel...)...)
	require.Equal(t, exitOK, m.code, m.stderr)
	assert.Equal(t, untimed(w.stdout), untimed(m.stdout), "the shards merged are the whole")
	a, err := os.ReadFile(filepath.Join(dir, "whole.json"))
	require.NoError(t, err)
	b, err := os.ReadFile(filepath.Join(dir, "merged.json"))
	require.NoError(t, err)
	assert.Equal(t, untimed(string(a)), untimed(string(b)))

	half := fuzz(t, "mutate", "--merge", filepath.Join(dir, "one.json"))
	require.Equal(t, exitOK, half.code, half.stderr)
	assert.Contains(t, half.stdout, "PARTIAL", "a shard alone is not the whole run")

	other := fuzz(t, "mutate", "--journal", whole, "--ids", "1", "--checks", "100")
	assert.Equal(t, exitUsage, other.code)
	assert.Contains(t, other.stderr, "the journal is of other settings")
	bad := filepath.Join(dir, "bad.json")
	require.NoError(t, os.WriteFile(bad, []byte("{}"), 0o644))
	u := fuzz(t, "mutate", "--merge", bad)
	assert.Equal(t, exitUsage, u.code)
	assert.Contains(t, u.stderr, "bad.json: neither a journal")
	u = fuzz(t, "mutate", "--merge")
	assert.Equal(t, exitUsage, u.code)
}

// TestMutateRejudge: --rejudge selects, by key, the mutants an older run's journal did
// not see killed by the campaign (survived, unreached, killed by the corpus alone), not
// those it killed, timed out or listed, nor a mutant whose code is gone from this source;
// --ids narrows them further.
func TestMutateRejudge(t *testing.T) {
	src, err := mutate.Generate(moduleRoot(), "engine")
	require.NoError(t, err)
	sample, err := mutate.Select(src.Mutants, 7, 4, 0, 0)
	require.NoError(t, err)
	old := filepath.Join(t.TempDir(), "old.jsonl")
	// Another source's journal: the mutants were numbered otherwise there.
	j, _, err := mutate.OpenJournal(old, mutate.Settings{Hash: "0123456789abcdef", Package: "engine", Mutants: 9999, Seed: 1, Checks: 5000, Pruned: true})
	require.NoError(t, err)
	verdicts := []mutate.Verdict{
		{Outcome: mutate.Killed, By: mutate.ByCampaign},
		{Outcome: mutate.Survived},
		{Outcome: mutate.Killed, By: mutate.ByCorpus},
		{Outcome: mutate.TimedOut, By: mutate.ByCampaign},
		{Outcome: mutate.Listed},
		{Outcome: mutate.Unreached},
		{Outcome: mutate.Survived},
	}
	for i, m := range sample {
		r := mutate.Result{Mutant: *m, Verdict: verdicts[i]}
		r.ID += 1000
		if i == 6 {
			r.Mutated += " /* changed since */"
		}
		require.NoError(t, j.Add(r))
	}
	require.NoError(t, j.Close())

	r := fuzz(t, "mutate", "--rejudge", "--list", old)
	require.Equal(t, exitOK, r.code, r.stderr)
	want := []int{sample[1].ID, sample[2].ID, sample[5].ID}
	slices.Sort(want)
	var got []int
	for _, l := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
		var id int
		if _, err := fmt.Sscanf(l, "#%d ", &id); err == nil {
			got = append(got, id)
		}
	}
	assert.Equal(t, want, got, r.stdout)
	assert.Contains(t, r.stderr, "did not see 4 mutants killed by the campaign; 3 of them are in this source")

	one := fuzz(t, "mutate", "--rejudge", "--list", "--ids", fmt.Sprintf("%d,%d", sample[0].ID, sample[2].ID), old)
	require.Equal(t, exitOK, one.code, one.stderr)
	assert.Regexp(t, fmt.Sprintf(`^#%d +\S+`, sample[2].ID), one.stdout, "--ids picks among those judged again")
	assert.Contains(t, one.stdout, "1 of ")

	for _, args := range [][]string{{"--rejudge"}, {"--rejudge", "--merge", old}, {"--ids", "1", old}} {
		u := fuzz(t, append([]string{"mutate"}, args...)...)
		assert.Equal(t, exitUsage, u.code, "%v: %s", args, u.stderr)
	}
	missing := fuzz(t, "mutate", "--rejudge", "--list", filepath.Join(t.TempDir(), "none.jsonl"))
	assert.Equal(t, exitUsage, missing.code)
	assert.Contains(t, missing.stderr, "none.jsonl")
}

// TestMutateListedNotJudged: a mutant on the reviewed list of equivalent mutants is
// counted as equivalent without a run (nothing is built); --judge-equivalent judges it.
func TestMutateListedNotJudged(t *testing.T) {
	src, err := mutate.Generate(moduleRoot(), "engine")
	require.NoError(t, err)
	m := src.Mutants[0]
	list := filepath.Join(t.TempDir(), "equivalent.tsv")
	require.NoError(t, os.WriteFile(list, []byte(m.Key()+"\tsaid equivalent for the test\n"), 0o644))
	r := fuzz(t, "mutate", "--ids", "1", "--equivalent", list, "--json", filepath.Join(t.TempDir(), "r.json"))
	require.Equal(t, exitOK, r.code, r.stderr)
	assert.NotContains(t, r.stderr, "building the schema", "nothing to judge, nothing built")
	assert.Regexp(t, `equivalent +1 `, r.stdout)
	assert.Contains(t, r.stdout, "equivalent: said equivalent for the test")

	// Kept in a journal, it makes the journal the whole of what was selected; a journal
	// without it (written before it was kept there) merges whole too, in the run's source.
	dir := t.TempDir()
	journal := filepath.Join(dir, "j.jsonl")
	j := fuzz(t, "mutate", "--ids", "1", "--equivalent", list, "--journal", journal)
	require.Equal(t, exitOK, j.code, j.stderr)
	data, err := os.ReadFile(journal)
	require.NoError(t, err)
	assert.Equal(t, 2, strings.Count(string(data), "\n"), "the settings and the listed mutant:\n%s", data)
	assert.Contains(t, string(data), `"outcome":"equivalent"`)
	first, _, _ := strings.Cut(string(data), "\n")
	bare := filepath.Join(dir, "bare.jsonl")
	require.NoError(t, os.WriteFile(bare, []byte(first+"\n"), 0o644))
	for _, f := range []string{journal, bare} {
		m := fuzz(t, "mutate", "--merge", "--ids", "1", "--equivalent", list, f)
		require.Equal(t, exitOK, m.code, m.stderr)
		assert.NotContains(t, m.stdout, "PARTIAL", f)
		assert.Regexp(t, `equivalent +1 `, m.stdout, f)
	}
}
