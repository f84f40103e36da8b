package rulings_test

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/props"
	"github.com/mtgfuzz/mtgfuzz/rulings"
	"github.com/mtgfuzz/mtgfuzz/scenario"
)

// TestEveryNamedIDIsARuling: every ruling ID a property, a fault or a scenario of the
// corpus names is a ruling of this package, the general rules' and invariants' too, so
// that "fuzz rulings" and docs/rulings.md explain every ID a report prints.
func TestEveryNamedIDIsARuling(t *testing.T) {
	known := map[string]bool{}
	for _, id := range rulings.IDs() {
		assert.False(t, known[id], "ruling %s listed twice", id)
		known[id] = true
	}
	for _, p := range props.All() {
		for _, r := range p.Rulings {
			assert.True(t, known[r], "property %s names %s, which is no ruling", p.ID, r)
		}
	}
	for _, f := range engine.Faults() {
		assert.True(t, known[f.Ruling], "fault %s names %s, which is no ruling", f.Name, f.Ruling)
	}
	scs, err := scenario.LoadDir(filepath.Join("..", "corpus"))
	require.NoError(t, err)
	require.NotEmpty(t, scs)
	for _, sc := range scs {
		for _, r := range sc.Rulings {
			assert.True(t, known[r], "%s names %s, which is no ruling", sc.Path, r)
		}
	}
}

// TestRulingTexts: every ruling says what it says and rests on CR rules, but for the
// invariants of the engine as a program, which no rule states, and the comparison of two
// engines, which rests on every rule.
func TestRulingTexts(t *testing.T) {
	for _, r := range rulings.All() {
		assert.NotEmpty(t, r.Summary, r.ID)
		assert.NotEmpty(t, r.Group, r.ID)
		if r.ID != "invariant.purity" && r.ID != "invariant.determinism" && r.ID != "rules.differential" {
			assert.NotEmpty(t, r.Rules, r.ID)
		}
	}
}
