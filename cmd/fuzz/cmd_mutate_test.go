package main

import (
	"strings"
	"testing"

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

	u := fuzz(t, "mutate", "--ids", "0")
	assert.Equal(t, exitUsage, u.code)
	assert.Contains(t, u.stderr, "--ids")
	u = fuzz(t, "mutate", "extra")
	assert.Equal(t, exitUsage, u.code)
}
