package engine

import h "github.com/mtgfuzz/mtgfuzz/harness"

// Cards of copy effects (CR 707), linked abilities (CR 607) and extra turns (CR 500.7).
func init() {
	define("Crystalline Resonance",
		becomesCopy(&ability{Kind: Triggered, Trigger: &trigger{Event: OnCycle}, Targets: []targetSpec{anotherTargetPermanent}},
			&copyAbility{Duration: UntilYourNextTurn, May: true, Except: copyExceptions{KeepsThis: true}}))
	define("Clone", entersAsCopy(&copyAbility{Candidates: anyCreature}))
	define("Spark Double", entersAsCopy(&copyAbility{Candidates: creatureOrPlaneswalkerYouControl,
		Except: copyExceptions{NotLegendary: true, PlusOneIfCreature: 1, LoyaltyIfPlaneswalker: 1}}))
	define("Clever Impersonator", entersAsCopy(&copyAbility{Candidates: anyNonland}))
	sacrificeWhenTargeted := &ability{Kind: Triggered, Trigger: &trigger{Event: OnBecomesTarget},
		Text: "When this creature becomes the target of a spell or ability, sacrifice it.",
		Resolve: func(r *resolution) {
			if src := r.Source(); !src.Gone && src.Zone == h.Battlefield {
				r.MoveTo(src.ID, h.Graveyard, false)
			}
		}}
	define("Phantasmal Image", entersAsCopy(&copyAbility{Candidates: anyCreature,
		Except: copyExceptions{AddSubtypes: []string{"Illusion"}, AddAbilities: []*ability{sacrificeWhenTargeted}}}))
	define("Cryptoplasm",
		becomesCopy(&ability{Kind: Triggered, Trigger: &trigger{Event: OnStepBegins, Step: h.Upkeep}, Targets: []targetSpec{anotherTargetCreature}},
			&copyAbility{May: true, Except: copyExceptions{KeepsThis: true}}))
	define("Mirage Mirror",
		becomesCopy(&ability{Kind: Activated, Cost: activationCost{Mana: cost(2, "", 0)}, Targets: []targetSpec{targetArtifactCreatureEnchantmentOrLand}},
			&copyAbility{Duration: UntilEndOfTurn}))
	define("Oblivion Ring",
		&ability{Kind: Triggered, Trigger: &trigger{Event: OnEnters}, Targets: []targetSpec{anotherTargetNonlandPermanent}, Resolve: exileTarget},
		&ability{Kind: Triggered, Trigger: &trigger{Event: OnLeaves}, Linked: []int{0}, Resolve: returnLinked})
	define("Helvault",
		&ability{Kind: Activated, Cost: activationCost{Mana: cost(1, "", 0), Tap: true}, Targets: []targetSpec{targetCreatureYouControl}, Resolve: exileTarget},
		&ability{Kind: Activated, Cost: activationCost{Mana: cost(7, "", 0), Tap: true}, Targets: []targetSpec{targetCreatureYouDontControl}, Resolve: exileTarget},
		&ability{Kind: Triggered, Trigger: &trigger{Event: OnPutIntoGraveyard}, Linked: []int{0, 1}, Resolve: returnLinked})
	define("Time Walk", spell(nil, func(r *resolution) { r.TakeExtraTurn(r.Controller()) }))
}

// becomesCopy is an ability whose effect is "[you may have] this become a copy of target
// ..." with cp's duration and exceptions.
func becomesCopy(a *ability, cp *copyAbility) *ability {
	a.Copy, a.Resolve = cp, becomeCopyOfTarget
	return a
}

// entersAsCopy is "You may have this enter as a copy of ...", a replacement effect
// (CR 707.5, 614.1c).
func entersAsCopy(cp *copyAbility) *ability {
	a := static(&staticEffect{Kind: EntersAsCopy})
	a.Copy = cp
	return a
}
