package engine

import h "github.com/mtgfuzz/mtgfuzz/harness"

// Vocabulary the card definitions are written in.

func fixed(t h.ManaType, n int) *Production {
	return &Production{Kind: ProduceFixed, Fixed: h.Of(t, n)}
}

// manaAbility is "{T}: <production>".
func manaAbility(text string, p *Production) *Ability {
	return &Ability{Text: text, Kind: Activated, Cost: Cost{Tap: true}, Produce: p}
}

func keyword(k string) *Ability { return &Ability{Text: k, Kind: Keyword, Keyword: k} }

func static(text string, st *StaticEffect) *Ability {
	return &Ability{Text: text, Kind: Static, Static: st}
}

// cost builds a mana cost from symbols, e.g. cost(2, "U") for {2}{U}, with x {X}s.
func cost(generic int, colored string, x int) ManaCost {
	m, err := h.ParseMana(colored)
	if err != nil {
		panic(err) // card definitions are compile-time data
	}
	return ManaCost{Mana: m, Generic: generic, X: x}
}

func pt(d *CardDef, p, t int) *CardDef {
	d.Power, d.Toughness, d.HasPT = p, t, true
	return d
}

var (
	land     = []string{"Land"}
	creature = []string{"Creature"}
	artifact = []string{"Artifact"}
	ench     = []string{"Enchantment"}
	legend   = []string{"Legendary"}
	basic    = []string{"Basic"}
)
