package engine

import (
	"fmt"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// CR 702.37 (morph) and 708 (face-down spells and permanents). A card with morph may be
// cast face down for {3} (702.37c) as a 2/2 creature spell with no name, mana cost,
// colour, types but creature, subtypes or abilities (708.2a, layer 1b: the FaceDown
// modification). It resolves into a face-down permanent (708.4), which its controller
// may turn face up any time they have priority by paying its morph cost: a special action
// that doesn't use the stack (116.2b, 702.37e); it stays the same object (708.8).

// faceDownCost is the cost to cast a card face down with morph (CR 702.37c).
var faceDownCost = manaCost{Generic: 3}

// morphCost is the morph cost among the abilities, if any (CR 702.37a).
func morphCost(c *chars) (manaCost, bool) {
	for _, a := range c.Abilities {
		if a.Kind == Keyword && a.Morph != nil {
			return *a.Morph, true
		}
	}
	return manaCost{}, false
}

// faceDownPermission is the permission to cast a card with morph face down (CR 702.37c): a
// creature spell, so at sorcery speed (307.1), for {3}, no targets. It is the hand's; a
// permission from elsewhere (the top of the library) takes it and sets its zone.
func faceDownPermission(s *state, v *view, id h.ObjectID) (permission, bool) {
	if _, ok := morphCost(v.Of(id)); !ok {
		return permission{}, false
	}
	return permission{Object: id, Card: s.obj(id).Card, Zone: h.Hand, FaceDown: true, Cost: faceDownCost, Timing: SorcerySpeed}, true
}

// Spell is the characteristics the spell will have once cast under the permission
// (CR 601.3e): a permission that depends on characteristics ("historic spells", "creature
// spells", "colorless spells") is decided on these, not on the card's. A face-down spell
// has those of 708.2a whatever the card is; any other, the card's as it is now.
func (perm permission) Spell(v *view) *chars {
	if perm.FaceDown {
		return &faceDownChars
	}
	return v.Of(perm.Object)
}

// faceUpAction lists the special actions of turning a face-down permanent p controls face
// up (CR 702.37e, 116.2b), one per distinct way the pool pays its morph cost: any time p
// has priority. Mana abilities are activated before, to fill the pool.
func (l *listing) faceUpActions(p h.Player) {
	s := l.s
	for _, id := range s.Battlefield {
		o := s.obj(id)
		if !o.FaceDown || o.Controller != p {
			continue
		}
		c, ok := morphCost(faceUpChars(o))
		if !ok {
			continue
		}
		colored, generic := c.total(0)
		for _, pay := range payments(s, s.Players[p].Pool, colored, generic) {
			l.add(h.Action{Player: p, Kind: h.TurnFaceUp, Card: o.Card, Payment: pay,
				Text: fmt.Sprintf("turn card %d face up paying %s", o.Card, pay)})
		}
	}
}

// turnFaceUp turns a face-down permanent face up, paying its morph cost (CR 702.37e): a
// special action (116.2b), so nothing goes on the stack and priority stays with p
// (116.3); it is the same object (708.8), with its own characteristics from now on.
func turnFaceUp(s *state, a h.Action) (*state, []h.Event, error) {
	o := s.byCard(a.Card)
	if o == nil || o.Zone != h.Battlefield || !o.FaceDown {
		return nil, nil, fmt.Errorf("CR 702.37e: card %d is not a face-down permanent", a.Card)
	}
	if o.Controller != a.Player {
		return nil, nil, fmt.Errorf("CR 702.37e: %s doesn't control card %d", a.Player, a.Card)
	}
	c, ok := morphCost(faceUpChars(o))
	if !ok {
		return nil, nil, fmt.Errorf("CR 702.37e: card %d has no morph cost", a.Card)
	}
	if err := xError(a.X, c); err != nil { // X is announced only for a morph cost with X (107.3)
		return nil, nil, err
	}
	colored, generic := c.total(a.X)
	if err := paymentError(s, s.Players[a.Player].Pool, a.Payment, colored, generic); err != nil {
		return nil, nil, err
	}
	s.Players[a.Player].Pool = s.Players[a.Player].Pool.Sub(a.Payment)
	s.mut(o.ID).FaceDown = false
	if s.faults.on(FaultFaceUpNewObject) {
		o = asNewObject(s, o.ID) // the fault: another object from now on (CR 708.8 keeps it)
	}
	s.Passes = 0
	if s.faults.on(FaultFaceUpUsesStack) {
		s.Priority = a.Player.Opponent() // the fault: as if it had used the stack (CR 116.3)
	}
	ev := []h.Event{{Kind: "turned_face_up", Player: a.Player, Card: o.Card, Object: o.ID, Mana: a.Payment, Rule: "702.37e",
		Text: fmt.Sprintf("%s turns card %d face up paying %s: %s", a.Player, o.Card, a.Payment, faceUpChars(o).Name)}}
	next, evs, err := settleWith(s, nil)
	return next, append(ev, evs...), err
}

// cantBeCountered reports whether a spell with these characteristics can't be countered
// (Akroma's "This spell can't be countered."; a face-down spell has no such ability,
// CR 708.2a, so it can be).
func cantBeCountered(c *chars) bool {
	for _, a := range c.Abilities {
		if a.Kind == Static && a.Static.Kind == CantBeCountered {
			return true
		}
	}
	return false
}

// asNewObject replaces the permanent id with a new object of the same card and status
// (for FaultFaceUpNewObject), and returns it.
func asNewObject(s *state, id h.ObjectID) *object {
	n := *s.obj(id)
	s.mut(id).Gone = true
	nid := s.newObject(n)
	field := make([]h.ObjectID, len(s.Battlefield))
	for i, x := range s.Battlefield {
		field[i] = x
		if x == id {
			field[i] = nid
		}
	}
	s.Battlefield = field
	return s.obj(nid)
}
