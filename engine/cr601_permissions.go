package engine

import h "github.com/mtgfuzz/mtgfuzz/harness"

// Which cards a player may cast or play: a player may begin to cast a spell only if a rule
// or effect allows it (CR 601.3), and play a land only from where a rule or effect allows
// (CR 305.1, 305.9 of the zones). Listing the legal actions and carrying them out both ask
// here; effects that let a player cast from elsewhere or face down add their permissions
// here.

// timing is when a permission may be used.
type timing uint8

const (
	// SorcerySpeed: in its controller's main phase with an empty stack (CR 307.1, 305.2).
	SorcerySpeed timing = iota
	// InstantSpeed: any time the player has priority (CR 304.1).
	InstantSpeed
)

// allows reports whether the timing permits p to act now.
func (t timing) allows(s *state, p h.Player) bool {
	if s.faults.on(FaultInstantsAtSorcerySpeed) {
		return canActAtSorcerySpeed(s, p) // the fault: instants and flash wait for a main phase
	}
	return t == InstantSpeed || canActAtSorcerySpeed(s, p)
}

// permission is one card a player may cast or play.
type permission struct {
	Object h.ObjectID
	Card   h.CardID
	Zone   h.Zone // where the card is
	// Play: the card is played as a land, a special action (CR 305.1, 116.2a), not cast.
	Play bool
	// FaceDown: it is cast face down (CR 708.4), as a 2/2 without characteristics.
	FaceDown bool
	Cost     manaCost // the cost to pay, before X is announced (CR 601.2b, 601.2f)
	Timing   timing
	// Targets the spell requires (CR 601.2c): its spell ability's, or an Aura's, whose
	// enchant ability defines them (CR 303.4a).
	Targets []targetSpec
	// Ability is the spell's spell ability (nil for a permanent spell).
	Ability *abilityInstance
	// Unmet says why the spell can't be begun now though the card may be cast from here
	// (CR 205.4e, 601.3); "" if it can.
	Unmet string
}

// permissions lists what player p may cast or play, whatever the timing: each card in
// their hand (CR 601.3, 305.1), in hand order, then the top card of their library if an
// effect allows it (cr601_top_of_library.go).
func permissions(s *state, v *view, p h.Player) []permission {
	hand := s.Players[p].Hand
	out := make([]permission, 0, len(hand)+1)
	for _, id := range hand {
		out = append(out, permissionFromHand(s, v, id))
		if perm, ok := faceDownPermission(s, v, id); ok {
			out = append(out, perm)
		}
	}
	out = append(out, permissionsFromTop(s, v, p)...)
	for i := range out {
		restrict(s, v, p, &out[i])
	}
	return out
}

// permissionFromHand is what the rules allow for a card in its owner's hand: a land is
// played at sorcery speed (CR 305.2), an instant cast any time (CR 304.1), anything else
// cast at sorcery speed (CR 307.1), for its mana cost (CR 601.2f).
func permissionFromHand(s *state, v *view, id h.ObjectID) permission {
	o := s.obj(id)
	c := v.Of(id)
	perm := permission{Object: id, Card: o.Card, Zone: h.Hand, Cost: c.Cost, Timing: SorcerySpeed}
	switch {
	case c.HasType("Land"):
		perm.Play = true
	case c.HasType("Instant") || c.HasKeyword("Flash"): // CR 304.1, 702.8a
		perm.Timing = InstantSpeed
	}
	if !perm.Play {
		perm.Ability = c.SpellAbility()
		perm.Targets = spellTargets(c)
	}
	return perm
}

// spellTargets are the targets a spell with these characteristics requires: its spell
// ability's (CR 601.2c), or an Aura spell's, defined by its enchant ability (CR 303.4a).
func spellTargets(c *chars) []targetSpec {
	if a := c.SpellAbility(); a != nil {
		return a.Targets
	}
	if spec, ok := enchantSpec(c); ok && c.HasSubtype("Aura") {
		return []targetSpec{spec}
	}
	return nil
}

// enchantSpec is what an object's enchant ability allows it to enchant (CR 702.5a).
func enchantSpec(c *chars) (targetSpec, bool) {
	for _, a := range c.Abilities {
		if a.Kind == Static && a.Static.Kind == Enchant {
			return a.Static.Attach, true
		}
	}
	return targetSpec{}, false
}

// permissionFor finds p's permission to cast or play the card, face down or not.
func permissionFor(s *state, v *view, p h.Player, card h.CardID, faceDown bool) (permission, bool) {
	for _, perm := range permissions(s, v, p) {
		if perm.Card == card && perm.FaceDown == faceDown {
			return perm, true
		}
	}
	return permission{}, false
}
