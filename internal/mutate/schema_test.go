package mutate

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSchemaJudges builds the schema of engine/ (every mutant in one binary) and judges
// a few mutants with a small campaign: the binary with no mutant passes (Run checks it
// first), a mutant that drops the counters' effect on power and toughness is killed by
// rules.layers, and the IDs and kills are the same when generated and judged again.
func TestSchemaJudges(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	if testing.Short() {
		t.Skip("builds the fuzz command with every mutant of engine/")
	}
	src, err := Generate(root, "engine")
	require.NoError(t, err)
	again, err := Generate(root, "engine")
	require.NoError(t, err)
	require.Equal(t, len(src.Mutants), len(again.Mutants))
	for i, m := range src.Mutants {
		require.Equal(t, m.Key(), again.Mutants[i].Key(), "mutant %d", m.ID)
		require.Equal(t, i+1, m.ID)
	}
	var counters *Mutant
	for _, m := range src.Mutants {
		if m.Func == "(projector).applyCounters" && m.Op == OpNegate && counters == nil {
			counters = m
		}
	}
	require.NotNil(t, counters, "the counters' layer code has a negate mutant")

	_, sc := builtSchema(t)
	assert.Empty(t, sc.NotCompiled, "every mutant's guarded form compiles")
	cfg := RunConfig{Binary: sc.Binary, Jobs: runtime.GOMAXPROCS(0), Limit: 5 * time.Minute,
		Judge: JudgeConfig{Seed: 1, Checks: 150, Corpus: filepath.Join(root, "corpus"), CaseTimeout: 10 * time.Second}}
	res, partial, err := Run(context.Background(), cfg, []*Mutant{counters}, nil)
	require.NoError(t, err)
	assert.False(t, partial)
	require.Len(t, res, 1)
	assert.Equal(t, Killed, res[0].Outcome)
	assert.Equal(t, ByCampaign, res[0].By)
	assert.Equal(t, "rules.layers", res[0].Property, res[0].Judged())
	again2, _, err := Run(context.Background(), cfg, []*Mutant{counters}, map[int]string{})
	require.NoError(t, err)
	assert.Equal(t, res[0].Judged(), again2[0].Judged(), "a kill is the same on every run")
}

// The schema of engine/, built once for the tests that judge with it.
var schemaOnce struct {
	sync.Once
	src *Source
	sc  *Schema
	err error
	dir string
}

func TestMain(m *testing.M) {
	code := m.Run()
	if schemaOnce.dir != "" {
		os.RemoveAll(schemaOnce.dir)
	}
	os.Exit(code)
}

func builtSchema(t *testing.T) (*Source, *Schema) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the fuzz command with every mutant of engine/")
	}
	schemaOnce.Do(func() {
		root, err := filepath.Abs(filepath.Join("..", ".."))
		if err != nil {
			schemaOnce.err = err
			return
		}
		dir, err := os.MkdirTemp("", "mtgfuzz-schema-test-")
		if err != nil {
			schemaOnce.err = err
			return
		}
		schemaOnce.dir = dir
		if schemaOnce.src, schemaOnce.err = Generate(root, "engine"); schemaOnce.err == nil {
			schemaOnce.sc, schemaOnce.err = schemaOnce.src.Build(context.Background(), dir, func(s string) { t.Log(s) })
		}
	})
	require.NoError(t, schemaOnce.err)
	return schemaOnce.src, schemaOnce.sc
}
