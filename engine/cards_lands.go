package engine

import h "github.com/mtgfuzz/mtgfuzz/harness"

// Lands of the pool (cards.md: basics, mana lands).
func init() {
	register(
		&CardDef{Name: "Plains", Supertypes: basic, Types: land, Subtypes: []string{"Plains"}},
		&CardDef{Name: "Island", Supertypes: basic, Types: land, Subtypes: []string{"Island"}},
		&CardDef{Name: "Swamp", Supertypes: basic, Types: land, Subtypes: []string{"Swamp"}},
		&CardDef{Name: "Mountain", Supertypes: basic, Types: land, Subtypes: []string{"Mountain"}},
		&CardDef{Name: "Forest", Supertypes: basic, Types: land, Subtypes: []string{"Forest"}},
		&CardDef{Name: "Wastes", Supertypes: basic, Types: land, Abilities: []*Ability{
			manaAbility("{T}: Add {C}.", fixed(h.Colorless, 1))}},
		&CardDef{Name: "Reflecting Pool", Types: land, Abilities: []*Ability{
			manaAbility("{T}: Add one mana of any type that a land you control could produce.", &Production{Kind: ProduceYourLandsCould})}},
		&CardDef{Name: "Exotic Orchard", Types: land, Abilities: []*Ability{
			manaAbility("{T}: Add one mana of any color that a land an opponent controls could produce.", &Production{Kind: ProduceOpponentLandsCouldColor})}},
		&CardDef{Name: "Meteor Crater", Types: land, Abilities: []*Ability{
			manaAbility("{T}: Choose a color of a permanent you control. Add one mana of that color.", &Production{Kind: ProduceColorOfYourPermanent})}},
		&CardDef{Name: "Vivid Crag", Types: land, Abilities: []*Ability{
			static("This land enters tapped with two charge counters on it.", &StaticEffect{Kind: EntersTapped, N: 2, Counter: Charge}),
			manaAbility("{T}: Add {R}.", fixed(h.Red, 1)),
			{Text: "{T}, Remove a charge counter from this land: Add one mana of any color.", Kind: Activated,
				Cost: Cost{Tap: true, RemoveCounter: Charge, RemoveN: 1}, Produce: &Production{Kind: ProduceAnyColor}},
		}},
		&CardDef{Name: "Gaea's Cradle", Supertypes: legend, Types: land, Abilities: []*Ability{
			manaAbility("{T}: Add {G} for each creature you control.", &Production{Kind: ProducePerCreature, Type: h.Green})}},
		&CardDef{Name: "Academy Ruins", Supertypes: legend, Types: land, Abilities: []*Ability{
			manaAbility("{T}: Add {C}.", fixed(h.Colorless, 1)),
			{Text: "{1}{U}, {T}: Put target artifact card from your graveyard on top of your library.", Kind: Activated,
				Cost: Cost{Mana: cost(1, "U", 0), Tap: true}, Targets: []TargetSpec{targetArtifactCardYourGraveyard},
				Resolve: func(r *Resolution) {
					if t, ok := r.Target(0); ok {
						r.MoveTo(t.Object, h.Library, true)
					}
				}},
		}},
		&CardDef{Name: "Darksteel Citadel", Types: []string{"Artifact", "Land"}, Abilities: []*Ability{
			keyword("Indestructible"),
			manaAbility("{T}: Add {C}.", fixed(h.Colorless, 1))}},
		&CardDef{Name: "Mutavault", Types: land, Abilities: []*Ability{
			manaAbility("{T}: Add {C}.", fixed(h.Colorless, 1)),
			{Text: "{1}: This land becomes a 2/2 creature with all creature types until end of turn. It's still a land.", Kind: Activated,
				Cost: Cost{Mana: cost(1, "", 0)},
				Resolve: func(r *Resolution) {
					src := r.Source()
					if src.Gone || src.Zone != h.Battlefield {
						return
					}
					dur := Duration{Kind: UntilEndOfTurn}
					r.AddEffect(Effect{Layer: LayerType, Duration: dur, AddTypes: []string{"Creature"}, AllCreatureTypes: true}, src.ID)
					r.AddEffect(Effect{Layer: LayerPTSet, Duration: dur, SetPT: [2]int{2, 2}}, src.ID)
				}},
		}},
	)
}
