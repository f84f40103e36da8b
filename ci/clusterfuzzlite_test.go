package ci

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"github.com/mtgfuzz/mtgfuzz/internal/fuzztarget"
)

// cflite is the ClusterFuzzLite configuration folder.
const cflite = "clusterfuzzlite"

func readCflite(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(cflite, name))
	require.NoError(t, err)
	return string(data)
}

// TestClusterFuzzLiteProject: project.yaml is YAML naming Go, and the Dockerfile builds on
// the Go base builder with the repository and build.sh where the builder looks for them.
func TestClusterFuzzLiteProject(t *testing.T) {
	var project struct {
		Language string `yaml:"language"`
	}
	require.NoError(t, yaml.Unmarshal([]byte(readCflite(t, "project.yaml")), &project))
	assert.Equal(t, "go", project.Language)

	docker := readCflite(t, "Dockerfile")
	assert.Regexp(t, `(?m)^FROM gcr\.io/oss-fuzz-base/base-builder-go\s*$`, docker)
	assert.Regexp(t, `(?m)^COPY \. \$SRC/mtgfuzz\s*$`, docker)
	assert.Regexp(t, `(?m)^COPY \.clusterfuzzlite/build\.sh \$SRC/\s*$`, docker)
}

// buildTargets are the fuzzers build.sh compiles and the package it compiles them from.
func buildTargets(t *testing.T, script string) (pkg string, targets []string) {
	t.Helper()
	loop := regexp.MustCompile(`(?m)^for target in ([^;]+); do\n\s+compile_native_go_fuzzer (\S+) "\$target" "\$target"\ndone$`).FindStringSubmatch(script)
	require.NotNil(t, loop, "build.sh compiles its targets in one loop")
	return loop[2], strings.Fields(loop[1])
}

// TestClusterFuzzLiteBuildScript: build.sh is valid bash and compiles every native fuzz
// target, each under its function's name, from the package that declares them; the
// go-118-fuzz-build it installs and the testing package it requires are one version; its
// export-seeds line writes a seed corpus named after each fuzzer it builds.
func TestClusterFuzzLiteBuildScript(t *testing.T) {
	for _, script := range []string{"build.sh", "build_local.sh"} {
		out, err := exec.Command("bash", "-n", filepath.Join(cflite, script)).CombinedOutput()
		assert.NoError(t, err, "%s: %s", script, out)
		info, err := os.Stat(filepath.Join(cflite, script))
		require.NoError(t, err)
		assert.NotZero(t, info.Mode()&0o100, "%s is executable", script)
	}
	script := readCflite(t, "build.sh")
	pkg, targets := buildTargets(t, script)
	assert.Equal(t, "github.com/mtgfuzz/mtgfuzz/internal/fuzztarget", pkg)
	var funcs []string
	for _, tg := range fuzztarget.Targets() {
		funcs = append(funcs, tg.Func())
	}
	assert.Equal(t, funcs, targets, "build.sh builds every target")
	fuzzFile, err := os.ReadFile(filepath.Join("..", "internal", "fuzztarget", "fuzz_test.go"))
	require.NoError(t, err)
	for _, name := range targets {
		assert.Regexp(t, `(?m)^func `+name+`\(f \*testing\.F\) \{$`, string(fuzzFile), "the function compile_native_go_fuzzer looks for")
	}

	pins := regexp.MustCompile(`(?m)^fuzzbuild=(\S+)$`).FindStringSubmatch(script)
	require.NotNil(t, pins, "build.sh pins go-118-fuzz-build")
	assert.Contains(t, script, `go install "github.com/AdamKorcz/go-118-fuzz-build@$fuzzbuild"`)
	assert.Contains(t, script, `go get "github.com/AdamKorcz/go-118-fuzz-build/testing@$fuzzbuild"`)

	seeds := regexp.MustCompile(`(?m)^go run \./cmd/fuzz export-seeds .*$`).FindStringSubmatch(script)
	require.NotNil(t, seeds, "build.sh writes the seed corpora")
	if testing.Short() {
		t.Skip("builds the command to run build.sh's export-seeds line")
	}
	dir := t.TempDir()
	export := exec.Command("bash", "-c", seeds[0]+" --checks 3") // the line as it is, on a short campaign
	export.Dir = ".."
	export.Env = append(os.Environ(), "OUT="+dir)
	out, err := export.CombinedOutput()
	require.NoError(t, err, string(out))
	for _, name := range targets {
		assert.FileExists(t, filepath.Join(dir, name+"_seed_corpus.zip"), "the seed corpus ClusterFuzzLite finds beside the fuzzer %s", name)
	}
}

// cfliteWorkflow is the part of a ClusterFuzzLite workflow the tests read.
type cfliteWorkflow struct {
	On   map[string]any `yaml:"on"`
	Jobs map[string]struct {
		Steps []struct {
			Uses string            `yaml:"uses"`
			With map[string]string `yaml:"with"`
		} `yaml:"steps"`
	} `yaml:"jobs"`
}

// TestClusterFuzzLiteWorkflows: the pull request and batch workflows parse, run on their
// events, and build the Go fuzzers and run them in their mode.
func TestClusterFuzzLiteWorkflows(t *testing.T) {
	for _, tc := range []struct {
		file, event, mode string
	}{
		{"cflite_pr.yml", "pull_request", "code-change"},
		{"cflite_batch.yml", "schedule", "batch"},
	} {
		var w cfliteWorkflow
		require.NoError(t, yaml.Unmarshal([]byte(readCflite(t, tc.file)), &w), tc.file)
		assert.Contains(t, w.On, tc.event, tc.file)
		require.Len(t, w.Jobs, 1, tc.file)
		for _, job := range w.Jobs {
			require.Len(t, job.Steps, 2, tc.file)
			build, run := job.Steps[0], job.Steps[1]
			assert.Equal(t, "google/clusterfuzzlite/actions/build_fuzzers@v1", build.Uses, tc.file)
			assert.Equal(t, "go", build.With["language"], tc.file)
			assert.Equal(t, "google/clusterfuzzlite/actions/run_fuzzers@v1", run.Uses, tc.file)
			assert.Equal(t, tc.mode, run.With["mode"], tc.file)
			assert.Regexp(t, `^[1-9]\d*$`, run.With["fuzz-seconds"], tc.file)
		}
	}
}
