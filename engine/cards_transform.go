package engine

import h "github.com/mtgfuzz/mtgfuzz/harness"

// Double-faced cards of the pool (CR 712) and the tokens they create.
func init() {
	cleric := define("Human Cleric")
	define("Westvale Abbey",
		manaAbility(fixed(h.Colorless, 1)),
		&ability{Kind: Activated, Cost: activationCost{Mana: cost(5, "", 0), Tap: true, Life: 1},
			Resolve: func(r *resolution) { r.CreateTokens(cleric, r.Controller(), 1) }},
		&ability{Kind: Activated, Cost: activationCost{Mana: cost(5, "", 0), Tap: true, Sacrifice: 5},
			Resolve: func(r *resolution) {
				transformSource(r)
				// "then untap it": the permanent, whichever face is up, while it is still
				// the same object (CR 400.7, 712.18).
				if src := r.Source(); !src.Gone && src.Zone == h.Battlefield {
					r.SetTapped(src.ID, false)
				}
			}})
	defineBack("Westvale Abbey",
		&ability{Kind: Keyword, Keyword: "Flying", Also: []string{"Lifelink", "Indestructible", "Haste"}})
}
