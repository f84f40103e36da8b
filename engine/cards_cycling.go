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
	define("Drifting Meadow", static(&staticEffect{Kind: EntersTapped}), manaAbility(fixed(h.White, 1)), cycling(cost(2, "", 0)))
	define("Curator of Mysteries",
		keyword("Flying"),
		&ability{Kind: Triggered, Trigger: &trigger{Event: OnCycleOrDiscard, Another: true},
			Resolve: func(r *resolution) { r.Scry1(r.Controller()) }},
		cycling(cost(0, "U", 0)))
	define("Nimble Obstructionist",
		keyword("Flash"),
		keyword("Flying"),
		cycling(cost(2, "U", 0)),
		&ability{Kind: Triggered, Trigger: &trigger{Event: OnCycle, Self: true}, Targets: []targetSpec{targetAbilityYouDontControl},
			Resolve: counterTarget})
	define("Drake Haven",
		&ability{Kind: Triggered, Trigger: &trigger{Event: OnCycleOrDiscard},
			Resolve: func(r *resolution) {
				if r.MayPay(h.Mana{}, 1) {
					r.CreateTokens(drake, r.Controller(), 1)
				}
			}})
	define("Lightning Rift",
		&ability{Kind: Triggered, Trigger: &trigger{Event: OnCycle, AnyPlayer: true}, Targets: []targetSpec{targetAny},
			Resolve: func(r *resolution) {
				if t, ok := r.Target(0); ok && r.MayPay(h.Mana{}, 1) {
					r.Damage(t, 2)
				}
			}})
	define("Astral Slide",
		&ability{Kind: Triggered, Trigger: &trigger{Event: OnCycle, AnyPlayer: true}, Targets: []targetSpec{targetCreature},
			Resolve: func(r *resolution) {
				t, ok := r.Target(0)
				if !ok || !r.May(fmt.Sprintf("exile %s (card %d)", r.Chars(t.Object).Name, t.Card)) {
					return
				}
				exiled := r.MoveTo(t.Object, h.Exile, false)
				r.Delay(h.End, "Return that card to the battlefield under its owner's control.",
					func(r *resolution) { r.ReturnToBattlefield(exiled) })
			}})
	define("Shark Typhoon",
		&ability{Kind: Triggered, Trigger: &trigger{Event: OnCast, Noncreature: true},
			Resolve: func(r *resolution) { r.CreateSizedTokens(shark, r.X(), r.Controller(), 1) }},
		cycling(cost(1, "U", 1)),
		&ability{Kind: Triggered, Trigger: &trigger{Event: OnCycle, Self: true},
			Resolve: func(r *resolution) { r.CreateSizedTokens(shark, r.X(), r.Controller(), 1) }})
	define("Cancel", spell([]targetSpec{targetSpell}, counterTarget))
	define("Disallow", spell([]targetSpec{targetSpellOrAbility}, counterTarget))
	define("Stifle", spell([]targetSpec{targetAbility}, counterTarget))
	define("Spark Spray",
		spell([]targetSpec{targetAny}, func(r *resolution) {
			if t, ok := r.Target(0); ok {
				r.Damage(t, 1)
			}
		}),
		cycling(cost(0, "R", 0)))
	define("Decree of Pain",
		spell(nil, func(r *resolution) {
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
		&ability{Kind: Triggered, Trigger: &trigger{Event: OnCycle, Self: true},
			Resolve: func(r *resolution) {
				// CR 611.2c: the creatures affected are those on the battlefield now.
				var creatures []h.ObjectID
				for _, id := range r.s.Battlefield {
					if r.Chars(id).HasType("Creature") {
						creatures = append(creatures, id)
					}
				}
				r.AddEffect(untilEndOfTurn, []modification{modifyPT{-2, -2}}, creatures...)
			}})
}

// counterTarget: "Counter target spell or ability" (CR 701.6a).
func counterTarget(r *resolution) {
	if t, ok := r.Target(0); ok {
		if r.s.faults.on(FaultCounterUncounterable) {
			if it := r.s.stackItem(t.Object); it != nil && it.IsSpell {
				moveTo(r.s, r.v, it.ID, h.Graveyard, false, r.ev) // the fault: whatever it says (CR 101.2)
				return
			}
		}
		r.Counter(t)
	}
}
