package gen

import (
	"strings"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Classify says which kind of action a is, in the position before (where it is legal).
// Prefer is not consulted: that is the walk's business.
func Classify(before *harness.Snapshot, a *harness.Action) Category {
	c := classifier{before: before}
	return c.classify(a)
}

// classifier is Classify over the actions legal in one position. It remembers whether
// the last ability it looked up adds mana: an engine lists the actions of one ability
// together (one per target, mode or mana choice), so most lookups are that ability again,
// and each would search the battlefield and the ability's text anew.
type classifier struct {
	before  *harness.Snapshot
	known   bool // card and ability hold the last ability looked up, mana its answer
	card    harness.CardID
	ability int
	mana    bool
}

func (c *classifier) classify(a *harness.Action) Category {
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
		if choosesMana(a) {
			return CatMana
		}
		if !c.known || c.card != a.Card || c.ability != a.Ability {
			c.known, c.card, c.ability, c.mana = true, a.Card, a.Ability, addsMana(c.before, a.Card, a.Ability)
		}
		if c.mana {
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
	return a.Kind == harness.Activate && (choosesMana(a) || addsMana(before, a.Card, a.Ability))
}

// choosesMana reports whether an action's choices name a mana type or a replacement order.
func choosesMana(a *harness.Action) bool {
	for _, c := range a.Choices {
		if k, _ := harness.SplitChoice(c); k == harness.ChoiceType || k == harness.ChoiceReplace {
			return true
		}
	}
	return false
}

// addsMana reports whether ability i of the permanent that is card id in before adds mana
// and targets nothing, by its text.
func addsMana(before *harness.Snapshot, id harness.CardID, i int) bool {
	if before == nil {
		return false
	}
	o := before.Permanent(id)
	if o == nil || i < 0 || i >= len(o.Abilities) {
		return false
	}
	text := o.Abilities[i]
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
