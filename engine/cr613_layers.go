package engine

import (
	"slices"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// CR 613: interaction of continuous effects. The projection computes every object's
// characteristics from its printed ones (613.1) by applying the layers in order, each to
// every object at once, so that which objects an effect applies to is decided with the
// characteristics of the layers already applied. It is the only reader of printed card
// data in the rules (printed_reads_test.go).

// chars is an object's computed characteristics (CR 109.3) after all layers (CR 613).
type chars struct {
	Name             string
	Cost             manaCost
	Colors           h.TypeSet
	Supertypes       []string
	Types            []string
	Subtypes         []string
	AllCreatureTypes bool
	Power, Toughness int
	HasPT            bool
	Loyalty          int
	HasLoyalty       bool
	// StartingLoyalty is the printed loyalty number (CR 306.5a), a copiable value: a
	// planeswalker enters with that many loyalty counters (306.5b), while its Loyalty on
	// the battlefield is the number of loyalty counters on it (306.5c).
	StartingLoyalty int
	Abilities       []abilityInstance
	costText        string // activationCost.String(), kept with the cost
}

// HasType reports whether the object has card type t.
func (c *chars) HasType(t string) bool { return hasString(c.Types, t) }

// HasSupertype reports whether the object has supertype t.
func (c *chars) HasSupertype(t string) bool { return hasString(c.Supertypes, t) }

// HasSubtype reports whether the object has subtype t.
func (c *chars) HasSubtype(t string) bool { return hasString(c.Subtypes, t) }

// HasKeyword reports whether the object has keyword ability k.
func (c *chars) HasKeyword(k string) bool {
	for _, a := range c.Abilities {
		if a.Kind == Keyword && (a.Keyword == k || hasString(a.Also, k)) {
			return true
		}
	}
	return false
}

// SpellAbility is an instant's or sorcery's spell ability (CR 113.3a), or nil.
func (c *chars) SpellAbility() *abilityInstance {
	for i := range c.Abilities {
		if c.Abilities[i].Kind == SpellAbility {
			return &c.Abilities[i]
		}
	}
	return nil
}

// view is the computed game: characteristics of every object in a zone that gives them
// (battlefield, stack, hands, libraries, graveyards, exile), never stored back into the
// state (CR 613). project builds it once per state; it must not outlive changes to s.
type view struct {
	s *state
	// chars is indexed by ObjectID-1: the card's printed chars, shared and read only, until
	// an effect changes them and the view owns a copy (projector.own).
	chars []*chars
	// copiable holds the copiable values (CR 707.2) of the objects layer 1 changed, as
	// they were after it; nil entries (or a nil slice) are the printed values.
	copiable []*chars
	copies   []bool // a copy effect applies to the object

	could    []h.TypeSet // CR 106.7 by ObjectID-1, computed on first use
	replaced []repEntry  // replacedTypesCached
	outcomes outcomeMemo // manaOutcomes by key, and the mana environment (once envDone)
	// The small fields together, so that a view fits the 288-byte size class
	// (TestStateFitsItsSizeClass).
	unions        [2]h.TypeSet // landsCould of each player
	unionsValid   bool
	envDone       bool
	memoStarted   bool // outcomes started from the memo handed to the state
	outcomesDirty bool // outcomes changed since published (publishOutcomes)
}

// of is the projection v holds, for t: a copy of v's state not changed since (an exact
// clone, or one where only who has priority and the count of passes differ, which no
// projection reads), or a state that projects alike (projectsAlike), so that its
// projection would be the same. The characteristics, read
// only, are shared, and the mana environment and what permanents could produce if they
// hold for t (shareManaEnv, shareCould); what else a view computes on first use starts
// again, from t.
func (v *view) of(t *state) *view {
	w := &view{s: t, chars: v.chars, copiable: v.copiable, copies: v.copies}
	w.shareManaEnv(v)
	w.shareCould(v)
	return w
}

// projectsAlike reports whether project computes the same characteristics for t as for s
// (both of one game): it reads nothing else than what is compared here. The zones that
// give characteristics (their lists, in order); of every object in them, its card and
// face-down status; of every permanent, its +1/+1 and loyalty counters, chosen colour,
// attachment and timestamp (its static abilities' effects); and the effects with the same
// identity, objects and parts (never changed after creation), ended or not in both.
// Tapping, mana, damage, life, priority and the rest don't change characteristics (CR 613).
func projectsAlike(s, t *state) bool {
	if s.faults != t.faults || s.numObjects() != t.numObjects() || len(s.Stack) != len(t.Stack) ||
		len(s.Effects) != len(t.Effects) || !sameIDs(s.Battlefield, t.Battlefield) {
		return false
	}
	for p := range s.Players {
		a, b := &s.Players[p], &t.Players[p]
		if !sameIDs(a.Library, b.Library) || !sameIDs(a.Hand, b.Hand) ||
			!sameIDs(a.Graveyard, b.Graveyard) || !sameIDs(a.Exile, b.Exile) {
			return false
		}
	}
	for i := range s.Stack {
		a, b := &s.Stack[i], &t.Stack[i]
		if a.IsSpell != b.IsSpell || a.IsSpell && a.ID != b.ID {
			return false
		}
	}
	// The records both tables share (a chunk neither has written since, objectTable) are
	// the same; in the others, every record is compared on every field the projection reads
	// of a permanent, more than it reads of the objects in other zones.
	for i, ca := range s.objects.chunks {
		if cb := t.objects.chunks[i]; ca != cb {
			for j := range ca.recs {
				if a, b := &ca.recs[j], &cb.recs[j]; a.Def != b.Def || a.FaceDown != b.FaceDown ||
					a.Counters[PlusOne] != b.Counters[PlusOne] || a.Counters[Loyalty] != b.Counters[Loyalty] ||
					a.ChosenColor != b.ChosenColor || a.AttachedTo != b.AttachedTo || a.Timestamp != b.Timestamp {
					return false
				}
			}
		}
	}
	same := true
	for i := range s.Effects {
		a, b := &s.Effects[i], &t.Effects[i]
		same = same && a.ID == b.ID && a.Timestamp == b.Timestamp && slices.Equal(a.Objects, b.Objects) &&
			len(a.Mods) == len(b.Mods) && (len(a.Mods) == 0 || &a.Mods[0] == &b.Mods[0]) &&
			a.Duration.ends(s, a, AnyTime, h.NoPlayer) == b.Duration.ends(t, b, AnyTime, h.NoPlayer)
	}
	return same
}

// sameIDs reports whether two lists of IDs are equal; most compared are one list shared by
// two states (state.clone), equal at a glance.
func sameIDs(a, b []h.ObjectID) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0] || slices.Equal(a, b))
}

