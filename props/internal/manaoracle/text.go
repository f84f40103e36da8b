package manaoracle

import (
	"regexp"
	"strings"
	"sync"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// An ability text, read the way a rules expert reads it: the part before the first ": " is
// the activation cost (CR 602.1a), the rest is the effect. Reminder text in parentheses is
// dropped, except that a text wholly in parentheses (a basic land's "({T}: Add {G}.)",
// CR 305.6) is read without them.
//
// The properties read ability texts from the Snapshot, never from a card table, so the
// oracle follows whatever the engine says the permanent has now (granted abilities, lost
// abilities, later copy effects). A text the reader does not recognise makes the oracle
// say "unknown", and the property then judges nothing about it.

// Ability is one parsed ability text.
type Ability struct {
	Text      string
	Cost      string // "" when the ability is not activated
	Effect    string
	Activated bool
	HasT      bool // {T} in the activation cost (CR 107.5)
	HasQ      bool // {Q} in the activation cost (CR 107.6)
	// Mana is true for an activated mana ability (CR 605.1a): no target, could add mana,
	// not a loyalty ability.
	Mana bool
	Prod Production // what the mana ability adds, before replacement effects
}

// ProdKind is the shape of a mana ability's effect.
type ProdKind int

const (
	ProdUnknown      ProdKind = iota // text not recognised: no judgement
	ProdFixed                        // "Add {B}{B}{B}."
	ProdPerCreature                  // "Add {G} for each creature you control." (Gaea's Cradle)
	ProdAnyColor                     // "Add one mana of any color." (Pili-Pala, Vivid Crag)
	ProdLandYouType                  // Reflecting Pool: any type a land you control could produce
	ProdLandOppColor                 // Exotic Orchard, Fellwar Stone: any colour an opponent's land could produce
	ProdPermColor                    // Meteor Crater: a colour of a permanent you control
	ProdExiledColor                  // Chrome Mox: a colour of the cards exiled with it (CR 607.2a)
)

// Production is what a mana ability would add if it resolved, before replacement effects.
type Production struct {
	Kind  ProdKind
	Fixed harness.Mana // prodFixed: the amount; prodPerCreature: the mana per creature
}

// Derived reports whether the types the ability adds depend on other permanents, so that
// they may be undefined (CR 106.5).
func (p Production) Derived() bool {
	switch p.Kind {
	case ProdLandYouType, ProdLandOppColor, ProdPermColor, ProdExiledColor:
		return true
	}
	return false
}

var (
	reReminder   = regexp.MustCompile(`\s*\([^()]*\)`)
	reSymbols    = regexp.MustCompile(`^Add ((?:\{[WUBRGC]\})+)\.$`)
	rePerCreat   = regexp.MustCompile(`^Add (\{[WUBRGC]\}) for each creature you control\.$`)
	reAnyColor   = regexp.MustCompile(`^Add one mana of any colou?r\.$`)
	reLandYou    = regexp.MustCompile(`^Add one mana of any type that a land you control could produce\.$`)
	reLandOpp    = regexp.MustCompile(`^Add one mana of any colou?r that a land an opponent controls could produce\.$`)
	rePermColor  = regexp.MustCompile(`^Choose a colou?r of a permanent you control\. Add one mana of that colou?r\.$`)
	reExiled     = regexp.MustCompile(`^Add one mana of any of the exiled card's colou?rs\.$`)
	reAddsMana   = regexp.MustCompile(`(^|\. )Add (\{|one |an? |X )`)
	reLoyaltyCst = regexp.MustCompile(`^[+−-]?(\d+|X)$`)
)

// parsed memoises ParseAbility: a pure function of the text, asked about the same few
// texts (a card pool's) again and again, in every state of every trace.
var parsed sync.Map // string -> ability

// ParseAbility reads one ability text.
func ParseAbility(text string) Ability {
	if a, ok := parsed.Load(text); ok {
		return a.(Ability)
	}
	a := readAbility(text)
	parsed.Store(text, a)
	return a
}

func readAbility(text string) Ability {
	a := Ability{Text: text}
	t := strings.TrimSpace(text)
	if strings.HasPrefix(t, "(") && strings.HasSuffix(t, ")") && strings.Count(t, "(") == 1 {
		t = strings.TrimSpace(t[1 : len(t)-1])
	}
	t = strings.TrimSpace(reReminder.ReplaceAllString(t, ""))
	cost, effect, ok := strings.Cut(t, ": ")
	if !ok || isTriggerOrStatic(cost) || strings.Contains(cost, "\"") {
		// No cost, a trigger or static ability, or a quoted ability granted to something
		// else (Umbral Mantle's `Equipped creature has "{3}, {Q}: ..."`).
		a.Effect = t
		return a
	}
	a.Activated = true
	a.Cost, a.Effect = strings.TrimSpace(cost), strings.TrimSpace(effect)
	a.HasT = strings.Contains(a.Cost, "{T}")
	a.HasQ = strings.Contains(a.Cost, "{Q}")
	loyalty := reLoyaltyCst.MatchString(a.Cost)
	if !loyalty && !strings.Contains(strings.ToLower(a.Effect), "target") && reAddsMana.MatchString(a.Effect) {
		a.Mana = true
		a.Prod = parseProduction(a.Effect)
	}
	return a
}

// isTriggerOrStatic reports whether the text before a colon is the start of a triggered or
// static ability rather than a cost (a cost never starts with these words).
func isTriggerOrStatic(s string) bool {
	for _, w := range []string{"When", "Whenever", "At ", "If ", "As ", "You may"} {
		if strings.HasPrefix(s, w) {
			return true
		}
	}
	return false
}

func parseProduction(effect string) Production {
	if m := reSymbols.FindStringSubmatch(effect); m != nil {
		mana, err := harness.ParseMana(m[1])
		if err == nil {
			return Production{Kind: ProdFixed, Fixed: mana}
		}
	}
	if m := rePerCreat.FindStringSubmatch(effect); m != nil {
		mana, err := harness.ParseMana(m[1])
		if err == nil {
			return Production{Kind: ProdPerCreature, Fixed: mana}
		}
	}
	switch {
	case reAnyColor.MatchString(effect):
		return Production{Kind: ProdAnyColor}
	case reLandYou.MatchString(effect):
		return Production{Kind: ProdLandYouType}
	case reLandOpp.MatchString(effect):
		return Production{Kind: ProdLandOppColor}
	case rePermColor.MatchString(effect):
		return Production{Kind: ProdPermColor}
	case reExiled.MatchString(effect):
		return Production{Kind: ProdExiledColor}
	}
	return Production{Kind: ProdUnknown}
}

// AbilityOf parses ability i of o, or reports false when o has no such ability.
func AbilityOf(o *harness.Object, i int) (Ability, bool) {
	if o == nil || i < 0 || i >= len(o.Abilities) {
		return Ability{}, false
	}
	return ParseAbility(o.Abilities[i]), true
}

// ManaAbilities lists the indexes of o's activated mana abilities.
func ManaAbilities(o *harness.Object) []int {
	var out []int
	for i, t := range o.Abilities {
		if ParseAbility(t).Mana {
			out = append(out, i)
		}
	}
	return out
}

// colorSet reads an object's colours (letters, WUBRG) as mana types.
func colorSet(o *harness.Object) harness.TypeSet {
	var s harness.TypeSet
	for _, r := range o.Colors {
		if t, err := harness.ParseManaType(string(r)); err == nil && t.IsColor() {
			s = s.With(t)
		}
	}
	return s
}

// FixedMana reads a fixed "Add {B}{B}{B}." from texts, reminder text dropped: what a spell
// that adds mana adds (it is not a mana ability, CR 605.1a).
func FixedMana(texts []string) (harness.Mana, bool) {
	for _, t := range texts {
		t = strings.TrimSpace(reReminder.ReplaceAllString(t, ""))
		if m := reSymbols.FindStringSubmatch(t); m != nil {
			if mana, err := harness.ParseMana(m[1]); err == nil {
				return mana, true
			}
		}
	}
	return harness.Mana{}, false
}
