package manaoracle

import (
	"regexp"
	"strings"
	"sync"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// The "tapped for mana" effects on the battlefield (CR 106.12): replacement effects that
// modify the mana production event (106.12b) and triggered mana abilities that add mana
// after it (106.12a, 605.1b). They are read from the permanents' ability texts in the
// Snapshot, so a copy or a granted ability counts like a printed one.

// Replacement is one "if ... tapped for mana" replacement effect (CR 106.12b, 614).
type Replacement struct {
	Source     harness.CardID
	Name       string
	Controller harness.Player
	Factor     int          // Mana Reflection 2, Nyxbloom Ancient 3; 0 when not a multiplier
	Instead    harness.Mana // Contamination: {B} instead of any other type and amount
	LandsOnly  bool         // "If a land is tapped for mana" (any player's lands)
	YouOnly    bool         // "If you tap a permanent for mana" (its controller's permanents)
}

// Trigger is one "whenever ... tapped for mana" triggered mana ability (CR 106.12a).
type Trigger struct {
	Source     harness.CardID
	Name       string
	Controller harness.Player
	Kind       TrigKind
	Add        harness.Mana     // trigWildGrowth: what it adds
	AttachedTo harness.CardID   // trigWildGrowth: the enchanted land
	Color      harness.ManaType // trigGauntlet: the chosen colour
	ColorKnown bool
}

// TrigKind is which triggered mana ability a Trigger is.
type TrigKind int

const (
	TrigAnyProduced TrigKind = iota // Mana Flare, Heartbeat of Spring: one mana of any type that land produced
	TrigWildGrowth                  // Wild Growth: enchanted land adds an additional {G}
	TrigGauntlet                    // Gauntlet of Power: a basic land tapped for mana of the chosen colour
)

// Effects is every "tapped for mana" effect on a battlefield.
type Effects struct {
	Replacements []Replacement
	Triggers     []Trigger
	// Unknown is set when some permanent has a "tapped for mana" text the reader doesn't
	// know: the oracle then judges nothing that such an effect might touch.
	Unknown bool
}

var (
	reMultiplier = regexp.MustCompile(`^If you tap a permanent for mana, it produces (twice|three times|four times) as much of that mana instead\.$`)
	reInstead    = regexp.MustCompile(`^If a land is tapped for mana, it produces ((?:\{[WUBRGC]\})+) instead of any other type and amount\.$`)
	reAnyProd    = regexp.MustCompile(`^Whenever a player taps a land for mana, that player adds one mana of any type that land produced\.$`)
	reEnchLand   = regexp.MustCompile(`^Whenever enchanted land is tapped for mana, its controller adds an additional ((?:\{[WUBRGC]\})+)\.$`)
	reGauntlet   = regexp.MustCompile(`^Whenever a basic land is tapped for mana of the chosen colou?r, its controller adds an additional one mana of that colou?r\.$`)
	reTapForMana = regexp.MustCompile(`(?i)\bfor mana\b`)
)

var factors = map[string]int{"twice": 2, "three times": 3, "four times": 4}

// effectKind is what a (non-activated) ability text is, as far as mana goes.
type effectKind int

const (
	fxNone effectKind = iota
	fxMultiplier
	fxInstead
	fxAnyProduced
	fxEnchantedLand
	fxGauntlet
	fxUnknown // mentions tapping for mana, but the reader doesn't know it
)

type effectText struct {
	kind   effectKind
	factor int
	mana   harness.Mana
}

var effectTexts sync.Map // string -> effectText

// classifyEffect reads one ability text (memoised: a pure function of the text).
func classifyEffect(text string) effectText {
	if e, ok := effectTexts.Load(text); ok {
		return e.(effectText)
	}
	var e effectText
	t := strings.TrimSpace(reReminder.ReplaceAllString(text, ""))
	switch {
	case reMultiplier.MatchString(t):
		e = effectText{kind: fxMultiplier, factor: factors[reMultiplier.FindStringSubmatch(t)[1]]}
	case reInstead.MatchString(t):
		m, _ := harness.ParseMana(reInstead.FindStringSubmatch(t)[1])
		e = effectText{kind: fxInstead, mana: m}
	case reAnyProd.MatchString(t):
		e = effectText{kind: fxAnyProduced}
	case reEnchLand.MatchString(t):
		m, _ := harness.ParseMana(reEnchLand.FindStringSubmatch(t)[1])
		e = effectText{kind: fxEnchantedLand, mana: m}
	case reGauntlet.MatchString(t):
		e = effectText{kind: fxGauntlet}
	case reTapForMana.MatchString(t) && !ParseAbility(text).Activated:
		e = effectText{kind: fxUnknown}
	}
	effectTexts.Store(text, e)
	return e
}

// ScanEffects finds every "tapped for mana" effect on s's battlefield. colorOf says the
// colour chosen for a permanent as it entered (Gauntlet of Power), if known.
func ScanEffects(s *harness.Snapshot, colorOf func(harness.CardID) (harness.ManaType, bool)) Effects {
	var fx Effects
	for i := range s.Battlefield {
		o := s.Battlefield[i]
		for _, text := range o.Abilities {
			e := classifyEffect(text)
			switch e.kind {
			case fxMultiplier:
				fx.Replacements = append(fx.Replacements, Replacement{Source: o.Card, Name: o.Name,
					Controller: o.Controller, Factor: e.factor, YouOnly: true})
			case fxInstead:
				fx.Replacements = append(fx.Replacements, Replacement{Source: o.Card, Name: o.Name,
					Controller: o.Controller, Instead: e.mana, LandsOnly: true})
			case fxAnyProduced:
				fx.Triggers = append(fx.Triggers, Trigger{Source: o.Card, Name: o.Name,
					Controller: o.Controller, Kind: TrigAnyProduced})
			case fxEnchantedLand:
				fx.Triggers = append(fx.Triggers, Trigger{Source: o.Card, Name: o.Name,
					Controller: o.Controller, Kind: TrigWildGrowth, Add: e.mana, AttachedTo: o.AttachedTo})
			case fxGauntlet:
				tr := Trigger{Source: o.Card, Name: o.Name, Controller: o.Controller, Kind: TrigGauntlet}
				if colorOf != nil {
					tr.Color, tr.ColorKnown = colorOf(o.Card)
				}
				fx.Triggers = append(fx.Triggers, tr)
			case fxUnknown:
				fx.Unknown = true
			}
		}
	}
	return fx
}

// ReplacementsFor lists the replacement effects that apply when player p activates a mana
// ability of src with {T} in its cost (CR 106.12b); none apply otherwise (106.12).
func (fx *Effects) ReplacementsFor(src *harness.Object, hasT bool) []Replacement {
	if !hasT {
		return nil
	}
	var out []Replacement
	for _, r := range fx.Replacements {
		switch {
		case r.YouOnly && r.Controller != src.Controller:
		case r.LandsOnly && !src.HasType("Land"):
		default:
			out = append(out, r)
		}
	}
	return out
}

// TriggersFor lists the triggered mana abilities that could trigger when a mana ability of
// src with {T} in its cost resolves (CR 106.12a): whether they do depends on the mana
// produced.
func (fx *Effects) TriggersFor(src *harness.Object, hasT bool) []Trigger {
	if !hasT || !src.HasType("Land") {
		return nil
	}
	var out []Trigger
	for _, t := range fx.Triggers {
		switch t.Kind {
		case TrigAnyProduced:
			out = append(out, t)
		case TrigWildGrowth:
			if t.AttachedTo == src.Card {
				out = append(out, t)
			}
		case TrigGauntlet:
			if src.HasSupertype("Basic") {
				out = append(out, t)
			}
		}
	}
	return out
}

// Touches reports whether any "tapped for mana" effect would apply to src if one of its
// mana abilities had {T} in its cost: the situation of ruling mana.tap-for-mana.
func (fx *Effects) Touches(src *harness.Object) bool {
	return len(fx.ReplacementsFor(src, true)) > 0 || len(fx.TriggersFor(src, true)) > 0
}
