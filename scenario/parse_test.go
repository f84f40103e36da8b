package scenario_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/scenario"
)

// TestParseBadFiles: each file under testdata/bad starts with "# want: ERROR" lines, the
// exact errors Parse must report (file:line: message), in order.
func TestParseBadFiles(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", "bad", "*.yaml"))
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			require.NoError(t, err)
			var want []string
			for _, line := range strings.Split(string(data), "\n") {
				if w, ok := strings.CutPrefix(line, "# want: "); ok {
					want = append(want, w)
				}
			}
			require.NotEmpty(t, want, "a bad file says which errors it expects")
			sc, err := refVocab().Parse(path, data)
			require.Error(t, err)
			assert.Nil(t, sc)
			assert.Equal(t, strings.Join(want, "\n"), err.Error())
		})
	}
}

func TestParseEmptyFile(t *testing.T) {
	_, err := scenario.Parse("empty.yaml", []byte("# nothing but a comment\n"))
	assert.EqualError(t, err, "empty.yaml:1: empty file: a scenario needs format, ruling, title and setup")
}

// TestParseEveryKey reads the fixture that uses every key and checks what each became.
func TestParseEveryKey(t *testing.T) {
	sc, err := scenario.Load(filepath.Join("testdata", "good", "every-key.yaml"))
	require.NoError(t, err)
	assert.Equal(t, []string{"mana.could-produce", "cost.tap-symbol"}, sc.Rulings)
	assert.Equal(t, []string{"106.7", "106.10", "107.3m"}, sc.Rules, "rule numbers keep their text: 106.10 is not 106.1")
	assert.Equal(t, "Every key: a fixture", sc.Title)

	in := sc.Initial
	assert.Equal(t, 4, in.Turn)
	assert.Equal(t, harness.B, in.Active)
	assert.Equal(t, harness.Upkeep, in.Step)
	assert.Equal(t, 1, in.LandsPlayed)
	a := in.Players[harness.A]
	require.NotNil(t, a.Life)
	assert.Equal(t, 17, *a.Life)
	assert.Equal(t, harness.Of(harness.White, 1).Add(harness.Of(harness.Colorless, 1)), a.Pool)
	require.Len(t, a.Battlefield, 5)
	bears := a.Battlefield[1]
	assert.Equal(t, "Grizzly Bears", bears.Name)
	assert.Equal(t, "bears", bears.Label)
	assert.True(t, bears.Tapped && bears.Sick)
	assert.Equal(t, map[string]int{"+1/+1": 1}, bears.Counters)
	assert.Equal(t, 1, bears.Damage)
	assert.Equal(t, "bears", a.Battlefield[2].Attached)
	assert.Equal(t, map[string]string{"color": "G"}, a.Battlefield[3].Choices)
	require.NotNil(t, a.Battlefield[3].Owner)
	assert.Equal(t, harness.B, *a.Battlefield[3].Owner)
	assert.Equal(t, harness.CardID(40), a.Battlefield[4].ID)
	assert.True(t, a.Battlefield[4].Token && a.Battlefield[4].FaceDown)
	assert.Equal(t, "growth", a.Hand[1].Label)
	assert.Equal(t, "Crystal Skull, Isu Spyglass", in.Players[harness.B].Battlefield[0].Name)
	assert.Equal(t, 3, in.Players[harness.B].Battlefield[1].Size, "the X of a sized token")

	// The checkpoint, then one step per action line.
	require.Len(t, sc.Steps, 19)
	assert.Nil(t, sc.Steps[0].Action)
	act := func(i int) scenario.ActionSpec { require.NotNil(t, sc.Steps[i].Action); return *sc.Steps[i].Action }
	full := act(5)
	assert.Equal(t, scenario.VerbActivate, full.Verb)
	assert.Equal(t, "bears", full.Card)
	assert.Equal(t, scenario.AbilityRef{Index: 0}, full.Ability, "files count abilities from 1, the engine from 0")
	assert.Equal(t, 3, full.X)
	assert.Equal(t, []string{"skull", "B"}, full.Targets)
	assert.Equal(t, []string{"type:G", "replace:Mana Reflection"}, full.Choices)
	require.NotNil(t, full.Payment)
	assert.Equal(t, harness.Of(harness.Colorless, 2), *full.Payment)
	assert.Equal(t, scenario.AbilityRef{Mana: true}, act(6).Ability)
	assert.Equal(t, "Crystal Skull, Isu Spyglass", act(6).Card, "a name with a comma")
	assert.Equal(t, []string{"Crystal Skull, Isu Spyglass", "bears"}, act(7).Targets,
		"the comma inside a known name doesn't split the targets")
	assert.Nil(t, act(9).Payment, "\"A pay\" leaves the payment to the engine's only offer")
	assert.Equal(t, []string{"option:untap it"}, act(11).Choices, "a choice without a kind is an option")
	assert.Equal(t, []string{"option:pay {4}", "option:yes, it is"}, act(12).Choices,
		"commas split choices only before a new kind:")
	assert.Equal(t, []string{"bears", "Walking Ballista#40"}, act(13).Attackers)
	assert.Equal(t, []string{}, act(14).Attackers)
	assert.Equal(t, &scenario.Until{Active: harness.B, Step: harness.Upkeep}, act(16).Until)
	assert.Equal(t, &scenario.Until{Turn: 6, Active: harness.NoPlayer, Step: harness.End}, act(17).Until)
	assert.Equal(t, scenario.VerbResolve, act(18).Verb)

	es := sc.Steps[18].Expect
	require.Len(t, es, 25)
	keys := make([]string, len(es))
	for i, e := range es {
		keys[i] = e.Key()
	}
	assert.Equal(t, []string{"offered", "offered", "pool", "tapped", "untapped", "legal", "illegal", "object",
		"could_produce", "life", "lost", "hand", "library", "graveyard", "exile", "battlefield", "stack", "pending",
		"pending", "casting", "casting", "triggered", "triggered", "happened", "not_happened"}, keys)
	off := es[0].(*scenario.Offered)
	assert.Equal(t, []harness.Mana{{}, harness.Of(harness.Green, 2)}, off.Outcomes, "none is the zero Mana")
	assert.Equal(t, scenario.AbilityRef{Index: 1}, es[1].(*scenario.Offered).Ability)
	obj := es[7].(*scenario.ObjectCheck)
	require.NotNil(t, obj.Supertypes)
	assert.Empty(t, *obj.Supertypes, "supertypes: [] checks there are none")
	require.NotNil(t, obj.Attached)
	assert.Equal(t, "", *obj.Attached, "attached: \"\" checks it is attached to nothing")
	assert.Equal(t, harness.TypeSet(0).With(harness.Green).With(harness.Black), es[8].(*scenario.CouldProduce).Types)
	assert.Equal(t, false, *es[10].(*scenario.Lost).Lost[harness.A])
	cast := es[20].(*scenario.CastingCheck)
	assert.Equal(t, &scenario.Cost{Generic: 4, Mana: harness.Of(harness.Green, 1)}, cast.Cost)
	assert.True(t, es[21].(*scenario.TriggerCheck).None, "triggered: [] is nothing triggered at all")
	counted := es[22].(*scenario.TriggerCheck)
	assert.Equal(t, []string{"bears", "Forest"}, counted.Cards)
	assert.Equal(t, []int{2, 0}, counted.Times, "times: 2 is exactly twice; 0 is at least once")
	assert.Equal(t, []scenario.EventSpec{{Card: "bears", Event: "moved", From: harness.Hand, To: harness.Battlefield},
		{Card: "Forest", Event: "untapped"}}, es[23].(*scenario.EventCheck).Events)
	assert.False(t, es[24].(*scenario.EventCheck).Happened)

	// Two keys in one item are two expectations, in order.
	require.Len(t, sc.Expect, 3)
	assert.Equal(t, "step", sc.Expect[0].Key())
	assert.Equal(t, "stack", sc.Expect[1].Key())
	assert.Equal(t, &scenario.PropertyCheck{At: sc.Expect[2].Position(), ID: "mana.could-produce"}, sc.Expect[2])
}

