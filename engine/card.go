package engine

import (
	"fmt"
	"sort"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// CardDef is a card's printed data (CR 109.3) and its abilities as data. Each card of the
// pool is defined once, in a cards_*.go file; the rules code never names a card.
type CardDef struct {
	Name       string
	Cost       ManaCost
	Colors     h.TypeSet // from the mana cost (CR 202.2) unless a colour indicator says otherwise
	Supertypes []string
	Types      []string
	Subtypes   []string
	Power      int
	Toughness  int
	HasPT      bool
	Loyalty    int
	HasLoyalty bool
	Abilities  []*Ability
	// Spell is the effect of an instant or sorcery as it resolves (CR 608.2).
	Spell *Ability
	// AllCreatureTypes: it has every creature type (changeling-like text, CR 205.3m).
	AllCreatureTypes bool

	printed  *Chars // computed by register; read only
	costText string // Cost.String(), computed by register
}

// printedChars returns the card's printed characteristics, shared and read only.
func (d *CardDef) printedChars() *Chars {
	if d.printed == nil { // a definition not in the registry (a token's)
		c := printed(d)
		return &c
	}
	return d.printed
}

// ManaCost is a printed mana cost or an activation's mana cost: coloured/colourless
// symbols, a generic amount, and how many {X} it has (CR 107.3, 202.1).
type ManaCost struct {
	Mana    h.Mana
	Generic int
	X       int
}

// ManaValue is the cost's mana value off the stack, X counting as 0 (CR 202.3, 107.3g).
func (c ManaCost) ManaValue() int { return c.Mana.Total() + c.Generic }

func (c ManaCost) String() string {
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

// HasType reports whether the printed type line has t.
func (d *CardDef) HasType(t string) bool { return hasString(d.Types, t) }

// AbilityKind classifies abilities (CR 113.3).
type AbilityKind uint8

const (
	Keyword AbilityKind = iota
	Activated
	Triggered
	Static
	SpellAbility
)

// Ability is one ability as data. Mana abilities (CR 605.1) are Activated or Triggered
// abilities with Produce set and no targets.
type Ability struct {
	Text    string
	Kind    AbilityKind
	Keyword string // for Keyword: "Flying", "Trample", "Indestructible", "Haste"

	// Activated and spell abilities.
	Cost    Cost
	Sorcery bool // "activate only as a sorcery" (equip, CR 702.6a)
	Targets []TargetSpec
	// Produce makes it a mana ability: what it adds as it resolves (CR 605, 106).
	Produce *Production
	// Resolve is the effect of a non-mana ability or spell (CR 608.2).
	Resolve func(r *Resolution)

	// Triggered abilities (CR 603).
	Trigger *Trigger

	// Static abilities (CR 604).
	Static *StaticEffect
}

// IsMana reports whether the ability is a mana ability (CR 605.1a, 605.1b).
func (a *Ability) IsMana() bool { return a.Produce != nil && len(a.Targets) == 0 }

// Cost is an activation cost (CR 118, 602.1a).
type Cost struct {
	Mana  ManaCost
	Tap   bool // {T} (CR 107.5)
	Untap bool // {Q} (CR 107.6)
	// RemoveCounters of the given kind from the source, as a cost.
	RemoveCounter CounterKind
	RemoveN       int
}

// Mana-producing behaviours. Each card's mana ability names one; the rules code in
// cr106_mana.go decides what each means.
type ProduceKind uint8

const (
	// ProduceFixed adds exactly Fixed.
	ProduceFixed ProduceKind = iota
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
)

// Production says what a mana ability adds.
type Production struct {
	Kind  ProduceKind
	Fixed h.Mana
	Type  h.ManaType
}

// TriggerEvent is what a triggered ability waits for.
type TriggerEvent uint8

const (
	// OnTappedForMana: a permanent is tapped for mana (CR 106.12a).
	OnTappedForMana TriggerEvent = iota
	// OnStepBegins: the beginning of Step of its controller's turn (CR 503, 504).
	OnStepBegins
	// OnDies: this creature is put into a graveyard from the battlefield (CR 700.4).
	OnDies
)

// Trigger describes a triggered ability's trigger condition (CR 603.1).
type Trigger struct {
	Event TriggerEvent
	Step  h.Step
	// For OnTappedForMana: which permanents count.
	LandOnly      bool // "a land"
	BasicOnly     bool // "a basic land"
	EnchantedOnly bool // "enchanted land"
	OfChosenColor bool // "for mana of the chosen colour"
	// Intervening "if" clause (CR 603.4), checked on triggering and on resolution.
	If func(s *State, src *Object) bool
}

// StaticKind names a static ability's effect.
type StaticKind uint8

const (
	// ReplaceMultiplyMana: "If you tap a permanent for mana, it produces N times as much
	// of that mana instead" (CR 106.12b, 614).
	ReplaceMultiplyMana StaticKind = iota
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
	// EnchantRestriction / EquipmentRestriction: what it may be attached to (CR 303.4a, 301.5).
	Enchant
)

// StaticEffect is a static ability's effect as data.
type StaticEffect struct {
	Kind    StaticKind
	N       int // multiplier, counters, +P
	T       int // +T for anthems
	Counter CounterKind
	// UseX: EntersWithCounters uses X of the spell that became it (CR 107.3m).
	UseX  bool
	Grant *Ability
	// Enchant's restriction.
	Attach TargetSpec
}

var registry = map[string]*CardDef{}

// register adds a card to the pool; called from the cards_*.go files' init.
func register(defs ...*CardDef) {
	for _, d := range defs {
		if _, dup := registry[d.Name]; dup {
			panic("engine: card defined twice: " + d.Name)
		}
		if d.Colors == 0 {
			d.Colors = d.Cost.Mana.Types().Colors()
		}
		c := printed(d)
		d.printed = &c
		d.costText = d.Cost.String()
		registry[d.Name] = d
	}
}

// tokens holds the definitions of the tokens the pool's cards create (CR 111.4): not cards,
// but a setup may place them on the battlefield.
var tokens = map[string]*CardDef{}

// registerToken adds a token definition and returns it, for the card that creates it.
func registerToken(d *CardDef) *CardDef {
	c := printed(d)
	d.printed = &c
	d.costText = d.Cost.String()
	tokens[d.Name] = d
	return d
}

// Card looks a card up by name.
func Card(name string) (*CardDef, bool) {
	d, ok := registry[name]
	return d, ok
}

// TokenDef looks up a token the pool creates, by name.
func TokenDef(name string) (*CardDef, bool) {
	d, ok := tokens[name]
	return d, ok
}

// CardNames lists the pool, sorted.
func CardNames() []string {
	names := make([]string, 0, len(registry))
	for n := range registry {
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
