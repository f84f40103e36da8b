package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/cards"
	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// TestEveryCardIsInTheTable: the engine defines exactly the table's cards and tokens, and
// reports each one's characteristics as printed there when no effect changes them: a card
// in hand, a token on the battlefield.
func TestEveryCardIsInTheTable(t *testing.T) {
	var tableCards, tableTokens []string
	for _, c := range cards.All() {
		if c.Token {
			tableTokens = append(tableTokens, c.Name)
		} else {
			tableCards = append(tableCards, c.Name)
		}
	}
	assert.ElementsMatch(t, tableCards, CardNames(), "engine cards vs the table's")
	assert.ElementsMatch(t, tableTokens, TokenNames(), "engine tokens vs the table's")
	// Sorted, not in map order: the vocabulary's suggestions and the setup errors that list
	// names read them, and the same input must give the same text every run.
	assert.IsIncreasing(t, CardNames(), "CardNames in order")
	assert.IsIncreasing(t, TokenNames(), "TokenNames in order")

	setup := board(nil, nil)
	for _, n := range CardNames() {
		setup.Players[0].Hand = append(setup.Players[0].Hand, h.CardSpec{Name: n})
	}
	for _, n := range TokenNames() {
		pm := h.PermanentSpec{CardSpec: h.CardSpec{Name: n}, Token: true}
		if c, _ := cards.ByName(n); c.Toughness != nil && *c.Toughness <= 0 {
			// An X/X token (Shark) is 0/0 in the table: a +1/+1 counter keeps it alive
			// (CR 704.5f) and is taken off again below.
			pm.Counters = map[string]int{PlusOne.String(): 1}
		}
		setup.Players[1].Battlefield = append(setup.Players[1].Battlefield, pm)
	}
	s := start(t, setup)
	snap := snapshot(s)
	objs := append(snap.Players[0].Hand, snap.Battlefield...)
	require.Len(t, objs, len(cards.All()))
	for _, o := range objs {
		c, ok := cards.ByName(o.Name)
		require.True(t, ok, o.Name)
		assert.Equal(t, c.ManaCost, o.ManaCost, "%s: mana cost", c.Name)
		var colors h.TypeSet
		for _, l := range c.Colors {
			m, _ := h.ParseManaType(l)
			colors = colors.With(m)
		}
		assert.Equal(t, colors.String(), o.Colors, "%s: colours", c.Name)
		assert.Equal(t, c.Supertypes, o.Supertypes, "%s: supertypes", c.Name)
		assert.Equal(t, c.Types, o.Types, "%s: types", c.Name)
		assert.Equal(t, c.Subtypes, o.Subtypes, "%s: subtypes", c.Name)
		power, toughness := o.Power, o.Toughness
		if n := o.Counters[PlusOne.String()]; n > 0 { // the snapshot is read only: compare without the counter
			p, t := *power-n, *toughness-n
			power, toughness = &p, &t
		}
		assert.Equal(t, c.Power, power, "%s: power", c.Name)
		assert.Equal(t, c.Toughness, toughness, "%s: toughness", c.Name)
		assert.Equal(t, c.Loyalty, o.Loyalty, "%s: loyalty", c.Name)
		// A reminder line is an ability only where a rule makes it one (cards.Card.Abilities).
		oracle := c.Abilities()
		if len(oracle) == 0 {
			oracle = nil
		}
		assert.Equal(t, oracle, o.Abilities, "%s: one ability per Oracle line, with its text", c.Name)
	}
}
