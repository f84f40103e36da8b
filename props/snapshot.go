package props

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/cards"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Readings of one Snapshot shared by properties: whether priority is settled, whether it
// is sorcery time, where an object is, what a card prints, how the stack reads.

// settled reports whether a player holds priority in s with nothing else pending.
func settled(s *harness.Snapshot) bool {
	return s.Priority != harness.NoPlayer && s.Pending == nil && s.Casting == nil && !s.GameOver
}

// sorceryTime: p could cast a sorcery now (CR 307.1): their main phase, empty stack.
func sorceryTime(s *harness.Snapshot, p harness.Player) bool {
	return s.Active == p && (s.Step == harness.Main1 || s.Step == harness.Main2) && len(s.Stack) == 0 && s.Casting == nil
}

// objectOnBattlefield finds the permanent that is object id (the same object, CR 400.7).
func objectOnBattlefield(s *harness.Snapshot, id harness.ObjectID) *harness.Object {
	for i := range s.Battlefield {
		if s.Battlefield[i].Object == id {
			return s.Battlefield[i]
		}
	}
	return nil
}

// printedObject is the card named name as the cards table prints it (CR 109.3), for a
// spell on the stack, whose characteristics a Snapshot doesn't list; nil for no such card.
func printedObject(name string) *harness.Object {
	c, ok := cards.ByName(name)
	if !ok {
		return nil
	}
	return &harness.Object{Name: c.Name, Supertypes: c.Supertypes, Types: c.Types, Subtypes: c.Subtypes, Abilities: c.Oracle}
}

func hasSubtype(o *harness.Object, t string) bool {
	for _, s := range o.Subtypes {
		if s == t {
			return true
		}
	}
	return false
}

// stackOrder lists a stack bottom first, for messages.
func stackOrder(s *harness.Snapshot) string {
	parts := make([]string, len(s.Stack))
	for i, so := range s.Stack {
		parts[i] = fmt.Sprintf("%d:%s", i, so.Name)
		if so.Kind == "ability" {
			parts[i] += " ability"
		}
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// stackDiff describes how the stack changed from a to b; "" when it didn't.
func stackDiff(a, b *harness.Snapshot) string {
	same := len(a.Stack) == len(b.Stack)
	for i := 0; same && i < len(a.Stack); i++ {
		same = a.Stack[i].Object == b.Stack[i].Object
	}
	if same {
		return ""
	}
	names := func(s []harness.StackObject) string {
		if len(s) == 0 {
			return "empty"
		}
		var ns []string
		for _, o := range s {
			n := o.Name
			if o.Kind != "spell" && o.Text != "" {
				n += ": " + o.Text
			}
			ns = append(ns, fmt.Sprintf("%s [%s]", n, o.Kind))
		}
		return strings.Join(ns, ", ")
	}
	return fmt.Sprintf("%s (before: %s)", names(b.Stack), names(a.Stack))
}

// hasKeyword reports whether o has the keyword ability kw ("Haste"), alone or in a list
// ("Flying, haste").
func hasKeyword(o *harness.Object, kw string) bool {
	for _, t := range o.Abilities {
		for _, part := range strings.Split(t, ",") {
			if strings.EqualFold(strings.TrimSpace(part), kw) {
				return true
			}
		}
	}
	return false
}

// hasLifelink: o has lifelink, alone or in a line of keywords ("Flying, lifelink,
// indestructible, haste"; CR 702.1, 702.15).
func hasLifelink(o *harness.Object) bool { return hasKeyword(o, "Lifelink") }

// isLand, isCreature read the computed types (CR 613: the Snapshot's view).
func isLand(o *harness.Object) bool     { return o.HasType("Land") }
func isCreature(o *harness.Object) bool { return o.HasType("Creature") }

// shielded reports whether o has an ability that could keep it from being targeted or
// prevent damage dealt to it (hexproof, shroud, protection: CR 702.11, 702.18, 702.16).
func shielded(o *harness.Object) bool {
	return slices.ContainsFunc(o.Abilities, func(t string) bool {
		l := strings.ToLower(t)
		return strings.Contains(l, "hexproof") || strings.Contains(l, "shroud") || strings.Contains(l, "protection")
	})
}

// tapStatus names a permanent's tapped status (CR 110.5).
func tapStatus(tapped bool) string {
	if tapped {
		return "tapped"
	}
	return "untapped"
}

// sortedCards lists the cards of the maps, each once, in ID order, so violations come out
// in the same order every time.
func sortedCards[V any](ms ...map[harness.CardID]V) []harness.CardID {
	var out []harness.CardID
	for _, m := range ms {
		for c := range m {
			out = append(out, c)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// reLoyaltyCost reads a loyalty ability's cost: "+2: ...", "−1: ..." (the minus sign of
// Oracle text, or a hyphen), "0: ...".
var reLoyaltyCost = regexp.MustCompile(`^([+\x{2212}-]?)(\d+): `)

// loyaltyCost is the loyalty cost of an ability text, if it is a loyalty ability (CR 606.2).
func loyaltyCost(text string) (int, bool) {
	m := reLoyaltyCost.FindStringSubmatch(text)
	if m == nil {
		return 0, false
	}
	n, _ := strconv.Atoi(m[2])
	if m[1] != "" && m[1] != "+" {
		n = -n
	}
	return n, true
}

// cardObject is where a card is and which object it is there.
type cardObject struct {
	card harness.CardID
	id   harness.ObjectID
	zone harness.Zone
	name string
}

// cardObjects maps every card of s, in any zone but the stack's abilities, to its object.
func cardObjects(s *harness.Snapshot) map[harness.CardID]cardObject {
	out := map[harness.CardID]cardObject{}
	for _, o := range s.Objects() {
		out[o.Card] = cardObject{o.Card, o.Object, o.Zone, o.Name}
	}
	for _, o := range s.Stack {
		if o.Kind == "spell" {
			out[o.Card] = cardObject{o.Card, o.Object, harness.Stack, o.Name}
		}
	}
	return out
}
