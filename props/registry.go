package props

import (
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
)

// constructors lists every property. Each call builds fresh values, so callers may keep or
// change what they get without affecting anyone else.
var constructors = []func() *Property{
	undefinedType,
	couldProduce,
	couldRelations,
	tapForMana,
	tappedTrigger,
	tappedReplacement,
	manaOutcomes,
	etbX,
	tapSymbolProp,
	attackSickness,
	planeswalkerLoyalty,
	legendRule,
	auraEquipment,
	becameCreatureSickness,
	untapSymbolProp,
	poolInvariant,
	manaAbilityInvariant,
	sbaInvariant,
	purityInvariant,
	cardsInvariant,
	cachesInvariant,
	determinismInvariant,
	cyclingTriggersBeforeDraw,
	cyclingNotASpell,
	cyclingTriggerIndependent,
	turnRules,
	priorityRules,
	triggerRules,
	stateBasedRules,
	layerRules,
	zoneRules,
	damageRules,
	costRules,
	targetRules,
	protectionRules,
	blockRules,
	attackRules,
	tapRules,
	counteringRules,
	legalActionRules,
	copyOfACopy,
	copyOfResonance,
	linkedAbilities,
	copiableValues,
	priorEffectsPersist,
	overwriteExpireTogether,
	expiresBeforeNextTurn,
	// The Crystal Skull rulings: historic, cast triggers, the top of the library.
	historicCastOnly,
	historicDefinition,
	historicLands,
	historicTriggerFirst,
	libraryCostsAndTiming,
	// Hidden information (issue 18).
	lookTopAnyTime,
	faceDownNotHistoric,
	// Transform (issue 18: Westvale Abbey // Ormendahl, Profane Prince).
	transformRules,
	lifelinkRules,
	effectRules,
	// Sagas (issue 18).
	sagaRules,
	topChangesWhileCasting,
}

// All returns every property, sorted by ID.
func All() []*Property {
	out := make([]*Property, 0, len(constructors))
	for _, c := range constructors {
		out = append(out, c())
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// ByID returns the property with that ID, or nil.
func ByID(id string) *Property {
	for _, p := range All() {
		if p.ID == id {
			return p
		}
	}
	return nil
}

// Match returns the properties a pattern selects, sorted by ID, each once. The pattern is
// a comma-separated list of terms; a term selects a property when it matches, as a glob
// ('*' any run of characters, '?' one character, "[...]" a class), the property's ID or
// one of its ruling IDs, or when the property's ID starts with the term and a '/' (a
// sub-property: "cost.tap-symbol" selects "cost.tap-symbol/attack"). An empty pattern
// selects everything.
func Match(pattern string) []*Property {
	ps, _ := Select(pattern)
	return ps
}

// Select is Match that also reports the terms that select nothing (a typo in a CLI
// flag), and malformed globs, as an error. The properties the other terms select are
// returned either way.
func Select(pattern string) ([]*Property, error) {
	all := All()
	if strings.TrimSpace(pattern) == "" {
		return all, nil
	}
	chosen := make([]bool, len(all))
	var problems []string
	for _, term := range strings.Split(pattern, ",") {
		term = strings.TrimSpace(term)
		if term == "" {
			continue
		}
		if _, err := path.Match(globOf(term), ""); err != nil {
			problems = append(problems, fmt.Sprintf("%q is not a valid pattern: %v", term, err))
			continue
		}
		hit := false
		for i, p := range all {
			if termSelects(term, p) {
				chosen[i], hit = true, true
			}
		}
		if !hit {
			problems = append(problems, fmt.Sprintf("%q selects no property (see `fuzz list`)", term))
		}
	}
	var out []*Property
	for i, p := range all {
		if chosen[i] {
			out = append(out, p)
		}
	}
	if len(problems) > 0 {
		return out, fmt.Errorf("props: %s", strings.Join(problems, "; "))
	}
	return out, nil
}

func termSelects(term string, p *Property) bool {
	if globMatch(term, p.ID) || strings.HasPrefix(p.ID, term+"/") {
		return true
	}
	for _, r := range p.Rulings {
		if globMatch(term, r) {
			return true
		}
	}
	return false
}

// globMatch matches a glob in which '*' also crosses '/' (property IDs use '/' for
// sub-properties, and "mana.*" should select them too). path.Match does the work on
// strings where '/' is replaced by a character IDs never hold.
func globMatch(glob, s string) bool {
	ok, err := path.Match(globOf(glob), strings.ReplaceAll(s, "/", "\x1f"))
	return err == nil && ok
}

func globOf(glob string) string { return strings.ReplaceAll(glob, "/", "\x1f") }

// Steers lists every property's steer, in All order: the situations the properties aim
// at, for tools that generate cases for another purpose (comparing engines, checking
// their conventions) and want to reach as much of the rules.
func Steers() []gen.Steer {
	var out []gen.Steer
	for _, p := range All() {
		out = append(out, p.Steer)
	}
	return out
}
