package props

import (
	"regexp"

	"github.com/mtgfuzz/mtgfuzz/props/internal/manaoracle"
)

// How a property finds, among the ability texts of a spell or its source, the one it asks
// about: a spell's spell ability is neither activated (a cost and a colon), nor triggered,
// nor a keyword with a cost.

// reTriggered matches a triggered ability's text (CR 603.1).
var reTriggered = regexp.MustCompile(`^(When|Whenever|At) `)

// reKeywordCost reads a keyword ability with a mana cost: "Cycling {3}{B}{B}", "Equip {2}".
var reKeywordCost = regexp.MustCompile(`^(Cycling|Equip|Morph|Disguise) ((?:\{[^}]+\})+)`)

// spellAbility is the one text of texts that is neither activated, triggered nor a
// keyword with a cost: an instant's or sorcery's spell ability. "" when there isn't
// exactly one.
func spellAbility(texts []string) string {
	var found []string
	for _, t := range texts {
		if !manaoracle.ParseAbility(t).Activated && !reTriggered.MatchString(t) && !reKeywordCost.MatchString(t) {
			found = append(found, t)
		}
	}
	if len(found) != 1 {
		return ""
	}
	return found[0]
}