func TestParseActionAbilityText(t *testing.T) {
	a, err := scenario.ParseAction(`A activate Umbral Mantle ability "Equip {0}" targeting bears`, nil)
	require.NoError(t, err)
	assert.Equal(t, scenario.AbilityRef{Text: "Equip {0}"}, a.Ability)
	assert.Equal(t, "Umbral Mantle", a.Card)
	assert.Equal(t, []string{"bears"}, a.Targets)
	_, err = scenario.ParseAction(`A activate Mutavault ability "{1}: This land becomes`, nil)
	assert.ErrorContains(t, err, "closing quote")
	_, err = scenario.ParseAction(`A activate Mutavault ability ""`, nil)
	assert.ErrorContains(t, err, "name the ability's text")
}

func TestParseActionCanonical(t *testing.T) {
	tests := []struct {
		line, want, reason string
	}{
		{"A: activate Forest mana", "A activate Forest mana", "a colon after the player is allowed"},
		{"B cast Walking Ballista X=0", "B cast Walking Ballista", "X=0 is the default"},
		{"A pay GG", "A pay {G}{G}", "mana written without braces"},
		{"A pay none", "A pay {}", "none is no mana"},
		{"A choose tap it", "A choose option:tap it", "a bare choice is an option"},
		{"pass until turn 5 A upkeep", "pass until turn 5 A upkeep", ""},
		{"A   attack   with   nothing", "A attack with nothing", "spacing is free"},
		{`A activate bears ability "{3}, {Q}: This creature gets +2/+2 until end of turn."`,
			`A activate bears ability "{3}, {Q}: This creature gets +2/+2 until end of turn."`, "an ability named by its text"},
		{`A activate Walking Ballista ability "Remove a +1/+1 counter from this creature: It deals 1 damage to any target."  targeting B`,
			`A activate Walking Ballista ability "Remove a +1/+1 counter from this creature: It deals 1 damage to any target." targeting B`,
			"clauses after the text"},
		{`A activate Relic ability "{T}: Say \"targeting\" choosing nothing." choosing option:x`,
			`A activate Relic ability "{T}: Say \"targeting\" choosing nothing." choosing option:x`,
			"quotes and clause words inside the text"},
	}
	for _, tt := range tests {
		a, err := scenario.ParseAction(tt.line, nil)
		require.NoError(t, err, tt.line)
		assert.Equal(t, tt.want, a.String(), tt.reason)
		again, err := scenario.ParseAction(a.String(), nil)
		require.NoError(t, err)
		assert.Equal(t, a, again, "the canonical form reads back the same")
	}
}

