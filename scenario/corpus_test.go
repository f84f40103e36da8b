package scenario_test

import (
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/scenario"
)

// corpusDir is the module's corpus/: the scenarios, beside this package.
func corpusDir(t *testing.T) string {
	_, file, _, ok := runtime.Caller(0)
	require.True(t, ok)
	return filepath.Join(filepath.Dir(file), "..", "corpus")
}

// TestCorpus replays every scenario under corpus/ against the reference engine.
func TestCorpus(t *testing.T) {
	scs, err := refVocab().LoadDir(corpusDir(t))
	require.NoError(t, err)
	require.NotEmpty(t, scs)
	eng, err := engine.New(engine.Options{})
	require.NoError(t, err)
	for _, sc := range scs {
		rel, _ := filepath.Rel(corpusDir(t), sc.Path)
		t.Run(rel, func(t *testing.T) {
			res := scenario.Replay(eng, sc)
			if !res.Passed {
				for _, l := range res.Log {
					t.Log(l)
				}
				for _, f := range res.Failures {
					t.Error(f)
				}
			}
		})
	}
}

// TestCorpusCatchesFaults: for every deliberate engine fault of a ruling the corpus has
// scenarios for, some scenario of that ruling fails when the fault is switched on. A
// hand-written scenario that can't tell a broken engine from a correct one checks
// nothing.
func TestCorpusCatchesFaults(t *testing.T) {
	scs, err := scenario.LoadDir(corpusDir(t))
	require.NoError(t, err)
	byRuling := map[string][]*scenario.Scenario{}
	for _, sc := range scs {
		for _, r := range sc.Rulings {
			byRuling[r] = append(byRuling[r], sc)
		}
	}
	for _, f := range engine.Faults() {
		if len(byRuling[f.Ruling]) == 0 {
			continue
		}
		t.Run(f.Name, func(t *testing.T) {
			eng, err := engine.New(engine.Options{Faults: []string{f.Name}})
			require.NoError(t, err)
			var caught []string
			for _, sc := range byRuling[f.Ruling] {
				if res := scenario.Replay(eng, sc); !res.Passed {
					caught = append(caught, res.Failures[0])
				}
			}
			if len(caught) == 0 {
				t.Errorf("no scenario of %s fails with fault %s (%s)", f.Ruling, f.Name, f.Description)
			}
			t.Logf("%d of %d scenarios catch it; first: %s", len(caught), len(byRuling[f.Ruling]), first(caught))
		})
	}
}

// refVocab is the reference engine's vocabulary, as the CLI checks scenarios with it.
func refVocab() *scenario.Vocabulary {
	return scenario.NewVocabulary(append(engine.CardNames(), engine.TokenNames()...), engine.CounterKinds(), engine.EntryChoices())
}

func first(s []string) string {
	if len(s) == 0 {
		return ""
	}
	return s[0]
}
