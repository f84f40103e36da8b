package mutate

import (
	"context"
	"maps"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestGenerateEngine(t *testing.T) {
	s, err := Generate("../..", "engine")
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	for _, m := range s.Mutants {
		counts[m.Op]++
	}
	t.Log(len(s.Mutants), counts)
	sc, err := s.Build(context.Background(), t.TempDir(), func(s string) { t.Log(s) })
	if err != nil {
		t.Fatal(err)
	}
	t.Log(sc.NotCompiled)
}

// TestEngineMemos: pruning by the cases a mutant infects (doc.go) is sound only if every
// function that keeps something from one case to the next, and what it calls, is found
// by memoWriters; the engine's known memos are.
func TestEngineMemos(t *testing.T) {
	s, err := Generate("../..", "engine")
	if err != nil {
		t.Fatal(err)
	}
	funcs := map[string]bool{}
	for _, m := range s.Mutants {
		if m.CrossCase {
			funcs[m.File+" "+m.Func] = true
		}
	}
	t.Log(slices.Sorted(maps.Keys(funcs)))
	for _, memo := range []string{
		"engine/card.go sized",                                // the sized tokens' definitions (sync.Map)
		"engine/action_texts.go (printedActivation).manaText", // the mana actions' texts, kept with the card's definition
		"engine/action_texts.go (textKey).build",              // called by manaText: what it keeps
	} {
		assert.True(t, funcs[memo], "%s keeps what later cases read, and is not found (read crosscase.go)", memo)
	}
	assert.False(t, funcs["engine/action_texts.go printedActivations"], "run at the engine's initialisation only: no memo")
}
