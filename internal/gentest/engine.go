// Package gentest provides Toy, a tiny deterministic harness.Engine for testing
// generators, shrinkers and campaigns without the reference engine: basic lands tap for
// their colour, lands can be played, priority passes through the steps of the turn and
// turns go by. Every other card is an inert permanent. Options switch on breakages for
// tests of error handling. Permanents reads a board the way those tests assert about it.
package gentest

import (
	"fmt"
	"slices"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Options breaks the toy on purpose.
type Options struct {
	// PanicOn makes activating the named card's mana ability panic.
	PanicOn string
	// RefuseOn makes Apply refuse activating the named card's mana ability, although
	// Legal lists it.
	RefuseOn string
	// WrongMana makes the named basic land add {C} instead of its colour.
	WrongMana string
	// Unknown lists card names Start refuses, like an engine with a smaller pool.
	Unknown []string
}

// Toy is the engine. It is pure: states are immutable values.
type Toy struct{ opts Options }

// New returns a toy engine.
func New(opts Options) *Toy { return &Toy{opts: opts} }

func (e *Toy) Name() string { return "toy" }
func (e *Toy) Close() error { return nil }

type perm struct {
	card       harness.CardID
	name       string
	owner      harness.Player
	controller harness.Player
	tapped     bool
	sick       bool
	counters   map[string]int
	attachedTo harness.CardID
}

type card struct {
	id   harness.CardID
	name string
}

type state struct {
	turn        int
	active      harness.Player
	step        harness.Step
	priority    harness.Player
	passes      int
	landsPlayed int
	perms       []perm
	hand, lib   [2][]card
	gy          [2][]card
	pool        [2]harness.Mana
	life        [2]int
	lost        [2]bool
	over        bool
}

// basicType is the mana type a basic land of that name taps for.
var basicType = map[string]harness.ManaType{
	"Plains": harness.White, "Island": harness.Blue, "Swamp": harness.Black,
	"Mountain": harness.Red, "Forest": harness.Green, "Wastes": harness.Colorless,
}

// Start sets up a game; it refuses the Unknown cards.
func (e *Toy) Start(s harness.Setup) (harness.State, error) {
	if err := s.Normalize(); err != nil {
		return nil, err
	}
	for _, c := range s.Cards() {
		if slices.Contains(e.opts.Unknown, c.Name) {
			return nil, fmt.Errorf("toy: unknown card %q", c.Name)
		}
	}
	st := &state{turn: s.Turn, active: s.Active, step: s.Step, priority: s.Active, landsPlayed: s.LandsPlayed}
	for p := range s.Players {
		ps := &s.Players[p]
		st.life[p] = ps.Life
		st.pool[p] = ps.Pool
		for _, c := range ps.Hand {
			st.hand[p] = append(st.hand[p], card{c.ID, c.Name})
		}
		for _, c := range ps.Library {
			st.lib[p] = append(st.lib[p], card{c.ID, c.Name})
		}
		for _, c := range ps.Graveyard {
			st.gy[p] = append(st.gy[p], card{c.ID, c.Name})
		}
		for _, pm := range ps.Battlefield {
			owner := harness.Player(p)
			if pm.Owner != nil {
				owner = *pm.Owner
			}
			st.perms = append(st.perms, perm{card: pm.ID, name: pm.Name, owner: owner, controller: harness.Player(p),
				tapped: pm.Tapped, sick: pm.Sick, counters: pm.Counters, attachedTo: pm.AttachedTo})
		}
	}
	slices.SortFunc(st.perms, func(a, b perm) int { return int(a.card) - int(b.card) })
	return st, nil
}

func (st *state) clone() *state {
	c := *st
	c.perms = slices.Clone(st.perms)
	for p := range 2 {
		c.hand[p] = slices.Clone(st.hand[p])
		c.lib[p] = slices.Clone(st.lib[p])
		c.gy[p] = slices.Clone(st.gy[p])
	}
	return &c
}

func isMain(s harness.Step) bool { return s == harness.Main1 || s == harness.Main2 }

// Legal lists: pass; each untapped basic land's mana ability for the player with
// priority; each land in hand when the active player may play one.
func (e *Toy) Legal(s harness.State) ([]harness.Action, error) {
	st := s.(*state)
	if st.over {
		return nil, nil
	}
	p := st.priority
	out := []harness.Action{{Player: p, Kind: harness.Pass}}
	for _, pm := range st.perms {
		if _, ok := basicType[pm.name]; ok && pm.controller == p && !pm.tapped {
			out = append(out, harness.Action{Player: p, Kind: harness.Activate, Card: pm.card, Name: pm.name})
		}
	}
	if p == st.active && isMain(st.step) && st.landsPlayed == 0 {
		for _, c := range st.hand[p] {
			if _, ok := basicType[c.name]; ok {
				out = append(out, harness.Action{Player: p, Kind: harness.PlayLand, Card: c.id, Name: c.name})
			}
		}
	}
	return out, nil
}

// Apply takes a listed action; anything else is an error.
func (e *Toy) Apply(s harness.State, a harness.Action) (harness.State, []harness.Event, error) {
	st := s.(*state)
	legal, _ := e.Legal(s)
	if !slices.ContainsFunc(legal, func(l harness.Action) bool { return l.Key() == a.Key() }) {
		return nil, nil, fmt.Errorf("toy: %s is not legal now (CR 117.1)", a)
	}
	n := st.clone()
	var evs []harness.Event
	if a.Kind != harness.Pass {
		n.passes = 0
	}
	switch a.Kind {
	case harness.Pass:
		n.passes++
		n.priority = n.priority.Opponent()
		if n.passes == 2 {
			evs = n.advance()
		}
	case harness.Activate:
		i := slices.IndexFunc(n.perms, func(pm perm) bool { return pm.card == a.Card })
		pm := &n.perms[i]
		switch pm.name {
		case e.opts.PanicOn:
			panic("toy: " + pm.name + " exploded")
		case e.opts.RefuseOn:
			return nil, nil, fmt.Errorf("toy: refusing %s", pm.name)
		}
		t := basicType[pm.name]
		if pm.name == e.opts.WrongMana {
			t = harness.Colorless
		}
		pm.tapped = true
		n.pool[a.Player][t]++
		evs = append(evs, harness.Event{Kind: "mana_added", Player: a.Player, Card: a.Card, Mana: harness.Of(t, 1),
			Text: fmt.Sprintf("%s adds %s", pm.name, t)})
	case harness.PlayLand:
		i := slices.IndexFunc(n.hand[a.Player], func(c card) bool { return c.id == a.Card })
		c := n.hand[a.Player][i]
		n.hand[a.Player] = slices.Delete(n.hand[a.Player], i, i+1)
		n.perms = append(n.perms, perm{card: c.id, name: c.name, owner: a.Player, controller: a.Player, sick: true})
		slices.SortFunc(n.perms, func(a, b perm) int { return int(a.card) - int(b.card) })
		n.landsPlayed++
		evs = append(evs, harness.Event{Kind: "zone_change", Player: a.Player, Card: a.Card, Text: a.Player.String() + " plays " + c.name})
	}
	return n, evs, nil
}

// advance moves to the next step with priority (CR 500.2): pools empty (CR 500.5), the
// untap step untaps and ends sickness, the draw step draws (an empty library loses, as
// CR 704.5b would have it).
func (n *state) advance() []harness.Event {
	n.passes = 0
	n.pool = [2]harness.Mana{}
	i := n.step.Index() + 1
	var evs []harness.Event
	for {
		if i >= len(harness.Steps) {
			i = 0
			n.turn++
			n.active = n.active.Opponent()
			n.landsPlayed = 0
			evs = append(evs, harness.Event{Kind: "turn", Player: n.active, Text: fmt.Sprintf("turn %d begins (%s)", n.turn, n.active)})
		}
		s := harness.Steps[i]
		switch s {
		case harness.Untap:
			for j := range n.perms {
				if n.perms[j].controller == n.active {
					n.perms[j].tapped, n.perms[j].sick = false, false
				}
			}
			i++
			continue
		case harness.Cleanup, harness.DeclareBlockers, harness.CombatDamage:
			i++
			continue
		case harness.Draw:
			if len(n.lib[n.active]) == 0 {
				n.lost[n.active], n.over = true, true
				evs = append(evs, harness.Event{Kind: "sba", Player: n.active, Rule: "704.5b", Text: n.active.String() + " loses: drew from an empty library"})
			} else {
				n.hand[n.active] = append(n.hand[n.active], n.lib[n.active][0])
				n.lib[n.active] = n.lib[n.active][1:]
			}
		}
		n.step, n.priority = s, n.active
		evs = append(evs, harness.Event{Kind: "step", Player: n.active, Text: "step " + string(s)})
		return evs
	}
}

// Observe reports the toy's state.
func (e *Toy) Observe(s harness.State) (harness.Snapshot, error) {
	st := s.(*state)
	snap := harness.Snapshot{Turn: st.turn, Active: st.active, Step: st.step, Priority: st.priority,
		LandsPlayed: st.landsPlayed, GameOver: st.over, Battlefield: []*harness.Object{}, Stack: []harness.StackObject{}}
	if st.over {
		snap.Priority = harness.NoPlayer
	}
	for _, pm := range st.perms {
		o := object(pm.card, pm.name, pm.owner, harness.Battlefield)
		o.Controller, o.Tapped, o.Sick, o.Counters, o.AttachedTo = pm.controller, pm.tapped, pm.sick, pm.counters, pm.attachedTo
		snap.Battlefield = append(snap.Battlefield, o)
	}
	for p := range 2 {
		ps := &snap.Players[p]
		ps.Life, ps.Pool, ps.Lost = st.life[p], st.pool[p], st.lost[p]
		for _, z := range []struct {
			cards []card
			zone  harness.Zone
			out   *[]*harness.Object
		}{{st.hand[p], harness.Hand, &ps.Hand}, {st.lib[p], harness.Library, &ps.Library}, {st.gy[p], harness.Graveyard, &ps.Graveyard}} {
			*z.out = []*harness.Object{}
			for _, c := range z.cards {
				*z.out = append(*z.out, object(c.id, c.name, harness.Player(p), z.zone))
			}
		}
		ps.Exile = []*harness.Object{}
	}
	return snap, nil
}

func object(id harness.CardID, name string, owner harness.Player, zone harness.Zone) *harness.Object {
	o := &harness.Object{Card: id, Object: harness.ObjectID(id), Name: name, Owner: owner, Controller: owner, Zone: zone}
	if t, ok := basicType[name]; ok {
		o.Supertypes, o.Types = []string{"Basic"}, []string{"Land"}
		// A basic land type's ability is intrinsic, written as its reminder (CR 305.6);
		// Wastes has no land type and prints its ability.
		o.Abilities = []string{"{T}: Add " + t.String() + "."}
		if t != harness.Colorless {
			o.Subtypes = []string{name}
			o.Abilities[0] = "(" + o.Abilities[0] + ")"
		}
	} else {
		o.Types = []string{"Artifact"}
	}
	return o
}

// ManaOutcomes: a basic land adds one mana of its type.
func (e *Toy) ManaOutcomes(s harness.State, c harness.CardID, ab int) ([]harness.Mana, error) {
	st := s.(*state)
	for _, pm := range st.perms {
		if pm.card == c {
			if t, ok := basicType[pm.name]; ok && ab == 0 {
				return []harness.Mana{harness.Of(t, 1)}, nil
			}
			return nil, fmt.Errorf("toy: %s has no ability %d", pm.name, ab)
		}
	}
	return nil, fmt.Errorf("toy: no permanent %d", c)
}

// CouldProduce: a basic land's type, nothing for other permanents.
func (e *Toy) CouldProduce(s harness.State, c harness.CardID) (harness.TypeSet, error) {
	st := s.(*state)
	for _, pm := range st.perms {
		if pm.card == c {
			if t, ok := basicType[pm.name]; ok {
				return harness.TypeSet(0).With(t), nil
			}
			return 0, nil
		}
	}
	return 0, fmt.Errorf("toy: no permanent %d", c)
}

var _ harness.Engine = (*Toy)(nil)
