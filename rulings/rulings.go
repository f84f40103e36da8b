// Package rulings is the list of official rulings mtgfuzz exists to check, each under the
// stable ID that properties, corpus directories, faults and reports use. A ruling says in
// a sentence what the rules give in a situation, with the Comprehensive Rules (CR)
// numbers it rests on (CR effective 2026-04-17; numbers move between editions, IDs don't)
// and the cards of the pool that exercise it.
//
// The rulings come from three sets of official rulings: general rulings on mana and the
// {T} and {Q} symbols, and the rulings of the cards Crystalline Resonance and Crystal
// Skull, Isu Spyglass. Two groups of the project's own follow them (general.go): the
// general rules those rulings rest on (rules.*) and the invariants every engine must keep
// (invariant.*), so that every ID anything names is listed here. docs/rulings.md is
// generated from this list together with the properties, scenarios and faults that check
// each ruling.
package rulings

import "slices"

// Ruling is one official ruling, or one general rule or invariant of the project's own.
type Ruling struct {
	ID      string   `json:"id"`
	Group   string   `json:"group"`   // the set of rulings it comes from, or GeneralRules or Invariants
	Summary string   `json:"summary"` // what it says, in one or two sentences
	Rules   []string `json:"rules"`   // CR rule numbers; none for an invariant of the engine as a program
	Cards   []string `json:"cards"`   // cards that exercise it; none for what every card does
}

// The groups the rulings come from.
const (
	General   = "General rulings on mana and the {T} and {Q} symbols"
	Resonance = "Crystalline Resonance"
	Skull     = "Crystal Skull, Isu Spyglass"

	GeneralRules = "General rules"
	Invariants   = "Invariants"
)

// all is the official rulings, then the general rules and invariants.
var all = slices.Concat(official, general)

