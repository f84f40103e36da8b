package harness

import (
	"maps"
	"slices"
)

// Clone returns a deep copy of s that shares no memory with it. Snapshots an engine
// returns are read only (engines may share their parts between snapshots, see
// [Engine]): code that wants a changed snapshot changes a clone.
func (s *Snapshot) Clone() Snapshot {
	c := *s
	for p := range c.Players {
		ps := &c.Players[p]
		ps.Library, ps.Hand = cloneObjects(ps.Library), cloneObjects(ps.Hand)
		ps.Graveyard, ps.Exile = cloneObjects(ps.Graveyard), cloneObjects(ps.Exile)
	}
	c.Battlefield = cloneObjects(c.Battlefield)
	if c.Stack != nil {
		c.Stack = slices.Clone(c.Stack)
		for i := range c.Stack {
			so := &c.Stack[i]
			so.Targets, so.Abilities = slices.Clone(so.Targets), slices.Clone(so.Abilities)
		}
	}
	if c.Pending != nil {
		d := *c.Pending
		d.Options = slices.Clone(d.Options)
		c.Pending = &d
	}
	if c.Casting != nil {
		p := *c.Casting
		c.Casting = &p
	}
	return c
}

// Clone returns a deep copy of o that shares no memory with it.
func (o *Object) Clone() Object {
	c := *o
	c.Supertypes, c.Types, c.Subtypes = slices.Clone(c.Supertypes), slices.Clone(c.Types), slices.Clone(c.Subtypes)
	c.Power, c.Toughness, c.Loyalty = cloneInt(c.Power), cloneInt(c.Toughness), cloneInt(c.Loyalty)
	c.Abilities, c.ExiledWith = slices.Clone(c.Abilities), slices.Clone(c.ExiledWith)
	c.Counters, c.Choices = maps.Clone(c.Counters), maps.Clone(c.Choices)
	if c.Copiable != nil {
		cv := *c.Copiable
		cv.Supertypes, cv.Types, cv.Subtypes = slices.Clone(cv.Supertypes), slices.Clone(cv.Types), slices.Clone(cv.Subtypes)
		cv.Power, cv.Toughness, cv.Loyalty = cloneInt(cv.Power), cloneInt(cv.Toughness), cloneInt(cv.Loyalty)
		cv.Abilities = slices.Clone(cv.Abilities)
		c.Copiable = &cv
	}
	return c
}

// cloneObjects copies list and every object in it, into one allocation.
func cloneObjects(list []*Object) []*Object {
	if list == nil {
		return nil
	}
	objs := make([]Object, len(list))
	out := make([]*Object, len(list))
	for i, o := range list {
		objs[i] = o.Clone()
		out[i] = &objs[i]
	}
	return out
}

func cloneInt(p *int) *int {
	if p == nil {
		return nil
	}
	n := *p
	return &n
}
