package engine

import (
	"fmt"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// Nonland permanents of the pool, and the tokens they create.
func init() {
	thopter := define("Thopter", keyword("Flying"))
	define("Fellwar Stone", manaAbility(&Production{Kind: ProduceOpponentLandsCouldColor}))
	define("Llanowar Elves", manaAbility(fixed(h.Green, 1)))
	define("Mana Vault",
		static(&StaticEffect{Kind: DoesntUntap}),
		&Ability{Kind: Triggered, Trigger: &Trigger{Event: OnStepBegins, Step: h.Upkeep},
			Resolve: func(r *Resolution) {
				if r.MayPay(h.Mana{}, 4) {
					r.SetTapped(r.Source().ID, false)
				}
			}},
		&Ability{Kind: Triggered, Trigger: &Trigger{Event: OnStepBegins, Step: h.Draw, If: func(s *State, src *Object) bool { return src.Tapped }},
			Resolve: func(r *Resolution) { r.Damage(Chosen{Player: r.Controller()}, 1) }},
		&Ability{Kind: Activated, Cost: Cost{Tap: true}, Produce: fixed(h.Colorless, 3)})
	define("Mana Reflection", static(&StaticEffect{Kind: ReplaceMultiplyMana, N: 2}))
	define("Contamination",
		&Ability{Kind: Triggered, Trigger: &Trigger{Event: OnStepBegins, Step: h.Upkeep},
			Resolve: func(r *Resolution) {
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
		static(&StaticEffect{Kind: ReplaceLandManaWithB}))
	define("Nyxbloom Ancient", keyword("Trample"), static(&StaticEffect{Kind: ReplaceMultiplyMana, N: 3}))
	landTapped := func() *Ability {
		return &Ability{Kind: Triggered, Trigger: &Trigger{Event: OnTappedForMana, LandOnly: true}, Produce: &Production{Kind: ProduceOneOfProducedTypes}}
	}
	define("Mana Flare", landTapped())
	define("Heartbeat of Spring", landTapped())
	define("Wild Growth",
		static(&StaticEffect{Kind: Enchant, Attach: targetLand}),
		&Ability{Kind: Triggered, Trigger: &Trigger{Event: OnTappedForMana, LandOnly: true, EnchantedOnly: true}, Produce: fixed(h.Green, 1)})
	define("Gauntlet of Power",
		static(&StaticEffect{Kind: EntersChoosingColor}),
		static(&StaticEffect{Kind: AnthemChosenColor, N: 1, T: 1}),
		&Ability{Kind: Triggered, Trigger: &Trigger{Event: OnTappedForMana, BasicOnly: true, OfChosenColor: true}, Produce: &Production{Kind: ProduceChosenColor}})
	define("Pili-Pala",
		keyword("Flying"),
		&Ability{Kind: Activated, Cost: Cost{Mana: cost(2, "", 0), Untap: true}, Produce: &Production{Kind: ProduceAnyColor}})
	define("Thousand-Year Elixir",
		static(&StaticEffect{Kind: AbilitiesAsThoughHaste}),
		&Ability{Kind: Activated, Cost: Cost{Mana: cost(1, "", 0), Tap: true}, Targets: []TargetSpec{targetCreature},
			Resolve: func(r *Resolution) {
				if t, ok := r.Target(0); ok {
					r.SetTapped(t.Object, false)
				}
			}})
	define("Umbral Mantle",
		static(&StaticEffect{Kind: GrantToEquipped, Grant: &Ability{Kind: Activated, Cost: Cost{Mana: cost(3, "", 0), Untap: true},
			Resolve: func(r *Resolution) {
				if src := r.Source(); !src.Gone && src.Zone == h.Battlefield {
					r.AddEffect(untilEndOfTurn, []Modification{ModifyPT{2, 2}}, src.ID)
				}
			}}}),
		equip(cost(0, "", 0)))
	define("Walking Ballista",
		static(&StaticEffect{Kind: EntersWithCounters, Counter: PlusOne, UseX: true}),
		&Ability{Kind: Activated, Cost: Cost{Mana: cost(4, "", 0)}, Resolve: counterOnSource},
		&Ability{Kind: Activated, Cost: Cost{RemoveCounter: PlusOne, RemoveN: 1}, Targets: []TargetSpec{targetAny},
			Resolve: func(r *Resolution) {
				if t, ok := r.Target(0); ok {
					r.Damage(t, 1)
				}
			}})
	define("Hangarback Walker",
		static(&StaticEffect{Kind: EntersWithCounters, Counter: PlusOne, UseX: true}),
		&Ability{Kind: Triggered, Trigger: &Trigger{Event: OnDies},
			Resolve: func(r *Resolution) { r.CreateTokens(thopter, r.Controller(), r.item.Counters) }},
		&Ability{Kind: Activated, Cost: Cost{Mana: cost(1, "", 0), Tap: true}, Resolve: counterOnSource})
	define("Grizzly Bears")
	define("Hill Giant")
}

// counterOnSource: "Put a +1/+1 counter on this creature."
func counterOnSource(r *Resolution) {
	if src := r.Source(); !src.Gone && src.Zone == h.Battlefield {
		r.AddCounters(src.ID, PlusOne, 1)
	}
}

// equip is "Equip [cost]": attach to target creature you control; activate only as a
// sorcery (CR 702.6a). Attaching gives the Equipment a new timestamp (613.7e).
func equip(c ManaCost) *Ability {
	return &Ability{Kind: Activated, Sorcery: true, Cost: Cost{Mana: c}, Targets: []TargetSpec{targetCreatureYouControl},
		Resolve: func(r *Resolution) {
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
		loyaltyAbility(+2, nil, func(r *Resolution) {
			for _, p := range apnap(r.s.Active) { // CR 101.4: in APNAP order
				r.Draw(p)
			}
		}),
		loyaltyAbility(-1, []TargetSpec{targetPlayer}, func(r *Resolution) {
			if t, ok := r.Target(0); ok {
				r.Draw(t.Player)
			}
		}),
		loyaltyAbility(-10, []TargetSpec{targetPlayer}, func(r *Resolution) {
			if t, ok := r.Target(0); ok {
				r.Mill(t.Player, 20)
			}
		}))
	define("Pacifism",
		static(&StaticEffect{Kind: Enchant, Attach: targetCreature}),
		static(&StaticEffect{Kind: AttachedCantAttackOrBlock}))
	define("Bonesplitter",
		static(&StaticEffect{Kind: PumpAttached, N: 2}),
		equip(cost(1, "", 0)))
}

// apnap lists the players in APNAP order (CR 101.4).
func apnap(active h.Player) []h.Player { return []h.Player{active, active.Opponent()} }
