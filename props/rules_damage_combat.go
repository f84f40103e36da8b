package props

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// combatShare is damage the declarations send: n in all to the recipients to (one, or a
// blocked attacker's several blockers, among which its controller divides it, CR 510.1c).
type combatShare struct {
	to   []damageTarget
	n    int
	what string
	// unjudged: a recipient has protection, which may prevent the damage (CR 702.16e):
	// the share only says where damage may go.
	unjudged bool
	// A blocked attacker with trample may assign the rest, once each of its blockers (to)
	// has lethal damage (lethal, in to's order), to over: what it attacks (702.19b).
	trample *trampleShare
}

// trampleShare is where a blocked attacker with trample may send damage past its blockers.
type trampleShare struct {
	over     damageTarget
	overName string
	lethal   []int
}

// checkCombatDamage judges the combat damage step of each turn of the trace whose
// attackers were declared in it: the damage events from the step that arrives there to the
// first after it in which a player gets priority (no spell or ability resolves between, so
// all of them are combat damage, dealt at once, CR 510.2) go where the attack and block
// declarations send the power each creature had just before (510.1a-d).
func checkCombatDamage(tr *gen.Trace, v *Verdict) {
	for a := range tr.Steps {
		atk := &tr.Steps[a].Action
		if atk.Kind != harness.Attack || len(atk.Attackers) == 0 {
			continue
		}
		blockAt, w0, w1 := combatWindow(tr, a)
		if w1 < 0 {
			continue
		}
		shares := declaredShares(tr, a, blockAt, tr.Steps[w0].Before)
		var events []harness.Event
		for j := w0; j <= w1; j++ {
			events = append(events, tr.Steps[j].Events...)
		}
		sums, ok := dealt(events)
		if !ok {
			v.Skip("combat", "a damage event's text names no amount")
			continue
		}
		v.Reach("combat")
		asked := slices.ContainsFunc(tr.Steps[w0:w1+1], func(st gen.TraceStep) bool { return st.Action.Kind == harness.Choose })
		shares = trampledOver(shares, sums, asked, w1, v)
		covered := map[damageTarget]bool{}
		for _, sh := range shares {
			got := 0
			for _, t := range sh.to {
				got += sums[t]
				covered[t] = true
			}
			if got != sh.n && !sh.unjudged {
				v.add("combat", violation(w1, "rules.damage", "510.1", "",
					fmt.Sprintf("combat damage as declared: %d damage to %s (CR 510.1a-d, 510.2)", sh.n, sh.what),
					fmt.Sprintf("%d damage reported dealt to it", got)))
			}
		}
		for _, t := range slices.SortedFunc(maps.Keys(sums), compareTargets) {
			if !covered[t] && sums[t] != 0 {
				v.add("combat", violation(w1, "rules.damage", "510.1", "",
					"combat damage only to the players, planeswalkers and creatures the declared attacks and blocks send it to (CR 510.1a-d)",
					fmt.Sprintf("%d damage reported dealt to %s", sums[t], targetName(tr.Steps[w0].Before, t))))
			}
		}
	}
}

