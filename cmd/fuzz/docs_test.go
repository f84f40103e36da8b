package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/cards"
	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/props"
	"github.com/mtgfuzz/mtgfuzz/rulings"
)

// TestRulingsDoc: docs/rulings.md is what "fuzz rulings --markdown" prints (refresh it
// with -update), and documents every ruling.
func TestRulingsDoc(t *testing.T) {
	r := generatedDoc(t, "rulings.md", "TestRulingsDoc", "rulings", "--markdown")
	assert.Len(t, rulings.All(), 30)
	for _, rl := range rulings.All() {
		assert.Contains(t, r.stdout, "\n### "+rl.ID+"\n")
		assert.NotEmpty(t, rl.Summary)
		assert.NotEmpty(t, rl.Rules)
	}
	assert.Contains(t, r.stdout, "none yet: no property checks this ruling", "rulings with no property say so")

	js := fuzz(t, "rulings", "--json")
	var infos []rulingInfo
	require.NoError(t, json.Unmarshal([]byte(js.stdout), &infos))
	require.Len(t, infos, 30)
	assert.Contains(t, infos[0].Properties, "mana.undefined-type")
}

// TestRulingIDsKnown: every ruling ID a property or a fault names is a ruling of package
// rulings, or the ID of an invariant or general-rules property (invariant.*, rules.*),
// which has no ruling of its own.
func TestRulingIDsKnown(t *testing.T) {
	known := map[string]bool{}
	for _, id := range rulings.IDs() {
		assert.False(t, known[id], "ruling %s listed twice", id)
		known[id] = true
	}
	for _, p := range props.All() {
		for _, r := range p.Rulings {
			assert.True(t, known[r] || r == p.ID && ownRuling(r), "property %s names unknown ruling %s", p.ID, r)
		}
	}
	for _, f := range engine.Faults() {
		assert.True(t, known[f.Ruling] || ownRuling(f.Ruling), "fault %s names unknown ruling %s", f.Name, f.Ruling)
	}
}

// ownRuling: invariants and the general rules' properties are their own rulings.
func ownRuling(id string) bool {
	return strings.HasPrefix(id, "invariant.") || strings.HasPrefix(id, "rules.")
}

// TestCards: "fuzz cards" lists the whole pool with type lines and Oracle text; --json is
// the cards package's table.
func TestCards(t *testing.T) {
	t.Setenv("COLUMNS", "80")
	r := fuzz(t, "cards")
	require.Equal(t, exitOK, r.code, r.stderr)
	for _, c := range cards.All() {
		assert.Contains(t, "\n"+r.stdout, "\n"+c.Name, "card %s", c.Name)
	}
	assert.Contains(t, r.stdout, "Walking Ballista  {X}{X}\n    Artifact Creature — Construct  0/0\n")
	assert.Contains(t, r.stdout, "Exotic Orchard\n    Land\n    {T}: Add one mana of any color that a land an opponent controls could\n    produce.\n", "Oracle text wrapped")
	for _, line := range strings.Split(r.stdout, "\n") {
		assert.LessOrEqual(t, len([]rune(line)), 80, "wrapped to the width: %q", line)
	}
	js := fuzz(t, "cards", "--json")
	require.Equal(t, exitOK, js.code)
	want, err := cards.JSON()
	require.NoError(t, err)
	assert.JSONEq(t, string(want), js.stdout)
}
