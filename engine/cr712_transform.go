package engine

import (
	"fmt"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// CR 712 (double-faced cards) and 701.27 (transform). A nonmodal double-faced card has
// two faces, each with its own characteristics (712.8); its definition is its front
// face's, which links the back face's (card.go). A permanent has the characteristics of
// the face that is up (712.8d, 712.8e): the projection starts from its definition, so a
// permanent transforms by taking the other face's definition (701.27a). It stays the same
// object (712.18): same ID, counters, damage, status, attachments and effects, no zone
// change, so nothing enters the battlefield and nothing is cast; it has been under its
// controller's control continuously (302.6). Anywhere but the battlefield (and the stack)
// the card has only its front face (712.8a): a zone change takes the front face again
// (cr400_zones.go).

// transform turns the permanent id over to its other face (CR 701.27a), if it has one. It
// is the same object (712.18): only the face that is up changes.
func transform(s *state, id h.ObjectID, ev *events) {
	o := s.live(id)
	if o == nil || o.Zone != h.Battlefield || o.FaceDown { // CR 712.15a: face down, it can't
		return
	}
	other := otherFaceOf(o)
	if other == nil {
		return // CR 712.9, 701.27c: not a double-faced card; nothing happens
	}
	var before string
	if ev.on() {
		before = project(s).Of(id).Name
	}
	n := s.mut(id)
	n.Def = other
	if s.faults.on(FaultTransformLosesCounters) {
		n.Counters = [numCounterKinds]int{} // the fault: counters left behind (CR 712.18 keeps them)
	}
	if s.faults.on(FaultTransformSick) {
		n.Sick = true // the fault: as if it had just come under its controller's control (CR 302.6)
	}
	now := id
	if s.faults.on(FaultTransformNewObject) {
		now = asNewObject(s, id).ID // the fault: another object from now on (CR 712.18)
	}
	if s.faults.on(FaultTransformFiresCastTriggers) {
		castTriggers(s, &stackItem{ID: now, Controller: n.Controller}) // the fault: as if it had been cast (CR 601.2i)
	}
	if ev.on() {
		ev.add(h.Event{Kind: "transformed", Player: n.Controller, Card: n.Card, Object: now, Rule: "701.27a",
			Text: fmt.Sprintf("%s transforms into %s", before, project(s).Of(now).Name)})
	}
}

// transformSource is "Transform this [permanent]": the permanent the ability came from
// transforms only if it is still on the battlefield as the same object (CR 400.7) and has
// not transformed since the ability was put onto the stack (701.27f): the ability's own
// object was made with the face it was activated from.
func transformSource(r *resolution) {
	src := r.Source()
	if src.Gone || src.Zone != h.Battlefield {
		return
	}
	if !sameFace(src, r.s.obj(r.item.ID)) {
		return // CR 701.27f: it transformed since; the instruction is ignored
	}
	transform(r.s, src.ID, r.ev)
}

// backFace is the definition of a permanent a setup puts onto the battlefield with its
// back face up (CR 701.27g): only a double-faced card has one (712.9), and a face-down
// permanent shows neither face (712.16).
func backFace(pm h.PermanentSpec, d *cardDef) (*cardDef, error) {
	switch {
	case d.back == nil:
		return nil, fmt.Errorf("setup: %s: transformed: only a double-faced card can have its back face up (CR 712.9)", pm.Name)
	case pm.FaceDown:
		return nil, fmt.Errorf("setup: %s: transformed and face down: a double-faced permanent can't be face down (CR 712.16)", pm.Name)
	}
	return d.back, nil
}
