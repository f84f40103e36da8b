package engine

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/mtgfuzz/mtgfuzz/cards"
	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// cardDef is one card of the pool, or a token it creates: its printed characteristics
// (CR 109.3), taken from the cards package's table, with its abilities as data. Each is
// defined once, in a cards_*.go file; the rules code never names a card.
//
// The printed characteristics are unexported: the rules read an object's characteristics
// from the projection only (view.Of, cr613_layers.go), which starts from them (CR 613.1).
// A structural test (printed_reads_test.go) keeps it so.
type cardDef struct {
	printed chars // read only, shared by every object that is this card
	// texts is abilityTexts(&printed), for the snapshots of objects with their printed
	// characteristics to share.
	texts []string
	// activations is printedActivations(&printed), the texts of actions activating its
	// abilities.
	activations []printedActivation
	// continuous: a printed static ability generates a continuous effect (CR 611.3).
	continuous bool
	// back is the back face of a nonmodal double-faced card (CR 712.2), for its front
	// face's definition; front is the front face's, for its back face's. A permanent
	// transforms by taking the other face's definition (cr712_transform.go).
	back, front *cardDef
}

// manaCost is a printed mana cost or an activation's mana cost: coloured/colourless
// symbols, a generic amount, and how many {X} it has (CR 107.3, 202.1).
type manaCost struct {
	Mana    h.Mana
	Generic int
	X       int
	// None: no mana cost at all (lands, tokens, face-down objects; CR 202.1b), which is
	// not {0}. Its mana value is 0 (CR 202.3a).
	None bool
}

// ManaValue is the cost's mana value off the stack, X counting as 0 (CR 202.3, 107.3g).
func (c manaCost) ManaValue() int { return c.Mana.Total() + c.Generic }

func (c manaCost) String() string {
	if c.None {
		return ""
	}
	s := ""
	for i := 0; i < c.X; i++ {
		s += "{X}"
	}
	if c.Generic > 0 || (c.Mana.IsZero() && c.X == 0) {
		s += fmt.Sprintf("{%d}", c.Generic)
	}
	if !c.Mana.IsZero() {
		s += c.Mana.String()
	}
	return s
}

// abilityKind classifies abilities (CR 113.3).
type abilityKind uint8

const (
	Keyword abilityKind = iota
	Activated
	Triggered
	Static
	SpellAbility
)

// ability is one ability as data. Mana abilities (CR 605.1) are Activated or Triggered
// abilities with Produce set and no targets.
type ability struct {
	// Text is the ability's Oracle line (set by define) or, for an ability the rules or
	// another ability give, its text there.
	Text    string
	Kind    abilityKind
	Keyword string // for Keyword: "Flying", "Trample", "Indestructible", "Haste"
	// Also are the other keywords of a line that lists several ("Flying, trample, ...",
	// CR 702.1: each is a separate ability), as Keyword names them.
	Also []string
	// Morph is a morph ability's cost (CR 702.37a): a Keyword "Morph" ability is no
	// activated ability; turning the permanent face up is a special action (116.2b).
	Morph *manaCost

	// Activated and spell abilities.
	Cost    activationCost
	Sorcery bool // "activate only as a sorcery" (equip, CR 702.6a)
	// FromHand: it functions only while the card is in its owner's hand (cycling,
	// CR 702.29a); other activated abilities function on the battlefield.
	FromHand bool
	Targets  []targetSpec
	// Produce makes it a mana ability: what it adds as it resolves (CR 605, 106).
	Produce *manaProduction
	// Resolve is the effect of a non-mana ability or spell (CR 608.2).
	Resolve func(r *resolution)

	// Triggered abilities (CR 603).
	Trigger *trigger

	// Static abilities (CR 604).
	Static *staticEffect

	// Copy is the copy effect the ability creates (CR 707): as a replacement effect on
	// entering (EntersAsCopy) or as it resolves ("becomes a copy").
	Copy *copyAbility
	// Linked lists the positions, among the abilities of the object that has this one, of
	// the abilities it is linked to (CR 607.2a: "the exiled card", "cards exiled with").
	Linked []int
}

// IsMana reports whether the ability is a mana ability (CR 605.1a, 605.1b).
func (a *ability) IsMana() bool { return a.Produce != nil && len(a.Targets) == 0 }