// trampledOver settles the shares of blocked attackers with trample from the damage their
// blockers were dealt: what the blockers didn't get went over, to what the attacker
// attacks (CR 702.19b), and is added to that recipient's own share. The clause trample:
// some may go over only once each blocker got lethal damage; and when the power passes
// the blockers' lethal damage, the rest may go over, so either some did or the player
// was asked (asked: a decision was answered in the step) how to divide it. A trampler
// whose blockers may have had damage prevented leaves what it attacks unjudged too.
func trampledOver(shares []combatShare, sums map[damageTarget]int, asked bool, at int, v *Verdict) []combatShare {
	over := map[damageTarget]int{}
	unjudged := map[damageTarget]bool{}
	name := map[damageTarget]string{}
	var out []combatShare
	for _, sh := range shares {
		tr := sh.trample
		if tr == nil {
			out = append(out, sh)
			continue
		}
		name[tr.over] = tr.overName
		if sh.unjudged {
			unjudged[tr.over] = true
			sh.trample = nil
			out = append(out, sh)
			continue
		}
		v.Reach("trample")
		toBlockers, lethal := 0, 0
		short := ""
		for i, b := range sh.to {
			toBlockers += sums[b]
			lethal += tr.lethal[i]
			if sums[b] < tr.lethal[i] && short == "" {
				short = fmt.Sprintf("%d damage to a blocker that %d would destroy", sums[b], tr.lethal[i])
			}
		}
		rest := sh.n - toBlockers
		if rest > 0 && short != "" {
			v.add("trample", violation(at, "rules.damage", "702.19b", "",
				fmt.Sprintf("%s assigns damage to what it attacks only once each of its blockers is assigned lethal damage (CR 702.19b)", sh.what),
				fmt.Sprintf("%d damage over, with %s", rest, short)))
		}
		if len(sh.to) > 0 && sh.n > lethal && rest <= 0 && !asked {
			v.add("trample", violation(at, "rules.damage", "702.19b", "",
				fmt.Sprintf("%s, with power %d past its blockers' lethal damage %d, may assign the rest to %s: some goes there, or its controller is asked (CR 702.19b)", sh.what, sh.n, lethal, tr.overName),
				"all of it to its blockers, and no decision asked"))
		}
		over[tr.over] += max(rest, 0)
		if len(sh.to) > 0 { // the blockers get what they got, no more than the power
			out = append(out, combatShare{to: sh.to, n: min(toBlockers, sh.n), what: sh.what + "'s blockers"})
		}
	}
	// What went over joins the share of its recipient (in a fixed order: a report is the
	// same on every run).
	for _, t := range slices.SortedFunc(maps.Keys(name), compareTargets) {
		i := slices.IndexFunc(out, func(sh combatShare) bool { return len(sh.to) == 1 && sh.to[0] == t })
		if i < 0 {
			out = append(out, combatShare{to: []damageTarget{t}, what: name[t]})
			i = len(out) - 1
		}
		out[i].n += over[t]
		out[i].unjudged = out[i].unjudged || unjudged[t]
	}
	return out
}

// combatWindow finds, for the attack declared in step a, the step that declared blockers
// (-1 if none) and the steps w0..w1 that deal the combat damage: w0 arrives in the combat
// damage step (or past it), w1 is the first from there after which a player has priority
// or the game is over. w1 is -1 when the trace ends before, or the turn ends first.
func combatWindow(tr *gen.Trace, a int) (blockAt, w0, w1 int) {
	turn := tr.Steps[a].Before.Turn
	blockAt, w0 = -1, -1
	for j := a + 1; j < len(tr.Steps) && w0 < 0; j++ {
		st := &tr.Steps[j]
		if st.Action.Kind == harness.Block {
			blockAt = j
		}
		switch {
		case st.After.Turn != turn:
			return blockAt, -1, -1
		case stepIndex(st.After.Step) >= stepIndex(harness.CombatDamage):
			w0 = j
		}
	}
	if w0 < 0 {
		return blockAt, -1, -1
	}
	for j := w0; j < len(tr.Steps); j++ {
		if s := tr.Steps[j].After; settled(s) || s.GameOver || s.Step != harness.CombatDamage {
			return blockAt, w0, j
		}
	}
	return blockAt, w0, -1
}

func stepIndex(s harness.Step) int { return slices.Index(harness.Steps, s) }

