package engine

import h "github.com/mtgfuzz/mtgfuzz/harness"

// Vocabulary the card definitions are written in. An ability's text is its Oracle line,
// which define gives it.

func fixed(t h.ManaType, n int) *Production {
	return &Production{Kind: ProduceFixed, Fixed: h.Of(t, n)}
}

// manaAbility is "{T}: <production>".
func manaAbility(p *Production) *Ability {
	return &Ability{Kind: Activated, Cost: Cost{Tap: true}, Produce: p}
}

func keyword(k string) *Ability { return &Ability{Kind: Keyword, Keyword: k} }

func static(st *StaticEffect) *Ability { return &Ability{Kind: Static, Static: st} }

// spell is an instant's or sorcery's spell ability: what it does as it resolves (CR 113.3a).
func spell(targets []TargetSpec, resolve func(r *Resolution)) *Ability {
	return &Ability{Kind: SpellAbility, Targets: targets, Resolve: resolve}
}

// cost builds a mana cost from symbols, e.g. cost(2, "U", 0) for {2}{U}, with x {X}s.
func cost(generic int, colored string, x int) ManaCost {
	m, err := h.ParseMana(colored)
	if err != nil {
		panic(err) // card definitions are compile-time data
	}
	return ManaCost{Mana: m, Generic: generic, X: x}
}
