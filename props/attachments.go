package props

import (
	"strings"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// What the properties read about attachments (CR 301.5, 303.4, 704.5m-p): which kind of
// attachment a permanent is, what it may be attached to, and what its attachment says.

// attachment kinds, as the rules sort what is attached (CR 704.5m, n, p).
const (
	attachedAura = iota
	attachedEquipment
	attachedOther
)

func attachmentKind(o *harness.Object) int {
	switch {
	case o.HasType("Enchantment") && hasSubtype(o, "Aura"):
		return attachedAura
	case hasSubtype(o, "Equipment") && !isCreature(o):
		return attachedEquipment
	}
	return attachedOther
}

// mayAttach reports whether attachment a may be attached to host in s, and whether that
// can be judged from types (an Aura's "Enchant creature you control" can't). Not to a
// host with protection from one of its colours (CR 702.16c-d).
func mayAttach(a, host *harness.Object) (ok, known bool) {
	if host == nil || host.Card == a.Card {
		return false, true
	}
	if k := attachmentKind(a); k != attachedOther && shares(protectionFrom(host), a.Colors) {
		return false, true
	}
	switch attachmentKind(a) {
	case attachedEquipment:
		return isCreature(host), true
	case attachedAura:
		for _, t := range a.Abilities {
			if kind, found := strings.CutPrefix(t, "Enchant "); found {
				types, known := enchantTypes(kind)
				return known && hasAnyType(host, types), known
			}
		}
		return false, false
	}
	return false, true
}

// enchantTypes reads what an enchant ability allows ("land", "artifact, creature, or
// land") as card types spelt as the Snapshot spells them ("Land"); "permanent" allows
// any. It reports false for a restriction it can't judge from types alone.
func enchantTypes(kind string) ([]string, bool) {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ReplaceAll(kind, " or ", ","), func(r rune) bool { return r == ',' }) {
		switch w = strings.TrimSpace(w); w {
		case "permanent":
			out = append(out, "*")
		case "artifact", "creature", "enchantment", "land", "planeswalker", "battle":
			out = append(out, strings.ToUpper(w[:1])+w[1:])
		default:
			return nil, false
		}
	}
	return out, len(out) > 0
}

func hasAnyType(o *harness.Object, types []string) bool {
	for _, t := range types {
		if t == "*" || o.HasType(t) {
			return true
		}
	}
	return false
}

// restrains reports whether a permanent attached to o says o can't attack (or block).
func restrains(s *harness.Snapshot, o *harness.Object, block bool) bool {
	for i := range s.Battlefield {
		a := s.Battlefield[i]
		if a.AttachedTo != o.Card {
			continue
		}
		for _, t := range a.Abilities {
			t = strings.ToLower(t)
			if strings.HasPrefix(t, "enchanted creature can't") && (strings.Contains(t, "attack or block") || !block && strings.Contains(t, "can't attack") || block && strings.Contains(t, "can't block")) {
				return true
			}
		}
	}
	return false
}

func zoneWord(o *harness.Object) string {
	if o.Zone == harness.Battlefield {
		return "on the battlefield"
	}
	return "in " + string(o.Zone)
}
