package engine

import h "github.com/mtgfuzz/mtgfuzz/harness"

// Vocabulary the card definitions are written in. An ability's text is its Oracle line,
// which define gives it.

func fixed(t h.ManaType, n int) *manaProduction {
	return &manaProduction{Kind: ProduceFixed, Fixed: h.Of(t, n)}
}

// manaAbility is "{T}: <production>".
func manaAbility(p *manaProduction) *ability {
	return &ability{Kind: Activated, Cost: activationCost{Tap: true}, Produce: p}
}

func keyword(k string) *ability { return &ability{Kind: Keyword, Keyword: k} }

func static(st *staticEffect) *ability { return &ability{Kind: Static, Static: st} }

// spell is an instant's or sorcery's spell ability: what it does as it resolves (CR 113.3a).
func spell(targets []targetSpec, resolve func(r *resolution)) *ability {
	return &ability{Kind: SpellAbility, Targets: targets, Resolve: resolve}
}

// cost builds a mana cost from symbols, e.g. cost(2, "U", 0) for {2}{U}, with x {X}s.
func cost(generic int, colored string, x int) manaCost {
	m, err := h.ParseMana(colored)
	if err != nil {
		panic(err) // card definitions are compile-time data
	}
	return manaCost{Mana: m, Generic: generic, X: x}
}
