package cards

import (
	"encoding/json"
	"slices"
	"strings"
)

// Card is one entry of the table: a card's printed characteristics (CR 109.3), or a
// token's as the effect that creates it defines them (CR 111.3).
type Card struct {
	Name string `json:"name"`
	// ManaCost is the printed mana cost in symbols, "{X}{X}", "{4}{G}{G}"; empty for a card
	// with no mana cost (lands, tokens; CR 202.1b).
	ManaCost string `json:"mana_cost,omitempty"`
	// Colors are colour letters in WUBRG order: a card's from its mana cost (CR 202.2), a
	// token's as its definition says (CR 111.3).
	Colors     []string `json:"colors,omitempty"`
	Supertypes []string `json:"supertypes,omitempty"`
	Types      []string `json:"types"`
	Subtypes   []string `json:"subtypes,omitempty"`
	// Power, Toughness and Loyalty are nil when the card has none (CR 208, 209).
	Power     *int `json:"power,omitempty"`
	Toughness *int `json:"toughness,omitempty"`
	Loyalty   *int `json:"loyalty,omitempty"`
	// Oracle holds one line per ability (CR 113.2c), as an engine reports its text.
	Oracle []string `json:"oracle,omitempty"`
	// Token: not a card but a token some card of the pool creates (Hangarback Walker's
	// Thopter), listed so it can be looked up and placed too.
	Token bool `json:"token,omitempty"`
	// SizeX: a token whose power and toughness are the X of the effect that creates it
	// (an X/X Shark). The effect's values are its copiable values (CR 111.3); the table's
	// Power and Toughness (0) only stand for X.
	SizeX bool `json:"size_x,omitempty"`
	// Back is the back face of a nonmodal double-faced card (CR 712.2), with its own
	// characteristics (712.8): no mana cost, its colour from its colour indicator (204.1),
	// so Colors are given. The card's name is its front face's (Westvale Abbey); ByName
	// finds a back face by its own name too. nil for a card with one face.
	Back *Card `json:"back,omitempty"`
}

// HasType reports whether the type line has card type t.
func (c Card) HasType(t string) bool { return slices.Contains(c.Types, t) }

// HasSupertype reports whether the type line has supertype t.
func (c Card) HasSupertype(t string) bool { return slices.Contains(c.Supertypes, t) }

// HasSubtype reports whether the type line has subtype t.
func (c Card) HasSubtype(t string) bool { return slices.Contains(c.Subtypes, t) }

// Abilities is the Oracle text's lines that are abilities, as an engine reports them: a
// line wholly in parentheses is reminder text with no rules meaning of its own (CR 207.2a:
// a legendary sorcery's, a Saga's), except a basic land's, which recalls the mana ability
// its land type gives it (305.6).
func (c Card) Abilities() []string {
	var out []string
	for _, l := range c.Oracle {
		if c.HasType("Land") || !(strings.HasPrefix(l, "(") && strings.HasSuffix(l, ")")) {
			out = append(out, l)
		}
	}
	return out
}

// clone copies the card so that no caller can change the table.
func (c Card) clone() Card {
	c.Colors = slices.Clone(c.Colors)
	c.Supertypes = slices.Clone(c.Supertypes)
	c.Types = slices.Clone(c.Types)
	c.Subtypes = slices.Clone(c.Subtypes)
	c.Oracle = slices.Clone(c.Oracle)
	for _, p := range []**int{&c.Power, &c.Toughness, &c.Loyalty} {
		if *p != nil {
			v := **p
			*p = &v
		}
	}
	if c.Back != nil {
		b := c.Back.clone()
		c.Back = &b
	}
	return c
}

// All lists every entry, cards first and then tokens, in table order. The slice and the
// cards are the caller's own.
func All() []Card {
	out := make([]Card, len(table))
	for i, c := range table {
		out[i] = c.clone()
	}
	return out
}

// ByName returns the entry with the given name (exact, case-sensitive), or the back face
// of a double-faced card by its own name (Ormendahl, Profane Prince), whose Front names
// the card (FrontOf).
func ByName(name string) (Card, bool) {
	i, ok := byName[name]
	if !ok {
		if j, ok := backs[name]; ok {
			return table[j].Back.clone(), true
		}
		return Card{}, false
	}
	return table[i].clone(), true
}

// FrontOf is the name of the double-faced card whose back face is called name, and
// whether there is one.
func FrontOf(name string) (string, bool) {
	i, ok := backs[name]
	if !ok {
		return "", false
	}
	return table[i].Name, true
}

// backs indexes the table's double-faced cards by their back face's name; init fills it.
var backs = map[string]int{}

// Names lists every entry's name in table order.
func Names() []string {
	out := make([]string, len(table))
	for i, c := range table {
		out[i] = c.Name
	}
	return out
}

// JSON is the table as an indented JSON array of [Card] objects, in table order.
func JSON() ([]byte, error) { return json.MarshalIndent(table, "", "  ") }

// byName indexes the table; init checks it has no duplicate and fills colours from costs.
var byName = func() map[string]int {
	m := make(map[string]int, len(table))
	for i := range table {
		c := &table[i]
		if _, dup := m[c.Name]; dup {
			panic("cards: " + c.Name + " is listed twice")
		}
		m[c.Name] = i
		if !c.Token {
			c.Colors = colorsOf(c.ManaCost)
		}
		if c.Back != nil {
			backs[c.Back.Name] = i
		}
	}
	for name := range backs {
		if _, dup := m[name]; dup {
			panic("cards: " + name + " is listed twice")
		}
	}
	return m
}()

// colorsOf is the colour of a mana cost: each coloured symbol's colour (CR 202.2), in
// WUBRG order.
func colorsOf(cost string) []string {
	var out []string
	for _, l := range []string{"W", "U", "B", "R", "G"} {
		if strings.Contains(cost, l) {
			out = append(out, l)
		}
	}
	return out
}
