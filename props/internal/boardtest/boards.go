// Package boardtest builds the hand-made boards the props tests and the mana oracle's tests
// judge: permanents of a small card table, with options (tapped, attached, counters), on a
// snapshot of turn 3, A's first main phase. It holds test fixtures only.
package boardtest

import (
	"slices"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Cards are the computed characteristics of the cards the unit tests use, with their
// Oracle texts as the reference engine reports them (the cards package, `fuzz cards`).
var Cards = map[string]harness.Object{
	"Forest":          {Supertypes: []string{"Basic"}, Types: []string{"Land"}, Subtypes: []string{"Forest"}, Abilities: []string{"({T}: Add {G}.)"}},
	"Island":          {Supertypes: []string{"Basic"}, Types: []string{"Land"}, Subtypes: []string{"Island"}, Abilities: []string{"({T}: Add {U}.)"}},
	"Swamp":           {Supertypes: []string{"Basic"}, Types: []string{"Land"}, Subtypes: []string{"Swamp"}, Abilities: []string{"({T}: Add {B}.)"}},
	"Wastes":          {Supertypes: []string{"Basic"}, Types: []string{"Land"}, Abilities: []string{"{T}: Add {C}."}},
	"Reflecting Pool": {Types: []string{"Land"}, Abilities: []string{"{T}: Add one mana of any type that a land you control could produce."}},
	"Exotic Orchard":  {Types: []string{"Land"}, Abilities: []string{"{T}: Add one mana of any color that a land an opponent controls could produce."}},
	"Fellwar Stone":   {Types: []string{"Artifact"}, Abilities: []string{"{T}: Add one mana of any color that a land an opponent controls could produce."}},
	"Meteor Crater":   {Types: []string{"Land"}, Abilities: []string{"{T}: Choose a color of a permanent you control. Add one mana of that color."}},
	"Gaea's Cradle":   {Supertypes: []string{"Legendary"}, Types: []string{"Land"}, Abilities: []string{"{T}: Add {G} for each creature you control."}},
	"Vivid Crag": {Types: []string{"Land"}, Abilities: []string{"This land enters tapped with two charge counters on it.",
		"{T}: Add {R}.", "{T}, Remove a charge counter from this land: Add one mana of any color."}},
	"Mutavault": {Types: []string{"Land"}, Abilities: []string{"{T}: Add {C}.",
		"{1}: This land becomes a 2/2 creature with all creature types until end of turn. It's still a land."}},
	"Llanowar Elves": {Colors: "G", Types: []string{"Creature"}, Subtypes: []string{"Elf", "Druid"}, Power: Ptr(1), Toughness: Ptr(1),
		Abilities: []string{"{T}: Add {G}."}},
	"Grizzly Bears": {Colors: "G", Types: []string{"Creature"}, Subtypes: []string{"Bear"}, Power: Ptr(2), Toughness: Ptr(2)},
	"Pili-Pala": {Types: []string{"Artifact", "Creature"}, Subtypes: []string{"Scarecrow"}, Power: Ptr(1), Toughness: Ptr(1),
		Abilities: []string{"Flying", "{2}, {Q}: Add one mana of any color."}},
	"Hangarback Walker": {Types: []string{"Artifact", "Creature"}, Subtypes: []string{"Construct"}, Power: Ptr(0), Toughness: Ptr(0),
		Abilities: []string{"This creature enters with X +1/+1 counters on it.",
			"When this creature dies, create a 1/1 colorless Thopter artifact creature token with flying for each +1/+1 counter on this creature.",
			"{1}, {T}: Put a +1/+1 counter on this creature."}},
	"Walking Ballista": {Types: []string{"Artifact", "Creature"}, Subtypes: []string{"Construct"}, Power: Ptr(0), Toughness: Ptr(0),
		Abilities: []string{"This creature enters with X +1/+1 counters on it.", "{4}: Put a +1/+1 counter on this creature.",
			"Remove a +1/+1 counter from this creature: It deals 1 damage to any target."}},
	"Mana Reflection": {Colors: "G", Types: []string{"Enchantment"},
		Abilities: []string{"If you tap a permanent for mana, it produces twice as much of that mana instead."}},
	"Nyxbloom Ancient": {Colors: "G", Types: []string{"Enchantment", "Creature"}, Power: Ptr(5), Toughness: Ptr(5),
		Abilities: []string{"Trample", "If you tap a permanent for mana, it produces three times as much of that mana instead."}},
	"Contamination": {Colors: "B", Types: []string{"Enchantment"},
		Abilities: []string{"At the beginning of your upkeep, sacrifice this enchantment unless you sacrifice a creature.",
			"If a land is tapped for mana, it produces {B} instead of any other type and amount."}},
	"Mana Flare": {Colors: "R", Types: []string{"Enchantment"},
		Abilities: []string{"Whenever a player taps a land for mana, that player adds one mana of any type that land produced."}},
	"Wild Growth": {Colors: "G", Types: []string{"Enchantment"}, Subtypes: []string{"Aura"},
		Abilities: []string{"Enchant land", "Whenever enchanted land is tapped for mana, its controller adds an additional {G}."}},
	"Gauntlet of Power": {Types: []string{"Artifact"},
		Abilities: []string{"As this artifact enters, choose a color.", "Creatures of the chosen color get +1/+1.",
			"Whenever a basic land is tapped for mana of the chosen color, its controller adds an additional one mana of that color."}},
	"Thousand-Year Elixir": {Types: []string{"Artifact"},
		Abilities: []string{"You may activate abilities of creatures you control as though those creatures had haste.",
			"{1}, {T}: Untap target creature."}},
	"Umbral Mantle": {Types: []string{"Artifact"}, Subtypes: []string{"Equipment"},
		Abilities: []string{"Equipped creature has \"{3}, {Q}: This creature gets +2/+2 until end of turn.\"", "Equip {0}"}},
	"Dark Ritual": {Colors: "B", Types: []string{"Instant"}, Abilities: []string{"Add {B}{B}{B}."}},
}

// Ptr points at n, for optional numbers (power, toughness).
func Ptr(n int) *int { return &n }

// Perm is card id, a Cards card, on the battlefield under ctl. Options change it.
func Perm(id harness.CardID, name string, ctl harness.Player, opts ...func(*harness.Object)) *harness.Object {
	o, ok := Cards[name]
	if !ok {
		panic("boardtest.Cards has no " + name)
	}
	o.Card, o.Object, o.Name, o.Owner, o.Controller, o.Zone = id, harness.ObjectID(id), name, ctl, ctl, harness.Battlefield
	o.Abilities = slices.Clone(o.Abilities)
	if o.Power != nil {
		o.Power, o.Toughness = Ptr(*o.Power), Ptr(*o.Toughness)
	}
	for _, f := range opts {
		f(&o)
	}
	return &o
}

// Tapped, Sick, Attached and Counters are Perm's options.
func Tapped(o *harness.Object) { o.Tapped = true }
func Sick(o *harness.Object)   { o.Sick = true }
func Attached(c harness.CardID) func(*harness.Object) {
	return func(o *harness.Object) { o.AttachedTo = c }
}
func Counters(kind string, n int) func(*harness.Object) {
	return func(o *harness.Object) {
		o.Counters = map[string]int{kind: n}
		if kind == "+1/+1" && o.Power != nil {
			*o.Power += n
			*o.Toughness += n
		}
	}
}

// Board is a snapshot of turn 3, A's first main phase, A with priority.
func Board(objs ...*harness.Object) harness.Snapshot {
	s := harness.Snapshot{Turn: 3, Active: harness.A, Step: harness.Main1, Priority: harness.A}
	s.Players[0].Life, s.Players[1].Life = 20, 20
	s.Battlefield = objs
	slices.SortFunc(s.Battlefield, func(a, b *harness.Object) int { return int(a.Card) - int(b.Card) })
	return s
}

// WithPool returns s with player p's pool set.
func WithPool(s harness.Snapshot, p harness.Player, m harness.Mana) harness.Snapshot {
	s.Players[p].Pool = m
	return s
}

// Mana parses an amount ("{G}{G}"); it panics on a typo in a test.
func Mana(s string) harness.Mana {
	m, err := harness.ParseMana(s)
	if err != nil {
		panic(err)
	}
	return m
}

// Manas parses each amount.
func Manas(ss ...string) []harness.Mana {
	var out []harness.Mana
	for _, s := range ss {
		out = append(out, Mana(s))
	}
	return out
}