// TestParseCharacteristics: an object's characteristics and its copiable values are read
// by one parser (scenario/characteristics.go): the same text under `object:` and under
// `copiable:` gives the same values, a number or `none` for power, toughness and loyalty.
func TestParseCharacteristics(t *testing.T) {
	const chars = `name: Jace Beleren, mana_cost: "{1}{U}{U}", colors: U, types: [Planeswalker], subtypes: [Jace], ` +
		`supertypes: [Legendary], power: none, toughness: none, loyalty: 3, abilities: ["+2: Each player draws a card."]`
	sc, err := scenario.Parse("chars.yaml", []byte(`format: 1
ruling: copy.copiable-values
title: characteristics
setup:
  A:
    battlefield: [Jace Beleren]
expect:
  - object: {card: Jace Beleren, `+chars+`, copiable: {`+chars+`}}
`))
	require.NoError(t, err)
	obj := sc.Expect[0].(*scenario.ObjectCheck)
	require.NotNil(t, obj.Copiable)
	assert.Equal(t, obj.Characteristics, *obj.Copiable, "one parser for both keys")
	s := func(v string) *string { return &v }
	l := func(v ...string) *[]string { return &v }
	assert.Equal(t, scenario.Characteristics{Name: s("Jace Beleren"), ManaCost: s("{1}{U}{U}"), Colors: s("U"),
		Types: l("Planeswalker"), Subtypes: l("Jace"), Supertypes: l("Legendary"), Power: s("none"), Toughness: s("none"),
		Loyalty: s("3"), Abilities: l("+2: Each player draws a card.")}, obj.Characteristics)
}
