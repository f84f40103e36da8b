package engine

import (
	"slices"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// CR 607: linked abilities. An ability that exiles records what it exiled under its own
// identity (AbilityKey: the object that has it and which of its abilities it is, CR 113);
// an ability linked to it (Ability.Linked) finds those objects by the keys of its partners
// on the same object. A copied pair is linked on the copy (707.7) under the identities the
// copy effect gives it, so a link made under one copy effect is not seen under another,
// even a later copy of the same object (607.1).

// Link is one object an ability exiled.
type Link struct {
	Ability AbilityKey // the exiling ability
	Object  h.ObjectID // the exiled object, as it is in exile
}

// ExileLinked exiles an object by the resolving ability, remembering it for the abilities
// linked to that ability (CR 607.2a). It returns the exiled object's ID.
func (r *Resolution) ExileLinked(id h.ObjectID) h.ObjectID {
	nid := r.MoveTo(id, h.Exile, false)
	r.s.Links = append(slices.Clip(r.s.Links), Link{Ability: r.item.Key, Object: nid})
	return nid
}

// LinkedExiled lists the objects still in exile that abilities linked to the resolving one
// exiled ("the exiled card", "cards exiled with [this]"), in the order they were exiled.
func (r *Resolution) LinkedExiled() []h.ObjectID {
	return linkedExiled(r.s, r.item.Key, r.item.Ability.Linked)
}

// linkedExiled lists the objects in exile that the abilities at positions linked of the
// object of key, under the same identity, exiled.
func linkedExiled(s *State, key AbilityKey, linked []int) []h.ObjectID {
	var out []h.ObjectID
	for _, l := range s.Links {
		o := s.live(l.Object)
		if o == nil || o.Zone != h.Exile || !partners(s, key, l.Ability, linked) {
			continue
		}
		out = append(out, l.Object)
	}
	return out
}

// partners reports whether the ability of key is linked to the ability other: the same
// object, the same origin (printed, or copied by the same copy effect), at a linked
// position (CR 607.1, 707.7).
func partners(s *State, key, other AbilityKey, linked []int) bool {
	if !slices.Contains(linked, other.Index) {
		return false
	}
	k := key
	k.Index = other.Index
	return k == other
}

// returnLinked: "return the exiled card(s) to the battlefield under its (their) owner's
// control" (Oblivion Ring, Helvault).
func returnLinked(r *Resolution) {
	for _, id := range r.LinkedExiled() {
		r.PutOntoBattlefield(id, r.s.obj(id).Owner)
	}
}

// exileTarget: "exile [another] target ...", linked to the abilities that return it.
func exileTarget(r *Resolution) {
	if t, ok := r.Target(0); ok {
		r.ExileLinked(t.Object)
	}
}
