package manaoracle

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props/internal/boardtest"
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
		{"pool alone", []*harness.Object{boardtest.Perm(1, "Reflecting Pool", A)}, nil, 1, 0, []string{""},
			"no land could produce anything: undefined type, no mana (CR 106.5)"},
		{"two pools", []*harness.Object{boardtest.Perm(1, "Reflecting Pool", A), boardtest.Perm(2, "Reflecting Pool", A)}, nil, 1, 0, []string{""},
			"each Pool could produce only what the other could: the least fixpoint is empty (106.7)"},
		{"pool, island, wastes", []*harness.Object{boardtest.Perm(1, "Reflecting Pool", A), boardtest.Perm(2, "Island", A, boardtest.Tapped), boardtest.Perm(3, "Wastes", A)}, nil, 1, 0,
			[]string{"U", "C"}, "any type a land you control could produce, colourless included; a tapped Island still could (106.7 ignores costs)"},
		{"pool ignores opponent", []*harness.Object{boardtest.Perm(1, "Reflecting Pool", A), boardtest.Perm(2, "Forest", B)}, nil, 1, 0, []string{""},
			"the Forest is B's"},
		{"orchard via opponent's pool", []*harness.Object{boardtest.Perm(1, "Exotic Orchard", A), boardtest.Perm(2, "Reflecting Pool", B), boardtest.Perm(3, "Forest", B)}, nil, 1, 0,
			[]string{"G"}, "B's Pool could produce G because B's Forest could"},
		{"orchards facing each other", []*harness.Object{boardtest.Perm(1, "Exotic Orchard", A), boardtest.Perm(2, "Exotic Orchard", B), boardtest.Perm(3, "Forest", B)}, nil, 2, 0,
			[]string{"G"}, "B's Orchard looks at A's Orchard, which could produce G from B's Forest"},
		{"orchard never colourless", []*harness.Object{boardtest.Perm(1, "Exotic Orchard", A), boardtest.Perm(2, "Wastes", B)}, nil, 1, 0, []string{""},
			"colours only: Wastes gives no colour"},
		{"crater among colourless", []*harness.Object{boardtest.Perm(1, "Meteor Crater", A), boardtest.Perm(2, "Pili-Pala", A), boardtest.Perm(3, "Llanowar Elves", B)}, nil, 1, 0,
			[]string{""}, "A's permanents are colourless; B's Elves don't count"},
		{"crater and elves", []*harness.Object{boardtest.Perm(1, "Meteor Crater", A), boardtest.Perm(2, "Llanowar Elves", A)}, nil, 1, 0, []string{"G"}, "Elves are green"},
		{"cradle counts creatures", []*harness.Object{boardtest.Perm(1, "Gaea's Cradle", A), boardtest.Perm(2, "Llanowar Elves", A), boardtest.Perm(3, "Pili-Pala", A), boardtest.Perm(4, "Grizzly Bears", B)}, nil, 1, 0,
			[]string{"GG"}, "two creatures A controls"},
		{"contamination and two reflections", []*harness.Object{boardtest.Perm(1, "Forest", A), boardtest.Perm(2, "Contamination", B), boardtest.Perm(3, "Mana Reflection", A), boardtest.Perm(4, "Mana Reflection", A)}, nil, 1, 0,
			[]string{"B", "BB", "BBBB"}, "orders: R R C gives B; R C R gives BB; C R R gives BBBB (616.1, each once 614.5)"},
		{"opponent's reflection", []*harness.Object{boardtest.Perm(1, "Forest", A), boardtest.Perm(2, "Mana Reflection", B)}, nil, 1, 0, []string{"G"},
			"\"if you tap\": only B's permanents"},
		{"reflection and nyxbloom", []*harness.Object{boardtest.Perm(1, "Forest", A), boardtest.Perm(2, "Mana Reflection", A), boardtest.Perm(3, "Nyxbloom Ancient", A)}, nil, 1, 0,
			[]string{"GGGGGG"}, "×2 and ×3 in either order"},
		{"pili-pala isn't tapped for mana", []*harness.Object{boardtest.Perm(1, "Pili-Pala", A, boardtest.Tapped), boardtest.Perm(2, "Mana Reflection", A)}, nil, 1, 1,
			[]string{"W", "U", "B", "R", "G"}, "{Q}, no {T}: no \"tapped for mana\" replacement (106.12)"},
		{"elves are tapped for mana", []*harness.Object{boardtest.Perm(1, "Llanowar Elves", A), boardtest.Perm(2, "Mana Reflection", A)}, nil, 1, 0,
			[]string{"GG"}, "any permanent, not only lands"},
		{"contamination spares creatures", []*harness.Object{boardtest.Perm(1, "Llanowar Elves", A), boardtest.Perm(2, "Contamination", A)}, nil, 1, 0,
			[]string{"G"}, "\"if a land is tapped\""},
		{"flare copies the type produced", []*harness.Object{boardtest.Perm(1, "Forest", A), boardtest.Perm(2, "Mana Flare", B), boardtest.Perm(3, "Contamination", B)}, nil, 1, 0,
			[]string{"BB"}, "the Forest produced {B}; Flare adds one mana of a type it produced"},
		{"flare and reflection", []*harness.Object{boardtest.Perm(1, "Forest", A), boardtest.Perm(2, "Mana Flare", A), boardtest.Perm(3, "Mana Reflection", A)}, nil, 1, 0,
			[]string{"GGG"}, "Reflection doubles the land's mana, not the trigger's"},
		{"flare on a pool", []*harness.Object{boardtest.Perm(1, "Reflecting Pool", A), boardtest.Perm(2, "Island", A), boardtest.Perm(3, "Mana Flare", B)}, nil, 1, 0,
			[]string{"UU"}, "the Pool produced {U}"},
		{"flare needs mana produced", []*harness.Object{boardtest.Perm(1, "Reflecting Pool", A), boardtest.Perm(2, "Mana Flare", A), boardtest.Perm(3, "Wild Growth", A, boardtest.Attached(1))}, nil, 1, 0,
			[]string{""}, "no mana produced: nothing triggers (106.12a)"},
		{"wild growth", []*harness.Object{boardtest.Perm(1, "Forest", A), boardtest.Perm(2, "Wild Growth", B, boardtest.Attached(1)), boardtest.Perm(3, "Mana Reflection", A)}, nil, 1, 0,
			[]string{"GGG"}, "Reflection doubles the Forest's {G}; Wild Growth adds one {G} for its controller's land"},
		{"wild growth elsewhere", []*harness.Object{boardtest.Perm(1, "Forest", A), boardtest.Perm(2, "Wild Growth", A, boardtest.Attached(3)), boardtest.Perm(3, "Island", A)}, nil, 1, 0,
			[]string{"G"}, "it enchants the Island"},
		{"gauntlet on its colour", []*harness.Object{boardtest.Perm(1, "Forest", A), boardtest.Perm(2, "Gauntlet of Power", B)}, gauntlet(harness.Green), 1, 0,
			[]string{"GG"}, "a basic land tapped for green"},
		{"gauntlet off colour", []*harness.Object{boardtest.Perm(1, "Forest", A), boardtest.Perm(2, "Gauntlet of Power", B)}, gauntlet(harness.Red), 1, 0,
			[]string{"G"}, "not mana of the chosen colour"},
		{"gauntlet after contamination", []*harness.Object{boardtest.Perm(1, "Forest", A), boardtest.Perm(2, "Gauntlet of Power", B), boardtest.Perm(3, "Contamination", B)}, gauntlet(harness.Green), 1, 0,
			[]string{"B"}, "the Forest produced {B}, not green"},
		{"gauntlet and a nonbasic", []*harness.Object{boardtest.Perm(1, "Reflecting Pool", A), boardtest.Perm(2, "Forest", A), boardtest.Perm(3, "Gauntlet of Power", A)}, gauntlet(harness.Green), 1, 0,
			[]string{"G"}, "Reflecting Pool is not a basic land"},
		{"cradle with no creatures", []*harness.Object{boardtest.Perm(1, "Gaea's Cradle", A), boardtest.Perm(2, "Contamination", A), boardtest.Perm(3, "Mana Flare", A)}, nil, 1, 0,
			[]string{""}, "zero {G}: no production event to replace, nothing to trigger (106.12a-b)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := boardtest.Board(tc.board...)
			got, ok := New(&s, tc.color).Outcomes(tc.card, tc.ability)
			require.True(t, ok, "the oracle knows this board")
			assert.Equal(t, boardtest.Manas(tc.want...), got, tc.reason)
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
		{"vivid crag without counters", []*harness.Object{boardtest.Perm(1, "Vivid Crag", A, boardtest.Tapped)}, 1, "WUBRG", "costs are ignored (106.7): the counter ability counts"},
		{"pili-pala without mana", []*harness.Object{boardtest.Perm(1, "Pili-Pala", A)}, 1, "WUBRG", "the {2} and the {Q} are ignored"},
		{"contaminated land", []*harness.Object{boardtest.Perm(1, "Island", A), boardtest.Perm(2, "Contamination", B)}, 1, "B", "replacement effects apply (106.7)"},
		{"contaminated pool", []*harness.Object{boardtest.Perm(1, "Reflecting Pool", A), boardtest.Perm(2, "Island", A), boardtest.Perm(3, "Contamination", B)}, 1, "B", "its lands could produce {B}; so could it"},
		{"two pools", []*harness.Object{boardtest.Perm(1, "Reflecting Pool", A), boardtest.Perm(2, "Reflecting Pool", A)}, 1, "", "least fixpoint"},
		{"cradle without creatures", []*harness.Object{boardtest.Perm(1, "Gaea's Cradle", A)}, 1, "", "it would produce no mana"},
		{"no mana ability", []*harness.Object{boardtest.Perm(1, "Grizzly Bears", A)}, 1, "", "nothing to produce"},
		{"mutavault", []*harness.Object{boardtest.Perm(1, "Mutavault", A)}, 1, "C", "only its first ability adds mana"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := boardtest.Board(tc.board...)
			got, ok := New(&s, nil).CouldProduce(tc.card)
			require.True(t, ok)
			assert.Equal(t, tc.want, got.String(), tc.reason)
		})
	}
}

