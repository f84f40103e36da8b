package engine

import (
	"fmt"
	"strings"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// CR 510: the combat damage step. Each attacking and blocking creature assigns combat
// damage equal to its power (510.1a): an unblocked attacker to the player or planeswalker
// it attacks (510.1b), a blocked one to its blockers, divided as its controller chooses
// when there are several (510.1c), a blocker to the creature it blocks (510.1d). Then all
// of it is dealt at once (510.2).

// assignment is combat damage one creature assigns to one recipient.
type assignment struct {
	source h.ObjectID
	to     chosen
	n      int
}

// combatDamageWith performs the combat damage step's damage with the choices made so far
// (the division of a blocked creature's damage); a missing choice becomes a decision.
func combatDamageWith(base *state, prefix []string) (*state, []h.Event, error) {
	return attempt(base, DecideDamage, fixedPrompt("divide combat damage"), prefix, func(c *state, ch chooser, ev *events) error {
		v := c.project()
		var as []assignment
		def := c.Active.Opponent()
		for i, id := range c.Attackers {
			if !c.onBattlefield(id) || !v.Of(id).HasType("Creature") { // CR 506.4
				continue
			}
			power := v.Of(id).Power
			if power <= 0 { // CR 510.1a
				continue
			}
			if !blocked(c, id) {
				to := chosen{Player: def}
				if pw := c.AttackTargets[i]; pw != 0 {
					if !c.onBattlefield(pw) || !v.Of(pw).HasType("Planeswalker") {
						continue // CR 510.1b: attacking nothing now
					}
					to = chosen{Player: h.NoPlayer, Object: pw, Card: c.obj(pw).Card}
				}
				as = append(as, assignment{id, to, power})
				continue
			}
			blockers := blockersOf(c, v, id)
			split, err := divideDamage(c, v, ch, id, power, blockers)
			if err != nil {
				return err
			}
			for j, b := range blockers {
				as = append(as, assignment{id, chosen{Player: h.NoPlayer, Object: b, Card: c.obj(b).Card}, split[j]})
			}
		}
		for _, p := range c.Blocks {
			if !c.onBattlefield(p.Blocker) || !v.Of(p.Blocker).HasType("Creature") || !c.onBattlefield(p.Attacker) || !v.Of(p.Attacker).HasType("Creature") {
				continue // CR 510.1d: blocking nothing now
			}
			if power := v.Of(p.Blocker).Power; power > 0 && !c.faults.on(FaultBlockersDealNoDamage) {
				as = append(as, assignment{p.Blocker, chosen{Player: h.NoPlayer, Object: p.Attacker, Card: c.obj(p.Attacker).Card}, power})
			}
		}
		for _, a := range as { // CR 510.2: dealt simultaneously
			dealDamage(c, v, a.source, a.to, a.n, "510.2", ev)
		}
		return nil
	})
}

// divideDamage asks the attacker's controller how to divide power among its blockers
// (CR 510.1c); with one blocker, all of it goes there.
func divideDamage(s *state, v *view, ch chooser, attacker h.ObjectID, power int, blockers []h.ObjectID) ([]int, error) {
	switch len(blockers) {
	case 0:
		return nil, nil // CR 510.1c: no creature blocking it now, no damage
	case 1:
		return []int{power}, nil
	}
	var splits [][]int
	var opts []string
	var walk func(i, left int, acc []int)
	walk = func(i, left int, acc []int) {
		if i == len(blockers)-1 {
			split := append(append([]int(nil), acc...), left)
			parts := make([]string, len(split))
			for j, n := range split {
				parts[j] = fmt.Sprintf("%d to %s (card %d)", n, v.Of(blockers[j]).Name, s.obj(blockers[j]).Card)
				if s.faults.on(FaultDivisionUnlabelled) {
					parts[j] = v.Of(blockers[j]).Name
				}
			}
			splits = append(splits, split)
			opts = append(opts, fmt.Sprintf("%s (card %d) assigns %s", v.Of(attacker).Name, s.obj(attacker).Card, strings.Join(parts, ", ")))
			return
		}
		for n := left; n >= 0; n-- {
			walk(i+1, left-n, append(acc, n))
		}
	}
	walk(0, power, nil)
	pick, err := chooseFor(ch, s.obj(attacker).Controller, h.ChoiceOption, opts)
	if err != nil {
		return nil, err
	}
	for i, o := range opts {
		if o == pick {
			return splits[i], nil
		}
	}
	return nil, fmt.Errorf("CR 510.1c: %q is not a division of the damage", pick)
}

// dealDamage deals n damage from source to a player or permanent (CR 120.3): a player
// loses that much life (120.3a), a planeswalker loses that many loyalty counters (120.3c),
// a creature has it marked (120.3e).
func dealDamage(s *state, v *view, source h.ObjectID, t chosen, n int, rule string, ev *events) {
	if n <= 0 {
		return
	}
	from := ""
	if src := s.obj(source); src != nil {
		from = v.Of(source).Name + " deals "
	}
	if t.Object == 0 {
		s.Players[t.Player].Life -= n
		if rule == "120.3" && s.faults.on(FaultPlayerDamageTwice) {
			s.Players[t.Player].Life -= n
		}
		ev.add(h.Event{Kind: "damage", Player: t.Player, Card: cardOf(s, source), Rule: rule, Text: fmt.Sprintf("%s%d damage to %s", from, n, t.Player)})
		lifelink(s, v, source, n, ev)
		return
	}
	if o := s.live(t.Object); o == nil || o.Zone != h.Battlefield {
		return
	}
	if protectedFrom(v.Of(t.Object), sourceChars(v, source)) && !s.faults.on(FaultProtectionDamaged) {
		ev.add(h.Event{Kind: "prevented", Player: s.obj(t.Object).Controller, Card: s.obj(t.Object).Card, Object: t.Object, Rule: "702.16e",
			Text: fmt.Sprintf("%s%d damage to %s is prevented: protection (CR 702.16e)", from, n, v.Of(t.Object).Name)})
		return
	}
	o := s.mut(t.Object)
	c := v.Of(o.ID)
	if c.HasType("Planeswalker") {
		o.Counters[Loyalty] = max(0, o.Counters[Loyalty]-faultOne(s, FaultLoyaltyLostOnce, n))
	}
	if c.HasType("Creature") {
		o.Damage += faultOne(s, FaultDamageMarkedOnce, n)
	}
	ev.add(h.Event{Kind: "damage", Player: o.Controller, Card: o.Card, Object: o.ID, Rule: rule, Text: fmt.Sprintf("%s%d damage to %s", from, n, c.Name)})
	lifelink(s, v, source, n, ev)
}

// lifelink: damage dealt by a source with lifelink causes its controller to gain that
// much life (CR 702.15b), wherever the source is, with its last known characteristics if
// it has left its zone (702.15c, 702.15d).
func lifelink(s *state, v *view, source h.ObjectID, n int, ev *events) {
	src, c := s.obj(source), v.Of(source)
	if src == nil || c == nil || !c.HasKeyword("Lifelink") || s.faults.on(FaultLifelinkGainsNothing) {
		return
	}
	s.Players[src.Controller].Life += n
	ev.add(h.Event{Kind: "life_gained", Player: src.Controller, Card: src.Card, Object: source, Rule: "702.15b",
		Text: fmt.Sprintf("%s gains %d life (%s's lifelink)", src.Controller, n, c.Name)})
}

func cardOf(s *state, id h.ObjectID) h.CardID {
	if o := s.obj(id); o != nil {
		return o.Card
	}
	return 0
}

// faultOne is n, or 1 when the fault is on: damage counted once whatever its amount.
func faultOne(s *state, fault string, n int) int {
	if s.faults.on(fault) {
		return 1
	}
	return n
}
