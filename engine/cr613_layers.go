package engine

import (
	"sort"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// Chars is an object's computed characteristics (CR 109.3) after all layers (CR 613).
type Chars struct {
	Name             string
	Cost             ManaCost
	Colors           h.TypeSet
	Supertypes       []string
	Types            []string
	Subtypes         []string
	AllCreatureTypes bool
	Power, Toughness int
	HasPT            bool
	Loyalty          int
	HasLoyalty       bool
	Abilities        []*Ability
}

// HasType reports whether the object has card type t.
func (c *Chars) HasType(t string) bool { return hasString(c.Types, t) }

// HasSupertype reports whether the object has supertype t.
func (c *Chars) HasSupertype(t string) bool { return hasString(c.Supertypes, t) }

// HasKeyword reports whether the object has keyword ability k.
func (c *Chars) HasKeyword(k string) bool {
	for _, a := range c.Abilities {
		if a.Kind == Keyword && a.Keyword == k {
			return true
		}
	}
	return false
}

// printed returns a card's characteristics as printed (the start of CR 613.1).
func printed(d *CardDef) Chars {
	return Chars{
		Name: d.Name, Cost: d.Cost, Colors: d.Colors,
		Supertypes: d.Supertypes, Types: d.Types, Subtypes: d.Subtypes,
		AllCreatureTypes: d.AllCreatureTypes,
		Power:            d.Power, Toughness: d.Toughness, HasPT: d.HasPT,
		Loyalty: d.Loyalty, HasLoyalty: d.HasLoyalty,
		Abilities: d.Abilities,
	}
}

// View is the computed game: characteristics of every object, never stored back into the
// State (CR 613). Project builds it once per state; it must not outlive changes to s.
type View struct {
	s             *State
	chars         []*Chars                 // indexed by ObjectID-1; nil until computed
	could         map[h.ObjectID]h.TypeSet // CR 106.7, computed on first use
	replaced      map[repKey]h.TypeSet
	reps          map[repKey][]replacement // manaReplacements, per kind of production
	tapTrigs      []tapTrigger             // manaTriggers, computed once
	tapTrigsDone  bool
	unions        [2]h.TypeSet // landsCould of each player
	unionsValid   bool
	potential     [2]int // manaPotential of each player
	potentialDone uint8
	modifiers     uint8 // manaModifiers: 0 unknown, 1 none, 2 some
}

// layerMod is one continuous effect's change in one layer, ordered by (layer, timestamp)
// (CR 613.1, 613.7). Dependencies (CR 613.8) don't arise in this card pool.
type layerMod struct {
	layer   Layer
	ts      uint64
	applies func(o *Object, c *Chars) bool
	apply   func(o *Object, c *Chars)
}

// Project computes the characteristics of every permanent through the layers.
func Project(s *State) *View {
	v := &View{s: s, chars: make([]*Chars, len(s.Objects))}
	mods := collectMods(s)
	slab := make([]Chars, len(s.Battlefield)) // one allocation for every permanent
	for i, id := range s.Battlefield {
		o := s.obj(id)
		c := &slab[i]
		*c = printed(o.Def)
		if o.FaceDown {
			// CR 708.2a: a face-down permanent is a nameless, colourless 2/2 creature with
			// no text, types but creature, and no mana cost (layer 1b).
			*c = Chars{Types: []string{"Creature"}, Power: 2, Toughness: 2, HasPT: true}
		}
		set := false // a layer 7b effect set its P/T
		for _, m := range mods {
			if m.applies(o, c) {
				m.apply(o, c)
				set = set || m.layer == LayerPTSet
			}
		}
		addIntrinsicLandAbilities(c)
		// Counters: CR 613.4c, applied in 7c with the other modifications; +1/+1 only here.
		if c.HasPT && !(set && s.faults.on(FaultSetPTErasesCounters)) {
			c.Power += o.Counters[PlusOne]
			c.Toughness += o.Counters[PlusOne]
		}
		if c.HasLoyalty {
			c.Loyalty = o.Counters[Loyalty]
		}
		v.chars[id-1] = c
	}
	return v
}

// Of returns the computed characteristics of an object: through the layers on the
// battlefield, printed elsewhere (continuous effects here only affect permanents).
func (v *View) Of(id h.ObjectID) *Chars {
	if id == 0 || int(id) > len(v.s.Objects) {
		return nil
	}
	if int(id) <= len(v.chars) && v.chars[id-1] != nil {
		return v.chars[id-1]
	}
	return v.s.obj(id).Def.printedChars() // read only
}

// basicLandAbilities: a land with a basic land type has that type's mana ability
// (CR 305.6), whatever gave it the type.
var basicLandAbilities = map[string]*Ability{
	"Plains":   manaAbility("({T}: Add {W}.)", fixed(h.White, 1)),
	"Island":   manaAbility("({T}: Add {U}.)", fixed(h.Blue, 1)),
	"Swamp":    manaAbility("({T}: Add {B}.)", fixed(h.Black, 1)),
	"Mountain": manaAbility("({T}: Add {R}.)", fixed(h.Red, 1)),
	"Forest":   manaAbility("({T}: Add {G}.)", fixed(h.Green, 1)),
}

var basicLandTypes = []string{"Plains", "Island", "Swamp", "Mountain", "Forest"}

func addIntrinsicLandAbilities(c *Chars) {
	if !c.HasType("Land") {
		return
	}
	var intrinsic []*Ability
	for _, t := range basicLandTypes {
		if hasString(c.Subtypes, t) {
			intrinsic = append(intrinsic, basicLandAbilities[t])
		}
	}
	if len(intrinsic) > 0 {
		c.Abilities = append(intrinsic, c.Abilities...)
	}
}

// collectMods gathers every continuous effect that applies now, from resolved spells and
// abilities (s.Effects) and from static abilities of permanents (CR 611.3), in layer and
// timestamp order.
func collectMods(s *State) []layerMod {
	var mods []layerMod
	for i := range s.Effects {
		e := &s.Effects[i]
		affects := func(o *Object, _ *Chars) bool { return containsID(e.Objects, o.ID) }
		switch e.Layer {
		case LayerType:
			mods = append(mods, layerMod{LayerType, e.Timestamp, affects, func(_ *Object, c *Chars) {
				c.Types = appendNew(c.Types, e.AddTypes...)
				if e.AllCreatureTypes {
					c.AllCreatureTypes = true
				}
			}})
		case LayerPTSet:
			mods = append(mods, layerMod{LayerPTSet, e.Timestamp, affects, func(_ *Object, c *Chars) {
				c.Power, c.Toughness, c.HasPT = e.SetPT[0], e.SetPT[1], true
			}})
		case LayerPTModify:
			mods = append(mods, layerMod{LayerPTModify, e.Timestamp, affects, func(_ *Object, c *Chars) {
				c.Power += e.ModPT[0]
				c.Toughness += e.ModPT[1]
			}})
		}
	}
	for _, id := range s.Battlefield {
		src := s.obj(id)
		if src.FaceDown {
			continue
		}
		for _, a := range src.Def.Abilities {
			if a.Kind != Static {
				continue
			}
			mods = append(mods, staticMods(s, src, a.Static)...)
		}
	}
	sort.SliceStable(mods, func(i, j int) bool {
		if mods[i].layer != mods[j].layer {
			return mods[i].layer < mods[j].layer
		}
		return mods[i].ts < mods[j].ts
	})
	return mods
}

// staticMods turns a static ability of src into layer modifications (CR 604, 611.3).
func staticMods(s *State, src *Object, st *StaticEffect) []layerMod {
	switch st.Kind {
	case AnthemChosenColor:
		if src.ChosenColor < 0 {
			return nil
		}
		color := h.ManaType(src.ChosenColor)
		return []layerMod{{LayerPTModify, src.Timestamp,
			func(_ *Object, c *Chars) bool { return c.HasType("Creature") && c.Colors.Has(color) },
			func(_ *Object, c *Chars) { c.Power += st.N; c.Toughness += st.T }}}
	case GrantToEquipped:
		host := src.AttachedTo
		return []layerMod{{LayerAbility, src.Timestamp,
			func(o *Object, _ *Chars) bool { return host != 0 && o.ID == host },
			func(_ *Object, c *Chars) {
				c.Abilities = append(append([]*Ability(nil), c.Abilities...), st.Grant)
			}}}
	}
	return nil
}

// appendNew appends the strings of add that list lacks, copying list first.
func appendNew(list []string, add ...string) []string {
	out := append([]string(nil), list...)
	for _, a := range add {
		if !hasString(out, a) {
			out = append(out, a)
		}
	}
	return out
}
