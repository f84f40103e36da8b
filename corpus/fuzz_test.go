package corpus_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/mtgfuzz/mtgfuzz/corpus"
)

// FuzzParse: no input makes Parse or Replay panic (Replay turns the toy engine's panics
// into failures), and whatever parses survives a round trip through Marshal. Seeds:
// every scenario and fixture in the package.
func FuzzParse(f *testing.F) {
	for _, glob := range []string{"*/*.yaml", "testdata/*/*.yaml"} {
		paths, _ := filepath.Glob(glob)
		for _, p := range paths {
			if data, err := os.ReadFile(p); err == nil {
				f.Add(data)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		sc, err := corpus.Parse("fuzz.yaml", data)
		if err != nil {
			return
		}
		out := corpus.Marshal(sc)
		if _, err := corpus.Parse("fuzz.yaml", out); err != nil {
			t.Fatalf("Marshal wrote what Parse rejects: %v\n%s", err, out)
		}
		_, _ = sc.Setup()
		corpus.Replay(toyEngine{}, sc)
	})
}
