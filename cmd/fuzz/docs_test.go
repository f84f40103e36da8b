package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/cards"
	"github.com/mtgfuzz/mtgfuzz/rulings"
)

// TestRulingsDoc: docs/rulings.md is what "fuzz rulings --markdown" prints (refresh it
// with -update), and documents every ruling.
func TestRulingsDoc(t *testing.T) {
	r := generatedDoc(t, "rulings.md", "TestRulingsDoc", "rulings", "--markdown")
	assert.Len(t, rulings.All(), 43)
	for _, rl := range rulings.All() {
		assert.Contains(t, r.stdout, "\n### "+rl.ID+"\n")
	}
	for _, group := range []string{rulings.General, rulings.Resonance, rulings.Skull, rulings.GeneralRules, rulings.Invariants} {
		assert.Contains(t, r.stdout, "\n## "+group+"\n")
	}
	assert.Contains(t, r.stdout, "none yet: no property checks this ruling", "rulings with no property say so")

	js := fuzz(t, "rulings", "--json")
	var infos []rulingInfo
	require.NoError(t, json.Unmarshal([]byte(js.stdout), &infos))
	require.Len(t, infos, 43)
	assert.Contains(t, infos[0].Properties, "mana.undefined-type")
}

// TestRulingsText: "fuzz rulings" lists every ruling under its group, the general rules
// and invariants after the official rulings, each with its CR rules or none.
func TestRulingsText(t *testing.T) {
	t.Setenv("COLUMNS", "100")
	r := fuzz(t, "rulings")
	require.Equal(t, exitOK, r.code, r.stderr)
	at := func(s string) int {
		i := strings.Index(r.stdout, s)
		assert.GreaterOrEqual(t, i, 0, "%q is listed", s)
		return i
	}
	assert.True(t, strings.HasPrefix(r.stdout, rulings.General+":\nmana.undefined-type  (CR 106.5, 106.1b, 605.2)\n"), r.stdout)
	resonance, skull := at("\n\n"+rulings.Resonance+":\n"), at("\n\n"+rulings.Skull+":\n")
	general, invariants := at("\n\n"+rulings.GeneralRules+":\nrules.turn  (CR 502.3, 514.2, 611.2a, 500.5b)\n"), at("\n\n"+rulings.Invariants+":\n")
	assert.True(t, resonance < skull && skull < general && general < invariants, "the groups in order")
	assert.Greater(t, at("\ninvariant.purity  (no CR rule)\n"), invariants)
	assert.Greater(t, at("\nrules.differential  (no CR rule)\n"), general)
	assert.True(t, strings.HasSuffix(r.stdout, "\n43 rulings, 40 with a property\n"), r.stdout)
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
