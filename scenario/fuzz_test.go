package scenario_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mtgfuzz/mtgfuzz/scenario"
)

// FuzzParse: whatever the input, Parse (with the reference engine's vocabulary) returns
// either errors that each have the file, a line and a message, or a scenario whose setup
// builds (or fails with a positioned error), which survives a round trip through Marshal
// and replays without a panic (Replay turns the toy engine's panics into failures).
// Seeds: every scenario of the corpus and every fixture of the package.
func FuzzParse(f *testing.F) {
	for _, glob := range []string{"../corpus/*/*.yaml", "testdata/*/*.yaml"} {
		paths, _ := filepath.Glob(glob)
		for _, p := range paths {
			if data, err := os.ReadFile(p); err == nil {
				f.Add(data)
			}
		}
	}
	vocab := refVocab()
	f.Fuzz(func(t *testing.T, data []byte) {
		sc, err := vocab.Parse("fuzz.yaml", data)
		if err != nil {
			positioned(t, err)
			return
		}
		if _, err := sc.Setup(); err != nil {
			positioned(t, err)
		}
		out := scenario.Marshal(sc)
		if _, err := vocab.Parse("fuzz.yaml", out); err != nil {
			t.Fatalf("Marshal wrote what Parse rejects: %v\n%s", err, out)
		}
		scenario.Replay(toyEngine{}, sc)
	})
}

// positioned fails unless err is one or more *scenario.Error, each naming the file, a line
// (1 or more) and what is wrong.
func positioned(t *testing.T, err error) {
	t.Helper()
	errs := []error{err}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		errs = j.Unwrap()
	}
	for _, e := range errs {
		var ce *scenario.Error
		if !errors.As(e, &ce) {
			t.Fatalf("%T %v: not a scenario.Error with a position", e, e)
		}
		if ce.Path != "fuzz.yaml" || ce.Line < 1 || strings.TrimSpace(ce.Msg) == "" {
			t.Fatalf("%q: want file:line: message", ce.Error())
		}
	}
}
