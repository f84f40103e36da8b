package gen

import (
	"strings"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Classify says which kind of action a is, in the position before (where it is legal).
// Prefer is not consulted: that is the walk's business.
func Classify(before *harness.Snapshot, a *harness.Action) Category {
	switch a.Kind {
	case harness.Pass:
		return CatPass
	case harness.PlayLand:
		return CatLand
	case harness.Cast:
		return CatCast
	case harness.Pay:
		return CatPay
	case harness.Cancel:
		return CatCancel
	case harness.Choose:
		return CatChoose
	case harness.Attack, harness.Block:
		return CatAttack
	case harness.Activate:
		if IsManaAbility(before, a) {
			return CatMana
		}
		return CatActivate
	}
	return CatActivate
}

// IsManaAbility reports whether a activates a mana ability (CR 605.1a): by convention its
// Choices name a mana type or a replacement order, or the ability's text adds mana
// (": Add ", which covers the basic lands' reminder text "({T}: Add {G}.)").
func IsManaAbility(before *harness.Snapshot, a *harness.Action) bool {
	if a.Kind != harness.Activate {
		return false
	}
	for _, c := range a.Choices {
		if k, _ := harness.SplitChoice(c); k == harness.ChoiceType || k == harness.ChoiceReplace {
			return true
		}
	}
	if before == nil {
		return false
	}
	o := before.Permanent(a.Card)
	if o == nil || a.Ability < 0 || a.Ability >= len(o.Abilities) {
		return false
	}
	text := o.Abilities[a.Ability]
	return strings.Contains(text, ": Add ") && !strings.Contains(text, "target")
}

// AbilityText is the text of the ability a activates, from before; "" if unknown.
func AbilityText(before *harness.Snapshot, a *harness.Action) string {
	if before == nil || a.Kind != harness.Activate {
		return ""
	}
	o := before.Find(a.Card)
	if o == nil || a.Ability < 0 || a.Ability >= len(o.Abilities) {
		return ""
	}
	return o.Abilities[a.Ability]
}
