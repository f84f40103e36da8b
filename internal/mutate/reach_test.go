package mutate

import (
	"context"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/mtgfuzz/mtgfuzz/props"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPruneSameVerdicts: judging each mutant only by the properties and scenarios whose
// unmutated run reaches it gives the verdict of the whole campaign and corpus (killed or
// survived, and by which property, clause and case or scenario), on a seeded sample with
// a small campaign; an unreached mutant is one the whole judgement lets survive.
func TestPruneSameVerdicts(t *testing.T) {
	src, sc := builtSchema(t)
	root := src.Root
	sample, err := Select(src.Mutants, 24, 23, 0, 0)
	require.NoError(t, err)
	cfg := RunConfig{Binary: sc.Binary, Jobs: runtime.GOMAXPROCS(0), Limit: 3 * time.Minute,
		Judge: JudgeConfig{Seed: 1, Checks: 150, Corpus: filepath.Join(root, "corpus"), CaseTimeout: 10 * time.Second, MemoryLimit: 2 << 30}}
	whole, partial, err := Run(context.Background(), cfg, sample, sc.NotCompiled)
	require.NoError(t, err)
	require.False(t, partial)

	scs, err := LoadCorpus(cfg.Judge.Corpus)
	require.NoError(t, err)
	var propIDs, paths []string
	for _, p := range props.All() {
		propIDs = append(propIDs, p.ID)
	}
	for _, s := range scs {
		paths = append(paths, s.Path)
	}
	reach, err := Record(context.Background(), cfg, len(src.Mutants), propIDs, paths, nil)
	require.NoError(t, err)
	cfg.Reach = reach
	pruned, partial, err := Run(context.Background(), cfg, sample, sc.NotCompiled)
	require.NoError(t, err)
	require.False(t, partial)

	require.Len(t, pruned, len(whole))
	var killed, cut int
	for i, w := range whole {
		p := pruned[i]
		require.Equal(t, w.ID, p.ID)
		if w.Outcome == TimedOut || p.Outcome == TimedOut {
			continue // a wall-clock limit, not the engine's answer
		}
		if p.Outcome == Unreached {
			assert.Equal(t, Survived, w.Outcome, "#%d is unreached: the whole judgement can't kill it", w.ID)
			continue
		}
		assert.Equal(t, w.Outcome, p.Outcome, "#%d %s", w.ID, w.Describe())
		assert.Equal(t, w.Judged(), p.Judged(), "#%d %s", w.ID, w.Describe())
		if w.Outcome == Killed {
			killed++
		}
		if p.Cases < w.Cases || p.Scenarios < w.Scenarios {
			cut++
		}
	}
	t.Logf("%d mutants: %d killed alike, %d judged with fewer cases or scenarios", len(whole), killed, cut)
	assert.Positive(t, killed, "the sample has kills to compare")
	assert.Positive(t, cut, "pruning left out some cases or scenarios")
}