// liveEffect is one continuous effect as the projection applies it: from a resolved spell
// or ability (its objects locked in, CR 611.2c) or from a static ability (its objects
// decided in the first layer it applies in, and kept for the later ones, CR 613.6).
type liveEffect struct {
	ts      uint64
	mods    []modification
	layers  layerSet // the layers of mods
	key     effectKey
	objects []h.ObjectID
	locked  bool // objects decided: the effect has started to apply
	// For a static ability's effect: which objects, and the ability that generates it.
	static  bool
	scope   staticScope
	ability abilityKey
}

// staticScope is which permanents a static ability's effect applies to (CR 611.3a).
type staticScope struct {
	kind  staticKind
	color h.ManaType // AnthemChosenColor: creatures of this colour
	host  h.ObjectID // GrantToEquipped, PumpAttached: the permanent it is attached to (CR 301.5a, 303.4m)
}

func (sc *staticScope) applies(v *view, id h.ObjectID) bool {
	switch sc.kind {
	case AnthemChosenColor:
		c := v.chars[id-1]
		return c.HasType("Creature") && (c.Colors.Has(sc.color) || v.s.faults.on(FaultAnthemEveryColor))
	case GrantToEquipped, PumpAttached:
		return sc.host != 0 && id == sc.host
	}
	return false
}

