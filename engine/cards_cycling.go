package engine

import (
	"fmt"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// Cards with cycling (CR 702.29), the permanents that trigger on cycling and discarding,
// and the counterspells that can or can't touch what cycling puts on the stack.
func init() {
	drake := define("Drake", keyword("Flying"))
	shark := define("Shark", keyword("Flying"))
	define("Drifting Meadow", static(&StaticEffect{Kind: EntersTapped}), manaAbility(fixed(h.White, 1)), cycling(cost(2, "", 0)))
	define("Curator of Mysteries",
		keyword("Flying"),
		&Ability{Kind: Triggered, Trigger: &Trigger{Event: OnCycleOrDiscard, Another: true},
			Resolve: func(r *Resolution) { r.Scry1(r.Controller()) }},
		cycling(cost(0, "U", 0)))
	define("Nimble Obstructionist",
		keyword("Flash"),
		keyword("Flying"),
		cycling(cost(2, "U", 0)),
		&Ability{Kind: Triggered, Trigger: &Trigger{Event: OnCycle, Self: true}, Targets: []TargetSpec{targetAbilityYouDontControl},
			Resolve: counterTarget})
	define("Drake Haven",
		&Ability{Kind: Triggered, Trigger: &Trigger{Event: OnCycleOrDiscard},
			Resolve: func(r *Resolution) {
				if r.MayPay(h.Mana{}, 1) {
					r.CreateTokens(drake, r.Controller(), 1)
				}
			}})
	define("Lightning Rift",
		&Ability{Kind: Triggered, Trigger: &Trigger{Event: OnCycle, AnyPlayer: true}, Targets: []TargetSpec{targetAny},
			Resolve: func(r *Resolution) {
				if t, ok := r.Target(0); ok && r.MayPay(h.Mana{}, 1) {
					r.Damage(t, 2)
				}
			}})
	define("Astral Slide",
		&Ability{Kind: Triggered, Trigger: &Trigger{Event: OnCycle, AnyPlayer: true}, Targets: []TargetSpec{targetCreature},
			Resolve: func(r *Resolution) {
				t, ok := r.Target(0)
				if !ok || !r.May(fmt.Sprintf("exile %s (card %d)", r.Chars(t.Object).Name, t.Card)) {
					return
				}
				exiled := r.MoveTo(t.Object, h.Exile, false)
				r.Delay(h.End, "Return that card to the battlefield under its owner's control.",
					func(r *Resolution) { r.ReturnToBattlefield(exiled) })
			}})
	define("Shark Typhoon",
		&Ability{Kind: Triggered, Trigger: &Trigger{Event: OnCast, Noncreature: true},
			Resolve: func(r *Resolution) { r.CreateSizedTokens(shark, r.X(), r.Controller(), 1) }},
		cycling(cost(1, "U", 1)),
		&Ability{Kind: Triggered, Trigger: &Trigger{Event: OnCycle, Self: true},
			Resolve: func(r *Resolution) { r.CreateSizedTokens(shark, r.X(), r.Controller(), 1) }})
	define("Cancel", spell([]TargetSpec{targetSpell}, counterTarget))
	define("Disallow", spell([]TargetSpec{targetSpellOrAbility}, counterTarget))
	define("Stifle", spell([]TargetSpec{targetAbility}, counterTarget))
	define("Spark Spray",
		spell([]TargetSpec{targetAny}, func(r *Resolution) {
			if t, ok := r.Target(0); ok {
				r.Damage(t, 1)
			}
		}),
		cycling(cost(0, "R", 0)))
	define("Decree of Pain",
		spell(nil, func(r *Resolution) {
			destroyed := 0
			for _, id := range append([]h.ObjectID(nil), r.s.Battlefield...) {
				if r.Chars(id).HasType("Creature") && r.Destroy(id) {
					destroyed++
				}
			}
			for i := 0; i < destroyed; i++ {
				r.Draw(r.Controller())
			}
		}),
		cycling(cost(3, "BB", 0)),
		&Ability{Kind: Triggered, Trigger: &Trigger{Event: OnCycle, Self: true},
			Resolve: func(r *Resolution) {
				// CR 611.2c: the creatures affected are those on the battlefield now.
				var creatures []h.ObjectID
				for _, id := range r.s.Battlefield {
					if r.Chars(id).HasType("Creature") {
						creatures = append(creatures, id)
					}
				}
				r.AddEffect(untilEndOfTurn, []Modification{ModifyPT{-2, -2}}, creatures...)
			}})
}

// counterTarget: "Counter target spell or ability" (CR 701.6a).
func counterTarget(r *Resolution) {
	if t, ok := r.Target(0); ok {
		r.Counter(t)
	}
}
