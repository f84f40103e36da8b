// Package goport is a minimal in-process Go port: a rules engine written apart from the
// reference engine, tested through harness.Engine alone. It knows the basic lands and
// Grizzly Bears, and players can only pass priority (and discard to hand size when the
// cleanup step asks): it declares that with harness.Declarer, so a campaign tests the
// properties it can and reports the rest unsupported.
//
// It follows the conventions of docs/engines.md: Apply is pure (a new state each time),
// an object gets a new ID on each zone change (CR 400.7), a game starts "in" its step after
// that step's turn-based actions, and state-based actions are performed whenever a player
// would receive priority (CR 117.5, 704.3).
package goport

import (
	"fmt"
	"slices"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Engine is the port. The zero value is ready to use.
type Engine struct{}

// New returns an engine.
func New() *Engine { return &Engine{} }

func (*Engine) Name() string { return "goport" }
func (*Engine) Close() error { return nil }

// Supports declares the part of the rules this engine implements.
func (*Engine) Supports() harness.Support {
	// It reports no zone changes with their zones and no untapping as events
	// (harness.ReportZoneChanges, harness.ReportTaps); it has no links or triggers to report.
	return harness.Support{Cards: cardNames, Actions: []harness.ActionKind{harness.Pass, harness.Choose},
		Reported: []harness.Report{harness.ReportLinks, harness.ReportTriggers}}
}

// object is one card in a zone.
type object struct {
	card              harness.CardID
	id                harness.ObjectID
	name              string
	owner, controller harness.Player
	zone              harness.Zone
	tapped, sick      bool
	damage, plus      int // marked damage, +1/+1 counters
}

type player struct {
	life         int
	pool         harness.Mana
	lost         bool
	drewFromVoid bool // drew from an empty library since the last state-based check (CR 704.5b)
}

// state is a game position. It is never changed once handed out: Apply copies it.
type state struct {
	turn        int
	active      harness.Player
	step        harness.Step
	priority    harness.Player
	passed      bool // the other player passed priority last, with nothing happening since
	landsPlayed int
	players     [2]player
	objects     []object // zones are attributes; order within a zone is the slice order
	nextID      harness.ObjectID
	over        bool
	discard     bool // the cleanup step waits for the active player to discard (CR 514.1)
}

func (s *state) clone() *state {
	c := *s
	c.objects = slices.Clone(s.objects)
	return &c
}

const maxHandSize = 7 // CR 402.2

func (*Engine) Start(setup harness.Setup) (harness.State, error) {
	s := &state{turn: setup.Turn, active: setup.Active, step: setup.Step, priority: setup.Active,
		landsPlayed: setup.LandsPlayed}
	if s.step == harness.Untap || s.step == harness.Cleanup {
		return nil, fmt.Errorf("goport: a game can't start in %s: no player gets priority there (CR 502.4, 514.3)", s.step)
	}
	for p := range setup.Players {
		ps := &setup.Players[p]
		s.players[p] = player{life: ps.Life, pool: ps.Pool}
		zones := []struct {
			zone  harness.Zone
			cards []harness.CardSpec
		}{{harness.Library, ps.Library}, {harness.Hand, ps.Hand}, {harness.Graveyard, ps.Graveyard}, {harness.Exile, ps.Exile}}
		for _, z := range zones {
			for _, c := range z.cards {
				if err := s.add(c, harness.Player(p), harness.Player(p), z.zone); err != nil {
					return nil, err
				}
			}
		}
		for _, pm := range ps.Battlefield {
			owner := harness.Player(p)
			if pm.Owner != nil {
				owner = *pm.Owner
			}
			if err := s.add(pm.CardSpec, owner, harness.Player(p), harness.Battlefield); err != nil {
				return nil, err
			}
			switch {
			case pm.Token || pm.FaceDown || pm.AttachedTo != 0 || len(pm.Choices) > 0:
				return nil, fmt.Errorf("goport: %s: tokens, face-down permanents, attachments and choices are not supported", pm.Name)
			case len(pm.Counters) > 1 || len(pm.Counters) == 1 && pm.Counters["+1/+1"] == 0:
				return nil, fmt.Errorf("goport: %s: only +1/+1 counters are supported", pm.Name)
			}
			o := &s.objects[len(s.objects)-1]
			o.tapped, o.sick, o.damage, o.plus = pm.Tapped, pm.Sick, pm.Damage, pm.Counters["+1/+1"]
		}
	}
	s.stateBasedActions(nil)
	return s, nil
}

func (s *state) add(c harness.CardSpec, owner, controller harness.Player, zone harness.Zone) error {
	if _, ok := cards[c.Name]; !ok {
		return fmt.Errorf("goport: card %q is not supported", c.Name)
	}
	s.nextID++
	s.objects = append(s.objects, object{card: c.ID, id: s.nextID, name: c.Name, owner: owner, controller: controller, zone: zone})
	return nil
}

// move puts the object at index i into zone (at the end of it; a library's end is its
// bottom) as a new object (CR 400.7), under its owner's control.
func (s *state) move(i int, zone harness.Zone) {
	o := s.objects[i]
	s.objects = slices.Delete(s.objects, i, i+1)
	s.nextID++
	s.objects = append(s.objects, object{card: o.card, id: s.nextID, name: o.name, owner: o.owner, controller: o.owner, zone: zone})
}

func (s *state) in(p harness.Player, zone harness.Zone) []int {
	var out []int
	for i := range s.objects {
		if o := &s.objects[i]; o.zone == zone && (zone == harness.Battlefield && o.controller == p || zone != harness.Battlefield && o.owner == p) {
			out = append(out, i)
		}
	}
	return out
}

func (*Engine) Legal(st harness.State) ([]harness.Action, error) {
	s, err := stateOf(st)
	if err != nil {
		return nil, err
	}
	switch {
	case s.over:
		return nil, nil
	case s.discard:
		var out []harness.Action
		for _, opt := range s.discardOptions() {
			out = append(out, harness.Action{Player: s.active, Kind: harness.Choose,
				Choices: []string{harness.Choice(harness.ChoiceOption, opt)}, Text: opt})
		}
		return out, nil
	}
	return []harness.Action{{Player: s.priority, Kind: harness.Pass}}, nil
}

func (s *state) discardOptions() []string {
	var out []string
	for _, i := range s.in(s.active, harness.Hand) {
		out = append(out, fmt.Sprintf("discard %s (card %d)", s.objects[i].name, s.objects[i].card))
	}
	return out
}

func (e *Engine) Apply(st harness.State, a harness.Action) (harness.State, []harness.Event, error) {
	s, err := stateOf(st)
	if err != nil {
		return st, nil, err
	}
	legal, _ := e.Legal(s)
	if !slices.ContainsFunc(legal, func(l harness.Action) bool { return l.Key() == a.Key() }) {
		return st, nil, fmt.Errorf("goport: %s is not legal now (CR 117.1)", a)
	}
	n := s.clone()
	var ev []harness.Event
	if a.Kind == harness.Choose {
		_, opt := harness.SplitChoice(a.Choices[0])
		i := n.in(n.active, harness.Hand)[slices.Index(n.discardOptions(), opt)]
		ev = append(ev, harness.Event{Kind: "zone_change", Player: n.active, Card: n.objects[i].card,
			Text: fmt.Sprintf("%s discards %s (CR 514.1)", n.active, n.objects[i].name)})
		n.move(i, harness.Graveyard)
		n.cleanup(&ev)
		return n, ev, nil
	}
	// Pass (CR 117.3d): when both players pass in succession with an empty stack, the step
	// ends (CR 500.2).
	if !n.passed {
		n.passed, n.priority = true, n.priority.Opponent()
		return n, nil, nil
	}
	n.nextStep(&ev)
	return n, ev, nil
}

// nextStep ends the step and begins the next one where a player gets priority, performing
// the turn-based actions of each step it enters.
func (s *state) nextStep(ev *[]harness.Event) {
	for {
		for p := range s.players {
			s.players[p].pool = harness.Mana{} // CR 500.5, 106.4
		}
		s.passed, s.priority = false, s.active
		i := s.step.Index() + 1
		if i == len(harness.Steps) {
			s.turn, s.active, s.landsPlayed, i = s.turn+1, s.active.Opponent(), 0, 0
			s.priority = s.active
		}
		s.step = harness.Steps[i]
		*ev = append(*ev, harness.Event{Kind: "step", Player: s.active, Rule: "500.1",
			Text: fmt.Sprintf("turn %d (%s): %s", s.turn, s.active, s.step)})
		switch s.step {
		case harness.Untap: // CR 502.3, and summoning sickness ends (302.6); no priority (502.4)
			for _, i := range s.in(s.active, harness.Battlefield) {
				s.objects[i].tapped, s.objects[i].sick = false, false
			}
			continue
		case harness.Draw: // CR 504.1; the player who plays first skips the draw of turn 1 (CR 103.8a)
			if s.turn > 1 {
				s.draw(s.active, ev)
			}
		case harness.DeclareAttackers:
			// This engine has no attacking: the active player declares no attackers, so the
			// declare blockers and combat damage steps are skipped (CR 508.8).
		case harness.DeclareBlockers, harness.CombatDamage:
			continue
		case harness.Cleanup:
			s.cleanup(ev)
			return
		}
		s.stateBasedActions(ev)
		return
	}
}

func (s *state) draw(p harness.Player, ev *[]harness.Event) {
	lib := s.in(p, harness.Library)
	if len(lib) == 0 {
		s.players[p].drewFromVoid = true
		return
	}
	s.move(lib[0], harness.Hand)
	*ev = append(*ev, harness.Event{Kind: "draw", Player: p, Text: fmt.Sprintf("%s draws a card", p), Rule: "504.1"})
}

// cleanup is the cleanup step's turn-based actions: discard to hand size (a decision of
// the active player), then damage wears off (CR 514.1, 514.2). No player gets priority
// (514.3), so the turn goes on.
func (s *state) cleanup(ev *[]harness.Event) {
	if len(s.in(s.active, harness.Hand)) > maxHandSize {
		s.discard, s.priority = true, harness.NoPlayer
		return
	}
	s.discard = false
	for i := range s.objects {
		s.objects[i].damage = 0
	}
	s.nextStep(ev)
}

// stateBasedActions performs them until none applies (CR 704.3): a player with 0 or less
// life or who drew from an empty library loses (704.5a, b), a creature with toughness 0 or
// less goes to its owner's graveyard (704.5f), one with lethal damage is destroyed (704.5g).
func (s *state) stateBasedActions(ev *[]harness.Event) {
	note := func(e harness.Event) {
		if ev != nil {
			*ev = append(*ev, e)
		}
	}
	for {
		acted := false
		for p := range s.players {
			pl := &s.players[p]
			if !pl.lost && (pl.life <= 0 || pl.drewFromVoid) {
				rule := "704.5a"
				if pl.life > 0 {
					rule = "704.5b"
				}
				pl.lost, s.over, acted = true, true, true
				note(harness.Event{Kind: "sba", Player: harness.Player(p), Rule: rule, Text: fmt.Sprintf("%s loses the game", harness.Player(p))})
			}
			pl.drewFromVoid = false
		}
		for i := 0; i < len(s.objects); i++ {
			o := s.objects[i]
			c := cards[o.name]
			if o.zone != harness.Battlefield || !c.isCreature() {
				continue
			}
			t := c.toughness + o.plus
			if rule := "704.5f"; t <= 0 || o.damage >= t {
				if t > 0 {
					rule = "704.5g"
				}
				s.move(i, harness.Graveyard)
				note(harness.Event{Kind: "sba", Player: o.controller, Card: o.card, Rule: rule,
					Text: fmt.Sprintf("%s goes to its owner's graveyard", o.name)})
				i, acted = i-1, true
			}
		}
		if !acted {
			return
		}
	}
}

func (*Engine) Observe(st harness.State) (harness.Snapshot, error) {
	s, err := stateOf(st)
	if err != nil {
		return harness.Snapshot{}, err
	}
	snap := harness.Snapshot{Turn: s.turn, Active: s.active, Step: s.step, Priority: s.priority,
		LandsPlayed: s.landsPlayed, GameOver: s.over}
	for p := range s.players {
		pl := s.players[p]
		ps := harness.PlayerState{Life: pl.life, Pool: pl.pool, Lost: pl.lost,
			Library: []*harness.Object{}, Hand: []*harness.Object{}, Graveyard: []*harness.Object{}, Exile: []*harness.Object{}}
		for _, z := range []struct {
			zone harness.Zone
			list *[]*harness.Object
		}{{harness.Library, &ps.Library}, {harness.Hand, &ps.Hand}, {harness.Graveyard, &ps.Graveyard}, {harness.Exile, &ps.Exile}} {
			for _, i := range s.in(harness.Player(p), z.zone) {
				*z.list = append(*z.list, s.objects[i].snapshot())
			}
		}
		snap.Players[p] = ps
	}
	for i := range s.objects {
		if s.objects[i].zone == harness.Battlefield {
			snap.Battlefield = append(snap.Battlefield, s.objects[i].snapshot())
		}
	}
	slices.SortFunc(snap.Battlefield, func(a, b *harness.Object) int { return int(a.Card) - int(b.Card) })
	if s.discard {
		snap.Pending = &harness.Decision{Player: s.active, Prompt: "discard to hand size", Options: s.discardOptions()}
	}
	return snap, nil
}

func stateOf(st harness.State) (*state, error) {
	s, ok := st.(*state)
	if !ok || s == nil {
		return nil, fmt.Errorf("goport: not a state of this engine: %T", st)
	}
	return s, nil
}
