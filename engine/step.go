package engine

import (
	"errors"
	"fmt"
	"strings"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// applyAction applies one action to a state and returns the new state and what happened. It
// never changes s. An illegal action is an error naming the CR rule.
func applyAction(s *state, a h.Action) (*state, []h.Event, error) {
	next, evs, err := tryStep(s, a)
	if errors.Is(err, errCareful) {
		cs := *s // s is read only: a shallow copy that differs only in the mode
		cs.careful = true
		next, evs, err = tryStep(&cs, a)
	}
	if err != nil {
		return nil, nil, err
	}
	return next.finish(s), evs, nil
}

func tryStep(s *state, a h.Action) (*state, []h.Event, error) {
	if s.GameOver {
		return nil, nil, fmt.Errorf("CR 104.1: the game is over")
	}
	if p := s.Proposal; p != nil && p.Mana != nil {
		return duringProposal(s, a) // paying a mana ability, maybe within a decision (CR 608.2g)
	}
	if d := s.Decision; d != nil {
		return decide(s, d, a)
	}
	if s.Proposal != nil {
		return duringProposal(s, a)
	}
	if a.Player != s.Priority && !s.faults.on(FaultAnyoneMayAct) {
		return nil, nil, fmt.Errorf("CR 117.1: %s doesn't have priority (%s does)", a.Player, s.Priority)
	}
	c := s.clone()
	switch a.Kind {
	case h.Pass:
		return passPriority(s, c)
	case h.PlayLand:
		return playLand(c, a)
	case h.Cast:
		c.Passes = 0
		return castSpell(s, c, a)
	case h.Activate:
		return activate(s, c, a)
	case h.TurnFaceUp:
		return turnFaceUp(c, a)
	}
	return nil, nil, fmt.Errorf("CR 117.1: %s may not %s now", a.Player, a.Kind)
}

// activate dispatches an Activate action to a mana ability (resolving at once) or to a
// proposal for any other ability. c is a clone of base, not changed yet.
func activate(base, c *state, a h.Action) (*state, []h.Event, error) {
	src := c.byCard(a.Card)
	if src == nil || (src.Zone != h.Battlefield && src.Zone != h.Hand) {
		return nil, nil, fmt.Errorf("CR 602.2: card %d is not a permanent", a.Card)
	}
	v := base.projected().of(c) // c is base's clone, unchanged yet
	if src.Controller != a.Player {
		return nil, nil, fmt.Errorf("CR 602.2: %s doesn't control %s", a.Player, v.Of(src.ID).Name)
	}
	abs := v.Of(src.ID).Abilities
	if a.Ability < 0 || a.Ability >= len(abs) || abs[a.Ability].Kind != Activated {
		return nil, nil, fmt.Errorf("CR 602.1: %s has no activated ability %d", v.Of(src.ID).Name, a.Ability)
	}
	ab := abs[a.Ability]
	if src.Zone != ab.zone() {
		return nil, nil, fmt.Errorf("CR 113.6, 702.29a: %q functions only while %s is in the %s zone", ab.Text, v.Of(src.ID).Name, ab.zone())
	}
	if ab.IsMana() {
		// CR 605.3b: priority stays where it was; an action was taken, so earlier passes
		// no longer count as "in succession" (117.4).
		c.Passes = 0
		return activateManaAction(base, c, v, src, ab.ability, a)
	}
	if c.Proposal != nil {
		return nil, nil, fmt.Errorf("CR 601.2g: only mana abilities may be activated while paying a cost")
	}
	c.Passes = 0
	return activateAbility(base, c, v, src, ab, a)
}

// duringProposal: while a cost is being paid, its player may activate mana abilities
// (CR 601.2g, 605.3a), pay, or cancel.
func duringProposal(s *state, a h.Action) (*state, []h.Event, error) {
	p := s.Proposal
	if a.Player != p.Player {
		return nil, nil, fmt.Errorf("CR 601.2: %s is casting or activating; %s can't act", p.Player, a.Player)
	}
	switch a.Kind {
	case h.Cancel:
		back := p.Before.clone()
		if p.Mana == nil && s.top().FromTop && s.faults.on(FaultCancelReordersLibrary) {
			back.Players[p.Player].Library = toBottom(back.Players[p.Player].Library) // the fault: the rewind loses the card's place (CR 601.2, 733)
		}
		return back, []h.Event{{Kind: "cancelled", Player: a.Player, Text: "the proposal is reversed (CR 733)"}}, nil
	case h.Pay:
		return pay(s.clone(), a)
	case h.Activate:
		return activate(s, s.clone(), a)
	}
	return nil, nil, fmt.Errorf("CR 601.2g: while paying, only mana abilities, Pay and Cancel are possible")
}

// decide answers a pending decision.
func decide(s *state, d *decision, a h.Action) (*state, []h.Event, error) {
	if a.Player != d.Player {
		return nil, nil, fmt.Errorf("CR 101.4: %s is to choose, not %s", d.Player, a.Player)
	}
	if d.Payment != nil && a.Kind == h.Activate {
		return manaDuringDecision(s, a)
	}
	if d.Kind == DecideAttackers {
		if a.Kind != h.Attack {
			return nil, nil, fmt.Errorf("CR 508.1: %s must declare attackers", a.Player)
		}
		return declareAttackers(s.clone(), a)
	}
	if d.Kind == DecideBlockers {
		if a.Kind != h.Block {
			return nil, nil, fmt.Errorf("CR 509.1: %s must declare blockers", a.Player)
		}
		return declareBlockers(s.clone(), a)
	}
	if a.Kind != h.Choose || len(a.Choices) != 1 {
		return nil, nil, fmt.Errorf("CR 101.4: a choice is pending (%s): choose one of %s", d.Prompt, strings.Join(d.Options, "; "))
	}
	_, pick := h.SplitChoice(a.Choices[0])
	if !hasString(d.Options, pick) {
		return nil, nil, fmt.Errorf("CR 101.4: %q is not an option; options: %s", pick, strings.Join(d.Options, "; "))
	}
	base := s.clone()
	base.Decision = nil
	base.Priority = d.Resume
	prefix := append(append([]string(nil), d.Prefix...), h.Choice(h.ChoiceOption, pick))
	switch d.Kind {
	case DecideResolution:
		return resolveWith(base, prefix)
	case DecideDamage:
		next, evs, err := combatDamageWith(base, prefix)
		if err != nil || next.Decision != nil {
			return next, evs, err
		}
		n2, evs2, err := givePriority(next)
		return n2, append(evs, evs2...), err
	case DecideDiscard:
		next, evs, err := cleanupWith(base, prefix)
		if err != nil || next.Decision != nil {
			return next, evs, err
		}
		// Cleanup finished: continue the turn as beginStep would (CR 514.3).
		if next.faults.on(FaultCleanupTriggersWait) {
			if !sbaPending(next) { // the fault: what triggered waits for the next turn (514.3a)
				n2, evs2, err := advanceStep(next)
				return n2, append(evs, evs2...), err
			}
		}
		if len(next.Pending) == 0 && !sbaPending(next) && !next.faults.on(FaultDiscardGivesPriority) { // the fault: priority all the same
			n2, evs2, err := advanceStep(next)
			return n2, append(evs, evs2...), err
		}
		next.CleanupAgain = true
		n2, evs2, err := givePriority(next)
		return n2, append(evs, evs2...), err
	default:
		return settleWith(base, prefix)
	}
}

// manaDuringDecision activates a mana ability while a decision that pays mana waits
// (CR 608.2g, 605.3a); the decision stays pending. Other abilities can't be activated
// during resolution.
func manaDuringDecision(s *state, a h.Action) (*state, []h.Event, error) {
	c := s.clone()
	src := c.byCard(a.Card)
	if src == nil || src.Zone != h.Battlefield {
		return nil, nil, fmt.Errorf("CR 602.2: card %d is not a permanent", a.Card)
	}
	v := s.projected().of(c)
	abs := v.Of(src.ID).Abilities
	if a.Ability < 0 || a.Ability >= len(abs) || abs[a.Ability].Kind != Activated || !abs[a.Ability].IsMana() {
		return nil, nil, fmt.Errorf("CR 608.2g: only mana abilities may be activated while a payment is asked for")
	}
	return activateManaAction(s, c, v, src, abs[a.Ability].ability, a)
}
