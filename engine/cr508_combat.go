package engine

import (
	"fmt"
	"sort"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// CR 506-508: combat and declaring attackers. The active player declares which creatures
// attack (508.1a) and, for each, whether it attacks the defending player or a planeswalker
// that player controls (508.1b); restrictions ("can't attack") are obeyed (508.1c).

// attackCandidates lists the active player's creatures that can attack (CR 508.1a:
// untapped, and not summoning sick unless they have haste, 302.6; 508.1c: no restriction
// stops them).
func attackCandidates(s *state, v *view) []h.ObjectID {
	var out []h.ObjectID
	for _, id := range s.Battlefield {
		o := s.obj(id)
		if o.Controller == s.Active && canAttack(s, v, o) && !restrictedInCombat(s, v, id) {
			out = append(out, id)
		}
	}
	sortByCard(s, out)
	return out
}

// attackablePlaneswalkers lists the planeswalkers the defending player controls (CR
// 508.1b), by card ID.
func attackablePlaneswalkers(s *state, v *view) []h.ObjectID {
	if s.faults.on(FaultWalkersUnattackable) {
		return nil
	}
	var out []h.ObjectID
	for _, id := range s.Battlefield {
		if s.obj(id).Controller != s.Active && v.Of(id).HasType("Planeswalker") {
			out = append(out, id)
		}
	}
	sortByCard(s, out)
	return out
}

func sortByCard(s *state, ids []h.ObjectID) {
	sort.Slice(ids, func(i, j int) bool { return s.obj(ids[i]).Card < s.obj(ids[j]).Card })
}

// restrictedInCombat reports whether an effect says the creature can't attack or block:
// a permanent attached to it with such an ability (Pacifism, CR 303.4m).
func restrictedInCombat(s *state, v *view, id h.ObjectID) bool {
	for _, other := range s.Battlefield {
		if s.obj(other).AttachedTo == id && hasStatic(v.Of(other), AttachedCantAttackOrBlock) {
			return true
		}
	}
	return false
}

// declareAttackers performs the declaration (CR 508.1): the attackers become tapped
// (508.1f), then the active player gets priority.
func declareAttackers(s *state, a h.Action) (*state, []h.Event, error) {
	v := s.project()
	cands := attackCandidates(s, v)
	walkers := attackablePlaneswalkers(s, v)
	ev := &events{}
	var ids, targets []h.ObjectID
	if len(a.Attacking) > len(a.Attackers) {
		return nil, nil, fmt.Errorf("CR 508.1b: %d attack targets for %d attackers", len(a.Attacking), len(a.Attackers))
	}
	for i, c := range a.Attackers {
		o := s.byCard(c)
		if o == nil || o.Zone != h.Battlefield || !containsID(cands, o.ID) {
			return nil, nil, fmt.Errorf("CR 508.1a: card %d can't attack (it must be an untapped creature %s has controlled continuously since the turn began, with no effect saying it can't attack)", c, s.Active)
		}
		if containsID(ids, o.ID) {
			return nil, nil, fmt.Errorf("CR 508.1a: card %d declared twice", c)
		}
		var target h.ObjectID
		if pw := a.AttackTarget(i); pw != 0 {
			t := s.byCard(pw)
			if t == nil || !containsID(walkers, t.ID) {
				return nil, nil, fmt.Errorf("CR 508.1b: card %d is not a planeswalker the defending player controls", pw)
			}
			target = t.ID
		}
		ids = append(ids, o.ID)
		targets = append(targets, target)
	}
	s.Decision = nil
	s.Attackers, s.AttackTargets = ids, targets
	for i, id := range ids {
		o := s.mut(id)
		vigilant := v.Of(id).HasKeyword("Vigilance") && !s.faults.on(FaultVigilanceTaps)
		if !vigilant { // CR 508.1f, 702.20b
			o.Tapped = true
			if !s.faults.on(FaultAttackTapUnreported) {
				ev.add(h.Event{Kind: "tapped", Player: o.Controller, Card: o.Card, Object: id, Rule: "508.1f", Text: "taps " + v.Of(id).Name})
			}
		}
		what := s.Active.Opponent().String()
		if targets[i] != 0 {
			what = v.Of(targets[i]).Name
		}
		ev.add(h.Event{Kind: "attacks", Player: o.Controller, Card: o.Card, Object: id, Rule: "508.1", Text: v.Of(id).Name + " attacks " + what})
	}
	next, evs, err := givePriority(s)
	return next, append(ev.list, evs...), err
}

// maxCombatOptions bounds how many declarations of attackers or blockers are listed: past
// it, a representative set is (none, each alone, all together).
const maxCombatOptions = 81

// attackOptions lists declarations to offer: every set of attackers with every choice of
// what each attacks, when there are at most maxCombatOptions; otherwise no attack, each
// candidate alone at each thing it can attack, and all at the player.
func attackOptions(s *state, v *view) []h.Action {
	cands := attackCandidates(s, v)
	defenders := []h.CardID{0}
	for _, pw := range attackablePlaneswalkers(s, v) {
		defenders = append(defenders, s.obj(pw).Card)
	}
	n := 1
	for range cands {
		n *= len(defenders) + 1
		if n > maxCombatOptions {
			break
		}
	}
	var out []h.Action
	add := func(att, at []h.CardID) {
		a := h.Action{Player: s.Active, Kind: h.Attack, Attackers: att}
		for _, t := range at {
			if t != 0 {
				a.Attacking = at
				break
			}
		}
		out = append(out, a)
	}
	if n <= maxCombatOptions {
		// Each candidate stays home (digit 0) or attacks defenders[digit-1].
		for code := 0; code < n; code++ {
			var att, at []h.CardID
			for i, rest := 0, code; i < len(cands); i, rest = i+1, rest/(len(defenders)+1) {
				if d := rest % (len(defenders) + 1); d > 0 {
					att = append(att, s.obj(cands[i]).Card)
					at = append(at, defenders[d-1])
				}
			}
			add(att, at)
		}
		return out
	}
	add(nil, nil)
	all := make([]h.CardID, len(cands))
	for i, id := range cands {
		all[i] = s.obj(id).Card
		for _, d := range defenders {
			add([]h.CardID{all[i]}, []h.CardID{d})
		}
	}
	add(all, nil)
	return out
}
