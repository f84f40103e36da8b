package engine

import (
	"fmt"
	"strings"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// CR 510: the combat damage step. Each attacking and blocking creature assigns combat
// damage equal to its power (510.1a): an unblocked attacker to the player or planeswalker
// it attacks (510.1b), a blocked one to its blockers, divided as its controller chooses
// when there are several (510.1c), a blocker to the creature it blocks (510.1d). A blocked
// attacker with trample may assign what is left, once each blocker is assigned lethal
// damage, to what it attacks (702.19b), and all of it when no blocker is left (702.19d).
// Then all of it is dealt at once (510.2).

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
				if to, ok := attackedNow(c, v, i, def); ok { // CR 510.1b: else attacking nothing now
					as = append(as, assignment{id, to, power})
				}
				continue
			}
			var to []recipient
			for _, b := range blockersOf(c, v, id) {
				to = append(to, recipient{chosen{Player: h.NoPlayer, Object: b, Card: c.obj(b).Card}, lethalDamage(c, v, b)})
			}
			if t, ok := trampleRecipient(c, v, i, def); ok {
				to = append(to, recipient{to: t, lethal: -1})
			}
			split, err := divideDamage(c, v, ch, id, power, to)
			if err != nil {
				return err
			}
			for j, r := range to {
				as = append(as, assignment{id, r.to, split[j]})
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

// recipient is where a blocked creature may assign combat damage: a blocker, with the
// damage that is lethal to it, or (lethal -1) what a creature with trample attacks, which
// may be assigned damage only once every blocker is assigned lethal damage (CR 702.19b).
type recipient struct {
	to     chosen
	lethal int
}

// lethalDamage is the damage that is lethal to the blocker id now: its toughness less the
// damage already marked on it (CR 702.19b, 120.6), at least 0.
func lethalDamage(s *state, v *view, id h.ObjectID) int {
	return max(0, v.Of(id).Toughness-s.obj(id).Damage)
}

// trampleRecipient is what the i-th attacker, blocked, may assign damage to beyond its
// blockers: with trample, what it attacks now (CR 702.19b, 702.19d); nothing for an
// attacker without trample, or one attacking a planeswalker that left combat (702.19f).
func trampleRecipient(s *state, v *view, i int, def h.Player) (chosen, bool) {
	if !v.Of(s.Attackers[i]).HasKeyword("Trample") || s.faults.on(FaultTrampleIgnored) {
		return chosen{}, false
	}
	return attackedNow(s, v, i, def)
}

// attackedNow is what the i-th attacker attacks now: the defending player, or the
// planeswalker it attacks while that is still one; nothing once it has left the
// battlefield or stopped being a planeswalker (CR 506.4c).
func attackedNow(s *state, v *view, i int, def h.Player) (chosen, bool) {
	pw := s.AttackTargets[i]
	if pw == 0 {
		return chosen{Player: def}, true
	}
	if !s.onBattlefield(pw) || !v.Of(pw).HasType("Planeswalker") {
		return chosen{}, false
	}
	return chosen{Player: h.NoPlayer, Object: pw, Card: s.obj(pw).Card}, true
}

// divideDamage asks the attacker's controller how to divide power among the recipients
// (CR 510.1c, 702.19b): each division of it, all of it assigned, none to what a trampler
// attacks unless every blocker gets lethal damage. With one division (one blocker and
// no trample; a trampler with no blocker left, 702.19d) nothing is asked; with no
// recipient, no creature blocks it now and it assigns no damage.
func divideDamage(s *state, v *view, ch chooser, attacker h.ObjectID, power int, to []recipient) ([]int, error) {
	if len(to) == 0 {
		return nil, nil // CR 510.1c: no creature blocking it now, no damage
	}
	var splits [][]int
	var opts []string
	var walk func(i, left int, acc []int)
	walk = func(i, left int, acc []int) {
		if i == len(to)-1 {
			split := append(append([]int(nil), acc...), left)
			if !allowedSplit(to, split) {
				return
			}
			parts := make([]string, len(split))
			for j, n := range split {
				parts[j] = fmt.Sprintf("%d to %s", n, recipientName(s, v, to[j].to))
				if s.faults.on(FaultDivisionUnlabelled) {
					parts[j] = recipientName(s, v, to[j].to)
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
	if len(splits) == 1 {
		return splits[0], nil
	}
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

// allowedSplit reports whether a division may be assigned: damage to what a trampler
// attacks only once each blocker has lethal damage assigned (CR 702.19b).
func allowedSplit(to []recipient, split []int) bool {
	for j, r := range to {
		if r.lethal < 0 && split[j] > 0 {
			for k, b := range to {
				if b.lethal >= 0 && split[k] < b.lethal {
					return false
				}
			}
		}
	}
	return true
}

// recipientName names a recipient in a division's text: a player, or a permanent and
// its card.
func recipientName(s *state, v *view, t chosen) string {
	if t.Object == 0 {
		return t.Player.String()
	}
	return fmt.Sprintf("%s (card %d)", v.Of(t.Object).Name, s.obj(t.Object).Card)
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
