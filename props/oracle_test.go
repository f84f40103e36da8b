package props

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props/internal/manaoracle"
)

const (
	A = harness.A
	B = harness.B
)

// The oracle's answers, worked out by hand from the rules for boards a rules expert would
// write; each case says why.
func TestOracleOutcomes(t *testing.T) {
	gauntlet := func(c harness.ManaType) func(harness.CardID) (harness.ManaType, bool) {
		return func(harness.CardID) (harness.ManaType, bool) { return c, true }
	}
	tests := []struct {
		name    string
		board   []*harness.Object
		color   func(harness.CardID) (harness.ManaType, bool)
		card    harness.CardID
		ability int
		want    []string
		reason  string
	}{
		{"pool alone", []*harness.Object{perm(1, "Reflecting Pool", A)}, nil, 1, 0, []string{""},
			"no land could produce anything: undefined type, no mana (CR 106.5)"},
		{"two pools", []*harness.Object{perm(1, "Reflecting Pool", A), perm(2, "Reflecting Pool", A)}, nil, 1, 0, []string{""},
			"each Pool could produce only what the other could: the least fixpoint is empty (106.7)"},
		{"pool, island, wastes", []*harness.Object{perm(1, "Reflecting Pool", A), perm(2, "Island", A, tapped), perm(3, "Wastes", A)}, nil, 1, 0,
			[]string{"U", "C"}, "any type a land you control could produce, colourless included; a tapped Island still could (106.7 ignores costs)"},
		{"pool ignores opponent", []*harness.Object{perm(1, "Reflecting Pool", A), perm(2, "Forest", B)}, nil, 1, 0, []string{""},
			"the Forest is B's"},
		{"orchard via opponent's pool", []*harness.Object{perm(1, "Exotic Orchard", A), perm(2, "Reflecting Pool", B), perm(3, "Forest", B)}, nil, 1, 0,
			[]string{"G"}, "B's Pool could produce G because B's Forest could"},
		{"orchards facing each other", []*harness.Object{perm(1, "Exotic Orchard", A), perm(2, "Exotic Orchard", B), perm(3, "Forest", B)}, nil, 2, 0,
			[]string{"G"}, "B's Orchard looks at A's Orchard, which could produce G from B's Forest"},
		{"orchard never colourless", []*harness.Object{perm(1, "Exotic Orchard", A), perm(2, "Wastes", B)}, nil, 1, 0, []string{""},
			"colours only: Wastes gives no colour"},
		{"crater among colourless", []*harness.Object{perm(1, "Meteor Crater", A), perm(2, "Pili-Pala", A), perm(3, "Llanowar Elves", B)}, nil, 1, 0,
			[]string{""}, "A's permanents are colourless; B's Elves don't count"},
		{"crater and elves", []*harness.Object{perm(1, "Meteor Crater", A), perm(2, "Llanowar Elves", A)}, nil, 1, 0, []string{"G"}, "Elves are green"},
		{"cradle counts creatures", []*harness.Object{perm(1, "Gaea's Cradle", A), perm(2, "Llanowar Elves", A), perm(3, "Pili-Pala", A), perm(4, "Grizzly Bears", B)}, nil, 1, 0,
			[]string{"GG"}, "two creatures A controls"},
		{"contamination and two reflections", []*harness.Object{perm(1, "Forest", A), perm(2, "Contamination", B), perm(3, "Mana Reflection", A), perm(4, "Mana Reflection", A)}, nil, 1, 0,
			[]string{"B", "BB", "BBBB"}, "orders: R R C gives B; R C R gives BB; C R R gives BBBB (616.1, each once 614.5)"},
		{"opponent's reflection", []*harness.Object{perm(1, "Forest", A), perm(2, "Mana Reflection", B)}, nil, 1, 0, []string{"G"},
			"\"if you tap\": only B's permanents"},
		{"reflection and nyxbloom", []*harness.Object{perm(1, "Forest", A), perm(2, "Mana Reflection", A), perm(3, "Nyxbloom Ancient", A)}, nil, 1, 0,
			[]string{"GGGGGG"}, "×2 and ×3 in either order"},
		{"pili-pala isn't tapped for mana", []*harness.Object{perm(1, "Pili-Pala", A, tapped), perm(2, "Mana Reflection", A)}, nil, 1, 1,
			[]string{"W", "U", "B", "R", "G"}, "{Q}, no {T}: no \"tapped for mana\" replacement (106.12)"},
		{"elves are tapped for mana", []*harness.Object{perm(1, "Llanowar Elves", A), perm(2, "Mana Reflection", A)}, nil, 1, 0,
			[]string{"GG"}, "any permanent, not only lands"},
		{"contamination spares creatures", []*harness.Object{perm(1, "Llanowar Elves", A), perm(2, "Contamination", A)}, nil, 1, 0,
			[]string{"G"}, "\"if a land is tapped\""},
		{"flare copies the type produced", []*harness.Object{perm(1, "Forest", A), perm(2, "Mana Flare", B), perm(3, "Contamination", B)}, nil, 1, 0,
			[]string{"BB"}, "the Forest produced {B}; Flare adds one mana of a type it produced"},
		{"flare and reflection", []*harness.Object{perm(1, "Forest", A), perm(2, "Mana Flare", A), perm(3, "Mana Reflection", A)}, nil, 1, 0,
			[]string{"GGG"}, "Reflection doubles the land's mana, not the trigger's"},
		{"flare on a pool", []*harness.Object{perm(1, "Reflecting Pool", A), perm(2, "Island", A), perm(3, "Mana Flare", B)}, nil, 1, 0,
			[]string{"UU"}, "the Pool produced {U}"},
		{"flare needs mana produced", []*harness.Object{perm(1, "Reflecting Pool", A), perm(2, "Mana Flare", A), perm(3, "Wild Growth", A, attached(1))}, nil, 1, 0,
			[]string{""}, "no mana produced: nothing triggers (106.12a)"},
		{"wild growth", []*harness.Object{perm(1, "Forest", A), perm(2, "Wild Growth", B, attached(1)), perm(3, "Mana Reflection", A)}, nil, 1, 0,
			[]string{"GGG"}, "Reflection doubles the Forest's {G}; Wild Growth adds one {G} for its controller's land"},
		{"wild growth elsewhere", []*harness.Object{perm(1, "Forest", A), perm(2, "Wild Growth", A, attached(3)), perm(3, "Island", A)}, nil, 1, 0,
			[]string{"G"}, "it enchants the Island"},
		{"gauntlet on its colour", []*harness.Object{perm(1, "Forest", A), perm(2, "Gauntlet of Power", B)}, gauntlet(harness.Green), 1, 0,
			[]string{"GG"}, "a basic land tapped for green"},
		{"gauntlet off colour", []*harness.Object{perm(1, "Forest", A), perm(2, "Gauntlet of Power", B)}, gauntlet(harness.Red), 1, 0,
			[]string{"G"}, "not mana of the chosen colour"},
		{"gauntlet after contamination", []*harness.Object{perm(1, "Forest", A), perm(2, "Gauntlet of Power", B), perm(3, "Contamination", B)}, gauntlet(harness.Green), 1, 0,
			[]string{"B"}, "the Forest produced {B}, not green"},
		{"gauntlet and a nonbasic", []*harness.Object{perm(1, "Reflecting Pool", A), perm(2, "Forest", A), perm(3, "Gauntlet of Power", A)}, gauntlet(harness.Green), 1, 0,
			[]string{"G"}, "Reflecting Pool is not a basic land"},
		{"cradle with no creatures", []*harness.Object{perm(1, "Gaea's Cradle", A), perm(2, "Contamination", A), perm(3, "Mana Flare", A)}, nil, 1, 0,
			[]string{""}, "zero {G}: no production event to replace, nothing to trigger (106.12a-b)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := board(tc.board...)
			got, ok := manaoracle.New(&s, tc.color).Outcomes(tc.card, tc.ability)
			require.True(t, ok, "the oracle knows this board")
			assert.Equal(t, manas(tc.want...), got, tc.reason)
		})
	}
}

