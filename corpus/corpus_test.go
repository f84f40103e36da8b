package corpus_test

import (
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/corpus"
	"github.com/mtgfuzz/mtgfuzz/engine"
)

// corpusDir is this package's directory: the scenarios live beside the code.
func corpusDir(t *testing.T) string {
	_, file, _, ok := runtime.Caller(0)
	require.True(t, ok)
	return filepath.Dir(file)
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
			res := corpus.Replay(eng, sc)
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
	scs, err := corpus.LoadDir(corpusDir(t))
	require.NoError(t, err)
	byRuling := map[string][]*corpus.Scenario{}
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
				if res := corpus.Replay(eng, sc); !res.Passed {
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
func refVocab() *corpus.Vocabulary {
	return corpus.NewVocabulary(append(engine.CardNames(), engine.TokenNames()...), engine.CounterKinds(), engine.EntryChoices())
}

func first(s []string) string {
	if len(s) == 0 {
		return ""
	}
	return s[0]
}
