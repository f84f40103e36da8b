package engine

import h "github.com/mtgfuzz/mtgfuzz/harness"

// Lands of the pool. A basic land's mana ability comes from its type (CR 305.6), so the
// basics define no ability of their own.
func init() {
	for _, name := range []string{"Plains", "Island", "Swamp", "Mountain", "Forest"} {
		define(name)
	}
	define("Wastes", manaAbility(fixed(h.Colorless, 1)))
	define("Reflecting Pool", manaAbility(&Production{Kind: ProduceYourLandsCould}))
	define("Exotic Orchard", manaAbility(&Production{Kind: ProduceOpponentLandsCouldColor}))
	define("Meteor Crater", manaAbility(&Production{Kind: ProduceColorOfYourPermanent}))
	define("Vivid Crag",
		static(&StaticEffect{Kind: EntersTapped, N: 2, Counter: Charge}),
		manaAbility(fixed(h.Red, 1)),
		&Ability{Kind: Activated, Cost: Cost{Tap: true, RemoveCounter: Charge, RemoveN: 1}, Produce: &Production{Kind: ProduceAnyColor}})
	define("Gaea's Cradle", manaAbility(&Production{Kind: ProducePerCreature, Type: h.Green}))
	define("Academy Ruins",
		manaAbility(fixed(h.Colorless, 1)),
		&Ability{Kind: Activated, Cost: Cost{Mana: cost(1, "U", 0), Tap: true}, Targets: []TargetSpec{targetArtifactCardYourGraveyard},
			Resolve: func(r *Resolution) {
				if t, ok := r.Target(0); ok {
					r.MoveTo(t.Object, h.Library, true)
				}
			}})
	define("Darksteel Citadel", keyword("Indestructible"), manaAbility(fixed(h.Colorless, 1)))
	define("Mutavault",
		manaAbility(fixed(h.Colorless, 1)),
		&Ability{Kind: Activated, Cost: Cost{Mana: cost(1, "", 0)},
			Resolve: func(r *Resolution) {
				src := r.Source()
				if src.Gone || src.Zone != h.Battlefield {
					return
				}
				// One effect with parts in layers 4 and 7b (CR 613.6).
				r.AddEffect(untilEndOfTurn, []Modification{AddTypes{Types: []string{"Creature"}, AllCreatureTypes: true}, SetPT{2, 2}}, src.ID)
			}})
}
