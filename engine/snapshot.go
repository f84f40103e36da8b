package engine

import (
	"cmp"
	"slices"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// snapshot renders the state as the harness's canonical snapshot, characteristics
// computed through the layers. The snapshot of a state stepped from another shares with
// that one's what did not change (see rendering): snapshots are read only.
func snapshot(s *state) h.Snapshot {
	var from *rendering
	if s.view != nil {
		from = s.view.from
	}
	return snapshotFrom(s, from)
}

// snapshotFrom is snapshot reusing what from holds (nil: nothing).
func snapshotFrom(s *state, from *rendering) (snap h.Snapshot) {
	v := s.projected()
	snap.Turn, snap.Active, snap.Step, snap.Priority = s.Turn, s.Active, s.Step, s.Priority
	snap.LandsPlayed, snap.GameOver = s.LandsPlayed, s.GameOver
	var r renderer // on the stack: what outlives the snapshot is r.rendering's
	r.init(s, v, from)
	for pi := range s.Players {
		ps := &s.Players[pi]
		out := &snap.Players[pi]
		out.Life, out.Pool, out.Lost = ps.Life, ps.Pool, ps.Lost
		out.Library, out.Hand = r.zone(playerZone(pi, h.Library)), r.zone(playerZone(pi, h.Hand))
		out.Graveyard, out.Exile = r.zone(playerZone(pi, h.Graveyard)), r.zone(playerZone(pi, h.Exile))
	}
	snap.Battlefield = r.zone(battlefieldZone)
	snap.Stack = r.stack()
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
		s.view.rendered.Store(r.rendering())
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
// same, and the snapshot points to the same h.Object (most objects, from one step to the
// next: libraries, hands, untouched permanents, those an effect or counters change the
// same way as before). A zone whose objects are the same, in the same order, and all
// reused, is shared whole.
//
// A rendering is made from a finished state (one applyAction or newGame returned: only those
// keep theirs), whose record chunks, zone lists and projection are never written again;
// it points to them, read only, and what it shares with the rendering it reused is never
// written either.
type rendering struct {
	faults *faultSet
	// What the objects were rendered from: the state's record chunks (a finished state's
	// are never written: objectTable), its view's tables of characteristics, and the
	// links to objects in exile that the cards exiled with a permanent are read from
	// (exiledLinks).
	records         []*objectChunk
	chars, copiable []*chars
	copies          []bool
	exiled          []link
	objects         []*renderedChunk // by chunk of records, as objectTable holds them
	battlefield     []h.ObjectID     // a state's battlefield list, unsorted: the permanents zones sorts
	zones           [numZones]renderedZone
	// A stack as rendered (stackAsBefore): its items, the characteristics each was
	// rendered with (its source's, then a spell's own), and the rendering. Those of the
	// state's stack, or of an earlier one (a state that changes no object keeps the
	// rendering before, rendering): either renders what it holds.
	stackItems []stackItem
	stackChars []*chars
	stack      []h.StackObject
}

// renderedChunk holds the renderings of the objects of one chunk of records, nil for an
// object rendered in no zone. A rendering shares one with the rendering it reused when
// every object of the chunk renders the same; it is written only while its rendering is
// made, and copied first if it is shared (renderer.set).
type renderedChunk [objectChunkLen]*rendered

// renderedZone is one zone of a snapshot: its objects' IDs, in the snapshot's order (the
// state's own list, but for the battlefield), and their renderings.
type renderedZone struct {
	ids  []h.ObjectID
	objs []*h.Object
}

// rendered is one object's rendering and the characteristics of the view that rendered it
// (read only: a finished state's view never changes, and a printed one is its card's).
type rendered struct {
	chars, copiable *chars
	copy            bool
	ints            [3]int // the power, toughness and loyalty out points to
	out             h.Object
}

// renders reports whether e renders object id of view v: the same characteristics,
// copiable values and copy status (the record is compared by the caller).
func (e *rendered) renders(v *view, id h.ObjectID) bool {
	return charsEqual(e.chars, v.Of(id)) && e.copy == v.IsCopy(id) && charsEqual(e.copiable, v.Copiable(id))
}

// renderer renders the zones of one snapshot: the objects it can't reuse into one
// allocation, the zones it can't share into another.
type renderer struct {
	s    *state
	v    *view
	from *rendering // the rendering of the state s was stepped from, or nil
	out  rendering  // made here, and copied to the heap for the state to keep (rendering)
	// asBefore: every zone is from's, shared whole, and so is every chunk of renderings:
	// from is this state's rendering too (rendering).
	asBefore bool
	// exiledSame: the links to objects in exile are from's, so that the cards exiled
	// with an object whose characteristics are the same are the same (exiledWith).
	exiledSame bool
	// charsSame, copiableSame, copiesSame: the view's table of characteristics, of
	// copiable values, of copy status is from's own (a projection shared with the state
	// stepped from has all three, view.of; one that changed no copy effect the last
	// two), so that every object has what from rendered it with there (sameViewOf).
	charsSame, copiableSame, copiesSame bool
	// indexShared: out.objects is from's index of chunks, to copy before changing it.
	indexShared bool
	objs        []*h.Object
	rendered    []rendered // sized for every object rendered anew: the rendering points into it
}

// init lists the objects of every zone, finds those from renders again, and sizes the
// allocations for the rest. r is the zero renderer.
//
// The proofs that an object renders the same come by chunk of records first: a chunk
// that is the very chunk from was rendered from holds the same records (a finished
// state's chunks are never written, and a state copies a chunk before writing it). With
// the same characteristics in the view for those objects (the same pointers, as a
// projection shared with the state stepped from has them, projectsAlike, or one that
// changed none of them) and the same links to exiled objects, every object of the chunk
// renders as it did, and the chunk of renderings is from's. Otherwise each object of the
// chunk that from rendered is compared (reusable), its record only if its chunk is not
// the same.
//
// A zone whose objects are from's, in from's order, is from's whole unless one of them
// has no rendering now: from rendered each of them, so only one that no longer renders
// as it did (changed) can be missing.
func (r *renderer) init(s *state, v *view, from *rendering) {
	if from != nil && from.faults != s.faults {
		from = nil
	}
	r.s, r.v, r.from = s, v, from
	r.out.faults, r.out.records, r.out.battlefield = s.faults, s.objects.chunks, s.Battlefield
	r.out.chars, r.out.copiable, r.out.copies = v.chars, v.copiable, v.copies
	var fromExiled []link
	if from != nil {
		fromExiled = from.exiled
	}
	r.out.exiled, r.exiledSame = exiledLinks(s, fromExiled)
	r.exiledSame = r.exiledSame && from != nil
	if from != nil {
		r.charsSame, r.copiableSame, r.copiesSame = sameSlice(v.chars, from.chars), sameSlice(v.copiable, from.copiable), sameSlice(v.copies, from.copies)
	}
	n := len(s.objects.chunks)
	var chunks []*renderedChunk // nil while every chunk so far is from's
	fresh := 0
	for i := range n {
		if r.exiledSame && i < len(from.objects) && r.rendersAsBefore(i) {
			if chunks != nil {
				chunks[i] = from.objects[i]
			}
			continue
		}
		if chunks == nil {
			chunks = make([]*renderedChunk, n)
			if from != nil {
				copy(chunks, from.objects[:i])
			}
		}
		fresh++
	}
	if chunks == nil && from != nil { // every chunk is from's: so is the index, until set writes it
		chunks, r.indexShared = slices.Clip(from.objects[:n]), true
	}
	r.out.objects = chunks
	var changedBuf [maxChanged]h.ObjectID
	changed := changedBuf[:0] // the objects from rendered that render differently now
	if fresh > 0 {
		slab := make([]renderedChunk, fresh)
		for i := range chunks {
			if chunks[i] != nil {
				continue
			}
			chunks[i] = &slab[len(slab)-fresh]
			fresh--
			if from == nil || i >= len(from.objects) {
				continue
			}
			for j, e := range from.objects[i] {
				if e == nil {
					continue
				}
				id := h.ObjectID(i*objectChunkLen + j + 1)
				if chunks[i][j] = r.reusable(id); chunks[i][j] == nil {
					changed = append(changed, id)
				}
			}
		}
	}
	for p := range s.Players {
		ps := &s.Players[p]
		r.out.zones[playerZone(p, h.Library)].ids = ps.Library
		r.out.zones[playerZone(p, h.Hand)].ids = ps.Hand
		r.out.zones[playerZone(p, h.Graveyard)].ids = ps.Graveyard
		r.out.zones[playerZone(p, h.Exile)].ids = ps.Exile
	}
	// The battlefield by card: a player's permanents are in no order (CR 400.5 orders only
	// libraries, graveyards and the stack). An object's card never changes, so the same
	// permanents sort as before.
	if from != nil && slices.Equal(s.Battlefield, from.battlefield) {
		r.out.zones[battlefieldZone].ids = from.zones[battlefieldZone].ids
	} else {
		bf := slices.Clone(s.Battlefield)
		slices.SortFunc(bf, func(a, b h.ObjectID) int { return cmp.Compare(s.obj(a).Card, s.obj(b).Card) })
		r.out.zones[battlefieldZone].ids = bf
	}
	objs, misses, allWhole := 0, 0, from != nil
	for z := range r.out.zones {
		zn := &r.out.zones[z]
		if from != nil && slices.Equal(zn.ids, from.zones[z].ids) && r.allRendered(zn.ids, changed) {
			zn.objs = from.zones[z].objs
			continue
		}
		allWhole = false
		objs += len(zn.ids)
		for _, id := range zn.ids {
			if r.get(id) == nil {
				misses++
			}
		}
	}
	r.asBefore = allWhole && r.indexShared && len(from.objects) == n
	r.objs = make([]*h.Object, 0, objs)
	r.rendered = make([]rendered, 0, misses)
}

// maxChanged is how many changed objects allRendered looks for in a zone, one by one:
// past that, it looks at the rendering of each object of the zone.
const maxChanged = 8

// allRendered reports whether every object of ids, a zone of from's, has a rendering:
// none of them is one of changed, the objects from rendered that have none now.
func (r *renderer) allRendered(ids, changed []h.ObjectID) bool {
	if len(changed) > maxChanged {
		for _, id := range ids {
			if r.get(id) == nil {
				return false
			}
		}
		return true
	}
	for _, id := range changed {
		if slices.Contains(ids, id) {
			return false
		}
	}
	return true
}

// rendering is the rendering made, for the state to keep: from itself when nothing
// changed (its chunks of records, the view's characteristics for them and the exiled
// links are from's, and so are the zones), so that a state that changes no object costs
// no rendering.
func (r *renderer) rendering() *rendering {
	if r.asBefore {
		return r.from
	}
	out := r.out
	return &out
}

// stack renders the stack, bottom first, nil if it is empty: from's rendering when it
// renders the same items with the same characteristics (stackAsBefore).
func (r *renderer) stack() []h.StackObject {
	s, v, from := r.s, r.v, r.from
	if len(s.Stack) == 0 {
		return nil
	}
	if r.stackAsBefore() {
		r.out.stackItems, r.out.stackChars, r.out.stack = s.Stack, from.stackChars, from.stack
		return from.stack
	}
	out := make([]h.StackObject, len(s.Stack))
	chars := make([]*chars, 2*len(s.Stack))
	for i := range s.Stack {
		it, so := &s.Stack[i], &out[i]
		c := v.Of(it.Source)
		chars[2*i] = c
		so.Object, so.Kind, so.Card, so.Name, so.Controller, so.X = it.ID, "ability", it.SourceCard, c.Name, it.Controller, it.X
		so.Abilities = v.abilityTexts(it.Source)
		if it.IsSpell {
			chars[2*i+1] = v.Of(it.ID)
			so.Kind = "spell"
			cost := chars[2*i+1].Cost
			so.ManaValue = cost.ManaValue() + cost.X*it.X // CR 202.3e, 107.3f
		} else {
			so.Text = it.Ability.Text
		}
		for _, t := range it.Targets {
			so.Targets = append(so.Targets, t.target())
		}
	}
	r.out.stackItems, r.out.stackChars, r.out.stack = s.Stack, chars, out
	return out
}

// stackAsBefore reports whether the stack renders as from's did: every item has what its
// rendering reads (its object, kind, source's card, controller, X, ability and targets)
// as the one from rendered, and the same characteristics of its source and, for a spell,
// its own (the same chars, read only: their names, ability texts and cost are the same;
// the source is read only through them).
func (r *renderer) stackAsBefore() bool {
	s, v, from := r.s, r.v, r.from
	if from == nil || len(s.Stack) != len(from.stackItems) {
		return false
	}
	for i := range s.Stack {
		a, b := &s.Stack[i], &from.stackItems[i]
		if a.ID != b.ID || a.IsSpell != b.IsSpell || a.SourceCard != b.SourceCard ||
			a.Controller != b.Controller || a.X != b.X || a.Ability != b.Ability || !slices.Equal(a.Targets, b.Targets) ||
			v.Of(a.Source) != from.stackChars[2*i] || a.IsSpell && v.Of(a.ID) != from.stackChars[2*i+1] {
			return false
		}
	}
	return true
}

// rendersAsBefore reports whether every object of chunk i renders as in from, the links
// to exiled objects being from's: its records are from's (sameRecords), and so are the
// view's characteristics, copiable values and copy status of each (sameViewOf).
func (r *renderer) rendersAsBefore(i int) bool {
	return r.sameRecords(i) && r.sameViewOf(i*objectChunkLen, (i+1)*objectChunkLen)
}

// sameViewOf reports whether the view has the characteristics, copiable values and copy
// status from was rendered with for the objects of IDs lo+1 to hi: the same pointers (a
// finished state's projection, and a card's printed characteristics, never change).
func (r *renderer) sameViewOf(lo, hi int) bool {
	v, from := r.v, r.from
	return (r.charsSame || sameRange(v.chars, from.chars, lo, hi)) &&
		(r.copiableSame || sameRange(v.copiable, from.copiable, lo, hi)) &&
		(r.copiesSame || sameRange(v.copies, from.copies, lo, hi))
}

// sameRange reports whether a[lo:hi] and b[lo:hi], each cut at its length, are equal.
func sameRange[T comparable](a, b []T, lo, hi int) bool {
	return slices.Equal(a[min(lo, len(a)):min(hi, len(a))], b[min(lo, len(b)):min(hi, len(b))])
}

// sameSlice reports whether a and b are one list: the same length and elements in the
// same memory (two nil or empty lists are one too).
func sameSlice[T any](a, b []T) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// sameRecords reports whether chunk i of the state's records is the one from was
// rendered from.
func (r *renderer) sameRecords(i int) bool {
	return i < len(r.from.records) && r.s.objects.chunks[i] == r.from.records[i]
}

// shared reports whether the renderer's chunk i of renderings is from's.
func (r *renderer) shared(i int) bool {
	return r.from != nil && i < len(r.from.objects) && r.out.objects[i] == r.from.objects[i]
}

// get is the rendering of object id, if init found it or zone made it.
func (r *renderer) get(id h.ObjectID) *rendered {
	return r.out.objects[(id-1)/objectChunkLen][(id-1)%objectChunkLen]
}

// set records the rendering of object id, copying its chunk of renderings first if it
// is from's.
func (r *renderer) set(id h.ObjectID, e *rendered) {
	i := int(id-1) / objectChunkLen
	if r.indexShared {
		r.out.objects, r.indexShared = slices.Clone(r.out.objects), false
	}
	if r.shared(i) {
		c := *r.out.objects[i]
		r.out.objects[i] = &c
	}
	r.out.objects[i][(id-1)%objectChunkLen] = e
}

// reusable is from's rendering of object id, if it is the object's rendering now.
func (r *renderer) reusable(id h.ObjectID) *rendered {
	i, j := (id-1)/objectChunkLen, (id-1)%objectChunkLen
	if r.from == nil || int(i) >= len(r.from.objects) {
		return nil
	}
	e := r.from.objects[i][j] // nil if from rendered the object in no zone (or it was not yet)
	if e == nil {
		return nil
	}
	o := r.s.obj(id)
	// The record holds what the object is attached to, whose card never changes.
	if !r.sameRecords(int(i)) && r.from.records[i].recs[j] != *o || !r.sameViewOf(int(id-1), int(id)) && !e.renders(r.v, id) {
		return nil
	}
	// The same characteristics (abilities) and the same links: the same cards.
	if o.Zone == h.Battlefield && !r.exiledSame && !slices.Equal(e.out.ExiledWith, exiledWith(r.s, r.v, id)) {
		return nil
	}
	return e
}

// exiledLinks lists the links of s to objects still in exile, the links exiledWith reads,
// in their order: from (a list exiledLinks made, read only) if they are those, with
// same true.
func exiledLinks(s *state, from []link) (links []link, same bool) {
	k := 0 // the links so far are from[:k]
	for _, l := range s.Links {
		if o := s.live(l.Object); o == nil || o.Zone != h.Exile {
			continue
		}
		if links == nil && k < len(from) && from[k] == l {
			k++
			continue
		}
		if links == nil {
			links = append(make([]link, 0, len(s.Links)), from[:k]...)
		}
		links = append(links, l)
	}
	if links == nil {
		return from[:k:k], k == len(from)
	}
	return links, false
}

// zone renders zone z (a shared zone is from's), in its order; an empty zone is an empty
// list, not nil.
func (r *renderer) zone(z int) []*h.Object {
	zn := &r.out.zones[z]
	if zn.objs != nil {
		return zn.objs
	}
	start := len(r.objs)
	for _, id := range zn.ids {
		e := r.get(id)
		if e == nil {
			// init sized r.rendered for every object without a rendering: e is zero.
			r.rendered = r.rendered[:len(r.rendered)+1]
			e = &r.rendered[len(r.rendered)-1]
			e.chars, e.copiable, e.copy = r.v.Of(id), r.v.Copiable(id), r.v.IsCopy(id)
			r.object(&e.out, r.s.obj(id), e.ints[:])
			r.set(id, e)
		}
		r.objs = append(r.objs, &e.out)
	}
	zn.objs = r.objs[start:len(r.objs):len(r.objs)]
	return zn.objs
}

// attachedCard is the card of the object o is attached to, or 0.
func attachedCard(s *state, o *object) h.CardID {
	if o.AttachedTo == 0 {
		return 0
	}
	return s.obj(o.AttachedTo).Card
}

// object renders one object with its computed characteristics into ob, a zero h.Object
// (set field by field: no h.Object is built and copied).
func (r *renderer) object(ob *h.Object, o *object, ints []int) {
	s, v := r.s, r.v
	c := v.Of(o.ID)
	ob.Card, ob.Object, ob.Name, ob.Owner, ob.Controller, ob.Zone = o.Card, o.ID, c.Name, o.Owner, o.Controller, o.Zone
	ob.ManaValue = v.ManaValue(o.ID) // off the stack, X is 0 (CR 107.3g, 107.3m)
	ob.Transformed = o.Zone == h.Battlefield && isTransformed(o)
	ob.Colors, ob.Supertypes, ob.Types, ob.Subtypes = colorNames[c.Colors&h.AllTypes], c.Supertypes, c.Types, c.Subtypes
	ob.Tapped, ob.FaceDown, ob.Token, ob.Damage = o.Tapped, o.FaceDown, o.Token, o.Damage
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
		if len(r.out.exiled) > 0 { // none: none exiled with anything
			ob.ExiledWith = exiledWith(s, v, o.ID)
		}
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
			ob.Counters[counterKind(k).String()] = n
		}
	}
}

// abilityTexts lists the texts of an object's abilities, an instant's or sorcery's spell
// ability included (CR 113.3a), so that a snapshot shows every object's text in every zone.
func abilityTexts(c *chars) []string {
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
func characteristics(c *chars) *h.Characteristics {
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
