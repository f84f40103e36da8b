package goport

import "github.com/mtgfuzz/mtgfuzz/harness"

// card is a card's printed characteristics: this engine's whole card pool is data.
type card struct {
	name       string
	manaCost   string
	colors     string
	supertypes []string
	types      []string
	subtypes   []string
	power      int
	toughness  int
	abilities  []string
}

func (c *card) isCreature() bool { return len(c.types) == 1 && c.types[0] == "Creature" }

// basic is a basic land (CR 305.6): its mana ability is intrinsic to its land type, so
// its rules text is the reminder in parentheses. Wastes has no land type and prints its
// ability.
func basic(name, subtype, ability string) card {
	c := card{name: name, supertypes: []string{"Basic"}, types: []string{"Land"}, abilities: []string{ability}}
	if subtype != "" {
		c.subtypes = []string{subtype}
	}
	return c
}

// cards is the pool: the six basic lands and Grizzly Bears.
var cards = map[string]card{
	"Plains":   basic("Plains", "Plains", "({T}: Add {W}.)"),
	"Island":   basic("Island", "Island", "({T}: Add {U}.)"),
	"Swamp":    basic("Swamp", "Swamp", "({T}: Add {B}.)"),
	"Mountain": basic("Mountain", "Mountain", "({T}: Add {R}.)"),
	"Forest":   basic("Forest", "Forest", "({T}: Add {G}.)"),
	"Wastes":   basic("Wastes", "", "{T}: Add {C}."),
	"Grizzly Bears": {name: "Grizzly Bears", manaCost: "{1}{G}", colors: "G", types: []string{"Creature"},
		subtypes: []string{"Bear"}, power: 2, toughness: 2},
}

// cardNames lists the pool in a fixed order.
var cardNames = []string{"Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes", "Grizzly Bears"}

// object renders o with its printed characteristics, as a Snapshot lists it.
func (o *object) snapshot() *harness.Object {
	c := cards[o.name]
	out := &harness.Object{Card: o.card, Object: o.id, Name: c.name, Owner: o.owner, Controller: o.controller,
		Zone: o.zone, ManaCost: c.manaCost, Colors: c.colors, Supertypes: c.supertypes, Types: c.types,
		Subtypes: c.subtypes, Abilities: c.abilities}
	if c.isCreature() {
		p, t := c.power+o.plus, c.toughness+o.plus
		out.Power, out.Toughness = &p, &t
	}
	if o.zone == harness.Battlefield {
		out.Tapped, out.Sick, out.Damage = o.tapped, o.sick, o.damage
		if o.plus > 0 {
			out.Counters = map[string]int{"+1/+1": o.plus}
		}
	}
	return out
}
