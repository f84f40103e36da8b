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

// sacrificeSet is one set of creatures an Activate action may sacrifice: its choices, and
// how its text names them (" sacrificing Grizzly Bears (card 5), ...").
type sacrificeSet struct {
	choices []string
	text    string
}

// noSacrifice is the one set of an ability that sacrifices nothing, shared: only read.
var noSacrifice = []sacrificeSet{{}}

// sacrificeChoices lists every set of n creatures p could sacrifice, each named in
// battlefield order (the one empty set when n is 0).
func sacrificeChoices(s *state, v *view, p h.Player, n int) []sacrificeSet {
	if n == 0 {
		return noSacrifice
	}
	cands := sacrificeCandidates(s, v, p)
	choices, names := make([]string, len(cands)), make([]string, len(cands))
	for i, id := range cands {
		card := s.obj(id).Card
		choices[i] = h.Choice(h.ChoiceSacrifice, strconv.Itoa(int(card)))
		names[i] = fmt.Sprintf("%s (card %d)", v.Of(id).Name, card)
	}
	var out []sacrificeSet
	pick := make([]int, 0, n)
	var walk func(from int)
	walk = func(from int) {
		if len(pick) == n {
			set := sacrificeSet{choices: make([]string, n)}
			parts := make([]string, n)
			for k, i := range pick {
				set.choices[k], parts[k] = choices[i], names[i]
			}
			set.text = " sacrificing " + strings.Join(parts, ", ")
			out = append(out, set)
			return
		}
		for i := from; i <= len(cands)-(n-len(pick)); i++ {
			pick = append(pick, i)
			walk(i + 1)
			pick = pick[:len(pick)-1]
		}
	}
	walk(0)
	return out
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
