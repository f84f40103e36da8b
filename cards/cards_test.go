package cards_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/cards"
)

func TestByNameFindsEveryEntry(t *testing.T) {
	all := cards.All()
	require.Len(t, cards.Names(), len(all))
	for i, c := range all {
		got, ok := cards.ByName(c.Name)
		require.True(t, ok, c.Name)
		assert.Equal(t, c, got, "ByName and All agree on %s", c.Name)
		assert.Equal(t, cards.Names()[i], c.Name, "Names is in table order")
	}
	_, ok := cards.ByName("Black Lotus")
	assert.False(t, ok, "a card outside the pool")
	_, ok = cards.ByName("forest")
	assert.False(t, ok, "names are exact")
}

func TestColorsComeFromTheManaCost(t *testing.T) {
	for _, tc := range []struct {
		name   string
		colors []string
		reason string
	}{
		{"Nyxbloom Ancient", []string{"G"}, "{4}{G}{G}{G} is green (CR 202.2)"},
		{"Walking Ballista", nil, "{X}{X} has no coloured symbol"},
		{"Forest", nil, "a land has no mana cost, so no colour"},
		{"Thopter", nil, "the Thopter token is colorless, as Hangarback Walker defines it"},
		{"Twiddle", []string{"U"}, "{U}"},
	} {
		c, ok := cards.ByName(tc.name)
		require.True(t, ok, tc.name)
		assert.Equal(t, tc.colors, c.Colors, tc.reason)
	}
}

func TestPrintedCharacteristics(t *testing.T) {
	ballista, _ := cards.ByName("Walking Ballista")
	require.NotNil(t, ballista.Power)
	assert.Equal(t, 0, *ballista.Power, "a 0/0 has power 0, not no power")
	assert.Equal(t, "{X}{X}", ballista.ManaCost)
	assert.Len(t, ballista.Oracle, 3, "one line per ability")
	cradle, _ := cards.ByName("Gaea's Cradle")
	assert.Nil(t, cradle.Power, "a land has no power")
	assert.True(t, cradle.HasSupertype("Legendary"))
	assert.Equal(t, "", cradle.ManaCost, "no mana cost (CR 202.1b)")
	thopter, _ := cards.ByName("Thopter")
	assert.True(t, thopter.Token)
	assert.True(t, thopter.HasType("Creature") && thopter.HasSubtype("Thopter"))
}

func TestCallersCannotChangeTheTable(t *testing.T) {
	c, _ := cards.ByName("Llanowar Elves")
	c.Oracle[0] = "changed"
	*c.Power = 9
	c.Types[0] = "Land"
	again, _ := cards.ByName("Llanowar Elves")
	assert.Equal(t, "{T}: Add {G}.", again.Oracle[0])
	assert.Equal(t, 1, *again.Power)
	assert.Equal(t, []string{"Creature"}, again.Types)
	all := cards.All()
	all[0].Name = "changed"
	assert.Equal(t, "Plains", cards.All()[0].Name)
}

func TestJSONRoundTrips(t *testing.T) {
	data, err := cards.JSON()
	require.NoError(t, err)
	var back []cards.Card
	require.NoError(t, json.Unmarshal(data, &back))
	assert.Equal(t, cards.All(), back)

	var raw []map[string]any
	require.NoError(t, json.Unmarshal(data, &raw))
	bears := raw[indexOf(t, "Grizzly Bears")]
	assert.Equal(t, map[string]any{"name": "Grizzly Bears", "mana_cost": "{1}{G}", "colors": []any{"G"},
		"types": []any{"Creature"}, "subtypes": []any{"Bear"}, "power": 2.0, "toughness": 2.0}, bears,
		"field names, and absent fields left out")
}

func indexOf(t *testing.T, name string) int {
	for i, n := range cards.Names() {
		if n == name {
			return i
		}
	}
	t.Fatalf("%s not in the table", name)
	return -1
}

// TestBackFace: a double-faced card is one entry under its front face's name; its back
// face, with its own characteristics (CR 712.8), is found by its own name too.
func TestBackFace(t *testing.T) {
	abbey, ok := cards.ByName("Westvale Abbey")
	require.True(t, ok)
	require.NotNil(t, abbey.Back)
	assert.Equal(t, "Ormendahl, Profane Prince", abbey.Back.Name)
	ormendahl, ok := cards.ByName("Ormendahl, Profane Prince")
	require.True(t, ok)
	assert.Equal(t, []string{"B"}, ormendahl.Colors, "its colour indicator's (CR 204.1), not a mana cost's")
	assert.True(t, ormendahl.HasSupertype("Legendary") && ormendahl.HasType("Creature"))
	front, ok := cards.FrontOf("Ormendahl, Profane Prince")
	assert.True(t, ok)
	assert.Equal(t, "Westvale Abbey", front)
	assert.NotContains(t, cards.Names(), "Ormendahl, Profane Prince", "a face is not a card of its own")
	_, ok = cards.FrontOf("Westvale Abbey")
	assert.False(t, ok)
}
