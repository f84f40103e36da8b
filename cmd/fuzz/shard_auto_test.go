package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestAutoShard: each CI engine's variables, counted from 0 or from 1, give the shard
// K/N counted from 1; Kubernetes' index needs the count given; none set, or values that
// make no shard, are errors naming the variables.
func TestAutoShard(t *testing.T) {
	for _, tc := range []struct {
		name string
		env  map[string]string
		n    int // --shard auto/n
		k, t int
		from string // what it says it read, or the error
	}{
		{"GitLab counts from 1", map[string]string{"CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "4"}, 0, 1, 4, "CI_NODE_INDEX=1, CI_NODE_TOTAL=4 (GitLab CI (parallel:))"},
		{"GitLab last", map[string]string{"CI_NODE_INDEX": "4", "CI_NODE_TOTAL": "4"}, 0, 4, 4, "CI_NODE_INDEX=4"},
		{"CircleCI counts from 0", map[string]string{"CIRCLE_NODE_INDEX": "0", "CIRCLE_NODE_TOTAL": "3"}, 0, 1, 3, "CIRCLE_NODE_INDEX=0, CIRCLE_NODE_TOTAL=3 (CircleCI"},
		{"Buildkite counts from 0", map[string]string{"BUILDKITE_PARALLEL_JOB": "2", "BUILDKITE_PARALLEL_JOB_COUNT": "3"}, 0, 3, 3, "BUILDKITE_PARALLEL_JOB=2"},
		{"Semaphore counts from 1", map[string]string{"SEMAPHORE_JOB_INDEX": "2", "SEMAPHORE_JOB_COUNT": "2"}, 0, 2, 2, "SEMAPHORE_JOB_INDEX=2"},
		{"Bitbucket counts from 0", map[string]string{"BITBUCKET_PARALLEL_STEP": "0", "BITBUCKET_PARALLEL_STEP_COUNT": "5"}, 0, 1, 5, "BITBUCKET_PARALLEL_STEP=0"},
		{"Kubernetes with the count", map[string]string{"JOB_COMPLETION_INDEX": "6"}, 7, 7, 7, "JOB_COMPLETION_INDEX=6 (Kubernetes Indexed Job)"},
		{"Kubernetes without the count", map[string]string{"JOB_COMPLETION_INDEX": "0"}, 0, 0, 0, "give it as --shard auto/N"},
		{"Kubernetes index past the count", map[string]string{"JOB_COMPLETION_INDEX": "3"}, 3, 0, 0, "the index is out of 1..3"},
		{"a count that disagrees", map[string]string{"CI_NODE_INDEX": "1", "CI_NODE_TOTAL": "4"}, 2, 0, 0, "CI_NODE_TOTAL=4 (GitLab CI (parallel:)), not the 2 of --shard auto/2"},
		{"GitLab 0 is out", map[string]string{"CI_NODE_INDEX": "0", "CI_NODE_TOTAL": "2"}, 0, 0, 0, "out of 1..2"},
		{"not a number", map[string]string{"CIRCLE_NODE_INDEX": "x", "CIRCLE_NODE_TOTAL": "2"}, 0, 0, 0, `CIRCLE_NODE_INDEX="x" (CircleCI (parallelism)): want a number`},
		{"a total not set", map[string]string{"CIRCLE_NODE_INDEX": "1"}, 0, 0, 0, `CIRCLE_NODE_TOTAL="" (CircleCI (parallelism)): want a number`},
		{"GitLab's total alone is no parallel job", map[string]string{"CI_NODE_TOTAL": "1"}, 0, 0, 0,
			"no CI shard variable is set: looked for CI_NODE_INDEX, CIRCLE_NODE_INDEX, BUILDKITE_PARALLEL_JOB, SEMAPHORE_JOB_INDEX, BITBUCKET_PARALLEL_STEP, JOB_COMPLETION_INDEX"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			k, n, from, err := autoShard(func(v string) string { return tc.env[v] }, tc.n)
			if tc.k == 0 {
				assert.ErrorContains(t, err, tc.from)
				return
			}
			assert.NoError(t, err)
			assert.Equal(t, [2]int{tc.k, tc.t}, [2]int{k, n})
			assert.Contains(t, from, tc.from)
		})
	}
}

// TestShardAuto: run --shard auto takes the shard from the environment and says so; with
// none of the variables set it is a usage error naming them.
func TestShardAuto(t *testing.T) {
	for _, s := range shardSources {
		t.Setenv(s.index, "")
	}
	r := fuzz(t, "run", "--shard", "auto", "--checks", "2", "--props", "cycling.not-a-spell", "--corpus", t.TempDir())
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.stderr, "--shard auto: no CI shard variable is set: looked for CI_NODE_INDEX, CIRCLE_NODE_INDEX")

	t.Setenv("JOB_COMPLETION_INDEX", "1")
	r = fuzz(t, "run", "--shard", "auto/3", "--checks", "6", "--props", "cycling.not-a-spell", "--corpus", t.TempDir(), "--report", "json")
	assert.Equal(t, exitOK, r.code, r.stderr)
	assert.Contains(t, r.stderr, "fuzz: shard 2/3 (--shard auto: JOB_COMPLETION_INDEX=1 (Kubernetes Indexed Job))")
	assert.Contains(t, r.stdout, `"shard": "2/3"`)
}
