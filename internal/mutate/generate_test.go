package mutate

import (
	"context"
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