func TestOracleAbstains(t *testing.T) {
	s := boardtest.Board(boardtest.Perm(1, "Forest", A), boardtest.Perm(2, "Gauntlet of Power", B))
	_, ok := New(&s, nil).Outcomes(1, 0)
	assert.False(t, ok, "Gauntlet's colour is unknown: no judgement about basic lands")
	_, ok = New(&s, nil).Outcomes(2, 0)
	assert.False(t, ok, "not a mana ability")

	odd := boardtest.Perm(3, "Forest", A)
	odd.Abilities = []string{"{T}: Add one mana of each of the exiled cards' types."}
	s = boardtest.Board(boardtest.Perm(1, "Reflecting Pool", A), odd)
	_, ok = New(&s, nil).Outcomes(3, 0)
	assert.False(t, ok, "an unknown production")
	_, ok = New(&s, nil).Outcomes(1, 0)
	assert.False(t, ok, "the Pool depends on a land the oracle can't read")

	s = boardtest.Board(boardtest.Perm(1, "Forest", A), boardtest.Perm(2, "Mana Flare", A))
	_, ok = New(&s, nil).CouldProduce(2)
	assert.False(t, ok, "whether a triggered mana ability's source could produce mana is left alone")
	got, ok := New(&s, nil).CouldProduce(1)
	require.True(t, ok)
	assert.Equal(t, "G", got.String(), "the Forest's own ability only: Flare's mana is Flare's")
}

