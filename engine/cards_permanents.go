package engine

import (
	"fmt"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// Nonland permanents of the pool (cards.md).
func init() {
	thopter := pt(&CardDef{Name: "Thopter", Colors: 0, Types: []string{"Artifact", "Creature"}, Subtypes: []string{"Thopter"},
		Abilities: []*Ability{keyword("Flying")}}, 1, 1)
	register(
		&CardDef{Name: "Fellwar Stone", Cost: cost(2, "", 0), Types: artifact, Abilities: []*Ability{
			manaAbility("{T}: Add one mana of any color that a land an opponent controls could produce.", &Production{Kind: ProduceOpponentLandsCouldColor})}},
		pt(&CardDef{Name: "Llanowar Elves", Cost: cost(0, "G", 0), Types: creature, Subtypes: []string{"Elf", "Druid"}, Abilities: []*Ability{
			manaAbility("{T}: Add {G}.", fixed(h.Green, 1))}}, 1, 1),
		&CardDef{Name: "Mana Vault", Cost: cost(1, "", 0), Types: artifact, Abilities: []*Ability{
			static("This artifact doesn't untap during your untap step.", &StaticEffect{Kind: DoesntUntap}),
			{Text: "At the beginning of your upkeep, you may pay {4}. If you do, untap this artifact.", Kind: Triggered,
				Trigger: &Trigger{Event: OnStepBegins, Step: h.Upkeep},
				Resolve: func(r *Resolution) {
					if r.MayPay(h.Mana{}, 4) {
						r.SetTapped(r.Source().ID, false)
					}
				}},
			{Text: "At the beginning of your draw step, if this artifact is tapped, it deals 1 damage to you.", Kind: Triggered,
				Trigger: &Trigger{Event: OnStepBegins, Step: h.Draw, If: func(s *State, src *Object) bool { return src.Tapped }},
				Resolve: func(r *Resolution) { r.Damage(Chosen{Player: r.Controller()}, 1) }},
			{Text: "{T}: Add {C}{C}{C}.", Kind: Activated, Cost: Cost{Tap: true}, Produce: fixed(h.Colorless, 3)},
		}},
		&CardDef{Name: "Mana Reflection", Cost: cost(4, "GG", 0), Types: ench, Abilities: []*Ability{
			static("If you tap a permanent for mana, it produces twice as much of that mana instead.", &StaticEffect{Kind: ReplaceMultiplyMana, N: 2})}},
		&CardDef{Name: "Contamination", Cost: cost(2, "B", 0), Types: ench, Abilities: []*Ability{
			{Text: "At the beginning of your upkeep, sacrifice this enchantment unless you sacrifice a creature.", Kind: Triggered,
				Trigger: &Trigger{Event: OnStepBegins, Step: h.Upkeep},
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
			static("If a land is tapped for mana, it produces {B} instead of any other type and amount.", &StaticEffect{Kind: ReplaceLandManaWithB}),
		}},
		pt(&CardDef{Name: "Nyxbloom Ancient", Cost: cost(4, "GGG", 0), Types: []string{"Enchantment", "Creature"}, Subtypes: []string{"Elemental"}, Abilities: []*Ability{
			keyword("Trample"),
			static("If you tap a permanent for mana, it produces three times as much of that mana instead.", &StaticEffect{Kind: ReplaceMultiplyMana, N: 3})}}, 5, 5),
		&CardDef{Name: "Mana Flare", Cost: cost(2, "R", 0), Types: ench, Abilities: []*Ability{
			{Text: "Whenever a player taps a land for mana, that player adds one mana of any type that land produced.", Kind: Triggered,
				Trigger: &Trigger{Event: OnTappedForMana, LandOnly: true}, Produce: &Production{Kind: ProduceOneOfProducedTypes}}}},
		&CardDef{Name: "Heartbeat of Spring", Cost: cost(2, "G", 0), Types: ench, Abilities: []*Ability{
			{Text: "Whenever a player taps a land for mana, that player adds one mana of any type that land produced.", Kind: Triggered,
				Trigger: &Trigger{Event: OnTappedForMana, LandOnly: true}, Produce: &Production{Kind: ProduceOneOfProducedTypes}}}},
		&CardDef{Name: "Wild Growth", Cost: cost(0, "G", 0), Types: ench, Subtypes: []string{"Aura"},
			Spell: &Ability{Kind: SpellAbility, Targets: []TargetSpec{targetLand}},
			Abilities: []*Ability{
				static("Enchant land", &StaticEffect{Kind: Enchant, Attach: targetLand}),
				{Text: "Whenever enchanted land is tapped for mana, its controller adds an additional {G}.", Kind: Triggered,
					Trigger: &Trigger{Event: OnTappedForMana, EnchantedOnly: true}, Produce: fixed(h.Green, 1)}}},
		&CardDef{Name: "Gauntlet of Power", Cost: cost(5, "", 0), Types: artifact, Abilities: []*Ability{
			static("As this artifact enters, choose a color.", &StaticEffect{Kind: EntersChoosingColor}),
			static("Creatures of the chosen color get +1/+1.", &StaticEffect{Kind: AnthemChosenColor, N: 1, T: 1}),
			{Text: "Whenever a basic land is tapped for mana of the chosen color, its controller adds an additional one mana of that color.", Kind: Triggered,
				Trigger: &Trigger{Event: OnTappedForMana, BasicOnly: true, OfChosenColor: true}, Produce: &Production{Kind: ProduceChosenColor}}}},
		pt(&CardDef{Name: "Pili-Pala", Cost: cost(2, "", 0), Types: []string{"Artifact", "Creature"}, Subtypes: []string{"Scarecrow"}, Abilities: []*Ability{
			keyword("Flying"),
			{Text: "{2}, {Q}: Add one mana of any color.", Kind: Activated, Cost: Cost{Mana: cost(2, "", 0), Untap: true}, Produce: &Production{Kind: ProduceAnyColor}}}}, 1, 1),
		&CardDef{Name: "Thousand-Year Elixir", Cost: cost(3, "", 0), Types: artifact, Abilities: []*Ability{
			static("You may activate abilities of creatures you control as though those creatures had haste.", &StaticEffect{Kind: AbilitiesAsThoughHaste}),
			{Text: "{1}, {T}: Untap target creature.", Kind: Activated, Cost: Cost{Mana: cost(1, "", 0), Tap: true}, Targets: []TargetSpec{targetCreature},
				Resolve: func(r *Resolution) {
					if t, ok := r.Target(0); ok {
						r.SetTapped(t.Object, false)
					}
				}}}},
		&CardDef{Name: "Umbral Mantle", Cost: cost(3, "", 0), Types: artifact, Subtypes: []string{"Equipment"}, Abilities: []*Ability{
			static("Equipped creature has \"{3}, {Q}: This creature gets +2/+2 until end of turn.\"", &StaticEffect{Kind: GrantToEquipped, Grant: &Ability{
				Text: "{3}, {Q}: This creature gets +2/+2 until end of turn.", Kind: Activated, Cost: Cost{Mana: cost(3, "", 0), Untap: true},
				Resolve: func(r *Resolution) {
					if src := r.Source(); !src.Gone && src.Zone == h.Battlefield {
						r.AddEffect(Effect{Layer: LayerPTModify, Duration: Duration{Kind: UntilEndOfTurn}, ModPT: [2]int{2, 2}}, src.ID)
					}
				}}}),
			equip("Equip {0}", cost(0, "", 0)),
		}},
		pt(&CardDef{Name: "Walking Ballista", Cost: cost(0, "", 2), Types: []string{"Artifact", "Creature"}, Subtypes: []string{"Construct"}, Abilities: []*Ability{
			static("This creature enters with X +1/+1 counters on it.", &StaticEffect{Kind: EntersWithCounters, Counter: PlusOne, UseX: true}),
			{Text: "{4}: Put a +1/+1 counter on this creature.", Kind: Activated, Cost: Cost{Mana: cost(4, "", 0)}, Resolve: counterOnSource},
			{Text: "Remove a +1/+1 counter from this creature: It deals 1 damage to any target.", Kind: Activated,
				Cost: Cost{RemoveCounter: PlusOne, RemoveN: 1}, Targets: []TargetSpec{targetAny},
				Resolve: func(r *Resolution) {
					if t, ok := r.Target(0); ok {
						r.Damage(t, 1)
					}
				}}}}, 0, 0),
		pt(&CardDef{Name: "Hangarback Walker", Cost: cost(0, "", 2), Types: []string{"Artifact", "Creature"}, Subtypes: []string{"Construct"}, Abilities: []*Ability{
			static("This creature enters with X +1/+1 counters on it.", &StaticEffect{Kind: EntersWithCounters, Counter: PlusOne, UseX: true}),
			{Text: "When this creature dies, create a 1/1 colorless Thopter artifact creature token with flying for each +1/+1 counter on this creature.", Kind: Triggered,
				Trigger: &Trigger{Event: OnDies},
				Resolve: func(r *Resolution) { r.CreateTokens(thopter, r.Controller(), r.item.Counters) }},
			{Text: "{1}, {T}: Put a +1/+1 counter on this creature.", Kind: Activated, Cost: Cost{Mana: cost(1, "", 0), Tap: true}, Resolve: counterOnSource}}}, 0, 0),
		pt(&CardDef{Name: "Grizzly Bears", Cost: cost(1, "G", 0), Types: creature, Subtypes: []string{"Bear"}}, 2, 2),
		pt(&CardDef{Name: "Hill Giant", Cost: cost(3, "R", 0), Types: creature, Subtypes: []string{"Giant"}}, 3, 3),
	)
}

// counterOnSource: "Put a +1/+1 counter on this creature."
func counterOnSource(r *Resolution) {
	if src := r.Source(); !src.Gone && src.Zone == h.Battlefield {
		r.AddCounters(src.ID, PlusOne, 1)
	}
}

// equip is "Equip [cost]": attach to target creature you control; activate only as a
// sorcery (CR 702.6a). Attaching gives the Equipment a new timestamp (613.7e).
func equip(text string, c ManaCost) *Ability {
	return &Ability{Text: text, Kind: Activated, Sorcery: true, Cost: Cost{Mana: c}, Targets: []TargetSpec{targetCreatureYouControl},
		Resolve: func(r *Resolution) {
			t, ok := r.Target(0)
			src := r.Source()
			if !ok || src.Gone || src.Zone != h.Battlefield || t.Object == src.ID {
				return
			}
			src.AttachedTo = t.Object
			src.Timestamp = r.s.timestamp()
		}}
}