var official = []Ruling{
	{"mana.undefined-type", General,
		"When the type of mana an ability would produce can't be defined (no land to look at, no colour among the permanents it refers to), the ability produces no mana at all.",
		[]string{"106.5", "106.1b", "605.2"}, []string{"Reflecting Pool", "Exotic Orchard", "Fellwar Stone", "Meteor Crater", "Chrome Mox"}},
	{"mana.could-produce", General,
		"The mana a permanent \"could produce\" is every type its mana abilities would make if they resolved now, with replacement effects applied in every possible order and costs ignored; an ability whose type is undefined could produce none.",
		[]string{"106.7", "616.1"}, []string{"Reflecting Pool", "Exotic Orchard", "Fellwar Stone", "Vivid Crag", "Contamination", "Gaea's Cradle"}},
	{"mana.tap-for-mana", General,
		"A permanent is \"tapped for mana\" only when one of its mana abilities with {T} in its cost is activated; other ways of tapping it, or mana abilities without {T}, don't count.",
		[]string{"106.12", "605.1a", "107.5"}, []string{"Mana Reflection", "Pili-Pala", "Academy Ruins", "Llanowar Elves", "Dark Ritual"}},
	{"mana.tapped-trigger", General,
		"A \"whenever ... is tapped for mana [of a type]\" ability triggers when the mana ability resolves and actually produces mana [of that type]; it is a mana ability itself and doesn't use the stack.",
		[]string{"106.12a", "605.1b", "605.4a"}, []string{"Mana Flare", "Heartbeat of Spring", "Wild Growth", "Gauntlet of Power", "Gaea's Cradle"}},
	{"mana.tapped-replacement", General,
		"A replacement effect on \"is tapped for mana\" changes the mana the ability produces while it resolves; when several apply, the affected player chooses the order.",
		[]string{"106.12b", "614", "616.1"}, []string{"Mana Reflection", "Contamination", "Nyxbloom Ancient", "Crystal Skull, Isu Spyglass"}},
	{"x.etb-uses-spell-x", General,
		"An enters-the-battlefield trigger or replacement effect that refers to X uses the X chosen as the spell was cast; on the permanent itself X is 0.",
		[]string{"107.3m", "107.3i", "107.3g"}, []string{"Walking Ballista", "Hangarback Walker", "Clone", "Shark Typhoon"}},
	{"cost.tap-symbol", General,
		"{T} can't be paid by a tapped permanent, and a creature's {T} ability needs its controller to have controlled it continuously since their most recent turn began, unless it has haste.",
		[]string{"107.5", "302.6", "702.10"}, []string{"Llanowar Elves", "Fellwar Stone", "Mutavault", "Crystal Skull, Isu Spyglass"}},
	{"cost.untap-symbol", General,
		"{Q} can't be paid by an untapped permanent, and a creature's {Q} ability follows the same control rule as {T}.",
		[]string{"107.6", "302.6"}, []string{"Pili-Pala", "Umbral Mantle", "Thousand-Year Elixir", "Twiddle"}},

	{"copy.prior-effects-persist", Resonance,
		"Effects that applied to the enchantment before it became a copy go on applying to it as a copy.",
		[]string{"707.4", "613", "611.2c"}, []string{"Giant Growth", "Mirage Mirror"}},
	{"copy.linked-abilities", Resonance,
		"Linked abilities it gains by copying stay linked only while it keeps copying that object; once it stops, copying the object again later doesn't restore the link.",
		[]string{"607.1", "607.2a", "707.7"}, []string{"Helvault", "Oblivion Ring", "Chrome Mox"}},
	{"copy.aura-equipment", Resonance,
		"As a copy of an Aura it is put into the graveyard unless it is already legally attached; as a copy of an Equipment attached to a creature, it becomes unattached when it turns back into an enchantment.",
		[]string{"704.5m", "704.5n", "704.5p"}, []string{"Pacifism", "Bonesplitter", "Umbral Mantle"}},
	{"copy.legend-rule", Resonance,
		"As a copy of a legendary permanent its controller already controls, the legend rule applies and the controller keeps one of them.",
		[]string{"704.5j"}, []string{"Isamaru, Hound of Konda", "Helvault", "Crystal Skull, Isu Spyglass", "Spark Double"}},
	{"copy.overwrite-expire-together", Resonance,
		"When its ability triggers several times in a turn, each resolution replaces what it copies, so it ends as a copy of the last target; all the copy effects end together as its controller's next turn begins.",
		[]string{"613.2a", "613.7", "611.2a"}, []string{"Crystalline Resonance", "Cryptoplasm", "Mirage Mirror"}},
	{"copy.copiable-values", Resonance,
		"It copies the printed values and other copy effects only, not counters or other effects: power, toughness, types, colour and being a creature come from the copiable values.",
		[]string{"707.2", "613"}, []string{"Mutavault", "Hangarback Walker", "Giant Growth"}},
	{"cycling.not-a-spell", Resonance,
		"Cycling and the abilities that trigger on cycling are abilities, not spells: what counters or affects spells can't touch them.",
		[]string{"702.29a", "113", "112"}, []string{"Cancel", "Disallow", "Stifle", "Decree of Pain"}},
	{"copy.summoning-sickness", Resonance,
		"If it becomes a creature on the turn it came under its controller's control, it can't attack or use {T} abilities unless it has haste.",
		[]string{"302.6", "702.10"}, []string{"Llanowar Elves", "Mutavault", "Thousand-Year Elixir"}},
	{"copy.expires-before-next-turn", Resonance,
		"The copy effect ends immediately before its controller's next turn begins, before anything happens in the untap step.",
		[]string{"611.2a", "500", "800.4m"}, []string{"Mana Vault", "Time Walk"}},
	{"copy.of-resonance", Resonance,
		"A permanent that copies it while it copies something becomes that something, and has its triggered ability too.",
		[]string{"707.3", "707.9a"}, []string{"Clone", "Clever Impersonator", "Cryptoplasm", "Phantasmal Image"}},
	{"copy.of-a-copy", Resonance,
		"If it copies a permanent that is itself copying something, it becomes what that permanent is copying.",
		[]string{"707.3"}, []string{"Clone", "Phantasmal Image", "Spark Double", "Grizzly Bears"}},
	{"copy.planeswalker-loyalty", Resonance,
		"Becoming a copy of a planeswalker gives it no loyalty counters, so with no loyalty it is put into its owner's graveyard.",
		[]string{"306.5b", "704.5i", "707.4"}, []string{"Jace Beleren", "Spark Double", "Clever Impersonator"}},
	{"cycling.trigger-independent", Resonance,
		"A card can be cycled even when a cycling trigger would have no legal target; countering the cycling ability leaves the trigger, and countering the trigger leaves the cycling.",
		[]string{"702.29c", "603.3d", "608.2b"}, []string{"Nimble Obstructionist", "Decree of Pain", "Disallow", "Stifle", "Astral Slide"}},
	{"cycling.triggers-before-draw", Resonance,
		"Abilities that trigger when a card is cycled go on the stack above the cycling ability, so they resolve before its draw.",
		[]string{"603.3", "405.5", "702.29d"}, []string{"Curator of Mysteries", "Drake Haven", "Lightning Rift", "Shark Typhoon"}},

	{"historic.cast-only", Skull,
		"\"Whenever you cast a historic spell\" triggers only on casting: a historic card put onto the battlefield without being cast doesn't trigger it.",
		[]string{"700.6", "601.2i"}, []string{"Jhoira, Daring Archaeologist", "Sneak Attack"}},
	{"library.look-top-any-time", Skull,
		"Its controller may look at the top card of their library at any time, even without priority; looking doesn't use the stack, and what they see is information they have and the opponent doesn't.",
		[]string{"401.2", "401.5"}, []string{"Crystal Skull, Isu Spyglass", "Vizier of the Menagerie", "Mystic Forge"}},
	{"historic.face-down-not-historic", Skull,
		"A historic card with morph or disguise on top of the library can't be cast face down with its permission: the face-down spell has no characteristics that make it historic.",
		[]string{"601.3e", "708.2", "702.37c"}, []string{"Akroma, Angel of Fury", "Mystic Forge"}},
	{"historic.definition", Skull,
		"A card is historic if it is legendary, an artifact or a Saga; having more than one of these counts once.",
		[]string{"700.6"}, []string{"Ornithopter", "Isamaru, Hound of Konda", "History of Benalia", "Helvault"}},
	{"historic.lands-and-transform", Skull,
		"Lands are played, never cast, so playing a historic land from the top triggers no \"cast a historic spell\" ability; nor does a permanent transforming into something historic.",
		[]string{"305.1", "116.2a", "712"}, []string{"Academy Ruins", "Darksteel Citadel", "Westvale Abbey", "Jhoira, Daring Archaeologist"}},
	{"library.top-changes-while-casting", Skull,
		"If the top card of the library changes while a spell is being cast, a land played or an ability activated, the new top card can't be looked at until that is finished.",
		[]string{"401.5", "601.2"}, []string{"Crystal Skull, Isu Spyglass", "Vizier of the Menagerie"}},
	{"library.costs-and-timing", Skull,
		"A spell cast from the top of the library still has all its costs paid and follows every timing rule, as from the hand.",
		[]string{"601.3", "601.2f-h", "307.1", "305.2"}, []string{"History of Benalia", "Urza's Ruinous Blast", "Raff Capashen, Ship's Mage", "Vizier of the Menagerie"}},
	{"historic.trigger-resolves-first", Skull,
		"The \"cast a historic spell\" trigger goes on the stack above the spell and resolves first, even if the spell is then countered.",
		[]string{"603.3", "405.5", "113.7a"}, []string{"Jhoira, Daring Archaeologist", "Cancel"}},
}

// All lists every ruling, grouped as they come, in a fixed order.
func All() []Ruling {
	out := make([]Ruling, len(all))
	for i, r := range all {
		r.Rules, r.Cards = slices.Clone(r.Rules), slices.Clone(r.Cards)
		out[i] = r
	}
	return out
}

// IDs lists every ruling ID in All's order.
func IDs() []string {
	out := make([]string, len(all))
	for i, r := range all {
		out[i] = r.ID
	}
	return out
}
