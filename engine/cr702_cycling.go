package engine

import (
	"fmt"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// CR 702.29: cycling. "Cycling [cost]" means "[Cost], Discard this card: Draw a card."
// (702.29a), an activated ability that functions only while the card is in its owner's
// hand. It uses the stack like any other activated ability: it is not a spell (CR 113,
// 702.29a), so what affects spells can't touch it. Discarding the card is part of the cost,
// so "when you cycle this card" and "whenever you cycle or discard" abilities trigger as
// the cost is paid (702.29c, 702.29d), go on the stack above the cycling ability the next
// time a player would receive priority (603.3), and resolve before its draw (405.5).

// cycling is the keyword ability "Cycling [cost]".
func cycling(c manaCost) *ability {
	return &ability{Kind: Activated, Keyword: "Cycling", FromHand: true, Cost: activationCost{Mana: c, DiscardSelf: true},
		Resolve: func(r *resolution) { r.Draw(r.Controller()) }}
}

// discardCause says why a card is discarded: cycling is the stack object of the cycling
// ability whose cost it pays (0 for any other discard), x that ability's X.
type discardCause struct {
	cycling h.ObjectID
	x       int
}

// discard moves a card from its owner's hand to their graveyard (CR 701.9a) and notes the
// abilities the discard triggers: "cycle" ones when it pays a cycling cost (702.29c), and
// "cycle or discard" ones once either way (702.29d).
func discard(s *state, v *view, id h.ObjectID, cause discardCause, ev *events) h.ObjectID {
	o := s.obj(id)
	player, card, name := o.Owner, o.Card, v.Of(id).Name
	nid := moveTo(s, v, id, h.Graveyard, false, ev)
	kind := "discarded"
	if cause.cycling != 0 {
		kind = "cycled"
	}
	ev.add(h.Event{Kind: kind, Player: player, Card: card, Object: nid, Rule: "701.9a",
		Text: fmt.Sprintf("%s %s %s", player, kind, name)})
	discardTriggers(s, player, card, nid, cause)
	return nid
}

// discardTriggers notes the triggers of player discarding card (now the graveyard object
// nid): permanents' "whenever you cycle or discard", "whenever you/a player cycle(s)" and
// the card's own "when you cycle this card", which triggers from the graveyard (702.29c).
func discardTriggers(s *state, player h.Player, card h.CardID, nid h.ObjectID, cause discardCause) {
	v := s.project()
	note := func(id h.ObjectID, a abilityInstance) {
		o := s.obj(id)
		s.Pending = append(s.Pending, pendingTrigger{Source: id, SourceCard: o.Card, Controller: o.Controller, Ability: a.ability,
			Key: a.Key(id), Name: v.Of(id).Name, X: cause.x, Cycling: cause.cycling})
	}
	for _, id := range append(append([]h.ObjectID(nil), s.Battlefield...), nid) {
		o := s.obj(id)
		for _, a := range v.Of(id).Abilities {
			if a.Kind != Triggered {
				continue
			}
			t := a.Trigger
			if t.Self != (id == nid) {
				continue // "this card" triggers from the discarded card; the rest from permanents
			}
			yours := t.AnyPlayer || o.Controller == player
			switch t.Event {
			case OnCycle:
				if cause.cycling != 0 && yours {
					note(id, a)
				}
			case OnCycleOrDiscard:
				if yours && !(t.Another && o.Card == card) {
					note(id, a)
					if cause.cycling != 0 && s.faults.on(FaultCycleDiscardTwice) {
						note(id, a) // the fault: cycling and discarding counted as two events (CR 702.29d)
					}
				}
			}
		}
	}
}

// castTriggers notes "whenever you cast a [noncreature] spell" triggers as the spell item
// becomes cast (CR 601.2i). X of the trigger is the spell's mana value on the stack, its
// X included (CR 202.3e).
func castTriggers(s *state, item *stackItem) {
	v := s.project()
	spell := v.Of(item.ID)
	if o := s.obj(item.ID); o.FaceDown && s.faults.on(FaultFaceDownCastHistoric) {
		spell = faceUpChars(o) // the fault: the card read, not the face-down spell (CR 708.2a)
	}
	mv := spell.Cost.ManaValue() + spell.Cost.X*item.X
	// "Whenever you cast a noncreature spell" and a creature spell (CR 603.2). Outside the
	// loops, so that a mutant can still cut them short.
	notNoncreature := func(a abilityInstance) bool {
		return a.Trigger.Noncreature && spell.HasType("Creature") && !s.faults.on(FaultCastConditionIgnored) // the fault: the condition ignored
	}
	for _, id := range s.Battlefield {
		o := s.obj(id)
		if o.Controller != item.Controller {
			continue
		}
		for _, a := range v.Of(id).Abilities {
			if a.Kind != Triggered || a.Trigger.Event != OnCast || notNoncreature(a) {
				continue
			}
			n := 1
			if a.Trigger.Historic {
				n = historicTriggers(s, spell)
			}
			for range n {
				s.Pending = append(s.Pending, pendingTrigger{Source: id, SourceCard: o.Card, Controller: o.Controller, Ability: a.ability,
					Key: a.Key(id), Name: v.Of(id).Name, X: mv, Spell: item.ID})
			}
		}
	}
}

// cycleTriggersHaveTargets reports whether every targeted "when you cycle this card"
// ability of a card with characteristics c would have a legal target now. Only the fault
// that makes such a trigger block cycling asks: the rules don't (CR 702.29c, 603.3d).
func cycleTriggersHaveTargets(s *state, v *view, p h.Player, c *chars) bool {
	for _, a := range c.Abilities {
		if a.Kind != Triggered || a.Trigger.Event != OnCycle || !a.Trigger.Self {
			continue
		}
		for _, spec := range a.Targets {
			if len(spec.candidates(s, v, p, c)) == 0 {
				return false
			}
		}
	}
	return true
}
