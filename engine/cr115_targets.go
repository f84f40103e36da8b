package engine

import (
	"slices"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// targetSpec is one "target ..." requirement (CR 115.1): which players and objects in
// which zone qualify.
type targetSpec struct {
	Desc   string
	Zone   h.Zone // where the objects are; empty means the battlefield
	Player bool   // a player may be chosen ("any target", CR 115.4)
	// Another: "another target": not the object whose ability it is (CR 115.1, 115.4).
	Another bool
	Match   func(s *state, v *view, controller h.Player, o *object) bool
	// Stack: for Zone h.Stack, which spells and abilities on the stack qualify (CR 115.7:
	// "target spell", "target activated or triggered ability").
	Stack func(s *state, controller h.Player, it *stackItem) bool
}

func (t targetSpec) zone() h.Zone {
	if t.Zone == "" {
		return h.Battlefield
	}
	return t.Zone
}

// candidates lists every legal choice for the requirement of a spell or ability whose
// source has characteristics src, players first, then objects by card ID (CR 601.2c); an
// object with protection from the source is none (702.16b).
func (t targetSpec) candidates(s *state, v *view, controller h.Player, src *chars) []chosen {
	return t.appendCandidates(nil, s, v, controller, src)
}

// appendCandidates is candidates appended to out, which grows at most once.
func (t targetSpec) appendCandidates(out []chosen, s *state, v *view, controller h.Player, src *chars) []chosen {
	var ids []h.ObjectID
	n := 0 // how many candidates at most
	switch t.zone() {
	case h.Stack:
		n = len(s.Stack)
	case h.Battlefield:
		ids = s.Battlefield
	default:
		for p := range s.Players {
			ids = append(ids, *s.zoneList(h.Player(p), t.zone())...)
		}
	}
	if t.Player {
		n += 2
	}
	if n += len(ids); n > 0 {
		out = slices.Grow(out, n)
	}
	if t.Player {
		out = append(out, chosen{Player: h.A}, chosen{Player: h.B})
		if s.faults.on(FaultTargetsNoPlayerB) {
			out = out[:len(out)-1]
		}
	}
	if t.zone() == h.Stack {
		for i := range s.Stack {
			if it := &s.Stack[i]; t.Stack(s, controller, it) {
				out = append(out, chosen{Player: h.NoPlayer, Object: it.ID, Card: it.SourceCard, Stack: true})
			}
		}
		return out
	}
	objects := len(out)
	for _, id := range ids {
		o := s.obj(id)
		if (t.Match == nil || t.Match(s, v, controller, o)) && !protectsFromTargeting(s, v, id, src) {
			out = append(out, chosen{Player: h.NoPlayer, Object: id, Card: o.Card})
		}
	}
	sortChosen(out[objects:])
	return out
}

func sortChosen(cs []chosen) {
	for i := 1; i < len(cs); i++ {
		for j := i; j > 0 && cs[j].Card < cs[j-1].Card; j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
}

// Target predicates used by the card pool.

func isCreature(s *state, v *view, _ h.Player, o *object) bool { return v.Of(o.ID).HasType("Creature") }

func isLand(s *state, v *view, _ h.Player, o *object) bool { return v.Of(o.ID).HasType("Land") }

func isCreatureYouControl(s *state, v *view, p h.Player, o *object) bool {
	if s.faults.on(FaultTargetsIgnoreController) {
		return v.Of(o.ID).HasType("Creature") // the fault: whoever controls it (CR 109.5)
	}
	return o.Controller == p && v.Of(o.ID).HasType("Creature")
}

// isAnyTargetObject: "any target" is a creature, player, planeswalker or battle (CR 115.4);
// this is the object part.
func isAnyTargetObject(s *state, v *view, _ h.Player, o *object) bool {
	c := v.Of(o.ID)
	return c.HasType("Creature") || c.HasType("Planeswalker") || c.HasType("Battle")
}

func isArtifactCreatureOrLand(s *state, v *view, _ h.Player, o *object) bool {
	c := v.Of(o.ID)
	return c.HasType("Artifact") || c.HasType("Creature") || c.HasType("Land")
}

func isArtifactCardYouOwn(s *state, v *view, p h.Player, o *object) bool {
	return o.Owner == p && v.Of(o.ID).HasType("Artifact")
}

func isPermanent(s *state, v *view, _ h.Player, o *object) bool { return true }

func isNonland(s *state, v *view, _ h.Player, o *object) bool { return !v.Of(o.ID).HasType("Land") }

func isCreatureYouDontControl(s *state, v *view, p h.Player, o *object) bool {
	if s.faults.on(FaultTargetsIgnoreController) {
		return v.Of(o.ID).HasType("Creature") // the fault: whoever controls it (CR 109.5)
	}
	return o.Controller != p && v.Of(o.ID).HasType("Creature")
}

func isArtifactCreatureEnchantmentOrLand(s *state, v *view, _ h.Player, o *object) bool {
	c := v.Of(o.ID)
	return c.HasType("Artifact") || c.HasType("Creature") || c.HasType("Enchantment") || c.HasType("Land")
}

func isArtifactOrEnchantment(s *state, v *view, _ h.Player, o *object) bool {
	c := v.Of(o.ID)
	return c.HasType("Artifact") || c.HasType("Enchantment")
}

// Common requirements.
var (
	targetCreature                          = targetSpec{Desc: "target creature", Match: isCreature}
	targetLand                              = targetSpec{Desc: "target land", Match: isLand}
	targetCreatureYouControl                = targetSpec{Desc: "target creature you control", Match: isCreatureYouControl}
	targetAny                               = targetSpec{Desc: "any target", Player: true, Match: isAnyTargetObject}
	targetArtifactCreatureOrLand            = targetSpec{Desc: "target artifact, creature, or land", Match: isArtifactCreatureOrLand}
	targetCreatureYouDontControl            = targetSpec{Desc: "target creature you don't control", Match: isCreatureYouDontControl}
	anotherTargetPermanent                  = targetSpec{Desc: "another target permanent", Another: true, Match: isPermanent}
	anotherTargetCreature                   = targetSpec{Desc: "another target creature", Another: true, Match: isCreature}
	anotherTargetNonlandPermanent           = targetSpec{Desc: "another target nonland permanent", Another: true, Match: isNonland}
	targetArtifactCreatureEnchantmentOrLand = targetSpec{Desc: "target artifact, creature, enchantment, or land", Match: isArtifactCreatureEnchantmentOrLand}
	targetArtifactCardYourGraveyard         = targetSpec{Desc: "target artifact card from your graveyard", Zone: h.Graveyard, Match: isArtifactCardYouOwn}
	targetPlayer                            = targetSpec{Desc: "target player", Player: true, Match: func(*state, *view, h.Player, *object) bool { return false }}
	targetArtifactOrEnchantment             = targetSpec{Desc: "target artifact or enchantment", Match: isArtifactOrEnchantment}
)

// Targets on the stack (CR 115.1a, 115.1b). Mana abilities never are on the stack (CR
// 605.3b), so they can't be targeted; with the fault that puts a triggered mana ability
// there, it still isn't a legal target.

// isSpellOnStack: "target spell". Abilities are not spells (CR 113.1a, 702.29a).
func isSpellOnStack(s *state, _ h.Player, it *stackItem) bool {
	return it.IsSpell || (s.faults.on(FaultCancelTargetsAbilities) && !it.Ability.IsMana()) // the fault: abilities count as spells
}

// isAbilityOnStack: "target activated or triggered ability".
func isAbilityOnStack(s *state, _ h.Player, it *stackItem) bool {
	return (!it.IsSpell && !it.Ability.IsMana()) || (s.faults.on(FaultStifleTargetsSpells) && it.IsSpell) // the fault: spells count as abilities
}

// isAbilityYouDontControl: "target activated or triggered ability you don't control".
func isAbilityYouDontControl(s *state, p h.Player, it *stackItem) bool {
	return isAbilityOnStack(s, p, it) && it.Controller != p
}

func isSpellOrAbilityOnStack(s *state, p h.Player, it *stackItem) bool {
	return isSpellOnStack(s, p, it) || isAbilityOnStack(s, p, it)
}

var (
	targetSpell                 = targetSpec{Desc: "target spell", Zone: h.Stack, Stack: isSpellOnStack}
	targetAbility               = targetSpec{Desc: "target activated or triggered ability", Zone: h.Stack, Stack: isAbilityOnStack}
	targetAbilityYouDontControl = targetSpec{Desc: "target activated or triggered ability you don't control", Zone: h.Stack, Stack: isAbilityYouDontControl}
	targetSpellOrAbility        = targetSpec{Desc: "target spell, activated ability, or triggered ability", Zone: h.Stack, Stack: isSpellOrAbilityOnStack}
)
