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
		switch {
		case p <= 0:
		case !blocked && atk.AttackTarget(i) == 0:
			t := damageTarget{player: atk.Player.Opponent()}
			single[t] += p
			names[t] = t.player.String()
		case !blocked:
			was, now := declared.Permanent(atk.AttackTarget(i)), pre.Permanent(atk.AttackTarget(i))
			if was != nil && now != nil && was.Object == now.Object && now.HasType("Planeswalker") {
				t := damageTarget{player: harness.NoPlayer, object: now.Object}
				single[t] += p
				names[t] = describe(now)
			}
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