// project computes the characteristics of every object through the layers (CR 613.1).
func project(s *state) *view {
	v := &view{s: s, chars: make([]*chars, s.numObjects())}
	pr := &projector{view: v}
	// Every object starts with its printed characteristics (the start of CR 613.1), shared
	// until an effect changes them.
	anyFaceDown := v.startPrinted()
	// The effects: those of resolved spells and abilities, then those of static
	// abilities, at most one for each permanent whose card has a continuous one (more, and
	// the list grows, only for abilities copied or granted).
	statics := 0
	owners := 0 // how many objects the effects and counters may change, at most
	for _, id := range s.Battlefield {
		o := s.obj(id)
		if o.Def.continuous {
			statics++
		}
		if o.Counters[PlusOne] != 0 || o.Counters[Loyalty] != 0 || o.FaceDown {
			owners++
		}
	}
	// Few effects apply at once: they are kept on the stack unless more do.
	var effectsBuf [8]liveEffect
	effects := effectsBuf[:0]
	if n := len(s.Effects) + statics; n > len(effectsBuf) {
		effects = make([]liveEffect, 0, n)
	}
	for i := range s.Effects {
		e := &s.Effects[i]
		if e.Duration.ends(s, e, AnyTime, h.NoPlayer) {
			continue // over since the last check (CR 611.2b); removed at the next one
		}
		effects = append(effects, liveEffect{ts: e.Timestamp, mods: e.Mods, layers: layersOf(e.Mods, s.faults),
			key: effectKey{effect: e.ID}, objects: e.Objects, locked: true})
		owners += len(e.Objects)
	}
	if owners > 0 {
		pr.slab = make([]chars, 0, owners)
		pr.owned = make([]h.ObjectID, 0, owners)
	}
	var orderBuf [8]int // the effects of one layer (their indices): few
	order := orderBuf[:0]
	present := layersIn(effects) // most layers have no effect to order
	for layer := LayerCopy; layer < numLayers; layer++ {
		switch layer {
		case LayerControl, LayerPTDefine:
			if layer == LayerControl {
				pr.keepCopiable()
			}
			// Static abilities as they exist now: once copiable values are known (after
			// layer 1: a face-down permanent has none), and once abilities are (after
			// layer 6).
			effects = v.staticEffects(effects)
			present = layersIn(effects)
		case LayerFaceDown:
			if anyFaceDown {
				s.eachWithCharacteristics(func(id h.ObjectID) {
					if s.obj(id).FaceDown { // CR 708.2a
						c := pr.own(id)
						name, colors, super := c.Name, c.Colors, c.Supertypes
						faceDown{}.apply(c, effectKey{})
						if s.faults.on(FaultFaceDownKeepsName) {
							c.Name, c.Colors = name, colors // the fault
						}
						if s.faults.on(FaultFaceDownLegendary) {
							c.Supertypes = super // the fault
						}
					}
				})
			}
		}
		order = order[:0]
		if present.has(layer) {
			order = orderLayer(layer, effects, order)
		}
		for _, i := range order {
			e := &effects[i]
			if !e.locked {
				e.objects, e.locked = v.affected(&e.scope), true
			}
			for _, m := range e.mods {
				if layerOf(m, s.faults) != layer {
					continue
				}
				for _, id := range e.objects {
					if v.chars[id-1] != nil {
						m.apply(pr.own(id), e.key)
						if layer == LayerCopy {
							v.markCopy(id)
						}
					}
				}
			}
		}
		switch layer {
		case LayerType:
			// Only characteristics an effect changed can have gained a land type.
			for _, id := range pr.owned {
				if abs, changed := withIntrinsicLandAbilities(v.chars[id-1]); changed {
					pr.own(id).Abilities = abs
				}
			}
		case LayerPTModify:
			pr.applyCounters()
		}
	}
	return v
}

// startPrinted gives every object in a zone that gives it characteristics its printed
// ones, the zones as eachWithCharacteristics lists them, and reports whether one is face
// down.
func (v *view) startPrinted() (faceDown bool) {
	s := v.s
	start := func(ids []h.ObjectID) {
		for _, id := range ids {
			o := s.obj(id)
			v.chars[id-1] = &o.Def.printed
			faceDown = faceDown || o.FaceDown
		}
	}
	start(s.Battlefield)
	for i := range s.Stack {
		if it := &s.Stack[i]; it.IsSpell {
			o := s.obj(it.ID)
			v.chars[it.ID-1] = &o.Def.printed
			faceDown = faceDown || o.FaceDown
		}
	}
	for p := range s.Players {
		ps := &s.Players[p]
		start(ps.Library)
		start(ps.Hand)
		start(ps.Graveyard)
		start(ps.Exile)
	}
	return faceDown
}

