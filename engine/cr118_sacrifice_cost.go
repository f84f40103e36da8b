package engine

import (
	"fmt"
	"strconv"
	"strings"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// CR 118.3 and 701.21a: sacrificing creatures as a cost ("{5}, {T}, Sacrifice five
// creatures: ..."). Which creatures is chosen as the ability is activated, by the player
// who activates it (601.2h, 602.2b); only creatures they control can be sacrificed, and
// the cost can't be paid with fewer (118.3). An Activate action names them, one
// "sacrifice:CARD" choice each, in battlefield order; they are sacrificed as the total
// cost is paid, so mana abilities may be activated first, even those of the creatures to
// sacrifice.

// sacrificeCandidates lists the creatures p controls, in battlefield order: the ones a
// "sacrifice N creatures" cost may take.
func sacrificeCandidates(s *state, v *view, p h.Player) []h.ObjectID {
	var out []h.ObjectID
	for _, id := range s.Battlefield {
		if s.obj(id).Controller == p && v.Of(id).HasType("Creature") {
			out = append(out, id)
		}
	}
	return out
}

// enoughToSacrifice reports whether p controls at least n creatures (CR 118.3).
func enoughToSacrifice(s *state, v *view, p h.Player, n int) bool {
	count := 0
	for _, id := range s.Battlefield {
		if s.obj(id).Controller == p && v.Of(id).HasType("Creature") {
			if count++; count >= n {
				return true
			}
		}
	}
	return false
}

// sacrificeChoices lists every set of n creatures p could sacrifice, each as the choices
// of an Activate action, in battlefield order (one empty set when n is 0).
func sacrificeChoices(s *state, v *view, p h.Player, n int) [][]string {
	if n == 0 {
		return [][]string{nil}
	}
	cands := sacrificeCandidates(s, v, p)
	var out [][]string
	pick := make([]string, 0, n)
	var walk func(from int)
	walk = func(from int) {
		if len(pick) == n {
			out = append(out, append([]string(nil), pick...))
			return
		}
		for i := from; i <= len(cands)-(n-len(pick)); i++ {
			pick = append(pick, h.Choice(h.ChoiceSacrifice, strconv.Itoa(int(s.obj(cands[i]).Card))))
			walk(i + 1)
			pick = pick[:len(pick)-1]
		}
	}
	walk(0)
	return out
}

// sacrificeText is how an action names what it sacrifices: " sacrificing Grizzly Bears
// (card 5), ...".
func sacrificeText(s *state, v *view, choices []string) string {
	if len(choices) == 0 {
		return ""
	}
	parts := make([]string, len(choices))
	for i, c := range choices {
		_, val := h.SplitChoice(c)
		n, _ := strconv.Atoi(val)
		o := s.byCard(h.CardID(n))
		parts[i] = fmt.Sprintf("%s (card %d)", v.Of(o.ID).Name, n)
	}
	return " sacrificing " + strings.Join(parts, ", ")
}

// chosenSacrifices reads the creatures an Activate action sacrifices for a cost of n
// (CR 601.2h): exactly n distinct creatures p controls.
func chosenSacrifices(s *state, v *view, p h.Player, n int, choices []string) ([]h.ObjectID, error) {
	var out []h.ObjectID
	for _, c := range choices {
		kind, val := h.SplitChoice(c)
		if kind != h.ChoiceSacrifice {
			return nil, fmt.Errorf("choice %q: expected a %s choice naming a creature to sacrifice", c, h.ChoiceSacrifice)
		}
		card, err := strconv.Atoi(val)
		if err != nil {
			return nil, fmt.Errorf("choice %q: want a card number", c)
		}
		o := s.byCard(h.CardID(card))
		if o == nil || o.Zone != h.Battlefield || o.Controller != p || !v.Of(o.ID).HasType("Creature") {
			return nil, fmt.Errorf("CR 118.3: card %d is not a creature %s controls, so it can't be sacrificed", card, p)
		}
		if containsID(out, o.ID) {
			return nil, fmt.Errorf("CR 118.3: card %d is sacrificed once", card)
		}
		out = append(out, o.ID)
	}
	if len(out) != n {
		return nil, fmt.Errorf("CR 118.3: the cost sacrifices %d creatures; %d named", n, len(out))
	}
	return out, nil
}

// paySacrifices sacrifices the creatures chosen as the cost is paid (CR 701.21a): each
// is put into its owner's graveyard. Each must still be a creature its player controls.
func paySacrifices(s *state, v *view, p h.Player, ids []h.ObjectID, ev *events) error {
	for _, id := range ids {
		o := s.live(id)
		if o == nil || o.Zone != h.Battlefield || o.Controller != p || !v.Of(id).HasType("Creature") {
			return fmt.Errorf("CR 118.3: card %d is no longer a creature %s controls, so it can't be sacrificed", s.obj(id).Card, p)
		}
	}
	for _, id := range ids {
		moveTo(s, v, id, h.Graveyard, false, ev)
	}
	return nil
}
