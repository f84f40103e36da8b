package ci

import (
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"github.com/mtgfuzz/mtgfuzz/props"
)

// TestNightlySoak: the workflow is valid YAML, and its nightly soak job runs ci/soak.sh
// over seeds other than 1 for at least 20 million cases in all.
func TestNightlySoak(t *testing.T) {
	data, err := os.ReadFile("github-actions.yml")
	require.NoError(t, err)
	var w workflow
	require.NoError(t, yaml.Unmarshal(data, &w))
	assert.Contains(t, w.On, "schedule", "the soak runs nightly")
	soak, ok := w.Jobs["soak"]
	require.True(t, ok, "a soak job")
	assert.Contains(t, soak.If, "schedule", "only nightly (or by hand), not on every push")
	seeds := map[int]bool{}
	for _, r := range soak.Strategy.Matrix["seeds"] {
		m := regexp.MustCompile(`^(\d+)-(\d+)$`).FindStringSubmatch(r)
		require.NotNil(t, m, "seed range %q", r)
		a, _ := strconv.Atoi(m[1])
		b, _ := strconv.Atoi(m[2])
		for s := a; s <= b; s++ {
			assert.False(t, seeds[s], "seed %d in two jobs", s)
			seeds[s] = true
		}
	}
	assert.False(t, seeds[1], "seed 1 is the gate's")
	var checks int
	for _, st := range soak.Steps {
		if st.Run == "ci/soak.sh" {
			checks, _ = strconv.Atoi(st.Env["CHECKS"])
		}
	}
	require.Positive(t, checks, "a step runs ci/soak.sh with CHECKS set")
	cases := len(seeds) * checks * len(props.All())
	assert.GreaterOrEqual(t, cases, 20_000_000, "%d seeds x %d cases x %d properties", len(seeds), checks, len(props.All()))
}

// TestSoakScript: bad settings exit 2 before anything is built; a small soak builds the
// binary once, runs one campaign per seed and counts the cases of their JSON reports.
func TestSoakScript(t *testing.T) {
	run := func(env ...string) (int, string) {
		cmd := exec.Command("bash", "ci/soak.sh")
		cmd.Dir = ".."
		cmd.Env = append(os.Environ(), env...)
		out, _ := cmd.CombinedOutput()
		return cmd.ProcessState.ExitCode(), string(out)
	}
	code, out := run("SEEDS=2-x", "OUT="+t.TempDir())
	assert.Equal(t, 2, code, out)
	assert.Contains(t, out, `"2-x" is neither a seed nor a range`)
	code, out = run("SEEDS=3", "CHECKS=0", "OUT="+t.TempDir())
	assert.Equal(t, 2, code, out)

	if testing.Short() {
		t.Skip("builds the CLI and runs campaigns")
	}
	dir := t.TempDir()
	code, out = run("SEEDS=2,3", "CHECKS=2", "OUT="+dir)
	require.Equal(t, 0, code, "two cases per property leave properties vacuous, which is no false failure:\n%s", out)
	n := 2 * 2 * len(props.All())
	assert.Contains(t, out, "soak: 2 seeds, "+strconv.Itoa(n)+" cases")
	for _, f := range []string{"fuzz", "seed-2.json", "seed-3.txt"} {
		assert.FileExists(t, dir+"/"+f)
	}
}