// activationCost is an activation cost (CR 118, 602.1a).
type activationCost struct {
	Mana  manaCost
	Tap   bool // {T} (CR 107.5)
	Untap bool // {Q} (CR 107.6)
	// RemoveCounters of the given kind from the source, as a cost.
	RemoveCounter counterKind
	RemoveN       int
	// LoyaltySymbol makes the ability a loyalty ability (CR 606.2) whose cost puts Loyalty
	// loyalty counters on the source, or removes -Loyalty of them (606.4).
	LoyaltySymbol bool
	Loyalty       int
	// DiscardSelf: "Discard this card" (cycling's cost, CR 702.29a).
	DiscardSelf bool
	// Life to pay (CR 119.4, 118.3): payable only with a life total at least that high.
	Life int
	// Sacrifice is how many creatures to sacrifice (CR 118.3, 701.21a): "Sacrifice five
	// creatures"; the activation names them (cr118_sacrifice_cost.go).
	Sacrifice int
}

// zone is where an activated ability functions (CR 113.6).
func (a *ability) zone() h.Zone {
	if a.FromHand {
		return h.Hand
	}
	return h.Battlefield
}

// IsCycling reports whether the ability is a cycling ability (CR 702.29a).
func (a *ability) IsCycling() bool { return a.Kind == Activated && a.Keyword == "Cycling" }

// Mana-producing behaviours. Each card's mana ability names one; the rules code in
// cr106_mana.go decides what each means.
type produceKind uint8

const (
	// ProduceFixed adds exactly Fixed.
	ProduceFixed produceKind = iota
	// ProduceAnyColor adds one mana of any colour.
	ProduceAnyColor
	// ProduceYourLandsCould adds one mana of any type a land you control could produce
	// (Reflecting Pool).
	ProduceYourLandsCould
	// ProduceOpponentLandsCouldColor adds one mana of any colour a land an opponent
	// controls could produce (Exotic Orchard, Fellwar Stone).
	ProduceOpponentLandsCouldColor
	// ProduceColorOfYourPermanent adds one mana of a colour of a permanent you control
	// (Meteor Crater).
	ProduceColorOfYourPermanent
	// ProducePerCreature adds Type once for each creature you control (Gaea's Cradle).
	ProducePerCreature
	// Triggered mana abilities (CR 605.1b), relative to the triggering production:
	// ProduceOneOfProducedTypes adds one mana of any type the land produced (Mana Flare).
	ProduceOneOfProducedTypes
	// ProduceChosenColor adds one mana of the source's chosen colour (Gauntlet of Power).
	ProduceChosenColor
	// ProduceLinkedExiledColor adds one mana of any colour of the cards its linked ability
	// exiled (Chrome Mox; CR 607.2a, 607.3).
	ProduceLinkedExiledColor
)

// manaProduction says what a mana ability adds.
type manaProduction struct {
	Kind  produceKind
	Fixed h.Mana
	Type  h.ManaType
}

// triggerEvent is what a triggered ability waits for.
type triggerEvent uint8

const (
	// OnTappedForMana: a permanent is tapped for mana (CR 106.12a).
	OnTappedForMana triggerEvent = iota
	// OnStepBegins: the beginning of Step of its controller's turn (CR 503, 504).
	OnStepBegins
	// OnDies: this creature is put into a graveyard from the battlefield (CR 700.4).
	OnDies
	// OnEnters: this permanent enters the battlefield (CR 603.6a).
	OnEnters
	// OnLeaves: this permanent leaves the battlefield, to any zone (CR 603.6c).
	OnLeaves
	// OnPutIntoGraveyard: this permanent is put into a graveyard from the battlefield,
	// whatever its card types (CR 603.6c, 603.10a).
	OnPutIntoGraveyard
	// OnBecomesTarget: this permanent becomes the target of a spell or ability (CR 115.9).
	OnBecomesTarget
	// OnCycle: a card is cycled (CR 702.29c): "when you cycle this card" (Self, triggering
	// from the zone the card went to), "whenever you cycle a card", "whenever a player
	// cycles a card" (AnyPlayer).
	OnCycle
	// OnCycleOrDiscard: "whenever you cycle or discard [another] card": once for a cycled
	// card (CR 702.29d).
	OnCycleOrDiscard
	// OnCast: "whenever you cast a [noncreature] spell" (CR 601.2i).
	OnCast
	// OnLore: a Saga's chapter ability, "when one or more lore counters are put onto this
	// Saga, if the number of lore counters on it was less than N and became at least N"
	// for each N of the trigger's Chapters (CR 714.2b, 714.2c).
	OnLore
)

