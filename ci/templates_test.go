package ci

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"
)

// The CI templates are checked against the CLI they drive: each parses, names commands
// and flags fuzz has and gate.sh steps that exist, and cuts its campaign into shards that
// cover 1..N once each.

var (
	buildOnce sync.Once
	builtBin  string
	buildErr  error
)

// fuzzBin builds cmd/fuzz once for the package's tests.
func fuzzBin(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "ci-fuzz-")
		if err != nil {
			buildErr = err
			return
		}
		builtBin = filepath.Join(dir, "fuzz")
		out, err := exec.Command("go", "build", "-o", builtBin, "../cmd/fuzz").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	require.NoError(t, buildErr)
	return builtBin
}

// cliFlags are the commands of fuzz help with the flags of each.
func cliFlags(t *testing.T) map[string][]string {
	t.Helper()
	out, err := exec.Command(fuzzBin(t), "help").Output()
	require.NoError(t, err)
	flags := map[string][]string{}
	cmd := ""
	for _, line := range strings.Split(string(out), "\n") {
		switch {
		case strings.HasPrefix(line, "  fuzz "):
			cmd = strings.Fields(line)[1]
			flags[cmd] = nil
		case strings.HasPrefix(line, "        ") && cmd != "":
		default:
			cmd = ""
		}
		if cmd != "" {
			for _, m := range regexp.MustCompile(`--[a-z-]+`).FindAllString(line, -1) {
				flags[cmd] = append(flags[cmd], m)
			}
		}
	}
	require.Contains(t, flags, "merge", "fuzz help lists merge")
	return flags
}

// fuzzCall is one fuzz command line in a template: the command and the flags it gives.
type fuzzCall struct {
	line  string
	cmd   string
	flags []string
}

// fuzzCalls finds the fuzz command lines of shell text (a line continued with \ is one;
// comment lines are not commands).
func fuzzCalls(text string) []fuzzCall {
	text = regexp.MustCompile(`(?m)^\s*#.*$`).ReplaceAllString(text, "")
	text = strings.ReplaceAll(text, "\\\n", " ")
	var out []fuzzCall
	re := regexp.MustCompile(`(?:^|[\s;&|(])fuzz ([a-z-]+)([^\n;&|]*)`)
	for _, m := range re.FindAllStringSubmatch(text, -1) {
		out = append(out, fuzzCall{line: strings.TrimSpace(m[0]), cmd: m[1], flags: regexp.MustCompile(`--[a-z-]+`).FindAllString(m[2], -1)})
	}
	return out
}

// checkCalls asserts that every fuzz command line of text names a command and flags fuzz
// has, and returns them.
func checkCalls(t *testing.T, where, text string) []fuzzCall {
	t.Helper()
	cli := cliFlags(t)
	calls := fuzzCalls(text)
	for _, c := range calls {
		flags, ok := cli[c.cmd]
		if !assert.True(t, ok, "%s: %q: fuzz has no command %s", where, c.line, c.cmd) {
			continue
		}
		for _, f := range c.flags {
			assert.Contains(t, flags, f, "%s: %q: fuzz %s has no flag %s", where, c.line, c.cmd, f)
		}
	}
	return calls
}

// gateSteps are the steps ci/gate.sh defines.
func gateSteps(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile("gate.sh")
	require.NoError(t, err)
	var steps []string
	for _, m := range regexp.MustCompile(`(?m)^step_([a-z]+)\(\)`).FindAllStringSubmatch(string(data), -1) {
		steps = append(steps, m[1])
	}
	return steps
}

// covers asserts that shards are 1..n, each once.
func covers(t *testing.T, where string, shards []int, n int) {
	t.Helper()
	slices.Sort(shards)
	var want []int
	for k := 1; k <= n; k++ {
		want = append(want, k)
	}
	assert.Equal(t, want, shards, "%s: the shards must be 1..%d, once each", where, n)
}

