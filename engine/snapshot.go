package engine

import (
	"cmp"
	"slices"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// Snapshot renders the state as the harness's canonical snapshot, characteristics
// computed through the layers. The snapshot of a state stepped from another shares with
// that one's what did not change (see rendering): snapshots are read only.
func Snapshot(s *State) h.Snapshot {
	var from *rendering
	if s.view != nil {
		from = s.view.from
	}
	return snapshot(s, from)
}

// snapshot is Snapshot reusing what from holds (nil: nothing).
func snapshot(s *State, from *rendering) h.Snapshot {
	v := s.projected()
	snap := h.Snapshot{Turn: s.Turn, Active: s.Active, Step: s.Step, Priority: s.Priority,
		LandsPlayed: s.LandsPlayed, GameOver: s.GameOver}
	r := newRenderer(s, v, from)
	for pi := range s.Players {
		ps := &s.Players[pi]
		out := &snap.Players[pi]
		out.Life, out.Pool, out.Lost = ps.Life, ps.Pool, ps.Lost
		out.Library, out.Hand = r.zone(playerZone(pi, h.Library)), r.zone(playerZone(pi, h.Hand))
		out.Graveyard, out.Exile = r.zone(playerZone(pi, h.Graveyard)), r.zone(playerZone(pi, h.Exile))
	}
	snap.Battlefield = r.zone(battlefieldZone)
	if len(s.Stack) > 0 {
		snap.Stack = make([]h.StackObject, 0, len(s.Stack))
	}
	for i := range s.Stack {
		it := &s.Stack[i]
		so := h.StackObject{Object: it.ID, Kind: "ability", Card: it.SourceCard, Name: v.Of(it.Source).Name,
			Controller: it.Controller, X: it.X, Abilities: v.abilityTexts(it.Source)}
		if it.IsSpell {
			so.Kind = "spell"
			cost := v.Of(it.ID).Cost
			so.ManaValue = cost.ManaValue() + cost.X*it.X // CR 202.3e, 107.3f
		} else {
			so.Text = it.Ability.Text
		}
		for _, t := range it.Targets {
			so.Targets = append(so.Targets, t.target())
		}
		snap.Stack = append(snap.Stack, so)
	}
	if d := s.Decision; d != nil {
		snap.Pending = &h.Decision{Player: d.Player, Prompt: d.Prompt, Options: append([]string(nil), d.Options...)}
	}
	if p := s.Proposal; p != nil {
		src := p.Source
		if p.Mana == nil {
			src = s.top().Source
		}
		snap.Casting = &h.Proposal{Player: p.Player, Card: s.obj(src).Card, Name: v.Of(src).Name, Cost: p.Colored, Generic: p.Generic}
	}
	if s.view != nil {
		s.view.rendered.Store(r.out)
	}
	return snap
}

// The zones of a rendering: each player's library, hand, graveyard and exile, then the
// battlefield.
const (
	battlefieldZone = 2 * 4
	numZones        = battlefieldZone + 1
)

func playerZone(p int, z h.Zone) int {
	switch z {
	case h.Library:
		return 4 * p
	case h.Hand:
		return 4*p + 1
	case h.Graveyard:
		return 4*p + 2
	}
	return 4*p + 3
}

// rendering is what a snapshot's objects were rendered from, for the snapshot of a state
// stepped from its state to reuse. An object's rendering is a function of its record, of
// its characteristics and copiable values (and whether a copy effect applies to it), of
// the cards exiled with it, and of the faults: when those are equal, the rendering is the
// same, and is reused (most objects, from one step to the next: libraries, hands,
// untouched permanents, those an effect or counters change the same way as before). A
// zone whose objects are the same, in the same order, and all reused, is shared whole.
type rendering struct {
	faults  *faultSet
	objects []*rendered // by ObjectID-1; nil for an object in no zone
	zones   [numZones]renderedZone
}

// renderedZone is one zone of a snapshot: its objects' IDs, in the snapshot's order, and
// their renderings.
type renderedZone struct {
	ids  []h.ObjectID
	objs []h.Object
}

// rendered is one object's rendering and what it was made from: the record, and the
// characteristics of the view that rendered it (read only: a finished state's view never
// changes, and a printed one is its card's).
type rendered struct {
	rec             Object
	chars, copiable *Chars
	copy            bool
	ints            [3]int // the power, toughness and loyalty out points to
	out             *h.Object
}

// renders reports whether e renders object id of view v: the same characteristics,
// copiable values and copy status (the record is compared by the caller).
func (e *rendered) renders(v *View, id h.ObjectID) bool {
	return charsEqual(e.chars, v.Of(id)) && e.copy == v.IsCopy(id) && charsEqual(e.copiable, v.Copiable(id))
}

// renderer renders the zones of one snapshot: the objects it can't reuse into one
// allocation, the zones it can't share into another.
type renderer struct {
	s        *State
	v        *View
	from     *rendering // the rendering of the state s was stepped from, or nil
	out      *rendering
	objs     []h.Object
	rendered []rendered // sized for every object rendered anew: the rendering points into it
}

// newRenderer lists the objects of every zone, finds those from renders again, and sizes
// the allocations for the rest.
func newRenderer(s *State, v *View, from *rendering) *renderer {
	if from != nil && from.faults != s.faults {
		from = nil
	}
	r := &renderer{s: s, v: v, from: from, out: &rendering{faults: s.faults, objects: make([]*rendered, s.numObjects())}}
	n := len(s.Battlefield)
	for p := range s.Players {
		ps := &s.Players[p]
		n += len(ps.Library) + len(ps.Hand) + len(ps.Graveyard) + len(ps.Exile)
	}
	ids := make([]h.ObjectID, 0, n)
	list := func(z int, zone []h.ObjectID) []h.ObjectID {
		start := len(ids)
		ids = append(ids, zone...)
		r.out.zones[z].ids = ids[start:len(ids):len(ids)]
		return r.out.zones[z].ids
	}
	for p := range s.Players {
		ps := &s.Players[p]
		list(playerZone(p, h.Library), ps.Library)
		list(playerZone(p, h.Hand), ps.Hand)
		list(playerZone(p, h.Graveyard), ps.Graveyard)
		list(playerZone(p, h.Exile), ps.Exile)
	}
	// The battlefield by card: a player's permanents are in no order (CR 400.2).
	slices.SortFunc(list(battlefieldZone, s.Battlefield), func(a, b h.ObjectID) int { return cmp.Compare(s.obj(a).Card, s.obj(b).Card) })
	objs, misses := 0, 0
	for z := range r.out.zones {
		zn := &r.out.zones[z]
		whole := from != nil && slices.Equal(zn.ids, from.zones[z].ids)
		for _, id := range zn.ids {
			e := r.reusable(id)
			if e == nil {
				misses++
				whole = false
			}
			r.out.objects[id-1] = e
		}
		if whole {
			zn.objs = from.zones[z].objs
		} else {
			objs += len(zn.ids)
		}
	}
	r.objs = make([]h.Object, 0, objs)
	r.rendered = make([]rendered, 0, misses)
	return r
}

// reusable is from's rendering of object id, if it is the object's rendering now.
func (r *renderer) reusable(id h.ObjectID) *rendered {
	if r.from == nil || int(id) > len(r.from.objects) {
		return nil
	}
	e := r.from.objects[id-1]
	o := r.s.obj(id)
	// The record holds what the object is attached to, whose card never changes.
	if e == nil || e.rec != *o || !e.renders(r.v, id) {
		return nil
	}
	if o.Zone == h.Battlefield && !slices.Equal(e.out.ExiledWith, exiledWith(r.s, r.v, id)) {
		return nil
	}
	return e
}

// zone renders zone z (a shared zone is from's), in its order; an empty zone is an empty
// list, not nil.
func (r *renderer) zone(z int) []h.Object {
	zn := &r.out.zones[z]
	if zn.objs != nil {
		return zn.objs
	}
	start := len(r.objs)
	for _, id := range zn.ids {
		if e := r.out.objects[id-1]; e != nil {
			r.objs = append(r.objs, *e.out)
			continue
		}
		o := r.s.obj(id)
		r.rendered = append(r.rendered, rendered{rec: *o, chars: r.v.Of(id), copiable: r.v.Copiable(id), copy: r.v.IsCopy(id)})
		e := &r.rendered[len(r.rendered)-1]
		r.objs = append(r.objs, object(r.s, r.v, o, e.ints[:]))
		e.out = &r.objs[len(r.objs)-1]
		r.out.objects[id-1] = e
	}
	zn.objs = r.objs[start:len(r.objs):len(r.objs)]
	return zn.objs
}

// attachedCard is the card of the object o is attached to, or 0.
func attachedCard(s *State, o *Object) h.CardID {
	if o.AttachedTo == 0 {
		return 0
	}
	return s.obj(o.AttachedTo).Card
}

// object renders one object with its computed characteristics.
func object(s *State, v *View, o *Object, ints []int) h.Object {
	c := v.Of(o.ID)
	ob := h.Object{Card: o.Card, Object: o.ID, Name: c.Name, Owner: o.Owner, Controller: o.Controller, Zone: o.Zone,
		ManaValue: c.Cost.ManaValue(), // off the stack, X is 0 (CR 107.3g, 107.3m)
		Colors:    colorNames[c.Colors&h.AllTypes], Supertypes: c.Supertypes, Types: c.Types, Subtypes: c.Subtypes,
		Tapped: o.Tapped, FaceDown: o.FaceDown, Token: o.Token, Damage: o.Damage}
	if s.faults.on(FaultZoneChangeKeepsID) {
		ob.Object = h.ObjectID(o.Card)
	}
	if s.faults.on(FaultAnimatedIsNewObject) && o.Zone == h.Battlefield && c.HasType("Creature") && !v.Copiable(o.ID).HasType("Creature") {
		ob.Object += 1 << 32 // the fault: another object from the moment it became a creature
	}
	ob.ManaCost = c.costText
	if c.AllCreatureTypes && c.HasType("Creature") {
		ob.Subtypes = appendNew(ob.Subtypes, "(all creature types)")
	}
	if c.HasPT {
		ints[0], ints[1] = c.Power, c.Toughness
		ob.Power, ob.Toughness = &ints[0], &ints[1]
	}
	if c.HasLoyalty {
		ints[2] = c.Loyalty
		ob.Loyalty = &ints[2]
	}
	ob.Abilities = v.abilityTexts(o.ID)
	if o.Zone == h.Battlefield {
		ob.Sick = o.Sick
		ob.AttachedTo = attachedCard(s, o)
		ob.ExiledWith = exiledWith(s, v, o.ID)
	}
	switch {
	case v.IsCopy(o.ID):
		cv := v.Copiable(o.ID)
		ob.CopyOf = cv.Name
		ob.Copiable = characteristics(cv)
	case o.Token && !isTableDef(o.Def):
		// The effect that created it defined values its table entry leaves open (a
		// Shark's X/X): those are its copiable values (CR 111.3), not the table's.
		ob.Copiable = characteristics(v.Copiable(o.ID))
	}
	if o.Zone == h.Battlefield && o.ChosenColor >= 0 {
		ob.Choices = map[string]string{"color": h.ManaType(o.ChosenColor).Letter()}
	}
	for k, n := range o.Counters {
		if n != 0 {
			if ob.Counters == nil {
				ob.Counters = map[string]int{}
			}
			ob.Counters[CounterKind(k).String()] = n
		}
	}
	return ob
}

// abilityTexts lists the texts of an object's abilities, an instant's or sorcery's spell
// ability included (CR 113.3a), so that a snapshot shows every object's text in every zone.
func abilityTexts(c *Chars) []string {
	if len(c.Abilities) == 0 {
		return nil
	}
	out := make([]string, len(c.Abilities))
	for i, a := range c.Abilities {
		out[i] = a.Text
	}
	return out
}

// colorNames holds TypeSet.String for every set, so snapshots don't build strings.
var colorNames = func() (t [64]string) {
	for i := range t {
		t[i] = h.TypeSet(i).String()
	}
	return
}()

// characteristics renders a bare set of characteristics (copiable values, CR 707.2).
func characteristics(c *Chars) *h.Characteristics {
	out := &h.Characteristics{Name: c.Name, ManaCost: c.costText, Colors: colorNames[c.Colors&h.AllTypes],
		Supertypes: c.Supertypes, Types: c.Types, Subtypes: c.Subtypes}
	if c.HasPT {
		p, t := c.Power, c.Toughness
		out.Power, out.Toughness = &p, &t
	}
	if c.HasLoyalty {
		l := c.Loyalty
		out.Loyalty = &l
	}
	for _, a := range c.Abilities {
		out.Abilities = append(out.Abilities, a.Text)
	}
	return out
}
