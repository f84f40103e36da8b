package engine

import (
	"fmt"
	"slices"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// CR 400: zones. An object that moves from one zone to another becomes a new object with
// no memory of or relation to its previous existence (CR 400.7): moveTo makes a new
// object record and marks the old one Gone, keeping it for last known information.

// zoneList returns the list that holds the player's zone.
func (s *state) zoneList(p h.Player, z h.Zone) *[]h.ObjectID {
	ps := &s.Players[p]
	switch z {
	case h.Library:
		return &ps.Library
	case h.Hand:
		return &ps.Hand
	case h.Graveyard:
		return &ps.Graveyard
	case h.Exile:
		return &ps.Exile
	case h.Battlefield:
		return &s.Battlefield
	}
	return nil
}

// moveTo moves an object to zone (owner's zone for hidden and graveyard zones; on top of a
// library when toTop), returning the new object's ID. Triggers on leaving the battlefield
// are detected from the object as it last existed there (CR 603.10a), using v.
func moveTo(s *state, v *view, id h.ObjectID, zone h.Zone, toTop bool, ev *events) h.ObjectID {
	old := s.obj(id)
	if old.Zone == h.Battlefield {
		leaveBattlefieldTriggers(s, v, old, zone)
	}
	if list := s.zoneList(old.Owner, old.Zone); list != nil {
		*list = removeID(*list, id)
	}
	if old.Zone == h.Stack {
		for i := range s.Stack {
			if s.Stack[i].ID == id {
				s.Stack = append(s.Stack[:i:i], s.Stack[i+1:]...)
				break
			}
		}
	}
	s.mut(id).Gone = true
	// A double-faced card has its front face anywhere but the battlefield (CR 712.8a).
	n := object{Card: old.Card, Def: frontFace(old), Owner: old.Owner, Controller: old.Owner, Zone: zone,
		Token: old.Token, ChosenColor: -1}
	nid := s.newObject(n)
	if old.FaceDown && zone != h.Battlefield && zone != h.Stack && s.faults.on(FaultLeavesFaceDown) {
		s.mut(nid).FaceDown = true // the fault: it stays face down, its card unrevealed (CR 708.9)
	}
	if s.faults.on(FaultEffectsFollowCard) {
		// A new list: state.clone shares the old one with other states.
		followed := make([]effect, 0, len(s.Effects))
		for _, e := range s.Effects {
			if containsID(e.Objects, id) {
				e.Objects = append(slices.Clone(e.Objects), nid)
			}
			followed = append(followed, e)
		}
		s.Effects = followed
	}
	if zone == h.Stack {
		// the caller pushes the stack item
	} else if list := s.zoneList(ownersZone(s, old, zone), zone); list != nil {
		if toTop && zone == h.Library {
			if !s.faults.on(FaultTopOfLibraryLost) {
				*list = append([]h.ObjectID{nid}, *list...)
			}
		} else if zone == h.Graveyard && s.faults.on(FaultGraveyardBottom) {
			*list = append([]h.ObjectID{nid}, *list...) // the fault: under the cards there
		} else {
			*list = append(*list, nid)
		}
	}
	if ev.on() {
		ev.add(h.Event{Kind: "zone_change", Player: old.Owner, Card: old.Card, Object: nid, From: old.Zone, To: zone,
			Text: spokenName(v, old) + ": " + string(old.Zone) + " -> " + string(zone)})
	}
	return nid
}

// draw has player draw a card (CR 121.1); drawing from an empty library is remembered for
// the state-based action of 704.5b.
func draw(s *state, v *view, p h.Player, ev *events) {
	lib := s.Players[p].Library
	if len(lib) == 0 {
		s.Players[p].DrewEmpty = true
		ev.add(h.Event{Kind: "draw_empty", Player: p, Text: fmt.Sprintf("%s can't draw: library empty", p)})
		return
	}
	moveTo(s, v, lib[0], h.Hand, false, ev)
	ev.add(h.Event{Kind: "draw", Player: p, Text: p.String() + " draws a card"})
	if s.faults.on(FaultLastCardLoses) && len(s.Players[p].Library) == 0 {
		s.Players[p].DrewEmpty = true
	}
}

// ownersZone is whose zone an object moving to zone goes to: its owner's (CR 400.3).
func ownersZone(s *state, o *object, zone h.Zone) h.Player {
	if zone == h.Graveyard && s.faults.on(FaultControllersGraveyard) {
		return o.Controller
	}
	return o.Owner
}
