package ci

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMutateFullScript: ci/mutate-full.sh refuses what it can't run (exit 2); run on a
// sample in two shards it merges their journals into one report; and run again it judges
// nothing, every verdict being in the journals, and makes the same report.
func TestMutateFullScript(t *testing.T) {
	run := func(args []string, env ...string) (int, string) {
		cmd := exec.Command("bash", append([]string{"ci/mutate-full.sh"}, args...)...)
		cmd.Dir = ".."
		cmd.Env = append(os.Environ(), env...)
		out, _ := cmd.CombinedOutput()
		return cmd.ProcessState.ExitCode(), string(out)
	}
	code, out := run([]string{"HEAD"})
	assert.Equal(t, 2, code, out)
	assert.Contains(t, out, "usage: ci/mutate-full.sh COMMIT JOURNALS")
	code, out = run([]string{"no-such-commit", t.TempDir()})
	assert.Equal(t, 2, code, out)
	assert.Contains(t, out, "no-such-commit is not a commit")
	code, out = run([]string{"HEAD", t.TempDir()}, "SHARDS=0")
	assert.Equal(t, 2, code, out)
	assert.Contains(t, out, "SHARDS=0 is not a positive number")

	if testing.Short() {
		t.Skip("builds the CLI and a mutant schema")
	}
	if _, err := exec.Command("git", "-C", "..", "rev-parse", "--verify", "HEAD").Output(); err != nil {
		t.Skipf("not a git checkout with a commit: %v", err)
	}
	work, journals := filepath.Join(t.TempDir(), "work"), filepath.Join(t.TempDir(), "journals")
	sample := []string{"HEAD", journals, "--sample", "4", "--seed", "2", "--checks", "500"}
	env := []string{"SHARDS=2", "NICE=0", "WORK=" + work}
	code, out = run(sample, env...)
	require.Equal(t, 0, code, out)
	assert.Contains(t, out, "shard 2/2")
	for _, f := range []string{"shard-1.jsonl", "shard-2.jsonl", "report.txt", "report.json"} {
		assert.FileExists(t, filepath.Join(journals, f))
	}
	first, err := os.ReadFile(filepath.Join(journals, "report.txt"))
	require.NoError(t, err)
	assert.NotContains(t, string(first), "PARTIAL", "the two shards are the whole sample")

	code, out = run(sample, env...)
	require.Equal(t, 0, code, out)
	for _, shard := range []string{"shard-1.log", "shard-2.log"} {
		log, err := os.ReadFile(filepath.Join(journals, shard))
		require.NoError(t, err)
		assert.Contains(t, string(log), "judged before, 0 to judge", "%s: the journal is of the same source the second time", shard)
	}
	again, err := os.ReadFile(filepath.Join(journals, "report.txt"))
	require.NoError(t, err)
	assert.Equal(t, untimedReport(string(first)), untimedReport(string(again)))
}

// untimedReport masks the durations in a mutate report.
func untimedReport(s string) string {
	return regexp.MustCompile(`\d+(\.\d+)?(ms|s|m|h)\b|"elapsed_ms": ?\d+`).ReplaceAllString(s, "T")
}
