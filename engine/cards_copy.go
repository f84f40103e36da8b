package engine

import h "github.com/mtgfuzz/mtgfuzz/harness"

// Cards of copy effects (CR 707), linked abilities (CR 607) and extra turns (CR 500.7).
func init() {
	define("Crystalline Resonance",
		becomesCopy(&Ability{Kind: Triggered, Trigger: &Trigger{Event: OnCycle}, Targets: []TargetSpec{anotherTargetPermanent}},
			&CopyAbility{Duration: UntilYourNextTurn, May: true, Except: CopyExceptions{KeepsThis: true}}))
	define("Clone", entersAsCopy(&CopyAbility{Candidates: anyCreature}))
	define("Spark Double", entersAsCopy(&CopyAbility{Candidates: creatureOrPlaneswalkerYouControl,
		Except: CopyExceptions{NotLegendary: true, PlusOneIfCreature: 1, LoyaltyIfPlaneswalker: 1}}))
	define("Clever Impersonator", entersAsCopy(&CopyAbility{Candidates: anyNonland}))
	sacrificeWhenTargeted := &Ability{Kind: Triggered, Trigger: &Trigger{Event: OnBecomesTarget},
		Text: "When this creature becomes the target of a spell or ability, sacrifice it.",
		Resolve: func(r *Resolution) {
			if src := r.Source(); !src.Gone && src.Zone == h.Battlefield {
				r.MoveTo(src.ID, h.Graveyard, false)
			}
		}}
	define("Phantasmal Image", entersAsCopy(&CopyAbility{Candidates: anyCreature,
		Except: CopyExceptions{AddSubtypes: []string{"Illusion"}, AddAbilities: []*Ability{sacrificeWhenTargeted}}}))
	define("Cryptoplasm",
		becomesCopy(&Ability{Kind: Triggered, Trigger: &Trigger{Event: OnStepBegins, Step: h.Upkeep}, Targets: []TargetSpec{anotherTargetCreature}},
			&CopyAbility{May: true, Except: CopyExceptions{KeepsThis: true}}))
	define("Mirage Mirror",
		becomesCopy(&Ability{Kind: Activated, Cost: Cost{Mana: cost(2, "", 0)}, Targets: []TargetSpec{targetArtifactCreatureEnchantmentOrLand}},
			&CopyAbility{Duration: UntilEndOfTurn}))
	define("Oblivion Ring",
		&Ability{Kind: Triggered, Trigger: &Trigger{Event: OnEnters}, Targets: []TargetSpec{anotherTargetNonlandPermanent}, Resolve: exileTarget},
		&Ability{Kind: Triggered, Trigger: &Trigger{Event: OnLeaves}, Linked: []int{0}, Resolve: returnLinked})
	define("Helvault",
		&Ability{Kind: Activated, Cost: Cost{Mana: cost(1, "", 0), Tap: true}, Targets: []TargetSpec{targetCreatureYouControl}, Resolve: exileTarget},
		&Ability{Kind: Activated, Cost: Cost{Mana: cost(7, "", 0), Tap: true}, Targets: []TargetSpec{targetCreatureYouDontControl}, Resolve: exileTarget},
		&Ability{Kind: Triggered, Trigger: &Trigger{Event: OnPutIntoGraveyard}, Linked: []int{0, 1}, Resolve: returnLinked})
	define("Time Walk", spell(nil, func(r *Resolution) { r.TakeExtraTurn(r.Controller()) }))
}

// becomesCopy is an ability whose effect is "[you may have] this become a copy of target
// ..." with cp's duration and exceptions.
func becomesCopy(a *Ability, cp *CopyAbility) *Ability {
	a.Copy, a.Resolve = cp, becomeCopyOfTarget
	return a
}

// entersAsCopy is "You may have this enter as a copy of ...", a replacement effect
// (CR 707.5, 614.1c).
func entersAsCopy(cp *CopyAbility) *Ability {
	a := static(&StaticEffect{Kind: EntersAsCopy})
	a.Copy = cp
	return a
}