// workflow is the part of ci/github-actions.yml the tests read.
type workflow struct {
	On   map[string]any `yaml:"on"`
	Jobs map[string]struct {
		If       string            `yaml:"if"`
		Needs    any               `yaml:"needs"`
		Env      map[string]string `yaml:"env"`
		Strategy struct {
			Matrix map[string][]string `yaml:"matrix"`
		} `yaml:"strategy"`
		Steps []struct {
			Uses string            `yaml:"uses"`
			Run  string            `yaml:"run"`
			Env  map[string]string `yaml:"env"`
			With map[string]any    `yaml:"with"`
		} `yaml:"steps"`
	} `yaml:"jobs"`
}

// TestGitHubActionsTemplate: the workflow parses; every gate.sh step and fuzz command it
// runs exists; on pull requests it runs the quick gate; nightly its shards job's matrix
// covers 1..N of its SHARDS, each shard's report is uploaded under a name the merge job
// downloads by pattern (after the shards, merged into one folder), which runs the merge
// and publishes its JUnit and HTML reports and the counterexamples found.
func TestGitHubActionsTemplate(t *testing.T) {
	data, err := os.ReadFile("github-actions.yml")
	require.NoError(t, err)
	var w workflow
	require.NoError(t, yaml.Unmarshal(data, &w))
	assert.Contains(t, w.On, "pull_request")
	assert.Contains(t, w.On, "schedule")
	steps := gateSteps(t)
	var ran []string
	for name, job := range w.Jobs {
		for _, st := range job.Steps {
			checkCalls(t, "github-actions.yml job "+name, st.Run)
			if rest, ok := strings.CutPrefix(st.Run, "ci/gate.sh"); ok {
				for _, s := range strings.Fields(rest) {
					assert.Contains(t, steps, s, "job %s runs gate step %s", name, s)
					ran = append(ran, s)
				}
			}
			if strings.HasPrefix(st.Uses, "actions/upload-artifact@") || strings.HasPrefix(st.Uses, "actions/download-artifact@") {
				assert.True(t, strings.HasSuffix(st.Uses, "@v4"), "job %s: %s: artifacts v4", name, st.Uses)
			}
		}
	}
	for _, s := range []string{"fmt", "test", "campaign", "faults", "shard", "merge"} {
		assert.Contains(t, ran, s, "the workflow runs the gate step %s", s)
	}

	shards, merge := w.Jobs["shards"], w.Jobs["merge"]
	assert.Contains(t, shards.If, "schedule", "the shards run nightly")
	n, err := strconv.Atoi(shards.Env["SHARDS"])
	require.NoError(t, err, "the shards job sets SHARDS")
	var ks []int
	for _, v := range shards.Strategy.Matrix["shard"] {
		k, err := strconv.Atoi(v)
		require.NoError(t, err, "matrix shard %q", v)
		ks = append(ks, k)
	}
	covers(t, "github-actions.yml", ks, n)
	uploads := map[string]string{} // artifact name pattern -> path
	for _, st := range shards.Steps {
		if st.Run == "ci/gate.sh shard" {
			assert.Equal(t, "${{ matrix.shard }}/${{ env.SHARDS }}", st.Env["SHARD"])
		}
		if strings.HasPrefix(st.Uses, "actions/upload-artifact@") {
			uploads[strings.ReplaceAll(fmt.Sprint(st.With["name"]), "${{ matrix.shard }}", "*")] = fmt.Sprint(st.With["path"])
		}
	}
	assert.Equal(t, "ci-out/shards/", uploads["shard-*"], "each shard uploads its report")
	assert.Equal(t, "ci-out/corpus/", uploads["found-*"], "each shard uploads its counterexamples")

	assert.Equal(t, "shards", merge.Needs, "the merge runs after the shards")
	assert.Contains(t, merge.If, "always()", "the merge runs when a shard failed too")
	downloads := map[string]string{}
	published := ""
	for _, st := range merge.Steps {
		switch {
		case strings.HasPrefix(st.Uses, "actions/download-artifact@"):
			assert.Equal(t, true, st.With["merge-multiple"], "downloaded into one folder")
			downloads[fmt.Sprint(st.With["pattern"])] = fmt.Sprint(st.With["path"])
		case strings.HasPrefix(st.Uses, "actions/upload-artifact@"):
			published += fmt.Sprint(st.With["path"]) + "\n"
		case strings.Contains(st.Uses, "junit"):
			published += fmt.Sprint(st.With["report_paths"]) + "\n"
		}
	}
	assert.Equal(t, map[string]string{"shard-*": "ci-out/shards", "found-*": "ci-out/corpus"}, downloads)
	for _, f := range []string{"ci-out/campaign.xml", "ci-out/campaign.html", "ci-out/corpus/"} {
		assert.Contains(t, published, f, "the merge publishes %s", f)
	}

	// The mutation run: shards 1..N of N, each journalling its verdicts and uploading the
	// journal whatever happened, under a name the merge job downloads by pattern.
	mutate, mutateMerge := w.Jobs["mutate"], w.Jobs["mutate-merge"]
	assert.Contains(t, mutate.If, "schedule", "the mutation run is nightly")
	ks, n = nil, 0
	for _, v := range mutate.Strategy.Matrix["shard"] {
		var k int
		_, err := fmt.Sscanf(v, "%d/%d", &k, &n)
		require.NoError(t, err, "mutate matrix shard %q", v)
		ks = append(ks, k)
	}
	covers(t, "github-actions.yml mutate", ks, n)
	journalled := false
	for _, st := range mutate.Steps {
		for _, c := range fuzzCalls(st.Run) {
			if c.cmd == "mutate" {
				assert.Contains(t, c.flags, "--journal", "each mutate shard journals its verdicts")
				assert.Contains(t, c.flags, "--shard")
				journalled = true
			}
		}
		if strings.HasPrefix(st.Uses, "actions/upload-artifact@") {
			assert.Equal(t, "mutate-${{ strategy.job-index }}", st.With["name"])
			assert.Equal(t, "mutate-out/journal-*.jsonl", st.With["path"])
		}
	}
	assert.True(t, journalled, "the mutate job runs fuzz mutate")
	assert.Equal(t, "mutate", mutateMerge.Needs, "the mutate merge runs after the shards")
	assert.Contains(t, mutateMerge.If, "always()", "the mutate merge runs when a shard was cut short too")
	merged := false
	for _, st := range mutateMerge.Steps {
		if strings.HasPrefix(st.Uses, "actions/download-artifact@") {
			assert.Equal(t, "mutate-*", st.With["pattern"])
			assert.Equal(t, "mutate-out", st.With["path"])
		}
		for _, c := range fuzzCalls(st.Run) {
			merged = merged || c.cmd == "mutate" && slices.Contains(c.flags, "--merge") && strings.Contains(c.line, "mutate-out/journal-*.jsonl")
		}
	}
	assert.True(t, merged, "the mutate merge job runs fuzz mutate --merge on the journals")
}

