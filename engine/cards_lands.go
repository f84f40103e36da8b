package engine

import h "github.com/mtgfuzz/mtgfuzz/harness"

// Lands of the pool. A basic land's mana ability comes from its type (CR 305.6), so the
// basics define no ability of their own.
func init() {
	for _, name := range []string{"Plains", "Island", "Swamp", "Mountain", "Forest"} {
		define(name)
	}
	define("Wastes", manaAbility(fixed(h.Colorless, 1)))
	define("Reflecting Pool", manaAbility(&manaProduction{Kind: ProduceYourLandsCould}))
	define("Exotic Orchard", manaAbility(&manaProduction{Kind: ProduceOpponentLandsCouldColor}))
	define("Meteor Crater", manaAbility(&manaProduction{Kind: ProduceColorOfYourPermanent}))
	define("Vivid Crag",
		static(&staticEffect{Kind: EntersTapped, N: 2, Counter: Charge}),
		manaAbility(fixed(h.Red, 1)),
		&ability{Kind: Activated, Cost: activationCost{Tap: true, RemoveCounter: Charge, RemoveN: 1}, Produce: &manaProduction{Kind: ProduceAnyColor}})
	define("Gaea's Cradle", manaAbility(&manaProduction{Kind: ProducePerCreature, Type: h.Green}))
	define("Academy Ruins",
		manaAbility(fixed(h.Colorless, 1)),
		&ability{Kind: Activated, Cost: activationCost{Mana: cost(1, "U", 0), Tap: true}, Targets: []targetSpec{targetArtifactCardYourGraveyard},
			Resolve: func(r *resolution) {
				if t, ok := r.Target(0); ok {
					r.MoveTo(t.Object, h.Library, true)
				}
			}})
	define("Darksteel Citadel", keyword("Indestructible"), manaAbility(fixed(h.Colorless, 1)))
	define("Mutavault",
		manaAbility(fixed(h.Colorless, 1)),
		&ability{Kind: Activated, Cost: activationCost{Mana: cost(1, "", 0)},
			Resolve: func(r *resolution) {
				src := r.Source()
				if src.Gone || src.Zone != h.Battlefield {
					return
				}
				// One effect with parts in layers 4 and 7b (CR 613.6).
				r.AddEffect(untilEndOfTurn, []modification{addTypes{Types: []string{"Creature"}, AllCreatureTypes: true}, setPT{2, 2}}, src.ID)
			}})
}