// declaredShares lists where the declarations send combat damage, by the creatures as they
// are in pre, just before it is dealt: each attacker and blocker that is still the object
// declared and still a creature assigns its power, if more than 0 (CR 510.1a); an
// unblocked attacker to what it attacks (a planeswalker only while it is one, 510.1b), a
// blocked one to its blockers still there (divided among several, 510.1c; none if none is
// left), a blocker to the attacker it blocks, while that attacker is there (510.1d).
func declaredShares(tr *gen.Trace, a, blockAt int, pre *harness.Snapshot) []combatShare {
	atk := tr.Steps[a].Action
	declared := tr.Steps[a].After
	var blocks []harness.Blocking
	blockedAt := declared
	if blockAt >= 0 {
		blocks, blockedAt = tr.Steps[blockAt].Action.Blocks, tr.Steps[blockAt].After
	}
	still := func(c harness.CardID, at *harness.Snapshot) *harness.Object {
		was, now := at.Permanent(c), pre.Permanent(c)
		if was == nil || now == nil || was.Object != now.Object || !isCreature(now) || now.Power == nil {
			return nil
		}
		return now
	}
	single := map[damageTarget]int{}
	names := map[damageTarget]string{}
	protected := map[damageTarget]bool{}
	for _, o := range pre.Battlefield {
		if shielded(o) {
			protected[damageTarget{player: harness.NoPlayer, object: o.Object}] = true
		}
	}
	var shares []combatShare
	for i, c := range atk.Attackers {
		o := still(c, declared)
		if o == nil {
			continue
		}
		var blockers []damageTarget
		var who []string
		blocked := false
		for _, b := range blocks {
			if b.Attacker != c {
				continue
			}
			blocked = true
			if bo := still(b.Blocker, blockedAt); bo != nil {
				blockers = append(blockers, damageTarget{player: harness.NoPlayer, object: bo.Object})
				who = append(who, describe(bo))
				if p := *bo.Power; p > 0 {
					t := damageTarget{player: harness.NoPlayer, object: o.Object}
					single[t] += p
					names[t] = describe(o)
				}
			}
		}
		p := *o.Power
		target, targetName, attacks := attacked(atk, i, declared, pre)
		switch {
		case p <= 0:
		case !blocked:
			if attacks {
				single[target] += p
				names[target] = targetName
			}
		case blocked && hasKeyword(o, "Trample") && attacks:
			lethal := make([]int, len(blockers))
			for k, b := range blockers {
				bo := objectOnBattlefield(pre, b.object)
				lethal[k] = max(0, *bo.Toughness-bo.Damage)
			}
			shares = append(shares, combatShare{to: blockers, n: p, what: describe(o),
				trample:  &trampleShare{over: target, overName: targetName, lethal: lethal},
				unjudged: slices.ContainsFunc(blockers, func(t damageTarget) bool { return protected[t] })})
		case len(blockers) == 1:
			single[blockers[0]] += p
			names[blockers[0]] = who[0]
		case len(blockers) > 1:
			shares = append(shares, combatShare{to: blockers, n: p, what: fmt.Sprintf("%s's blockers %s, divided", describe(o), strings.Join(who, " and ")),
				unjudged: slices.ContainsFunc(blockers, func(t damageTarget) bool { return protected[t] })})
		}
	}
	for _, t := range slices.SortedFunc(maps.Keys(single), compareTargets) {
		shares = append(shares, combatShare{to: []damageTarget{t}, n: single[t], what: names[t], unjudged: protected[t]})
	}
	return shares
}

// attacked is what the i-th attacker of atk attacks in pre, just before combat damage, and
// its name: the defending player, or the planeswalker it attacks while it is still the
// object attacked and a planeswalker; attacks is false when that planeswalker is gone, so
// that the attacker attacks nothing (CR 506.4c, 510.1b).
func attacked(atk harness.Action, i int, declared, pre *harness.Snapshot) (t damageTarget, name string, attacks bool) {
	if atk.AttackTarget(i) == 0 {
		t = damageTarget{player: atk.Player.Opponent()}
		return t, t.player.String(), true
	}
	was, now := declared.Permanent(atk.AttackTarget(i)), pre.Permanent(atk.AttackTarget(i))
	if was == nil || now == nil || was.Object != now.Object || !now.HasType("Planeswalker") {
		return damageTarget{}, "", false
	}
	return damageTarget{player: harness.NoPlayer, object: now.Object}, describe(now), true
}

// targetName names what damage was dealt to, for a message.
func targetName(s *harness.Snapshot, t damageTarget) string {
	if t.object == 0 {
		return t.player.String()
	}
	if o := objectOnBattlefield(s, t.object); o != nil {
		return describe(o)
	}
	return fmt.Sprintf("object %d", t.object)
}

func compareTargets(x, y damageTarget) int {
	if x.object != y.object {
		return int(x.object) - int(y.object)
	}
	return int(x.player) - int(y.player)
}
