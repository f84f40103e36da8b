package engine

import (
	"fmt"
	"sort"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// CR 506-511: combat, as far as this engine goes: declaring attackers legally (508.1),
// no blockers, and unblocked attackers dealing combat damage to the defending player
// (510.1).

// attackCandidates lists the active player's creatures that can attack (CR 508.1a:
// untapped, and not summoning sick unless they have haste, 302.6).
func attackCandidates(s *State, v *View) []h.ObjectID {
	var out []h.ObjectID
	for _, id := range s.Battlefield {
		o := s.obj(id)
		if o.Controller == s.Active && canAttack(s, v, o) {
			out = append(out, id)
		}
	}
	sort.Slice(out, func(i, j int) bool { return s.obj(out[i]).Card < s.obj(out[j]).Card })
	return out
}

// declareAttackers performs the declaration (CR 508.1): the attackers become tapped
// (508.1f), then the active player gets priority.
func declareAttackers(s *State, a h.Action) (*State, []h.Event, error) {
	v := Project(s)
	cands := attackCandidates(s, v)
	ev := &events{}
	var ids []h.ObjectID
	for _, c := range a.Attackers {
		o := s.byCard(c)
		if o == nil || o.Zone != h.Battlefield || !containsID(cands, o.ID) {
			return nil, nil, fmt.Errorf("CR 508.1a: card %d can't attack (it must be an untapped creature %s has controlled continuously since the turn began)", c, s.Active)
		}
		if containsID(ids, o.ID) {
			return nil, nil, fmt.Errorf("CR 508.1a: card %d declared twice", c)
		}
		ids = append(ids, o.ID)
	}
	s.Decision = nil
	s.Attackers = ids
	for _, id := range ids {
		o := s.obj(id)
		o.Tapped = true
		ev.add(h.Event{Kind: "attacks", Player: o.Controller, Card: o.Card, Object: id, Text: v.Of(id).Name + " attacks"})
	}
	next, evs, err := givePriority(s)
	return next, append(ev.list, evs...), err
}

// attackOptions lists attacker sets to offer: every subset for up to 4 candidates, else
// none, each one alone, and all.
func attackOptions(s *State, v *View) [][]h.CardID {
	cands := attackCandidates(s, v)
	cards := make([]h.CardID, len(cands))
	for i, id := range cands {
		cards[i] = s.obj(id).Card
	}
	var out [][]h.CardID
	if len(cards) <= 4 {
		for mask := 0; mask < 1<<len(cards); mask++ {
			var set []h.CardID
			for i, c := range cards {
				if mask&(1<<i) != 0 {
					set = append(set, c)
				}
			}
			out = append(out, set)
		}
		return out
	}
	out = append(out, nil)
	for _, c := range cards {
		out = append(out, []h.CardID{c})
	}
	return append(out, cards)
}

// combatDamage: each attacking creature still on the battlefield deals damage equal to
// its power to the defending player (CR 510.1, no blockers).
func combatDamage(s *State, v *View, ev *events) {
	def := s.Active.Opponent()
	for _, id := range s.Attackers {
		if !s.onBattlefield(id) {
			continue
		}
		c := v.Of(id)
		if c.HasType("Creature") && c.Power > 0 {
			s.Players[def].Life -= c.Power
			ev.add(h.Event{Kind: "damage", Player: def, Card: s.obj(id).Card, Rule: "510.2", Text: fmt.Sprintf("%s deals %d combat damage to %s", c.Name, c.Power, def)})
		}
	}
}
