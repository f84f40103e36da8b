package engine

import (
	"fmt"
	"slices"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// Cards of the Crystal Skull rulings: historic (CR 700.6), casting from the top of the
// library (CR 601.3), "whenever you cast a historic spell" (601.2i, 603.2), flash for
// historic spells, the legendary sorcery rule (205.4e), and a creature put onto the
// battlefield without being cast.

// lookAtTop is "You may look at the top card of your library any time." (CR 401.2).
func lookAtTop() *Ability { return static(&StaticEffect{Kind: LookAtTop}) }

// fromTop is "You may play/cast ... from the top of your library." (CR 601.3).
func fromTop(f TopFilter) *Ability { return static(&StaticEffect{Kind: PlayFromTop, Top: f}) }

// onHistoricCast is "Whenever you cast a historic spell, ..." (CR 601.2i, 700.6).
func onHistoricCast(resolve func(r *Resolution)) *Ability {
	return &Ability{Kind: Triggered, Trigger: &Trigger{Event: OnCast, Historic: true}, Resolve: resolve}
}

// hasteFromEffect is the haste an effect gives (Sneak Attack's "That creature gains haste").
var hasteFromEffect = &Ability{Kind: Keyword, Keyword: "Haste", Text: "Haste"}

func init() {
	define("Crystal Skull, Isu Spyglass", lookAtTop(), fromTop(TopHistoricLands|TopHistoricSpells), manaAbility(fixed(h.Blue, 1)))
	define("Mystic Forge", lookAtTop(), fromTop(TopArtifactSpells|TopColorlessSpells),
		&Ability{Kind: Activated, Cost: Cost{Tap: true, Life: 1}, Resolve: func(r *Resolution) {
			if lib := r.s.Players[r.Controller()].Library; len(lib) > 0 {
				r.MoveTo(lib[0], h.Exile, false)
			}
		}})
	define("Vizier of the Menagerie", lookAtTop(), fromTop(TopCreatureSpells), static(&StaticEffect{Kind: SpendAnyTypeForCreatures}))
	define("Jhoira, Weatherlight Captain", onHistoricCast(func(r *Resolution) { r.Draw(r.Controller()) }))
	define("Daring Archaeologist",
		&Ability{Kind: Triggered, Trigger: &Trigger{Event: OnEnters}, Targets: []TargetSpec{targetArtifactCardYourGraveyard},
			Resolve: func(r *Resolution) {
				if t, ok := r.Target(0); ok && r.May(fmt.Sprintf("return %s (card %d) to your hand", r.Chars(t.Object).Name, t.Card)) {
					r.MoveTo(t.Object, h.Hand, false)
				}
			}},
		onHistoricCast(func(r *Resolution) {
			if src := r.item.Source; r.s.onBattlefield(src) {
				r.AddCounters(src, PlusOne, 1)
			}
		}))
	define("Raff Capashen, Ship's Mage", keyword("Flash"), keyword("Flying"), static(&StaticEffect{Kind: HistoricFlash}))
	define("Ornithopter", keyword("Flying"))
	define("Sneak Attack", &Ability{Kind: Activated, Cost: Cost{Mana: cost(0, "R", 0)}, Resolve: sneakAttack})
	define("Urza's Ruinous Blast", spell(nil, func(r *Resolution) {
		var exiled []h.ObjectID // all at once: chosen before any leaves
		for _, id := range r.s.Battlefield {
			if c := r.Chars(id); !c.HasType("Land") && !c.HasSupertype("Legendary") {
				exiled = append(exiled, id)
			}
		}
		for _, id := range exiled {
			r.MoveTo(id, h.Exile, false)
		}
	}))
}

// sneakAttack: "You may put a creature card from your hand onto the battlefield. That
// creature gains haste. Sacrifice the creature at the beginning of the next end step." It
// is put, not cast (CR 601.2i doesn't apply); the sacrifice is a delayed trigger (603.7)
// that does nothing if the creature has left the battlefield (603.7c, 400.7).
func sneakAttack(r *Resolution) {
	p := r.Controller()
	options := []string{"put nothing onto the battlefield"}
	var cards []h.ObjectID
	for _, id := range r.s.Players[p].Hand {
		if c := r.Chars(id); c.HasType("Creature") {
			options = append(options, fmt.Sprintf("put %s (card %d) onto the battlefield", c.Name, r.s.obj(id).Card))
			cards = append(cards, id)
		}
	}
	if len(cards) == 0 {
		return
	}
	i := slices.Index(options, r.Choose(options))
	if i <= 0 {
		return
	}
	put := r.PutOntoBattlefield([]h.ObjectID{cards[i-1]}, func(*Object) h.Player { return p })
	if len(put) == 0 {
		return
	}
	it := put[0]
	r.AddEffect(Duration{Kind: Forever}, []Modification{AddAbility{Ability: hasteFromEffect}}, it)
	r.Delay(h.End, "Sacrifice the creature.", func(r *Resolution) {
		if r.s.onBattlefield(it) {
			r.MoveTo(it, h.Graveyard, false)
		}
	})
}
