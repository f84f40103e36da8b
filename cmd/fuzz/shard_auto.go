package main

import (
	"fmt"
	"strconv"
	"strings"
)

// shardSource is a CI engine or scheduler that runs copies of a job in parallel and tells
// each its place in environment variables: the index (from 0 or from 1) and, unless the
// count is the user's to give (--shard auto/N), the count.
type shardSource struct {
	name  string
	index string
	total string // "" when the count must be given: --shard auto/N
	from1 bool   // the index counts from 1
}

// shardSources are the engines --shard auto reads, in the order it looks for them. Each is
// as its documentation describes the variables it sets for parallel jobs.
var shardSources = []shardSource{
	{"GitLab CI (parallel:)", "CI_NODE_INDEX", "CI_NODE_TOTAL", true},
	{"CircleCI (parallelism)", "CIRCLE_NODE_INDEX", "CIRCLE_NODE_TOTAL", false},
	{"Buildkite (parallelism)", "BUILDKITE_PARALLEL_JOB", "BUILDKITE_PARALLEL_JOB_COUNT", false},
	{"Semaphore (parallelism)", "SEMAPHORE_JOB_INDEX", "SEMAPHORE_JOB_COUNT", true},
	{"Bitbucket Pipelines (parallel steps)", "BITBUCKET_PARALLEL_STEP", "BITBUCKET_PARALLEL_STEP_COUNT", false},
	{"Kubernetes Indexed Job", "JOB_COMPLETION_INDEX", "", false},
}

// autoShard finds this job's shard in the environment (getenv) for --shard auto, or
// auto/n when n > 0: the first source whose index variable is set decides. It says which
// variables it read; none set, or values that make no shard, is an error naming them.
func autoShard(getenv func(string) string, n int) (k, total int, from string, err error) {
	for _, s := range shardSources {
		iv := getenv(s.index)
		if iv == "" {
			continue
		}
		i, err := strconv.Atoi(iv)
		if err != nil {
			return 0, 0, "", fmt.Errorf("%s=%q (%s): want a number", s.index, iv, s.name)
		}
		if s.from1 {
			i--
		}
		from = fmt.Sprintf("%s=%s", s.index, iv)
		switch {
		case s.total == "" && n == 0:
			return 0, 0, "", fmt.Errorf("%s is set (%s), which gives no count of jobs: give it as --shard auto/N", s.index, s.name)
		case s.total == "":
			total = n
		default:
			tv := getenv(s.total)
			t, err := strconv.Atoi(tv)
			if err != nil {
				return 0, 0, "", fmt.Errorf("%s=%q (%s): want a number", s.total, tv, s.name)
			}
			if n > 0 && t != n {
				return 0, 0, "", fmt.Errorf("%s=%d (%s), not the %d of --shard auto/%d", s.total, t, s.name, n, n)
			}
			total, from = t, from+", "+s.total+"="+tv
		}
		if i < 0 || i >= total {
			return 0, 0, "", fmt.Errorf("%s (%s): the index is out of 1..%d", from, s.name, total)
		}
		return i + 1, total, from + " (" + s.name + ")", nil
	}
	var names []string
	for _, s := range shardSources {
		names = append(names, s.index)
	}
	return 0, 0, "", fmt.Errorf("no CI shard variable is set: looked for %s", strings.Join(names, ", "))
}
