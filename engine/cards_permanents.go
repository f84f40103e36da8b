package engine

import (
	"fmt"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// Nonland permanents of the pool, and the tokens they create.
func init() {
	thopter := define("Thopter", keyword("Flying"))
	define("Fellwar Stone", manaAbility(&manaProduction{Kind: ProduceOpponentLandsCouldColor}))
	define("Llanowar Elves", manaAbility(fixed(h.Green, 1)))
	define("Mana Vault",
		static(&staticEffect{Kind: DoesntUntap}),
		&ability{Kind: Triggered, Trigger: &trigger{Event: OnStepBegins, Step: h.Upkeep},
			Resolve: func(r *resolution) {
				if r.MayPay(h.Mana{}, 4) {
					r.SetTapped(r.Source().ID, false)
				}
			}},
		&ability{Kind: Triggered, Trigger: &trigger{Event: OnStepBegins, Step: h.Draw, If: func(s *state, src *object) bool { return src.Tapped }},
			Resolve: func(r *resolution) { r.Damage(chosen{Player: r.Controller()}, 1) }},
		&ability{Kind: Activated, Cost: activationCost{Tap: true}, Produce: fixed(h.Colorless, 3)})
	define("Mana Reflection", static(&staticEffect{Kind: ReplaceMultiplyMana, N: 2}))
	define("Contamination",
		&ability{Kind: Triggered, Trigger: &trigger{Event: OnStepBegins, Step: h.Upkeep},
			Resolve: func(r *resolution) {
				var opts []string
				var ids []h.ObjectID
				for _, id := range r.s.Battlefield {
					if o := r.s.obj(id); o.Controller == r.Controller() && r.Chars(id).HasType("Creature") {
						opts = append(opts, fmt.Sprintf("sacrifice %s (card %d)", r.Chars(id).Name, o.Card))
						ids = append(ids, id)
					}
				}
				// CR 118.12a: "sacrifice this unless you sacrifice a creature" means "you
				// may sacrifice a creature; if you don't, sacrifice this", whether or not
				// this is still on the battlefield.
				opts = append(opts, "sacrifice no creature")
				pick := r.Choose(opts)
				for i, o := range opts[:len(ids)] {
					if o == pick {
						r.MoveTo(ids[i], h.Graveyard, false)
						return
					}
				}
				if src := r.Source(); !src.Gone && src.Zone == h.Battlefield {
					r.MoveTo(src.ID, h.Graveyard, false)
				}
			}},
		static(&staticEffect{Kind: ReplaceLandManaWithB}))
	define("Nyxbloom Ancient", keyword("Trample"), static(&staticEffect{Kind: ReplaceMultiplyMana, N: 3}))
	landTapped := func() *ability {
		return &ability{Kind: Triggered, Trigger: &trigger{Event: OnTappedForMana, LandOnly: true}, Produce: &manaProduction{Kind: ProduceOneOfProducedTypes}}
	}
	define("Mana Flare", landTapped())
	define("Heartbeat of Spring", landTapped())
	define("Wild Growth",
		static(&staticEffect{Kind: Enchant, Attach: targetLand}),
		&ability{Kind: Triggered, Trigger: &trigger{Event: OnTappedForMana, LandOnly: true, EnchantedOnly: true}, Produce: fixed(h.Green, 1)})
	define("Gauntlet of Power",
		static(&staticEffect{Kind: EntersChoosingColor}),
		static(&staticEffect{Kind: AnthemChosenColor, N: 1, T: 1}),
		&ability{Kind: Triggered, Trigger: &trigger{Event: OnTappedForMana, BasicOnly: true, OfChosenColor: true}, Produce: &manaProduction{Kind: ProduceChosenColor}})
	define("Pili-Pala",
		keyword("Flying"),
		&ability{Kind: Activated, Cost: activationCost{Mana: cost(2, "", 0), Untap: true}, Produce: &manaProduction{Kind: ProduceAnyColor}})
	define("Thousand-Year Elixir",
		static(&staticEffect{Kind: AbilitiesAsThoughHaste}),
		&ability{Kind: Activated, Cost: activationCost{Mana: cost(1, "", 0), Tap: true}, Targets: []targetSpec{targetCreature},
			Resolve: func(r *resolution) {
				if t, ok := r.Target(0); ok {
					r.SetTapped(t.Object, false)
				}
			}})
	define("Umbral Mantle",
		static(&staticEffect{Kind: GrantToEquipped, Grant: &ability{Kind: Activated, Cost: activationCost{Mana: cost(3, "", 0), Untap: true},
			Resolve: func(r *resolution) {
				if src := r.Source(); !src.Gone && src.Zone == h.Battlefield {
					r.AddEffect(untilEndOfTurn, []modification{modifyPT{2, 2}}, src.ID)
				}
			}}}),
		equip(cost(0, "", 0)))
	define("Walking Ballista",
		static(&staticEffect{Kind: EntersWithCounters, Counter: PlusOne, UseX: true}),
		&ability{Kind: Activated, Cost: activationCost{Mana: cost(4, "", 0)}, Resolve: counterOnSource},
		&ability{Kind: Activated, Cost: activationCost{RemoveCounter: PlusOne, RemoveN: 1}, Targets: []targetSpec{targetAny},
			Resolve: func(r *resolution) {
				if t, ok := r.Target(0); ok {
					r.Damage(t, 1)
				}
			}})
	define("Hangarback Walker",
		static(&staticEffect{Kind: EntersWithCounters, Counter: PlusOne, UseX: true}),
		&ability{Kind: Triggered, Trigger: &trigger{Event: OnDies},
			Resolve: func(r *resolution) { r.CreateTokens(thopter, r.Controller(), r.item.Counters) }},
		&ability{Kind: Activated, Cost: activationCost{Mana: cost(1, "", 0), Tap: true}, Resolve: counterOnSource})
	define("Grizzly Bears")
	define("Hill Giant")
}

// counterOnSource: "Put a +1/+1 counter on this creature."
func counterOnSource(r *resolution) {
	if src := r.Source(); !src.Gone && src.Zone == h.Battlefield {
		r.AddCounters(src.ID, PlusOne, 1)
	}
}

// equip is "Equip [cost]": attach to target creature you control; activate only as a
// sorcery (CR 702.6a). Attaching gives the Equipment a new timestamp (613.7e).
func equip(c manaCost) *ability {
	return &ability{Kind: Activated, Sorcery: true, Cost: activationCost{Mana: c}, Targets: []targetSpec{targetCreatureYouControl},
		Resolve: func(r *resolution) {
			t, ok := r.Target(0)
			src := r.Source()
			if !ok || src.Gone || src.Zone != h.Battlefield || t.Object == src.ID {
				return
			}
			o := r.s.mut(src.ID)
			o.AttachedTo = t.Object
			o.Timestamp = r.s.timestamp()
		}}
}

// Legends, planeswalkers and attachments of the pool.
func init() {
	define("Isamaru, Hound of Konda")
	define("Jace Beleren",
		loyaltyAbility(+2, nil, func(r *resolution) {
			for _, p := range apnap(r.s.Active) { // CR 101.4: in APNAP order
				r.Draw(p)
			}
		}),
		loyaltyAbility(-1, []targetSpec{targetPlayer}, func(r *resolution) {
			if t, ok := r.Target(0); ok {
				r.Draw(t.Player)
			}
		}),
		loyaltyAbility(-10, []targetSpec{targetPlayer}, func(r *resolution) {
			if t, ok := r.Target(0); ok {
				r.Mill(t.Player, 20)
			}
		}))
	define("Pacifism",
		static(&staticEffect{Kind: Enchant, Attach: targetCreature}),
		static(&staticEffect{Kind: AttachedCantAttackOrBlock}))
	define("Bonesplitter",
		static(&staticEffect{Kind: PumpAttached, N: 2}),
		equip(cost(1, "", 0)))
}

// apnap lists the players in APNAP order (CR 101.4).
func apnap(active h.Player) []h.Player { return []h.Player{active, active.Opponent()} }