// trigger describes a triggered ability's trigger condition (CR 603.1).
type trigger struct {
	Event triggerEvent
	Step  h.Step
	// For OnTappedForMana: which permanents count.
	LandOnly      bool // "a land"
	BasicOnly     bool // "a basic land"
	EnchantedOnly bool // "enchanted ...": the permanent it is attached to (with LandOnly, "enchanted land")
	OfChosenColor bool // "for mana of the chosen colour"
	// For OnCycle, OnCycleOrDiscard and OnCast: whose action counts and which card.
	Self        bool // "this card"
	AnyPlayer   bool // "a player" rather than "you"
	Another     bool // "another card": not the source itself
	Noncreature bool // "a noncreature spell"
	Historic    bool // "a historic spell" (CR 700.6)
	// Chapters are a chapter ability's chapter numbers (OnLore): "I, II" is 1 and 2.
	Chapters []int
	// Intervening "if" clause (CR 603.4), checked on triggering and on resolution.
	If func(s *state, src *object) bool
}

// staticKind names a static ability's effect.
type staticKind uint8

const (
	// ReplaceMultiplyMana: "If you tap a permanent for mana, it produces N times as much
	// of that mana instead" (CR 106.12b, 614).
	ReplaceMultiplyMana staticKind = iota
	// ReplaceLandManaWithB: "If a land is tapped for mana, it produces {B} instead of any
	// other type and amount."
	ReplaceLandManaWithB
	// EntersTapped and EntersWithCounters are replacement effects on entering (CR 614.1c).
	EntersTapped
	EntersWithCounters
	// EntersChoosingColor: "As this enters, choose a color" (CR 614.12).
	EntersChoosingColor
	// AnthemChosenColor: creatures of the chosen colour get +P/+T (layer 7c).
	AnthemChosenColor
	// AbilitiesAsThoughHaste: you may activate abilities of creatures you control as
	// though those creatures had haste (CR 302.6, 702.10).
	AbilitiesAsThoughHaste
	// DoesntUntap: doesn't untap during your untap step (CR 502.3).
	DoesntUntap
	// GrantToEquipped: equipped creature has Grant (layer 6).
	GrantToEquipped
	// EntersAsCopy: "You may have this enter as a copy of ..." (CR 707.5, 614.1c); the
	// ability's Copy says what may be copied and with which exceptions.
	EntersAsCopy
	// EnchantRestriction / EquipmentRestriction: what it may be attached to (CR 303.4a, 301.5).
	Enchant
	// PumpAttached: the creature it is attached to gets +N/+T ("Equipped creature gets
	// +2/+0", layer 7c).
	PumpAttached
	// AttachedCantAttackOrBlock: the creature it is attached to can't attack or block
	// (CR 508.1c, 509.1b: a restriction, read where attackers and blockers are declared).
	AttachedCantAttackOrBlock
	// LookAtTop: "You may look at the top card of your library any time" (CR 401.2,
	// 401.5): what its controller may know, not what they may do.
	LookAtTop
	// PlayFromTop: its controller may play or cast the top card of their library when it
	// passes the ability's TopFilter (CR 601.3, 305.1), with the usual timing and costs.
	PlayFromTop
	// HistoricFlash: its controller may cast historic spells as though they had flash
	// (CR 702.8a, 700.6).
	HistoricFlash
	// SpendAnyTypeForCreatures: its controller may spend mana as though it were mana of
	// any type to cast creature spells (CR 609.4b, 106.1).
	SpendAnyTypeForCreatures
	// CantBeCountered: "This spell can't be countered" (CR 101.1, 701.6a): read where a
	// spell is countered, from the spell's characteristics (a face-down spell has none).
	CantBeCountered
)

// topFilter says which cards a PlayFromTop ability lets its controller play or cast, as
// the permission's characteristics are then (CR 601.3e): any of the marked kinds.
type topFilter uint8

const (
	TopHistoricLands topFilter = 1 << iota
	TopHistoricSpells
	TopArtifactSpells
	TopColorlessSpells
	TopCreatureSpells
)

// staticEffect is a static ability's effect as data.
type staticEffect struct {
	Kind    staticKind
	N       int // multiplier, counters, +P
	T       int // +T for anthems
	Counter counterKind
	// UseX: EntersWithCounters uses X of the spell that became it (CR 107.3m).
	UseX bool
	// Top is what a PlayFromTop ability allows.
	Top   topFilter
	Grant *ability
	// Enchant's restriction.
	Attach targetSpec

	mods []modification // the continuous effect it generates, if any (continuousMods)
}

var (
	registry = map[string]*cardDef{} // cards
	tokens   = map[string]*cardDef{} // tokens the pool creates
)

