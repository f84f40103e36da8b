package mutate

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

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
	got, results, err := ReadJournal(path, bytesReader(data))
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

func bytesReader(b []byte) *bytes.Reader { return bytes.NewReader(b) }