func TestOracleCouldProduce(t *testing.T) {
	tests := []struct {
		name   string
		board  []*harness.Object
		card   harness.CardID
		want   string
		reason string
	}{
		{"vivid crag without counters", []*harness.Object{perm(1, "Vivid Crag", A, tapped)}, 1, "WUBRG", "costs are ignored (106.7): the counter ability counts"},
		{"pili-pala without mana", []*harness.Object{perm(1, "Pili-Pala", A)}, 1, "WUBRG", "the {2} and the {Q} are ignored"},
		{"contaminated land", []*harness.Object{perm(1, "Island", A), perm(2, "Contamination", B)}, 1, "B", "replacement effects apply (106.7)"},
		{"contaminated pool", []*harness.Object{perm(1, "Reflecting Pool", A), perm(2, "Island", A), perm(3, "Contamination", B)}, 1, "B", "its lands could produce {B}; so could it"},
		{"two pools", []*harness.Object{perm(1, "Reflecting Pool", A), perm(2, "Reflecting Pool", A)}, 1, "", "least fixpoint"},
		{"cradle without creatures", []*harness.Object{perm(1, "Gaea's Cradle", A)}, 1, "", "it would produce no mana"},
		{"no mana ability", []*harness.Object{perm(1, "Grizzly Bears", A)}, 1, "", "nothing to produce"},
		{"mutavault", []*harness.Object{perm(1, "Mutavault", A)}, 1, "C", "only its first ability adds mana"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := board(tc.board...)
			got, ok := manaoracle.New(&s, nil).CouldProduce(tc.card)
			require.True(t, ok)
			assert.Equal(t, tc.want, got.String(), tc.reason)
		})
	}
}

