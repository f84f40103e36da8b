package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// shardFiles runs args as shards 1/n..n/n, each writing its JSON report into dir, and
// returns the files and the shards' results.
func shardFiles(t *testing.T, dir string, n int, args ...string) ([]string, []result) {
	t.Helper()
	var files []string
	var results []result
	for k := 1; k <= n; k++ {
		file := filepath.Join(dir, fmt.Sprintf("shard-%d.json", k))
		results = append(results, fuzz(t, append(args, "--shard", fmt.Sprintf("%d/%d", k, n), "--report", "json", "--out", file)...))
		files = append(files, file)
	}
	return files, results
}

// TestMergeVacuityIsTheWholeCampaigns: the campaign of issue 19 whose shards each called
// properties vacuous (--checks 150: unsharded it passes; 100 was enough for the pool before
// History of Benalia joined it) now passes shard by shard, each saying that vacuity is the
// merge's to judge, and merged.
func TestMergeVacuityIsTheWholeCampaigns(t *testing.T) {
	dir := t.TempDir()
	args := []string{"run", "--checks", "150", "--corpus", dir}
	whole := fuzz(t, args...)
	require.Equal(t, exitOK, whole.code, whole.stdout)
	files, shards := shardFiles(t, dir, 2, args...)
	for _, s := range shards {
		require.Equal(t, exitOK, s.code, s.stdout+s.stderr)
		assert.Regexp(t, `shard [12]/2: vacuity is judged on the whole campaign, by fuzz merge; this shard alone left a clause, or the situation, of \d+ propert`, s.stdout)
	}
	merged := fuzz(t, append([]string{"merge"}, files...)...)
	assert.Equal(t, exitOK, merged.code, merged.stdout+merged.stderr)
	assert.Equal(t, whole.stdout, merged.stdout, "the same report as the unsharded run")
}

// TestMergeFailures: with a fault on, the merge of three shards fails as the unsharded
// campaign does (exit 1) with the same JSON report but for its timing, and lists the
// further counterexamples the shards found, none lost.
func TestMergeFailures(t *testing.T) {
	dir := t.TempDir()
	args := []string{"run", "--checks", "60", "--props", "mana.undefined-type,mana.tapped-trigger,cycling.*",
		"--fault", "mana.undefined-type/gives-colorless", "--corpus", dir}
	whole := fuzz(t, append(args, "--report", "json")...)
	require.Equal(t, exitFail, whole.code)
	files, _ := shardFiles(t, dir, 3, args...)
	out := filepath.Join(dir, "merged.json")
	merged := fuzz(t, append([]string{"merge", "--report", "json", "--out", out}, files...)...)
	assert.Equal(t, exitFail, merged.code, merged.stderr)
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, untimed(whole.stdout), untimed(string(data)))
	assert.Contains(t, merged.stdout, "FAIL mana.undefined-type (")
	// The shards' other counterexamples that fail differently are named, each in its file.
	extra := regexp.MustCompile(`(?m)^  (\S+) case (\d+): (\S+\.yaml)$`).FindAllStringSubmatch(merged.stderr, -1)
	require.NotEmpty(t, extra, "three shards find more than one campaign reports:\n%s", merged.stderr)
	for _, m := range extra {
		assert.FileExists(t, m[3], "%s case %s", m[1], m[2])
	}
}

// TestMergeRefuses: a set of shards with one missing or given twice, or a report of
// another campaign, is an input error (exit 2) naming the file or the shard.
func TestMergeRefuses(t *testing.T) {
	dir := t.TempDir()
	args := []string{"run", "--checks", "10", "--props", "cycling.*", "--corpus", dir}
	files, _ := shardFiles(t, dir, 3, args...)
	other, _ := shardFiles(t, t.TempDir(), 3, append(args, "--seed", "2")...)
	bad := filepath.Join(dir, "bad.json")
	require.NoError(t, os.WriteFile(bad, []byte("{\n\"seed\": \"x\"}"), 0o644))
	for _, tc := range []struct {
		files []string
		err   string
	}{
		{files[:2], "merge: shard 3/3 missing"},
		{[]string{files[0], files[1], files[1], files[2]}, files[1] + ": is shard 2/3 a second time (" + files[1] + " was the first)"},
		{[]string{files[0], other[1], files[2]}, other[1] + ": is not of the same campaign as the first report: seed 2, not 1"},
		{[]string{files[0], bad}, bad + ":2: not a JSON campaign report"},
		{nil, "merge: name the JSON reports"},
	} {
		r := fuzz(t, append([]string{"merge"}, tc.files...)...)
		assert.Equal(t, exitUsage, r.code)
		assert.Contains(t, r.stderr, tc.err)
	}
}
