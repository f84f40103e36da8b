package engine

import (
	"cmp"
	"slices"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// Snapshot renders the state as the harness's canonical snapshot, characteristics
// computed through the layers.
func Snapshot(s *State) h.Snapshot {
	v := s.projected()
	snap := h.Snapshot{Turn: s.Turn, Active: s.Active, Step: s.Step, Priority: s.Priority,
		LandsPlayed: s.LandsPlayed, GameOver: s.GameOver}
	r := newRenderer(s, v)
	for pi := range s.Players {
		ps := &s.Players[pi]
		out := &snap.Players[pi]
		out.Life, out.Pool, out.Lost = ps.Life, ps.Pool, ps.Lost
		out.Library = r.objects(ps.Library)
		out.Hand = r.objects(ps.Hand)
		out.Graveyard = r.objects(ps.Graveyard)
		out.Exile = r.objects(ps.Exile)
	}
	snap.Battlefield = r.objects(s.Battlefield)
	slices.SortFunc(snap.Battlefield, func(a, b h.Object) int { return cmp.Compare(a.Card, b.Card) })
	for i := range s.Stack {
		it := &s.Stack[i]
		so := h.StackObject{Object: it.ID, Kind: "ability", Card: it.SourceCard, Name: v.Of(it.Source).Name,
			Controller: it.Controller, X: it.X, Abilities: abilityTexts(v.Of(it.Source))}
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
	return snap
}

// renderer renders the objects of every zone of a snapshot into one allocation.
type renderer struct {
	s    *State
	v    *View
	objs []h.Object
	ints []int // power, toughness, loyalty of each object
}

func newRenderer(s *State, v *View) *renderer {
	n := len(s.Battlefield)
	for p := range s.Players {
		ps := &s.Players[p]
		n += len(ps.Library) + len(ps.Hand) + len(ps.Graveyard) + len(ps.Exile)
	}
	return &renderer{s: s, v: v, objs: make([]h.Object, 0, n), ints: make([]int, 0, 3*n)}
}

// objects renders the objects of one zone, in its order.
func (r *renderer) objects(ids []h.ObjectID) []h.Object {
	start := len(r.objs)
	for _, id := range ids {
		at := len(r.ints)
		r.ints = r.ints[:at+3]
		r.objs = append(r.objs, object(r.s, r.v, r.s.obj(id), r.ints[at:at+3:at+3]))
	}
	return r.objs[start:len(r.objs):len(r.objs)]
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
	ob.Abilities = abilityTexts(c)
	if o.Zone == h.Battlefield {
		ob.Sick = o.Sick
		if o.AttachedTo != 0 {
			ob.AttachedTo = s.obj(o.AttachedTo).Card
		}
		ob.ExiledWith = exiledWith(s, v, o.ID)
	}
	if v.IsCopy(o.ID) {
		cv := v.Copiable(o.ID)
		ob.CopyOf = cv.Name
		ob.Copiable = characteristics(cv)
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
