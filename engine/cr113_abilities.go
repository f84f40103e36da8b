package engine

import (
	"fmt"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// CR 113: abilities. An object's abilities are part of its characteristics (CR 109.3),
// computed through the layers like the rest; each instance carries an identity that says
// where it comes from, so that a granted or copied ability is a different ability from a
// printed one with the same text (CR 113.2c: each instance functions independently), and
// so that linked abilities (CR 607) and "this ability" can name it.

// origin says where an ability instance comes from.
type origin uint8

const (
	// Printed: printed on the object's card, or defined by the effect that made the token
	// (CR 111.3); for a copy, in its copiable values.
	Printed origin = iota
	// Intrinsic: given by a rule, a basic land type's mana ability (CR 305.6).
	Intrinsic
	// Granted: added by a continuous effect (layer 6, CR 613.1f).
	Granted
	// Copied: part of copiable values a copy effect gave the object (CR 707.2).
	Copied
)

var originNames = [...]string{"printed", "intrinsic", "granted", "copied"}

func (o origin) String() string { return originNames[o] }

// abilityID identifies an ability instance within the object that has it.
//   - Printed, Copied: Index is the position among the card's (or copiable values')
//     abilities; Source is the object copied from, for Copied.
//   - Intrinsic: Index is the basic land type's position in WUBRG order.
//   - Granted: Source is the object whose static ability grants it and Index that
//     ability's position on it, or Effect is the resolved effect granting it and Index the
//     position within that effect.
type abilityID struct {
	Origin origin
	Source h.ObjectID
	Effect int
	Index  int
}

// abilityKey is an ability instance's stable identity in the game: the object that has
// it and which of its abilities it is. An object that changes zones is a new object
// (CR 400.7), and so are its abilities.
type abilityKey struct {
	Object h.ObjectID
	abilityID
}

func (k abilityKey) String() string {
	s := fmt.Sprintf("object %d: %s ability %d", k.Object, k.Origin, k.Index)
	if k.Source != 0 {
		s += fmt.Sprintf(" from object %d", k.Source)
	}
	if k.Effect != 0 {
		s += fmt.Sprintf(" from effect %d", k.Effect)
	}
	return s
}

// abilityInstance is one ability an object has: the ability as data and its identity.
type abilityInstance struct {
	*ability
	ID abilityID
}

// Key is the instance's identity on object id.
func (a abilityInstance) Key(id h.ObjectID) abilityKey {
	return abilityKey{Object: id, abilityID: a.ID}
}
