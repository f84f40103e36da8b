package engine

import (
	"fmt"
	"slices"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// CR 607: linked abilities. An ability that exiles records what it exiled under its own
// identity (abilityKey: the object that has it and which of its abilities it is, CR 113);
// an ability linked to it (ability.Linked) finds those objects by the keys of its partners
// on the same object. A copied pair is linked on the copy (707.7) under the identities the
// copy effect gives it, so a link made under one copy effect is not seen under another,
// even a later copy of the same object (607.1).

// link is one object an ability exiled.
type link struct {
	Ability abilityKey // the exiling ability
	Object  h.ObjectID // the exiled object, as it is in exile
}

// ExileLinked exiles an object by the resolving ability, remembering it for the abilities
// linked to that ability (CR 607.2a). It returns the exiled object's ID.
func (r *resolution) ExileLinked(id h.ObjectID) h.ObjectID {
	nid := r.MoveTo(id, h.Exile, false)
	r.s.Links = append(slices.Clip(r.s.Links), link{Ability: r.item.Key, Object: nid})
	return nid
}

// LinkedExiled lists the objects still in exile that abilities linked to the resolving one
// exiled ("the exiled card", "cards exiled with [this]"), in the order they were exiled.
func (r *resolution) LinkedExiled() []h.ObjectID {
	return linkedExiled(r.s, r.item.Key, r.item.Ability.Linked)
}

// linkedExiled lists the objects in exile that the abilities at positions linked of the
// object of key, under the same identity, exiled.
func linkedExiled(s *state, key abilityKey, linked []int) []h.ObjectID {
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
func partners(s *state, key, other abilityKey, linked []int) bool {
	if !slices.Contains(linked, other.Index) {
		return false
	}
	k := key
	k.Index = other.Index
	if s.faults.on(FaultLinkSurvivesRecopy) && k.Origin == Copied && other.Origin == Copied {
		k.Source, k.Effect = other.Source, other.Effect // any copy effect on the same object
	}
	if s.faults.on(FaultLinkUsesOriginals) && k.Origin == Copied && other == (abilityKey{Object: k.Source, abilityID: abilityID{Index: k.Index}}) {
		return true // the copied object's printed ability
	}
	return k == other
}

// returnLinked: "return the exiled card(s) to the battlefield under its (their) owner's
// control" (Oblivion Ring, Helvault): all of them at once.
func returnLinked(r *resolution) {
	r.PutOntoBattlefield(r.LinkedExiled(), func(o *object) h.Player {
		if r.s.faults.on(FaultReturnsUnderExiler) {
			return r.item.Controller
		}
		return o.Owner
	})
}

// exileTarget: "exile [another] target ...", linked to the abilities that return it.
func exileTarget(r *resolution) {
	if t, ok := r.Target(0); ok {
		r.ExileLinked(t.Object)
	}
}

// exileFromHand is "you may exile a [kind] card from your hand", the card chosen as the
// ability resolves (it doesn't target), linked to the abilities that refer to "the exiled
// card" (Chrome Mox's imprint, CR 607.2a).
func exileFromHand(kind func(c *chars) bool) func(r *resolution) {
	return func(r *resolution) {
		opts := []string{dontExile}
		var ids []h.ObjectID
		for _, id := range r.s.Players[r.Controller()].Hand {
			if c := r.v.Of(id); kind(c) {
				ids = append(ids, id)
				opts = append(opts, exileOption(c.Name, r.s.obj(id).Card))
			}
		}
		if len(ids) == 0 {
			return
		}
		pick := r.Choose(opts)
		for i, id := range ids {
			if opts[i+1] == pick {
				r.ExileLinked(id)
				return
			}
		}
	}
}

// dontExile is the option not to exile ("you may").
const dontExile = "don't exile"

// exileOption is how the choice to exile a card reads.
func exileOption(name string, card h.CardID) string {
	return fmt.Sprintf("exile %s (card %d)", name, card)
}

// nonartifactNonland: "a nonartifact, nonland card".
func nonartifactNonland(c *chars) bool { return !c.HasType("Artifact") && !c.HasType("Land") }

// linkedColors is the union of the colours of the cards in exile that the abilities
// linked to src's mana ability of production p exiled (CR 607.3: with several, each
// answers): the colours "one mana of any of the exiled card's colors" may be. None
// exiled, or only colourless ones, leave the type undefined (CR 106.5).
func (v *view) linkedColors(src *object, p *manaProduction) h.TypeSet {
	var set h.TypeSet
	for _, a := range v.Of(src.ID).Abilities {
		if a.Produce != p {
			continue
		}
		for _, id := range linkedExiled(v.s, a.Key(src.ID), a.Linked) {
			set = set.Union(v.Of(id).Colors)
		}
		break
	}
	return set & h.AllColors
}

// exiledWith lists the cards in exile that the linked abilities of permanent id, as it
// is now, refer to ("the exiled card", "cards exiled with [this]", CR 607.2a), in the
// order they were exiled: what a snapshot reports as exiled with it.
func exiledWith(s *state, v *view, id h.ObjectID) []h.CardID {
	c := v.Of(id)
	if len(s.Links) == 0 || !hasLinked(c) {
		return nil
	}
	var out []h.CardID
	for _, l := range s.Links {
		o := s.live(l.Object)
		if o == nil || o.Zone != h.Exile || slices.Contains(out, o.Card) {
			continue
		}
		for _, a := range c.Abilities {
			if len(a.Linked) > 0 && partners(s, a.Key(id), l.Ability, a.Linked) {
				out = append(out, o.Card)
				break
			}
		}
	}
	return out
}

// hasLinked reports whether any of the abilities is linked to another (CR 607.1): an
// object with none refers to no exiled card.
func hasLinked(c *chars) bool {
	for i := range c.Abilities {
		if len(c.Abilities[i].Linked) > 0 {
			return true
		}
	}
	return false
}

// setupLinks records the cards a setup says were exiled with a permanent: by the first
// of its abilities that another of its abilities is linked to (the exiling one), under the
// identity it has once the setup's copy effects are in force (CR 607.2a, 707.7).
func setupLinks(s *state, v *view, id h.ObjectID, cards []h.CardID) error {
	c := v.Of(id)
	exiling := -1
	for _, a := range c.Abilities {
		for _, i := range a.Linked {
			if exiling < 0 || i < exiling {
				exiling = i
			}
		}
	}
	if exiling < 0 || exiling >= len(c.Abilities) {
		return fmt.Errorf("setup: %s (card %d) has cards exiled with it, but no linked abilities (CR 607)", c.Name, s.obj(id).Card)
	}
	key := c.Abilities[exiling].Key(id)
	for _, card := range cards {
		o := s.byCard(card)
		if o == nil || o.Zone != h.Exile {
			return fmt.Errorf("setup: %s (card %d) has card %d exiled with it, which is not in exile", c.Name, s.obj(id).Card, card)
		}
		s.Links = append(s.Links, link{Ability: key, Object: o.ID})
	}
	return nil
}
