package mutate

import (
	"context"
	"maps"
	"testing"
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

// TestEngineMemos keeps the list of the engine's cross-case memos in view: pruning by
// the cases a mutant infects (doc.go) is sound only if every function that keeps
// something from one case to the next is found by memoWriters. A new memo, or a new
// kind of one this test doesn't know, must be thought through there first.
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
	if want := map[string]bool{"engine/card.go sized": true}; !maps.Equal(funcs, want) {
		t.Errorf("the functions writing a memo kept between cases are %v, want %v: a new memo? read crosscase.go", funcs, want)
	}
}