// eachWithCharacteristics calls f for every object in a zone that gives it
// characteristics: permanents, then spells, then each player's library, hand, graveyard
// and exile.
func (s *state) eachWithCharacteristics(f func(id h.ObjectID)) {
	for _, id := range s.Battlefield {
		f(id)
	}
	for i := range s.Stack {
		if s.Stack[i].IsSpell {
			f(s.Stack[i].ID)
		}
	}
	for p := range s.Players {
		ps := &s.Players[p]
		for _, zone := range [...][]h.ObjectID{ps.Library, ps.Hand, ps.Graveyard, ps.Exile} {
			for _, id := range zone {
				f(id)
			}
		}
	}
}

// projector is a view as project builds it, with what only the building needs: a view
// is made for every state stepped through (view.of), so what it carries costs on each.
type projector struct {
	*view
	slab  []chars      // the characteristics the view owns
	owned []h.ObjectID // the objects whose characteristics are in slab, in the order taken
}

// own returns the view's own copy of id's characteristics, to be changed: a new one when
// they are the printed ones or the copiable values kept.
func (p *projector) own(id h.ObjectID) *chars {
	c := p.chars[id-1]
	if p.owns(id) {
		return c
	}
	if len(p.slab) == cap(p.slab) {
		// Few objects are changed by effects or counters: start small and double (the
		// copies already made stay where they are).
		p.slab = make([]chars, 0, max(4, 2*cap(p.slab)))
	}
	p.slab = append(p.slab, *c)
	p.chars[id-1] = &p.slab[len(p.slab)-1]
	if c == &p.s.obj(id).Def.printed { // kept copiable values are owned already
		p.owned = append(p.owned, id)
	}
	return p.chars[id-1]
}

// owns reports whether the view has its own copy of id's characteristics, to change.
func (v *view) owns(id h.ObjectID) bool {
	c := v.chars[id-1]
	return c != &v.s.obj(id).Def.printed && (v.copiable == nil || c != v.copiable[id-1])
}