func TestOracleAbstains(t *testing.T) {
	s := board(perm(1, "Forest", A), perm(2, "Gauntlet of Power", B))
	_, ok := manaoracle.New(&s, nil).Outcomes(1, 0)
	assert.False(t, ok, "Gauntlet's colour is unknown: no judgement about basic lands")
	_, ok = manaoracle.New(&s, nil).Outcomes(2, 0)
	assert.False(t, ok, "not a mana ability")

	odd := perm(3, "Forest", A)
	odd.Abilities = []string{"{T}: Add one mana of each of the exiled cards' types."}
	s = board(perm(1, "Reflecting Pool", A), odd)
	_, ok = manaoracle.New(&s, nil).Outcomes(3, 0)
	assert.False(t, ok, "an unknown production")
	_, ok = manaoracle.New(&s, nil).Outcomes(1, 0)
	assert.False(t, ok, "the Pool depends on a land the oracle can't read")

	s = board(perm(1, "Forest", A), perm(2, "Mana Flare", A))
	_, ok = manaoracle.New(&s, nil).CouldProduce(2)
	assert.False(t, ok, "whether a triggered mana ability's source could produce mana is left alone")
	got, ok := manaoracle.New(&s, nil).CouldProduce(1)
	require.True(t, ok)
	assert.Equal(t, "G", got.String(), "the Forest's own ability only: Flare's mana is Flare's")
}

