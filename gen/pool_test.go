package gen_test

import (
	"testing"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/internal/gentest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestKindOfReadsTheSnapshot(t *testing.T) {
	for _, tc := range []struct {
		obj           harness.Object
		kind, enchant gen.Kind
		reason        string
	}{
		{harness.Object{Supertypes: []string{"Basic"}, Types: []string{"Land"}, Subtypes: []string{"Forest"}},
			gen.Basic | gen.Land, 0, "a basic land"},
		{harness.Object{Types: []string{"Enchantment"}, Subtypes: []string{"Aura"},
			Abilities: []string{"Enchant land", "Whenever enchanted land is tapped for mana, its controller adds an additional {G}."}},
			gen.Enchantment | gen.Aura, gen.Land, "an Aura says what it enchants in its Enchant keyword (CR 303.4a)"},
		{harness.Object{Types: []string{"Land"}, Abilities: []string{"This land enters tapped with two charge counters on it.", "{T}: Add {R}."}},
			gen.Land | gen.ChargeCounters, 0, "charge counters are worth generating"},
		{harness.Object{Types: []string{"Artifact", "Creature"}, Abilities: []string{"This creature enters with X +1/+1 counters on it."}},
			gen.Artifact | gen.Creature | gen.PlusCounters, 0, "+1/+1 counters from the text"},
		{harness.Object{Types: []string{"Artifact"}, Abilities: []string{"As this artifact enters, choose a color."}},
			gen.Artifact | gen.ChoosesColor, 0, "a colour chosen as it enters"},
		{harness.Object{Supertypes: []string{"Legendary"}, Types: []string{"Planeswalker"}},
			gen.Legendary | gen.Planeswalker, 0, "a legendary planeswalker"},
		{harness.Object{Types: []string{"Enchantment"}, Subtypes: []string{"Saga"}},
			gen.Enchantment | gen.Saga, 0, "a Saga, which has lore counters (CR 714)"},
	} {
		k, e := gen.KindOf(&tc.obj)
		assert.Equal(t, tc.kind, k, tc.reason)
		assert.Equal(t, tc.enchant, e, tc.reason)
	}
}

func TestProbePoolAsksTheEngine(t *testing.T) {
	eng := gentest.New(gentest.Options{Unknown: []string{"Black Lotus"}})
	pool, err := gen.ProbePool(eng, []string{"Grizzly Bears", "Forest", "Black Lotus"})
	require.ErrorContains(t, err, "refused 1 cards: Black Lotus", "the engine doesn't know it")
	require.NotNil(t, pool)
	names := []string{}
	for _, c := range pool.Cards() {
		names = append(names, c.Name)
	}
	assert.Equal(t, []string{"Forest", "Grizzly Bears"}, names, "known cards only, basic lands first")
	forest, _ := pool.Card("Forest")
	assert.Equal(t, gen.Basic|gen.Land, forest.Kind)
	bears, _ := pool.Card("Grizzly Bears")
	assert.Equal(t, gen.Artifact, bears.Kind, "what the toy engine says, not what the default pool says")
}