// orderLayer is the order of the effects that apply in a layer, their indices appended to out:
// timestamp order (CR 613.7). A dependency (CR 613.8) would reorder it here; no effect of
// this pool depends on another (613.8a), so the timestamps decide.
func orderLayer(layer layer, effects []liveEffect, out []int) []int {
	for i := range effects {
		if effects[i].layers.has(layer) {
			out = append(out, i)
		}
	}
	// A stable insertion sort: a layer has few effects, kept on project's stack.
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && effects[out[j]].ts < effects[out[j-1]].ts; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// layerSet is a set of layers.
type layerSet uint16

func (ls layerSet) has(l layer) bool { return ls&(1<<l) != 0 }

// layersIn is the set of the layers the effects apply in.
func layersIn(effects []liveEffect) layerSet {
	var ls layerSet
	for i := range effects {
		ls |= effects[i].layers
	}
	return ls
}

// layersOf is the set of the layers mods apply in.
func layersOf(mods []modification, faults *faultSet) layerSet {
	var ls layerSet
	for _, m := range mods {
		ls |= 1 << layerOf(m, faults)
	}
	return ls
}

// layerOf is the layer modification m applies in: its own (CR 613.1), but for the faults
// that move P/T-setting or modifying effects to another sublayer.
func layerOf(m modification, faults *faultSet) layer {
	l := m.Layer()
	switch {
	case l == LayerPTSet && faults.on(FaultSetPTInTimestampOrder):
		return LayerPTModify
	case l == LayerPTModify && faults.on(FaultModifyBeforeSet):
		return LayerPTDefine
	}
	return l
}

// affected decides which permanents a static ability's effect applies to now, with the
// layers so far applied.
func (v *view) affected(sc *staticScope) []h.ObjectID {
	var out []h.ObjectID
	for _, id := range v.s.Battlefield {
		if sc.applies(v, id) {
			out = append(out, id)
		}
	}
	return out
}

// staticEffects brings the effects of static abilities up to date with the abilities
// permanents have now (CR 604.2, 611.3): an effect that hasn't started to apply is dropped
// if its ability is gone (an effect that has started goes on, CR 613.6), and the effects of
// abilities not yet taken are added. Their timestamp is their object's (CR 613.7a).
func (v *view) staticEffects(effects []liveEffect) []liveEffect {
	kept := effects[:0]
	for i := range effects {
		if e := &effects[i]; !e.static || e.locked || v.hasAbility(e.ability) {
			kept = append(kept, *e)
		}
	}
	effects = kept
	for _, id := range v.s.Battlefield {
		src := v.s.obj(id)
		c := v.chars[id-1]
		if c == &src.Def.printed && !src.Def.continuous {
			continue
		}
		for i := range c.Abilities {
			a := &c.Abilities[i]
			if a.Kind != Static || a.Static.mods == nil {
				continue
			}
			key := a.Key(id)
			if taken(effects, key) {
				continue
			}
			scope, ok := staticScopeOf(src, a.Static)
			if !ok {
				continue
			}
			effects = append(effects, liveEffect{ts: src.Timestamp, mods: a.Static.mods, layers: layersOf(a.Static.mods, v.s.faults),
				key: effectKey{source: id, index: i}, static: true, scope: scope, ability: key})
		}
	}
	return effects
}

// taken reports whether the effects hold the one static ability k generates.
func taken(effects []liveEffect, k abilityKey) bool {
	for i := range effects {
		if effects[i].static && effects[i].ability == k {
			return true
		}
	}
	return false
}

// hasAbility reports whether the object of k has the ability k now.
func (v *view) hasAbility(k abilityKey) bool {
	for _, a := range v.chars[k.Object-1].Abilities {
		if a.ID == k.abilityID {
			return true
		}
	}
	return false
}

// continuousMods is what a static ability's continuous effect does, or nil for a static
// ability that generates none (a replacement effect, a rule change read where it applies);
// computed once per card definition.
func continuousMods(st *staticEffect) []modification {
	switch st.Kind {
	case AnthemChosenColor:
		return []modification{modifyPT{st.N, st.T}}
	case GrantToEquipped:
		return []modification{addAbility{st.Grant}}
	case PumpAttached:
		return []modification{modifyPT{st.N, st.T}}
	}
	return nil
}

// staticScopeOf is which objects the continuous effect of src's static ability applies
// to; false when it applies to none (no colour was chosen).
func staticScopeOf(src *object, st *staticEffect) (staticScope, bool) {
	switch st.Kind {
	case AnthemChosenColor:
		if src.ChosenColor < 0 {
			return staticScope{}, false
		}
		return staticScope{kind: st.Kind, color: h.ManaType(src.ChosenColor)}, true
	case GrantToEquipped, PumpAttached:
		return staticScope{kind: st.Kind, host: src.AttachedTo}, true
	}
	return staticScope{}, false
}

// applyCounters: +1/+1 counters modify power and toughness in layer 7c (CR 613.4c); a
// planeswalker's loyalty is its loyalty counters (CR 306.5b).
func (p *projector) applyCounters() {
	v := p.view
	for _, id := range v.s.Battlefield {
		o := v.s.obj(id)
		c := v.chars[id-1]
		n := o.Counters[PlusOne]
		switch {
		case n > 0 && v.s.faults.on(FaultFirstCounterIgnored):
			n--
		case n > 1 && v.s.faults.on(FaultCountersCountOnce):
			n = 1
		}
		if n != 0 && c.HasPT && !(v.s.faults.on(FaultSetPTErasesCounters) && ptSetByEffect(v.s, id)) {
			c = p.own(id)
			c.Power += n
			c.Toughness += n
		}
		if c.HasLoyalty && c.Loyalty != o.Counters[Loyalty] {
			p.own(id).Loyalty = o.Counters[Loyalty]
		}
	}
}

// ptSetByEffect reports whether a resolved effect sets the P/T of object id (layer 7b).
func ptSetByEffect(s *state, id h.ObjectID) bool {
	for i := range s.Effects {
		for _, m := range s.Effects[i].Mods {
			if _, ok := m.(setPT); ok && containsID(s.Effects[i].Objects, id) {
				return true
			}
		}
	}
	return false
}

// Of returns the computed characteristics of an object. An object no longer in its zone
// (a record kept for last known information) or created since the projection has its
// printed characteristics.
func (v *view) Of(id h.ObjectID) *chars {
	// The projection's entry first: the one test most reads need (they are among the
	// engine's most frequent). chars was made for as many objects as the state held, and a
	// state only ever adds objects, so an ID it covers is one of the state's.
	i := id - 1 // id 0: i wraps past every index
	if i < h.ObjectID(len(v.chars)) && v.chars[i] != nil {
		return v.chars[i]
	}
	if i >= h.ObjectID(v.s.numObjects()) {
		return nil
	}
	return &v.s.obj(id).Def.printed // read only
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

// keepCopiable records the copiable values of the objects layer 1 changed (CR 707.2:
// printed values as modified by copy effects and face-down status), before the later
// layers change them: their characteristics so far are kept as they are, and own makes a
// new copy for a later layer to change.
func (p *projector) keepCopiable() {
	if len(p.owned) == 0 {
		return
	}
	p.copiable = make([]*chars, len(p.chars))
	for _, id := range p.owned {
		p.copiable[id-1] = p.chars[id-1]
	}
}

// markCopy notes that a copy effect applies to id.
func (v *view) markCopy(id h.ObjectID) {
	if v.copies == nil {
		v.copies = make([]bool, len(v.chars))
	}
	v.copies[id-1] = true
}

// Copiable returns an object's copiable values (CR 707.2, 707.3).
func (v *view) Copiable(id h.ObjectID) *chars {
	if v.copiable != nil && int(id) <= len(v.copiable) && v.copiable[id-1] != nil {
		return v.copiable[id-1]
	}
	return &v.s.obj(id).Def.printed
}

// IsCopy reports whether a copy effect applies to the object (CR 707.2).
func (v *view) IsCopy(id h.ObjectID) bool {
	return v.copies != nil && int(id) <= len(v.copies) && v.copies[id-1]
}

// charsEqual reports whether two sets of characteristics are the same, field by field
// (abilities by identity).
func charsEqual(a, b *chars) bool {
	return a == b || a.Name == b.Name && a.Cost == b.Cost && a.costText == b.costText && a.Colors == b.Colors &&
		slices.Equal(a.Supertypes, b.Supertypes) && slices.Equal(a.Types, b.Types) && slices.Equal(a.Subtypes, b.Subtypes) &&
		a.AllCreatureTypes == b.AllCreatureTypes && a.Power == b.Power && a.Toughness == b.Toughness && a.HasPT == b.HasPT &&
		a.Loyalty == b.Loyalty && a.HasLoyalty == b.HasLoyalty && a.StartingLoyalty == b.StartingLoyalty &&
		slices.Equal(a.Abilities, b.Abilities)
}

// asPrinted reports whether the object has its card's printed characteristics, no effect or
// counter having changed them: those are the same in every state of every game.
func (v *view) asPrinted(id h.ObjectID) bool { return v.Of(id) == &v.s.obj(id).Def.printed }

// abilityTexts is abilityTexts of the object's characteristics; the objects that have
// their card's printed ones share its list, made once.
func (v *view) abilityTexts(id h.ObjectID) []string {
	if v.asPrinted(id) {
		return v.s.obj(id).Def.texts
	}
	return abilityTexts(v.Of(id))
}

// cardActivations is the texts of activating the abilities printed on the object's card
// (printedActivations), and whether the object has its printed characteristics: then
// they are its abilities' texts, by index.
func (v *view) cardActivations(id h.ObjectID) (texts []printedActivation, asPrinted bool) {
	d := v.s.obj(id).Def
	return d.activations, v.Of(id) == &d.printed
}

// printedOf is an object's printed characteristics, for the fault that copies them in
// place of copiable values.
func (v *view) printedOf(id h.ObjectID) *chars { return &v.s.obj(id).Def.printed }

// ManaValue is a permanent's mana value (CR 202.3): a transformed permanent's is its front
// face's, unless a copy effect gives it other copiable values (712.8e, 202.3b); a copy of
// a back face has that face's, 0, as it has no mana cost. Off the stack, X is 0 (107.3g).
func (v *view) ManaValue(id h.ObjectID) int {
	if o := v.s.obj(id); isTransformed(o) && !v.IsCopy(id) {
		return o.Def.front.printed.Cost.ManaValue()
	}
	return v.Of(id).Cost.ManaValue()
}

// faceUpChars are the printed characteristics a face-down object's card has face up: its
// morph cost is there (CR 702.37e), and its copiable values revert to them as it is turned
// face up (708.8).
func faceUpChars(o *object) *chars { return &o.Def.printed }