// define builds a card's definition from its entry in the cards table and registers it;
// called from the cards_*.go files' init. The abilities are given in Oracle order, one
// for each Oracle line but those that are only reminder text (CR 207.2a: a basic land's
// line is reminder text for the intrinsic ability its type gives it, CR 305.6); each takes
// its line as its text.
func define(name string, abilities ...*ability) *cardDef {
	c, ok := cards.ByName(name)
	if !ok {
		panic("engine: " + name + " is not in the cards table")
	}
	d := faceDef(c, abilities)
	defs := registry
	if c.Token {
		defs = tokens
	}
	if _, dup := defs[name]; dup {
		panic("engine: card defined twice: " + name)
	}
	defs[name] = d
	return d
}

// defineBack gives the card called name, already defined, its back face (CR 712.2), with
// the abilities of the back face's Oracle lines in order.
func defineBack(name string, abilities ...*ability) {
	front := registry[name]
	c, _ := cards.ByName(name)
	if front == nil || c.Back == nil {
		panic("engine: " + name + " is not a double-faced card of the cards table")
	}
	back := faceDef(*c.Back, abilities)
	front.back, back.front = back, front
}

// Which face of a double-faced card is up is the definition its object has: status, like
// being face down, read here where definitions are (CR 712.8).

// frontFace is the definition of the card o is as it leaves the battlefield: its front
// face's, the only one it has in any other zone (CR 712.8a).
func frontFace(o *object) *cardDef {
	if o.Def.front != nil {
		return o.Def.front
	}
	return o.Def
}

// isTransformed reports whether o has its back face up (CR 701.27g).
func isTransformed(o *object) bool { return o.Def.front != nil }

// otherFaceOf is the face o transforms into, or nil if it can't transform: it isn't
// represented by a double-faced card (CR 712.9; a copy of Westvale Abbey is a copy, not a
// double-faced card).
func otherFaceOf(o *object) *cardDef {
	if o.Def.back != nil {
		return o.Def.back
	}
	return o.Def.front
}

// sameFace reports whether two objects of one card have the same face up.
func sameFace(a, b *object) bool { return a.Def == b.Def }

// faceDef builds the definition of one face of a card from its table entry, giving each
// ability its Oracle line (reminder-only lines left out, CR 207.2a).
func faceDef(c cards.Card, abilities []*ability) *cardDef {
	var lines []string
	for _, l := range c.Oracle {
		if !isReminder(l) {
			lines = append(lines, l)
		}
	}
	if len(lines) != len(abilities) {
		panic(fmt.Sprintf("engine: %s has %d Oracle abilities and %d defined", c.Name, len(lines), len(abilities)))
	}
	for i, a := range abilities {
		a.Text = lines[i]
		if a.Static != nil && a.Static.Grant != nil {
			a.Static.Grant.Text = quoted(a.Text)
		}
	}
	return newCardDef(printedChars(c), abilities)
}

// newCardDef makes a definition from printed characteristics and the card's own
// abilities, in order; a land's intrinsic abilities come from its types (CR 305.6).
func newCardDef(printed chars, abilities []*ability) *cardDef {
	d := &cardDef{printed: printed}
	d.printed.costText = d.printed.Cost.String()
	for i, a := range abilities {
		if a.Static != nil {
			a.Static.mods = continuousMods(a.Static)
			d.continuous = d.continuous || a.Static.mods != nil
		}
		d.printed.Abilities = append(d.printed.Abilities, abilityInstance{ability: a, ID: abilityID{Origin: Printed, Index: i}})
	}
	addIntrinsicLandAbilities(&d.printed)
	d.texts = abilityTexts(&d.printed)
	d.activations = printedActivations(&d.printed)
	return d
}

// printedChars turns a table entry into characteristics.
func printedChars(c cards.Card) chars {
	cost, err := parseManaCost(c.ManaCost)
	if err != nil {
		panic(fmt.Sprintf("engine: %s: %v", c.Name, err))
	}
	out := chars{Name: c.Name, Cost: cost, Supertypes: c.Supertypes, Types: c.Types, Subtypes: c.Subtypes}
	for _, l := range c.Colors {
		t, err := h.ParseManaType(l)
		if err != nil || !t.IsColor() {
			panic(fmt.Sprintf("engine: %s: colour %q", c.Name, l))
		}
		out.Colors = out.Colors.With(t)
	}
	if c.Power != nil && c.Toughness != nil {
		out.Power, out.Toughness, out.HasPT = *c.Power, *c.Toughness, true
	}
	if c.Loyalty != nil {
		out.Loyalty, out.HasLoyalty, out.StartingLoyalty = *c.Loyalty, true, *c.Loyalty
	}
	return out
}

// isReminder: a line wholly in parentheses is reminder text, with no rules meaning of its
// own (CR 207.2a).
func isReminder(line string) bool {
	return strings.HasPrefix(line, "(") && strings.HasSuffix(line, ")")
}