func TestParseAbility(t *testing.T) {
	tests := []struct {
		text                   string
		activated, mana, tT, q bool
		kind                   ProdKind
	}{
		{"({T}: Add {G}.)", true, true, true, false, ProdFixed},
		{"{T}: Add {C}{C}{C}.", true, true, true, false, ProdFixed},
		{"{2}, {Q}: Add one mana of any color. ({Q} is the untap symbol.)", true, true, false, true, ProdAnyColor},
		{"{T}, Remove a charge counter from this land: Add one mana of any color.", true, true, true, false, ProdAnyColor},
		{"{1}{U}, {T}: Put target artifact card from your graveyard on top of your library.", true, false, true, false, ProdUnknown},
		{"Equipped creature has \"{3}, {Q}: This creature gets +2/+2 until end of turn.\"", false, false, false, false, ProdUnknown},
		{"{3}, {Q}: This creature gets +2/+2 until end of turn.", true, false, false, true, ProdUnknown},
		{"Remove a +1/+1 counter from this creature: It deals 1 damage to any target.", true, false, false, false, ProdUnknown},
		{"+2: Each player draws a card.", true, false, false, false, ProdUnknown},
		{"Whenever enchanted land is tapped for mana, its controller adds an additional {G}.", false, false, false, false, ProdUnknown},
		{"{T}: Add one mana of any of the exiled card's colors.", true, true, true, false, ProdExiledColor},
		{"Add {B}{B}{B}.", false, false, false, false, ProdUnknown},
	}
	for _, tc := range tests {
		a := ParseAbility(tc.text)
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
	objs := []*harness.Object{boardtest.Perm(1, "Forest", A), boardtest.Perm(2, "Contamination", B), boardtest.Perm(3, "Contamination", A)}
	for i := 0; i < 8; i++ {
		objs = append(objs, boardtest.Perm(harness.CardID(10+i), "Mana Reflection", A))
	}
	s := boardtest.Board(objs...)
	got, ok := New(&s, nil).Outcomes(1, 0)
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
	s := boardtest.Board(mox)
	got, ok := New(&s, nil).CouldProduce(1)
	require.True(t, ok)
	assert.Equal(t, "", got.String(), "nothing imprinted")
	s.Battlefield[0].ExiledWith = []harness.CardID{2, 3}
	s.Players[0].Exile = []*harness.Object{{Card: 2, Name: "Giant Growth", Colors: "G", Zone: harness.Exile}, {Card: 3, Name: "Dark Ritual", Colors: "B", Zone: harness.Exile}}
	got, ok = New(&s, nil).CouldProduce(1)
	require.True(t, ok)
	assert.Equal(t, "BG", got.String(), "each exiled card answers (CR 607.3)")
	outs, ok := New(&s, nil).Outcomes(1, 1)
	require.True(t, ok)
	assert.Len(t, outs, 2)
}