func TestParseAbility(t *testing.T) {
	tests := []struct {
		text                   string
		activated, mana, tT, q bool
		kind                   manaoracle.ProdKind
	}{
		{"({T}: Add {G}.)", true, true, true, false, manaoracle.ProdFixed},
		{"{T}: Add {C}{C}{C}.", true, true, true, false, manaoracle.ProdFixed},
		{"{2}, {Q}: Add one mana of any color. ({Q} is the untap symbol.)", true, true, false, true, manaoracle.ProdAnyColor},
		{"{T}, Remove a charge counter from this land: Add one mana of any color.", true, true, true, false, manaoracle.ProdAnyColor},
		{"{1}{U}, {T}: Put target artifact card from your graveyard on top of your library.", true, false, true, false, manaoracle.ProdUnknown},
		{"Equipped creature has \"{3}, {Q}: This creature gets +2/+2 until end of turn.\"", false, false, false, false, manaoracle.ProdUnknown},
		{"{3}, {Q}: This creature gets +2/+2 until end of turn.", true, false, false, true, manaoracle.ProdUnknown},
		{"Remove a +1/+1 counter from this creature: It deals 1 damage to any target.", true, false, false, false, manaoracle.ProdUnknown},
		{"+2: Each player draws a card.", true, false, false, false, manaoracle.ProdUnknown},
		{"Whenever enchanted land is tapped for mana, its controller adds an additional {G}.", false, false, false, false, manaoracle.ProdUnknown},
		{"{T}: Add one mana of any of the exiled card's colors.", true, true, true, false, manaoracle.ProdExiledColor},
		{"Add {B}{B}{B}.", false, false, false, false, manaoracle.ProdUnknown},
	}
	for _, tc := range tests {
		a := manaoracle.ParseAbility(tc.text)
		assert.Equal(t, tc.activated, a.Activated, "activated: %s", tc.text)
		assert.Equal(t, tc.mana, a.Mana, "mana ability: %s", tc.text)
		assert.Equal(t, tc.tT, a.HasT, "{T}: %s", tc.text)
		assert.Equal(t, tc.q, a.HasQ, "{Q}: %s", tc.text)
		assert.Equal(t, tc.kind, a.Prod.Kind, "production: %s", tc.text)
	}
}

// Many replacement effects must not cost factorial work ("could produce" must not blow
// up however many replacement effects apply): eight Reflections and two Contaminations on one land finish at once.
func TestOracleManyReplacements(t *testing.T) {
	objs := []*harness.Object{perm(1, "Forest", A), perm(2, "Contamination", B), perm(3, "Contamination", A)}
	for i := 0; i < 8; i++ {
		objs = append(objs, perm(harness.CardID(10+i), "Mana Reflection", A))
	}
	s := board(objs...)
	got, ok := manaoracle.New(&s, nil).Outcomes(1, 0)
	require.True(t, ok)
	require.Len(t, got, 9, "B times 2^k for k = 0..8 Reflections after the last Contamination")
	assert.Equal(t, harness.Of(harness.Black, 256), got[8])
}

// TestOracleChromeMox: "one mana of any of the exiled card's colors" is read from the
// cards the snapshot says are exiled with the permanent (CR 607.2a); with none, or only
// colourless ones, the colour is undefined and it adds nothing (106.5).
func TestOracleChromeMox(t *testing.T) {
	mox := &harness.Object{Card: 1, Object: 1, Name: "Chrome Mox", Controller: A, Owner: A, Zone: harness.Battlefield,
		Types: []string{"Artifact"}, Abilities: []string{"Imprint — When this artifact enters, you may exile a nonartifact, nonland card from your hand.",
			"{T}: Add one mana of any of the exiled card's colors."}}
	s := board(mox)
	got, ok := manaoracle.New(&s, nil).CouldProduce(1)
	require.True(t, ok)
	assert.Equal(t, "", got.String(), "nothing imprinted")
	s.Battlefield[0].ExiledWith = []harness.CardID{2, 3}
	s.Players[0].Exile = []*harness.Object{{Card: 2, Name: "Giant Growth", Colors: "G", Zone: harness.Exile}, {Card: 3, Name: "Dark Ritual", Colors: "B", Zone: harness.Exile}}
	got, ok = manaoracle.New(&s, nil).CouldProduce(1)
	require.True(t, ok)
	assert.Equal(t, "BG", got.String(), "each exiled card answers (CR 607.3)")
	outs, ok := manaoracle.New(&s, nil).Outcomes(1, 1)
	require.True(t, ok)
	assert.Len(t, outs, 2)
}
