package engine

import (
	"fmt"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// CR 509: declaring blockers. The defending player chooses which of their untapped
// creatures block and which attacking creature each blocks (509.1a), obeying restrictions
// ("can't block", 509.1b). An attacking creature with a blocker declared for it is blocked
// for the rest of combat (509.1h).

// blockPair is one blocking creature and the attacking creature it blocks.
type blockPair struct{ Blocker, Attacker h.ObjectID }

// blockCandidates lists the defending player's creatures that can block: untapped, and
// with no effect saying they can't (CR 509.1a, 509.1b).
func blockCandidates(s *state, v *view) []h.ObjectID {
	var out []h.ObjectID
	for _, id := range s.Battlefield {
		o := s.obj(id)
		tapped := o.Tapped && !s.faults.on(FaultTappedBlocks)
		if o.Controller != s.Active && !tapped && v.Of(id).HasType("Creature") && !restrictedInCombat(s, v, id) {
			out = append(out, id)
		}
	}
	sortByCard(s, out)
	return out
}

// attackersInCombat lists the attacking creatures still attacking: on the battlefield
// and still creatures (CR 506.4).
func attackersInCombat(s *state, v *view) []h.ObjectID {
	var out []h.ObjectID
	for _, id := range s.Attackers {
		if s.onBattlefield(id) && v.Of(id).HasType("Creature") {
			out = append(out, id)
		}
	}
	return out
}

// blockOptions lists declarations to offer: every assignment of each candidate to no
// attacker or one, when there are at most maxCombatOptions; otherwise no block and each
// candidate alone blocking each attacker.
func blockOptions(s *state, v *view) []h.Action {
	blockers, attackers := blockCandidates(s, v), attackersInCombat(s, v)
	def := s.Active.Opponent()
	n := 1
	for range blockers {
		n *= len(attackers) + 1
		if n > maxCombatOptions {
			break
		}
	}
	pair := func(b, a h.ObjectID) h.Blocking {
		return h.Blocking{Blocker: s.obj(b).Card, Attacker: s.obj(a).Card}
	}
	var out []h.Action
	if n <= maxCombatOptions {
	codes:
		for code := 0; code < n; code++ {
			var blocks []h.Blocking
			for i, rest := 0, code; i < len(blockers); i, rest = i+1, rest/(len(attackers)+1) {
				if d := rest % (len(attackers) + 1); d > 0 {
					if !mayBlock(s, v, blockers[i], attackers[d-1]) {
						continue codes
					}
					blocks = append(blocks, pair(blockers[i], attackers[d-1]))
				}
			}
			out = append(out, h.Action{Player: def, Kind: h.Block, Blocks: blocks})
		}
		return out
	}
	out = append(out, h.Action{Player: def, Kind: h.Block})
	if s.faults.on(FaultCrowdedBlocksUnoffered) {
		return out // the fault: with too many declarations to list, no block is offered at all
	}
	for _, b := range blockers {
		for _, a := range attackers {
			if mayBlock(s, v, b, a) {
				out = append(out, h.Action{Player: def, Kind: h.Block, Blocks: []h.Blocking{pair(b, a)}})
			}
		}
	}
	return out
}

// mayBlock reports whether the creature blocker may block attacker (blockRestriction).
func mayBlock(s *state, v *view, blocker, attacker h.ObjectID) bool {
	return blockRestriction(s, v, blocker, attacker) == nil
}

// blockRestriction says which rule forbids blocker to block attacker, if one does: an
// attacker with flying can't be blocked except by creatures with flying or reach (CR
// 702.9b, 702.17b), nor by a creature it has protection from (702.16f).
func blockRestriction(s *state, v *view, blocker, attacker h.ObjectID) error {
	a, b := v.Of(attacker), v.Of(blocker)
	if a.HasKeyword("Flying") && !b.HasKeyword("Flying") && !b.HasKeyword("Reach") && !s.faults.on(FaultFlyingBlockedByGround) {
		return fmt.Errorf("CR 702.9b: card %d has flying and card %d has neither flying nor reach, so it can't block it", s.obj(attacker).Card, s.obj(blocker).Card)
	}
	if protectedFrom(a, b) && !s.faults.on(FaultProtectionBlockable) {
		return fmt.Errorf("CR 702.16f: card %d has protection from card %d and can't be blocked by it", s.obj(attacker).Card, s.obj(blocker).Card)
	}
	return nil
}

// declareBlockers performs the declaration (CR 509.1), then the active player gets
// priority (509.4).
func declareBlockers(s *state, a h.Action) (*state, []h.Event, error) {
	v := s.project()
	cands, attackers := blockCandidates(s, v), attackersInCombat(s, v)
	var pairs []blockPair
	for _, b := range a.Blocks {
		blocker, attacker := s.byCard(b.Blocker), s.byCard(b.Attacker)
		if blocker == nil || !containsID(cands, blocker.ID) {
			return nil, nil, fmt.Errorf("CR 509.1a: card %d can't block (it must be an untapped creature %s controls, with no effect saying it can't block)", b.Blocker, s.Active.Opponent())
		}
		if attacker == nil || !containsID(attackers, attacker.ID) {
			return nil, nil, fmt.Errorf("CR 509.1a: card %d is not an attacking creature", b.Attacker)
		}
		if err := blockRestriction(s, v, blocker.ID, attacker.ID); err != nil {
			return nil, nil, err
		}
		for _, p := range pairs {
			if p.Blocker == blocker.ID {
				return nil, nil, fmt.Errorf("CR 509.1a: card %d blocks more than one creature", b.Blocker)
			}
		}
		pairs = append(pairs, blockPair{Blocker: blocker.ID, Attacker: attacker.ID})
	}
	s.Decision = nil
	s.Blocks = pairs
	ev := &events{}
	for _, p := range pairs {
		o := s.obj(p.Blocker)
		ev.add(h.Event{Kind: "blocks", Player: o.Controller, Card: o.Card, Object: o.ID, Rule: "509.1",
			Text: v.Of(p.Blocker).Name + " blocks " + v.Of(p.Attacker).Name})
	}
	next, evs, err := givePriority(s)
	return next, append(ev.list, evs...), err
}

// blockersOf lists the creatures blocking attacker that are still on the battlefield and
// creatures (CR 506.4), in declaration order.
func blockersOf(s *state, v *view, attacker h.ObjectID) []h.ObjectID {
	var out []h.ObjectID
	for _, p := range s.Blocks {
		if p.Attacker == attacker && s.onBattlefield(p.Blocker) && v.Of(p.Blocker).HasType("Creature") {
			out = append(out, p.Blocker)
		}
	}
	return out
}

// blocked reports whether attacker became blocked (CR 509.1h): it stays blocked even if
// its blockers are removed from combat.
func blocked(s *state, attacker h.ObjectID) bool {
	for _, p := range s.Blocks {
		if p.Attacker == attacker {
			return true
		}
	}
	return false
}
