package engine

import (
	"fmt"
	"strconv"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// CR 500-514: turn structure. Steps end when all players pass with an empty stack; mana
// pools empty as each step ends (106.4, 500.5); the untap and cleanup steps give no
// priority unless something happens in cleanup (502.4, 514.3).

// maxHandSize is the maximum hand size (CR 402.2).
const maxHandSize = 7

// advanceStep ends the current step and runs the turn forward to the next point where a
// player gets priority or a decision is pending.
func advanceStep(s *state) (*state, []h.Event, error) {
	ev := &events{}
	for guard := 0; guard < 40; guard++ {
		for p := range s.Players {
			if !s.faults.on(FaultPoolsPersist) {
				s.Players[p].Pool = h.Mana{} // CR 106.4
			}
		}
		switch {
		case s.Step == h.Cleanup && s.CleanupAgain:
			s.CleanupAgain = false // CR 514.3a: another cleanup step begins
		case s.Step == h.Cleanup:
			beginTurn(s, ev)
		default:
			s.Step = h.Steps[s.Step.Index()+1]
		}
		ev.add(h.Event{Kind: "step", Player: s.Active, Text: "turn " + strconv.Itoa(s.Turn) + " (" + s.Active.String() + "): " + string(s.Step)})
		next, evs, err, stop := beginStep(s, ev)
		if stop {
			return next, append(ev.list, evs...), err
		}
	}
	return nil, nil, fmt.Errorf("CR 500: the turn did not reach a point where a player acts")
}

// beginTurn starts the next player's turn. Effects that last "until your next turn" end
// immediately before that player's turn begins (CR 611.2a); 302.6's "most recent turn"
// restarts for the new active player's permanents.
func beginTurn(s *state, ev *events) {
	next := s.Active.Opponent()
	if n := len(s.ExtraTurns); n > 0 { // CR 500.7: the most recently created first
		next, s.ExtraTurns = s.ExtraTurns[n-1], s.ExtraTurns[:n-1:n-1]
	}
	s.endEffects(BeforeTurn, next)
	s.Turn++
	s.Active = next
	s.Step = h.Untap
	s.LandsPlayed = 0
	resetLoyaltyActivations(s)
	for _, id := range s.Battlefield {
		if o := s.obj(id); o.Controller == next && o.Sick {
			s.mut(id).Sick = false
		}
	}
}

// beginStep performs the turn-based actions of the step just begun. stop says whether the
// game now waits for a player (priority or a decision).
func beginStep(s *state, ev *events) (*state, []h.Event, error, bool) {
	// Each step projects the state as it begins, if it reads characteristics at all: most
	// of the steps a turn passes through have no turn-based action. current is such a
	// projection when nothing it reads changed since, for the first check of state-based
	// actions as priority is given: noting triggers (Pending) changes no characteristic.
	var current *view
	switch s.Step {
	case h.Untap: // CR 502.3: untap the active player's permanents
		v := s.project()
		for _, id := range s.Battlefield {
			o := s.obj(id)
			if (o.Controller == s.Active || s.faults.on(FaultUntapsEveryone)) && o.Tapped && (!hasStatic(v.Of(id), DoesntUntap) || s.faults.on(FaultUntapIgnoresDoesntUntap)) {
				s.mut(id).Tapped = false
				if ev.on() && !s.faults.on(FaultUntapStepUnreported) {
					ev.add(h.Event{Kind: "untapped", Player: o.Controller, Card: o.Card, Object: id, Rule: "502.3", Text: "untaps " + v.Of(id).Name})
				}
			}
		}
		return nil, nil, nil, false
	case h.Upkeep:
		current = s.project()
		stepTriggers(s, current, h.Upkeep)
	case h.Draw:
		draws := s.Turn > 1 // CR 103.8a: the starting player skips the first draw
		if s.faults.on(FaultEachFirstDrawSkipped) {
			draws = s.Turn > 2 // the fault: the other player skips their first draw too
		}
		if draws {
			draw(s, s.project(), s.Active, ev)
		}
		current = s.project()
		if s.faults.on(FaultLoreInDrawStep) && loreTurnAction(s, current, ev) { // the fault: after the draw, not at precombat main
			current = s.project()
		}
		stepTriggers(s, current, h.Draw)
	case h.Main1: // CR 505.4, 714.3c: lore counters as the precombat main phase begins
		if current = s.project(); !s.faults.on(FaultLoreInDrawStep) && loreTurnAction(s, current, ev) {
			current = nil // counters were put: project again for the state-based actions
		}
	case h.DeclareAttackers:
		s.Attackers, s.AttackTargets, s.Blocks = nil, nil, nil
		if current = s.project(); len(attackCandidates(s, current)) > 0 {
			s.Decision = &decision{Kind: DecideAttackers, Player: s.Active, Prompt: "declare attackers"}
			s.Priority = h.NoPlayer
			return s, nil, nil, true
		}
	case h.DeclareBlockers, h.CombatDamage:
		if len(s.Attackers) == 0 { // CR 508.8
			return nil, nil, nil, false
		}
		if s.Step == h.DeclareBlockers {
			if v := s.project(); len(blockCandidates(s, v)) > 0 && len(attackersInCombat(s, v)) > 0 {
				s.Decision = &decision{Kind: DecideBlockers, Player: s.Active.Opponent(), Prompt: "declare blockers"}
				if !s.faults.on(FaultBlockersKeepPriority) { // the fault apart, so mutants judge the statement
					s.Priority = h.NoPlayer
				}
				return s, nil, nil, true
			}
		}
		if s.Step == h.CombatDamage {
			next, evs, err := combatDamageWith(s, nil)
			if err != nil || next.Decision != nil {
				return next, evs, err, true
			}
			ev.list = append(ev.list, evs...)
			*s = *next
		}
	case h.EndCombat:
		s.Attackers, s.AttackTargets, s.Blocks = nil, nil, nil
	case h.End:
		v := s.project() // as the step begins
		if s.faults.on(FaultEffectsEndAtEndStep) {
			s.endEffects(AtCleanup, h.NoPlayer)
		}
		delayedTriggers(s, h.End)
		stepTriggers(s, v, h.End)
	case h.Cleanup:
		next, evs, err := cleanupWith(s, nil)
		if err != nil || next.Decision != nil {
			return next, evs, err, true
		}
		ev.list = append(ev.list, evs...)
		*s = *next
		if len(s.Pending) == 0 && !sbaPending(s) {
			return nil, nil, nil, false // CR 514.3: no priority
		}
		s.CleanupAgain = true
	}
	next, evs, err := givePriorityProjected(s, current)
	return next, evs, err, true
}

// cleanupWith performs the cleanup step's turn-based actions (CR 514.1, 514.2): discard
// to maximum hand size (choosing cards through the choices so far; each a discard that
// sets off "whenever you discard" abilities, 701.9a), remove damage, end "until end of
// turn" effects.
func cleanupWith(base *state, prefix []string) (*state, []h.Event, error) {
	return attempt(base, DecideDiscard, fixedPrompt("discard to hand size"), prefix, func(c *state, ch chooser, ev *events) error {
		p := c.Active
		for len(c.Players[p].Hand) > maxHandSize {
			v := c.project()
			var opts []string
			for _, id := range c.Players[p].Hand {
				opts = append(opts, fmt.Sprintf("discard %s (card %d)", v.Of(id).Name, c.obj(id).Card))
			}
			pick, err := chooseFor(ch, p, h.ChoiceOption, opts)
			if err != nil {
				return err
			}
			for i, o := range opts {
				if o == pick {
					// A discard (CR 701.9a): "whenever you discard a card" triggers, and
					// its players get priority in this cleanup step (514.3a).
					discard(c, v, c.Players[p].Hand[i], discardCause{}, ev)
					break
				}
			}
			if c.faults.on(FaultDiscardsOnlyOne) {
				break // the fault: one card, however many the hand is over
			}
		}
		for _, id := range c.Battlefield {
			if !c.faults.on(FaultCleanupKeepsDamage) && c.obj(id).Damage != 0 {
				c.mut(id).Damage = 0
			}
		}
		if !c.faults.on(FaultEffectsOutlastCleanup) {
			c.endEffects(AtCleanup, h.NoPlayer)
		}
		return nil
	})
}

// sbaPending reports whether any state-based action would be performed now.
func sbaPending(s *state) bool {
	v := s.project()
	for _, sba := range stateBasedActions {
		if len(sba.Find(s, v)) > 0 {
			return true
		}
	}
	return false
}

func hasStatic(c *chars, kind staticKind) bool {
	for _, a := range c.Abilities {
		if a.Kind == Static && a.Static.Kind == kind {
			return true
		}
	}
	return false
}
