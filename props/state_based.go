package props

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// What state-based actions would still do in a snapshot (CR 704.5): the conditions that
// hold, read from the snapshot alone, for the properties that judge state-based actions.

// sbaProblem is a condition of a state-based action that holds (CR 704.5): its rule, what
// the property expected and saw, and the permanents it concerns (for the legend rule, all
// those sharing the name).
type sbaProblem struct {
	rule, expected, got string
	cards               []harness.CardID
}

// sbaProblems lists what state-based actions would still do in s.
func sbaProblems(s *harness.Snapshot) []sbaProblem {
	var out []sbaProblem
	legends := map[string][]harness.CardID{}
	for i := range s.Battlefield {
		o := s.Battlefield[i]
		if isCreature(o) && o.Toughness != nil {
			switch t := *o.Toughness; {
			case t <= 0:
				out = append(out, sbaProblem{"704.5f", "no creature with toughness 0 or less (CR 704.5f)",
					fmt.Sprintf("%s has toughness %d", describe(o), t), []harness.CardID{o.Card}})
			case o.Damage >= t && !hasKeyword(o, "Indestructible"):
				out = append(out, sbaProblem{"704.5g", "no creature with lethal damage marked on it (CR 704.5g)",
					fmt.Sprintf("%s has toughness %d and %d damage", describe(o), t, o.Damage), []harness.CardID{o.Card}})
			}
		}
		if o.HasType("Planeswalker") {
			loyalty := o.Counters["loyalty"]
			if o.Loyalty != nil {
				loyalty = *o.Loyalty
			}
			if loyalty <= 0 {
				out = append(out, sbaProblem{"704.5i", "no planeswalker with 0 loyalty (CR 704.5i)",
					fmt.Sprintf("%s has loyalty %d", describe(o), loyalty), []harness.CardID{o.Card}})
			}
		}
		if o.HasSupertype("Legendary") && o.Name != "" {
			k := o.Controller.String() + "\x00" + o.Name
			legends[k] = append(legends[k], o.Card)
		}
		if p := attachmentProblem(s, o); p != nil {
			out = append(out, *p)
		}
	}
	for _, k := range harness.SortedKeys(legends) {
		if cards := legends[k]; len(cards) > 1 {
			who, name, _ := strings.Cut(k, "\x00")
			names := make([]string, len(cards))
			for i, c := range cards {
				names[i] = fmt.Sprintf("card %d", c)
			}
			out = append(out, sbaProblem{"704.5j", "no two legendary permanents with the same name under one controller (the legend rule, CR 704.5j)",
				fmt.Sprintf("%s controls %d named %s (%s)", who, len(cards), name, strings.Join(names, ", ")), cards})
		}
	}
	return out
}

// attachmentProblem says what is illegal about an Aura's or Equipment's attachment, if
// anything.
func attachmentProblem(s *harness.Snapshot, o *harness.Object) *sbaProblem {
	isAura, isEquip := slices.Contains(o.Subtypes, "Aura"), slices.Contains(o.Subtypes, "Equipment")
	if !isAura && !isEquip {
		return nil
	}
	host := s.Permanent(o.AttachedTo)
	if isAura {
		want := "something it can enchant"
		var bad string
		switch {
		case o.AttachedTo == 0:
			bad = "attached to nothing"
		case host == nil:
			bad = fmt.Sprintf("attached to card %d, which is not on the battlefield", o.AttachedTo)
		case host.Card == o.Card:
			bad = "attached to itself"
		case isCreature(o):
			bad = "a creature, and an Aura that is a creature can't enchant anything (CR 303.4d)"
		default:
			for _, t := range o.Abilities {
				kind, ok := strings.CutPrefix(t, "Enchant ")
				if !ok {
					continue
				}
				types, known := enchantTypes(kind)
				if !known {
					return nil // "Enchant creature you control" and the like: not judged here
				}
				want = kind
				if !hasAnyType(host, types) {
					bad = fmt.Sprintf("attached to %s, which is not a %s", describe(host), kind)
				}
			}
		}
		if bad == "" {
			return nil
		}
		return &sbaProblem{"704.5m", fmt.Sprintf("every Aura attached to %s, or in the graveyard (CR 704.5m, 303.4c)", want),
			describe(o) + " is " + bad, []harness.CardID{o.Card}}
	}
	var bad string
	switch {
	case o.AttachedTo == 0:
		return nil
	case host == nil:
		bad = fmt.Sprintf("attached to card %d, which is not on the battlefield", o.AttachedTo)
	case host.Card == o.Card:
		bad = "attached to itself"
	case !isCreature(host):
		bad = fmt.Sprintf("attached to %s, which is not a creature", describe(host))
	case isCreature(o):
		bad = "a creature, and an Equipment that is a creature can't equip (CR 301.5c)"
	default:
		return nil
	}
	return &sbaProblem{"704.5n", "every Equipment unattached or attached to a creature (CR 704.5n, 301.5c)",
		describe(o) + " is " + bad, []harness.CardID{o.Card}}
}

// tokenProblems is the tokens of s in a zone other than the battlefield, each of which a
// check of state-based actions makes cease to exist (CR 704.5d, 111.7). A player with
// priority never sees one (the check before it removed it); a check's board may.
func tokenProblems(s *harness.Snapshot) []sbaProblem {
	var out []sbaProblem
	for pl := range s.Players {
		ps := &s.Players[pl]
		for _, zone := range [][]*harness.Object{ps.Hand, ps.Library, ps.Graveyard, ps.Exile} {
			for _, o := range zone {
				if o.Token {
					out = append(out, sbaProblem{"704.5d", "no token in a zone other than the battlefield: it ceases to exist (CR 704.5d, 111.7)",
						fmt.Sprintf("%s is a token in %s", describe(o), o.Zone), []harness.CardID{o.Card}})
				}
			}
		}
	}
	return out
}
