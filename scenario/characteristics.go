package scenario

import (
	"fmt"
	"slices"

	"go.yaml.in/yaml/v3"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Characteristics is what an expectation gives of an object's characteristics (CR 109.3):
// its computed ones (`object:`) or its copiable values (`object: {copiable: ...}`, CR
// 707.2), read, checked and written the same way. Only the fields given are checked.
type Characteristics struct {
	Name       *string
	ManaCost   *string // as the engine writes it: "{2}{U}", "" for none (CR 202.1)
	Colors     *string // letters in WUBRG order; "" for colourless
	Types      *[]string
	Subtypes   *[]string
	Supertypes *[]string
	Power      *string   // a number, or "none": no such characteristic (CR 208.3)
	Toughness  *string   // likewise
	Loyalty    *string   // likewise
	Abilities  *[]string // exact texts, in order
}

// characteristicKeys are the keys of Characteristics, in the order they are written.
var characteristicKeys = []string{"name", "mana_cost", "colors", "types", "subtypes", "supertypes", "power", "toughness", "loyalty", "abilities"}

// characteristic reads the value v of key into c, reporting whether key is one of
// characteristicKeys; what names the key in errors ("object power").
func (p *parser) characteristic(c *Characteristics, key string, v *yaml.Node, what string) bool {
	strList := func() *[]string { s := nonNil(p.strs(v, what)); return &s }
	switch key {
	case "name":
		c.Name = p.optStr(v, what)
	case "mana_cost":
		c.ManaCost = p.optStr(v, what)
	case "colors":
		if s := p.optStr(v, what); s != nil {
			ts, err := parseColors(*s)
			if err != nil {
				p.errf(v, "%s: %v", what, err)
			}
			c.Colors = &ts
		}
	case "types":
		c.Types = strList()
	case "subtypes":
		c.Subtypes = strList()
	case "supertypes":
		c.Supertypes = strList()
	case "abilities":
		c.Abilities = strList()
	case "power":
		c.Power = p.intOrNone(v, what)
	case "toughness":
		c.Toughness = p.intOrNone(v, what)
	case "loyalty":
		c.Loyalty = p.intOrNone(v, what)
	default:
		return false
	}
	return true
}

// intOrNone reads a number or `none` (no such characteristic, CR 208.3), as text.
func (p *parser) intOrNone(n *yaml.Node, what string) *string {
	if isNone(n) {
		s := "none"
		return &s
	}
	if v, ok := p.integer(n, what); ok {
		s := fmt.Sprint(v)
		return &s
	}
	return nil
}

// check compares the fields given with got, calling diff(field, want, have) for each.
func (c *Characteristics) check(got *harness.Characteristics, diff func(field, want, have string)) {
	if c.Name != nil {
		diff("name", quote(*c.Name), quote(got.Name))
	}
	if c.ManaCost != nil {
		diff("mana cost", quote(*c.ManaCost), quote(got.ManaCost))
	}
	if c.Colors != nil {
		diff("colors", colorsText(*c.Colors), colorsText(got.Colors))
	}
	for _, f := range []struct {
		name string
		want *[]string
		have []string
	}{{"types", c.Types, got.Types}, {"subtypes", c.Subtypes, got.Subtypes}, {"supertypes", c.Supertypes, got.Supertypes}} {
		if f.want != nil {
			diff(f.name, setText(*f.want), setText(f.have)) // the order of types is not a characteristic
		}
	}
	for _, f := range []struct {
		name string
		want *string
		have *int
	}{{"power", c.Power, got.Power}, {"toughness", c.Toughness, got.Toughness}, {"loyalty", c.Loyalty, got.Loyalty}} {
		if f.want != nil {
			diff(f.name, *f.want, intText(f.have))
		}
	}
	if c.Abilities != nil {
		diff("abilities", listText(*c.Abilities), listText(got.Abilities))
	}
}

// addTo writes the fields given into the mapping node n, in characteristicKeys' order; a
// number or "none" unquoted.
func (c *Characteristics) addTo(n *yaml.Node) {
	plain := func(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Value: s} }
	for _, f := range []struct {
		key  string
		s    *string
		l    *[]string
		node func(string) *yaml.Node
	}{{"name", c.Name, nil, str}, {"mana_cost", c.ManaCost, nil, str}, {"colors", c.Colors, nil, str}, {"types", nil, c.Types, nil},
		{"subtypes", nil, c.Subtypes, nil}, {"supertypes", nil, c.Supertypes, nil}, {"power", c.Power, nil, plain},
		{"toughness", c.Toughness, nil, plain}, {"loyalty", c.Loyalty, nil, plain}, {"abilities", nil, c.Abilities, nil}} {
		switch {
		case f.s != nil:
			add(n, f.key, f.node(*f.s))
		case f.l != nil:
			add(n, f.key, seqNode(true, strNodes(*f.l)...))
		}
	}
}

// characteristicsOf is an object's characteristics, as Characteristics.check reads them.
func characteristicsOf(o *harness.Object) *harness.Characteristics {
	return &harness.Characteristics{Name: o.Name, ManaCost: o.ManaCost, Colors: o.Colors, Supertypes: o.Supertypes,
		Types: o.Types, Subtypes: o.Subtypes, Power: o.Power, Toughness: o.Toughness, Loyalty: o.Loyalty, Abilities: o.Abilities}
}

// objectKeys are the keys of an `object:` expectation: the card, its characteristics,
// its status, and its copiable values.
var objectKeys = slices.Concat([]string{"card"}, characteristicKeys, []string{"zone", "controller", "owner", "tapped",
	"sick", "token", "counters", "damage", "mana_value", "abilities_count", "attached", "copy_of", "copiable"})
