package engine

import (
	"slices"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// CR 611: continuous effects. An effect is a record: where it comes from, its timestamp
// (CR 613.7), how long it lasts, and what it does, as values of the modification sum
// type, each applied in its own layer (CR 613.6).

// layer is a layer or sublayer of CR 613.1.
type layer uint8

const (
	LayerCopy     layer = iota // 1a: copy effects (CR 707)
	LayerFaceDown              // 1b: face-down spells and permanents (CR 708.2)
	LayerControl               // 2
	LayerText                  // 3
	LayerType                  // 4
	LayerColor                 // 5
	LayerAbility               // 6
	LayerPTDefine              // 7a
	LayerPTSet                 // 7b
	LayerPTModify              // 7c
	LayerPTSwitch              // 7d
	numLayers
)

// modification is what a continuous effect does to an object's characteristics in one
// layer: one of copyOf, addTypes, addAbility, setPT, modifyPT. (Layer 1b, face-down
// status, comes from the object itself: see faceDown.)
type modification interface {
	// Layer is the layer the modification applies in (CR 613.1).
	Layer() layer
	// apply changes c, which the projection owns.
	apply(c *chars, key effectKey)
}

// effectKey is what a modification needs to know of the effect it belongs to: to give a
// granted ability its identity.
type effectKey struct {
	source h.ObjectID // for a static ability: the object that has it
	effect int        // for a resolved effect: its ID
	index  int        // which ability of the source, or which part of the effect
}

// copyOf: the object's copiable values become Values, those of object From (CR 707.2,
// layer 1a). Values are copiable values already computed (the copied object's after
// layer 1).
type copyOf struct {
	From   h.ObjectID
	Values *chars
}

// faceDown: the object is a face-down 2/2 (CR 708.2a, layer 1b). No effect carries it: an
// object is face down by its own status (object.FaceDown), which layer 1b reads.
type faceDown struct{}

// addTypes: the object gets these card types in addition (layer 4); AllCreatureTypes:
// and every creature type (CR 205.3m).
type addTypes struct {
	Types            []string
	AllCreatureTypes bool
}

// addAbility: the object has the ability (layer 6).
type addAbility struct{ Ability *ability }

// setPT: the object's power and toughness become these (layer 7b).
type setPT struct{ Power, Toughness int }

// modifyPT: +Power/+Toughness (layer 7c).
type modifyPT struct{ Power, Toughness int }

func (copyOf) Layer() layer     { return LayerCopy }
func (addTypes) Layer() layer   { return LayerType }
func (addAbility) Layer() layer { return LayerAbility }
func (setPT) Layer() layer      { return LayerPTSet }
func (modifyPT) Layer() layer   { return LayerPTModify }

// CR 707.2: the copiable values replace the object's. Their abilities already carry the
// identities the effect gave them as it began (begin), so applying the effect costs the
// same however many abilities a chain of copies has gathered (707.9a).
func (m copyOf) apply(c *chars, _ effectKey) { *c = *m.Values }

// begin gives the copied abilities their identities as the copy effect effect begins: they
// are Copied in the copy, from From, in their positions, and each copy effect gives its own,
// so that abilities linked under one copy effect are not linked under another, even of the
// same object (CR 707.7, 607.1). The values never change after (707.2b), nor do these.
// The mana abilities basic land types give stay Intrinsic: they come with the types, and
// in layer 4 the copy's types give them again in their place (305.6), so a copy of a Forest
// has "{T}: Add {G}." once, and a copy whose types change after has what its types give.
// (With the fault land-ability-twice they become Copied, and the types add them again.)
func (m copyOf) begin(effect int, landAbilityTwice bool) copyOf {
	vals := *m.Values
	vals.Abilities = make([]abilityInstance, len(m.Values.Abilities))
	for i, a := range m.Values.Abilities {
		if a.ID.Origin != Intrinsic || landAbilityTwice {
			a.ID = abilityID{Origin: Copied, Source: m.From, Effect: effect, Index: i}
		}
		vals.Abilities[i] = a
	}
	m.Values = &vals
	return m
}

func (faceDown) apply(c *chars, _ effectKey) { *c = faceDownChars }

func (m addTypes) apply(c *chars, _ effectKey) {
	c.Types = appendNew(c.Types, m.Types...)
	if m.AllCreatureTypes {
		c.AllCreatureTypes = true
	}
}

func (m addAbility) apply(c *chars, k effectKey) {
	c.Abilities = append(c.Abilities[:len(c.Abilities):len(c.Abilities)], abilityInstance{ability: m.Ability,
		ID: abilityID{Origin: Granted, Source: k.source, Effect: k.effect, Index: k.index}})
}

func (m setPT) apply(c *chars, _ effectKey) {
	c.Power, c.Toughness, c.HasPT = m.Power, m.Toughness, true
}

func (m modifyPT) apply(c *chars, _ effectKey) {
	c.Power += m.Power
	c.Toughness += m.Toughness
}

// faceDownChars: a face-down spell or permanent is a 2/2 creature with no name, mana cost,
// colour, subtypes or abilities (CR 708.2a).
var faceDownChars = chars{Cost: manaCost{None: true}, Types: []string{"Creature"}, Power: 2, Toughness: 2, HasPT: true}

// effect is a continuous effect created by a resolving spell or ability (CR 611.2). The
// set of objects it affects is locked in as it begins (CR 611.2c), by object ID, so it
// stops applying when an object changes zones (CR 400.7).
type effect struct {
	ID         int
	Source     h.ObjectID
	Controller h.Player
	Timestamp  uint64
	Duration   duration
	Objects    []h.ObjectID
	// Mods are the effect's parts, each applied in its layer to the same objects (613.6).
	Mods []modification
}

// withoutCopyDurations is the clone-drops-duration fault: es, in a new list, with the copy
// effects lasting until the end of the game (CR 611.2a: the duration is part of the
// effect).
func withoutCopyDurations(es []effect) []effect {
	out := make([]effect, 0, len(es))
	for _, e := range es {
		for _, m := range e.Mods {
			if _, ok := m.(copyOf); ok {
				e.Duration = duration{}
			}
		}
		out = append(out, e)
	}
	return out
}

// addEffect records a new continuous effect with a fresh timestamp (CR 613.7b). An effect
// "for as long as" something that doesn't hold as it would begin does nothing (611.2b).
func (s *state) addEffect(e effect) {
	if e.Duration.While != nil && !e.Duration.While(s, &e) {
		return
	}
	s.NextEffect++
	e.ID = s.NextEffect
	e.Timestamp = s.timestamp()
	for i, m := range e.Mods {
		if c, ok := m.(copyOf); ok {
			e.Mods = slices.Clone(e.Mods) // the caller's may be shared
			e.Mods[i] = c.begin(e.ID, s.faults.on(FaultLandAbilityTwice))
		}
	}
	s.Effects = append(s.Effects, e)
}
