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
func lookAtTop() *ability { return static(&staticEffect{Kind: LookAtTop}) }

// fromTop is "You may play/cast ... from the top of your library." (CR 601.3).
func fromTop(f topFilter) *ability { return static(&staticEffect{Kind: PlayFromTop, Top: f}) }

// onHistoricCast is "Whenever you cast a historic spell, ..." (CR 601.2i, 700.6).
func onHistoricCast(resolve func(r *resolution)) *ability {
	return &ability{Kind: Triggered, Trigger: &trigger{Event: OnCast, Historic: true}, Resolve: resolve}
}

// hasteFromEffect is the haste an effect gives (Sneak Attack's "That creature gains haste").
var hasteFromEffect = &ability{Kind: Keyword, Keyword: "Haste", Text: "Haste"}

func init() {
	define("Crystal Skull, Isu Spyglass", lookAtTop(), fromTop(TopHistoricLands|TopHistoricSpells), manaAbility(fixed(h.Blue, 1)))
	define("Mystic Forge", lookAtTop(), fromTop(TopArtifactSpells|TopColorlessSpells),
		&ability{Kind: Activated, Cost: activationCost{Tap: true, Life: 1}, Resolve: func(r *resolution) {
			if lib := r.s.Players[r.Controller()].Library; len(lib) > 0 {
				r.MoveTo(lib[0], h.Exile, false)
			}
		}})
	define("Vizier of the Menagerie", lookAtTop(), fromTop(TopCreatureSpells), static(&staticEffect{Kind: SpendAnyTypeForCreatures}))
	define("Jhoira, Weatherlight Captain", onHistoricCast(func(r *resolution) { r.Draw(r.Controller()) }))
	define("Daring Archaeologist",
		&ability{Kind: Triggered, Trigger: &trigger{Event: OnEnters}, Targets: []targetSpec{targetArtifactCardYourGraveyard},
			Resolve: func(r *resolution) {
				if t, ok := r.Target(0); ok && r.May(fmt.Sprintf("return %s (card %d) to your hand", r.Chars(t.Object).Name, t.Card)) {
					r.MoveTo(t.Object, h.Hand, false)
				}
			}},
		onHistoricCast(func(r *resolution) {
			if src := r.item.Source; r.s.onBattlefield(src) {
				r.AddCounters(src, PlusOne, 1)
			}
		}))
	define("Raff Capashen, Ship's Mage", keyword("Flash"), keyword("Flying"), static(&staticEffect{Kind: HistoricFlash}))
	define("Ornithopter", keyword("Flying"))
	define("Sneak Attack", &ability{Kind: Activated, Cost: activationCost{Mana: cost(0, "R", 0)}, Resolve: sneakAttack})
	define("Urza's Ruinous Blast", spell(nil, func(r *resolution) {
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
func sneakAttack(r *resolution) {
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
	put := r.PutOntoBattlefield([]h.ObjectID{cards[i-1]}, func(*object) h.Player { return p })
	if len(put) == 0 {
		return
	}
	it := put[0]
	r.AddEffect(duration{Kind: Forever}, []modification{addAbility{Ability: hasteFromEffect}}, it)
	r.Delay(h.End, "Sacrifice the creature.", func(r *resolution) {
		if r.s.onBattlefield(it) {
			r.MoveTo(it, h.Graveyard, false)
		}
	})
}
