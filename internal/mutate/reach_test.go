package mutate

import (
	"context"
	"encoding/json"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/props"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPruneSameVerdicts: judging each mutant only by the cases and scenarios its change
// infects in the unmutated run gives the verdict of the whole campaign and corpus (killed
// or survived, and by which property, clause and case or scenario), on a seeded sample
// with a small campaign; an unreached or uninfected mutant is one the whole judgement
// lets survive.
func TestPruneSameVerdicts(t *testing.T) {
	src, sc := builtSchema(t)
	root := src.Root
	sample, err := Select(src.Mutants, 24, 23, 0, 0)
	require.NoError(t, err)
	cfg := RunConfig{Binary: sc.Binary, Recorder: sc.Recorder, Jobs: runtime.GOMAXPROCS(0), Limit: 3 * time.Minute,
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
		if p.Outcome == Unreached || p.Outcome == Uninfected {
			assert.Equal(t, Survived, w.Outcome, "#%d is %s: the whole judgement can't kill it", w.ID, p.Outcome)
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

// TestUnitsOfAMutant: a mutant is judged by the units it infects and, in a property, by
// the cases it infects when they are listed; what only those cases reach is at risk; a
// mutant infecting nothing is uninfected if some unit reaches it, else unreached.
func TestUnitsOfAMutant(t *testing.T) {
	r := &Reach{Mutants: 5, Props: []string{"p", "q"}, Scenarios: []string{"s"},
		PropHits:         [][]byte{bitset([]int{1, 4}, 5), bitset([]int{2}, 5)},
		PropInfected:     [][]byte{bitset([]int{1, 4}, 5), bitset(nil, 5)},
		ScenarioHits:     [][]byte{bitset([]int{4}, 5)},
		ScenarioInfected: [][]byte{bitset([]int{4}, 5)},
		PropCases:        []map[int]CaseList{{1: {2, 5}}, nil},
		PropClauses:      []map[string]CaseList{{"": {1, 2, 5, 9}, "a": {2, 5, 9}, "b": {5}}, nil},
	}
	u, without := r.Units(&Mutant{ID: 1})
	assert.Empty(t, without)
	assert.Equal(t, &Units{Props: []int{0}, Scenarios: []int{}, Cases: map[int]CaseList{0: {2, 5}}, AtRisk: map[int][]string{0: {"b"}}}, u)

	u, _ = r.Units(&Mutant{ID: 1, CrossCase: true})
	assert.Equal(t, &Units{Props: []int{0}, Scenarios: []int{}}, u, "a mutant of a memo is judged by every case")
	u, _ = r.Units(&Mutant{ID: 4})
	assert.Equal(t, &Units{Props: []int{0}, Scenarios: []int{0}}, u, "infecting too many cases to list: every case")

	u, without = r.Units(&Mutant{ID: 2})
	assert.Nil(t, u)
	assert.Equal(t, Uninfected, without)
	u, without = r.Units(&Mutant{ID: 3})
	assert.Nil(t, u)
	assert.Equal(t, Unreached, without)
}

// TestHeldOnSomeCases: a property run on some of its cases is vacuous only where the
// whole campaign would be: what it leaves unreached is reached by no other case.
func TestHeldOnSomeCases(t *testing.T) {
	o := onlyCases{"p": {atRisk: []string{"b"}}}
	res := &campaign.PropResult{ID: "p", Reached: 3, Clauses: []campaign.ClauseResult{{Name: "a"}, {Name: "b"}}}
	vacuous, clause := o.heldOnAll(res)
	assert.True(t, vacuous)
	assert.Equal(t, "b", clause)

	res.Clauses[1].Reached = 1
	vacuous, _ = o.heldOnAll(res)
	assert.False(t, vacuous, "a, unreached here, is reached by a case not run")

	o = onlyCases{"p": {atRisk: []string{"", "a"}}}
	res = &campaign.PropResult{ID: "p", Clauses: []campaign.ClauseResult{{Name: "a"}, {Name: "b"}}}
	vacuous, clause = o.heldOnAll(res)
	assert.True(t, vacuous)
	assert.Equal(t, "a", clause, "the first clause the whole campaign leaves unreached")
}

// TestCaseListJSON: a case list is written compactly and read back as it was.
func TestCaseListJSON(t *testing.T) {
	for _, l := range []CaseList{{}, {0}, {3, 4, 300, 4999}} {
		data, err := json.Marshal(l)
		require.NoError(t, err)
		var back CaseList
		require.NoError(t, json.Unmarshal(data, &back))
		assert.Equal(t, l, back, string(data))
	}
	var bad CaseList
	assert.Error(t, json.Unmarshal([]byte(`"//8="`), &bad), "a varint cut short")
}