// quoted is the text between the first and the last double quote: the ability a static
// ability grants (`Equipped creature has "..."`).
func quoted(text string) string {
	i, j := strings.Index(text, `"`), strings.LastIndex(text, `"`)
	if i < 0 || j <= i {
		panic("engine: a granting ability quotes the ability it grants: " + text)
	}
	return text[i+1 : j]
}

// parseManaCost reads a mana cost written in symbols ("{X}{2}{G}{G}"); "" is no mana cost.
func parseManaCost(s string) (manaCost, error) {
	if s == "" {
		return manaCost{None: true}, nil
	}
	var c manaCost
	colored := ""
	for rest := s; rest != ""; {
		if rest[0] != '{' {
			return manaCost{}, fmt.Errorf("mana cost %q: want symbols in braces", s)
		}
		end := strings.IndexByte(rest, '}')
		if end < 0 {
			return manaCost{}, fmt.Errorf("mana cost %q: unclosed {", s)
		}
		sym := rest[1:end]
		rest = rest[end+1:]
		if sym == "X" {
			c.X++
		} else if n, err := strconv.Atoi(sym); err == nil && n >= 0 {
			c.Generic += n
		} else {
			colored += sym
		}
	}
	m, err := h.ParseMana(colored)
	if err != nil {
		return manaCost{}, fmt.Errorf("mana cost %q: %w", s, err)
	}
	c.Mana = m
	return c, nil
}

// card looks a card of the pool up by name (tokens are not cards: see tokenDef).
func card(name string) (*cardDef, bool) {
	d, ok := registry[name]
	return d, ok
}

// tokenDef looks up a token the pool creates (Hangarback Walker's Thopter).
func tokenDef(name string) (*cardDef, bool) {
	d, ok := tokens[name]
	return d, ok
}

// CardNames lists the pool's cards, sorted.
func CardNames() []string { return sortedNames(registry) }

// TokenNames lists the tokens the pool creates, sorted.
func TokenNames() []string { return sortedNames(tokens) }

// sizedTokenNames lists the tokens the pool creates with a size, an X/X whose X the
// creating effect sets (CR 111.3), sorted.
func sizedTokenNames() []string {
	var out []string
	for _, n := range TokenNames() {
		if c, _ := cards.ByName(n); c.SizeX {
			out = append(out, n)
		}
	}
	return out
}

func sortedNames(defs map[string]*cardDef) []string {
	names := make([]string, 0, len(defs))
	for n := range defs {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func hasString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// copyAbilityOf is the first ability printed on the card that creates a copy effect, or
// nil: what a setup's "copy effect in force" on a permanent of this card came from.
func copyAbilityOf(d *cardDef) *ability {
	for _, a := range d.printed.Abilities {
		if a.Copy != nil {
			return a.ability
		}
	}
	return nil
}

// isTableDef reports whether d is the pool's own definition of its card or token, not
// one made for a token whose creating effect set its size (sized).
func isTableDef(d *cardDef) bool {
	name := d.printed.Name
	return registry[name] == d || tokens[name] == d
}

type sizedKey struct {
	def *cardDef
	x   int
}

var sizedDefs sync.Map // sizedKey -> *cardDef

// sizedToken is the definition of an X/X token the setup gives a size: the X of the
// effect that created it is its power and toughness, part of its copiable values (CR
// 111.3). Only a token whose creating effect defines that size takes one.
func sizedToken(pm h.PermanentSpec, d *cardDef) (*cardDef, error) {
	c, _ := cards.ByName(pm.Name)
	switch {
	case pm.Size < 0:
		return nil, fmt.Errorf("setup: %s: size %d: want 0 or more", pm.Name, pm.Size)
	case !pm.Token:
		return nil, fmt.Errorf("setup: %s: size %d: only an X/X token takes a size, and this permanent is not a token", pm.Name, pm.Size)
	case tokens[pm.Name] != d || !c.SizeX:
		return nil, fmt.Errorf("setup: %s: size %d: this token's power and toughness are printed, not an X it is created with (the sized tokens: %s)", pm.Name, pm.Size, strings.Join(sizedTokenNames(), ", "))
	}
	return sized(d, pm.Size), nil
}

// sized is def with power and toughness x, made once per x and shared.
func sized(def *cardDef, x int) *cardDef {
	k := sizedKey{def, x}
	if d, ok := sizedDefs.Load(k); ok {
		return d.(*cardDef)
	}
	d := &cardDef{printed: def.printed, texts: def.texts, activations: def.activations, continuous: def.continuous}
	d.printed.Power, d.printed.Toughness = x, x
	got, _ := sizedDefs.LoadOrStore(k, d)
	return got.(*cardDef)
}