// TestKubernetesTemplate: the manifest parses; its Indexed Job runs as many pods as
// completions, each "fuzz run --shard auto/N" with N those completions (indexes 0..N-1
// are shards 1..N), and the merge Job merges what they wrote.
func TestKubernetesTemplate(t *testing.T) {
	data, err := os.ReadFile("k8s-indexed-job.yaml")
	require.NoError(t, err)
	type container struct {
		Command []string `yaml:"command"`
		Args    []string `yaml:"args"`
	}
	type object struct {
		Kind     string `yaml:"kind"`
		Metadata struct {
			Name string `yaml:"name"`
		} `yaml:"metadata"`
		Spec struct {
			CompletionMode string `yaml:"completionMode"`
			Completions    int    `yaml:"completions"`
			Parallelism    int    `yaml:"parallelism"`
			Template       struct {
				Spec struct {
					Containers []container `yaml:"containers"`
				} `yaml:"spec"`
			} `yaml:"template"`
		} `yaml:"spec"`
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	scripts := map[string]string{}
	var indexed *object
	for {
		var o object
		if err := dec.Decode(&o); err != nil {
			break
		}
		for _, c := range o.Spec.Template.Spec.Containers {
			scripts[o.Metadata.Name] += strings.Join(append(c.Command, c.Args...), "\n")
		}
		if o.Kind == "Job" && o.Spec.CompletionMode == "Indexed" {
			indexed = &o
		}
	}
	require.NotNil(t, indexed, "an Indexed Job")
	shardRun := ""
	for name, s := range scripts {
		for _, c := range checkCalls(t, "k8s-indexed-job.yaml "+name, s) {
			if c.cmd == "run" {
				shardRun = c.line
			}
		}
	}
	m := regexp.MustCompile(`--shard auto/(\d+)`).FindStringSubmatch(shardRun)
	require.NotNil(t, m, "the shards run --shard auto/N: %q", shardRun)
	n, _ := strconv.Atoi(m[1])
	assert.Equal(t, indexed.Spec.Completions, n, "one completion index per shard")
	assert.Equal(t, n, indexed.Spec.Parallelism, "every shard at once")
	var ks []int
	for i := range indexed.Spec.Completions { // Kubernetes gives JOB_COMPLETION_INDEX 0..completions-1
		ks = append(ks, i+1)
	}
	covers(t, "k8s-indexed-job.yaml", ks, n)
	assert.Contains(t, scripts["mtgfuzz-merge"], "fuzz merge --report junit --out /results/campaign.xml /results/shards/*.json")
	assert.Contains(t, shardRun, `--out "/results/shards/shard-$JOB_COMPLETION_INDEX.json"`)
}

// TestGateShardsAndMerge: the plain script's shard step, run for shards 1..N as parallel
// jobs of any CI would (here one after the other, with SHARD=auto from CircleCI's
// variables for one of them), and its merge step give the campaign's JUnit and HTML
// reports, which pass; a shard missing fails the merge step naming it.
func TestGateShardsAndMerge(t *testing.T) {
	if testing.Short() {
		t.Skip("runs campaigns")
	}
	bin := fuzzBin(t)
	out := t.TempDir()
	data, err := os.ReadFile("gate.sh")
	require.NoError(t, err)
	checkCalls(t, "gate.sh", string(data))
	gate := func(step string, env ...string) (int, string) {
		cmd := exec.Command("bash", "gate.sh", step)
		cmd.Env = append(os.Environ(), append([]string{"OUT=" + out, "BIN=" + bin, "CHECKS=150"}, env...)...)
		o, _ := cmd.CombinedOutput()
		return cmd.ProcessState.ExitCode(), string(o)
	}
	code, o := gate("shard", "SHARD=1/3")
	require.Equal(t, 0, code, o)
	code, o = gate("merge")
	assert.Equal(t, 1, code, "two shards are missing")
	assert.Contains(t, o, "shard 2/3, 3/3 missing")
	code, o = gate("shard", "SHARD=auto", "CIRCLE_NODE_INDEX=1", "CIRCLE_NODE_TOTAL=3")
	require.Equal(t, 0, code, o)
	assert.Contains(t, o, "shard 2/3 (--shard auto: CIRCLE_NODE_INDEX=1, CIRCLE_NODE_TOTAL=3")
	code, o = gate("shard", "SHARD=3/3")
	require.Equal(t, 0, code, o)
	code, o = gate("merge")
	require.Equal(t, 0, code, o)
	xml, err := os.ReadFile(filepath.Join(out, "campaign.xml"))
	require.NoError(t, err)
	assert.Contains(t, string(xml), "<testsuites")
	assert.FileExists(t, filepath.Join(out, "campaign.html"))
}
