package props

import (
	"fmt"
	"maps"
	"regexp"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// reMayPay reads a resolving ability's optional cost: "you may pay {1}. If you do, create
// ..." (CR 118.12: the cost is paid as it resolves, and "if you do" asks whether it was).
var reMayPay = regexp.MustCompile(`(?:^|[.,:—] )[Yy]ou may pay ((?:\{[^}]+\})+)\. If you do, `)

// checkMayPay judges top, the top of the stack before step i, an ability whose text offers
// to pay a cost as it resolves (may-pay). If step i begins its resolution (all players
// passed, its targets still legal), its controller chooses whether to pay (608.2d), and
// may activate mana abilities first (608.2g): asked nothing while their pool already held
// the cost, the choice was taken from them. Their answer is told by what it does, not by
// its words (each engine writes its own options): the pool loses exactly the cost, or
// nothing; and with nothing paid the "if you do" part does nothing either (118.12): no
// card moves, no permanent comes, goes, taps, untaps or gets counters, no life changes.
func checkMayPay(tr *gen.Trace, i int, top *harness.StackObject, text string, v *Verdict) {
	b := tr.Steps[i].Before
	costText := reMayPay.FindStringSubmatch(text)[1] // "{1}"
	cost, ok := manaValueXZero(costText)
	if !ok {
		return
	}
	ctl := top.Controller
	j, unasked := answerAtResolution(tr, i, top, text)
	if unasked {
		if b.Players[ctl].Pool.Total() >= cost {
			v.Reach("may-pay")
			v.add("may-pay", clauseViolation(i, "rules.effects", "608.2d", "may-pay", stackName(*top)+" resolving",
				fmt.Sprintf("%s asked whether to pay %s, which their pool of %s could (CR 608.2d, 118.12)", ctl, costText, b.Players[ctl].Pool),
				"it resolved without asking"))
		}
		return
	}
	if j < 0 {
		return
	}
	v.Reach("may-pay")
	jb, ja := tr.Steps[j].Before, tr.Steps[j].After
	paid := jb.Players[ctl].Pool.Total() - ja.Players[ctl].Pool.Total()
	got := ""
	switch {
	case paid == cost:
		return
	case paid != 0:
		got = fmt.Sprintf("answering %q took %d mana from %s's pool", answerText(tr.Steps[j].Action), paid, ctl)
	default:
		if changed := changesBesidesTheStack(jb, ja); len(changed) > 0 {
			got = fmt.Sprintf("answering %q paid nothing, yet %s", answerText(tr.Steps[j].Action), strings.Join(changed, "; "))
		}
	}
	if got != "" {
		v.add("may-pay", clauseViolation(j, "rules.effects", "118.12", "may-pay", stackName(*top)+" resolving",
			fmt.Sprintf("%s either to pay exactly %s from their pool, or to pay nothing and have the \"if you do\" part do nothing (CR 118.12)", ctl, costText),
			got))
	}
}

// answerAtResolution follows top, the top of the stack before step i, into its
// resolution: unasked when step i resolved it (all players passed, its targets still
// legal) with no decision asked; else j, the step in which its controller answers the
// decision its resolution waits on, or -1 when there is none to judge (step i doesn't
// begin its resolution, the decision is another player's, the walk ended first).
func answerAtResolution(tr *gen.Trace, i int, top *harness.StackObject, text string) (j int, unasked bool) {
	st := &tr.Steps[i]
	b, a := st.Before, st.After
	if st.Action.Kind != harness.Pass || b.Casting != nil || !targetsLegal(tr, i, top, text) {
		return -1, false
	}
	if a.Pending == nil {
		// Still on the stack: the first pass (it resolves once every player has passed
		// in succession).
		return -1, !stillOnStack(a, top.Object)
	}
	if a.Pending.Player != top.Controller || !stillOnStack(a, top.Object) {
		return -1, false
	}
	return answerOf(tr, i+1, top.Controller), false
}

// answerOf is the first step from k on in which player answers a pending decision, or -1:
// before it they may only activate mana abilities (608.2g).
func answerOf(tr *gen.Trace, k int, player harness.Player) int {
	for ; k < len(tr.Steps); k++ {
		st := &tr.Steps[k]
		if st.Before.Pending == nil {
			return -1
		}
		if st.Action.Kind == harness.Choose && st.Action.Player == player {
			return k
		}
	}
	return -1
}

// answerText is the option a Choose action names.
func answerText(a harness.Action) string {
	if len(a.Choices) == 0 {
		return ""
	}
	_, text := harness.SplitChoice(a.Choices[0])
	return text
}

// changesBesidesTheStack says what differs between b and a but the stack and whose turn
// or priority it is: where the cards are, the permanents' objects, status and counters,
// the life totals.
func changesBesidesTheStack(b, a *harness.Snapshot) []string {
	var out []string
	before, after := cardObjects(b), cardObjects(a)
	for _, c := range sortedCards(before, after) {
		was, wasThere := before[c]
		now, isThere := after[c]
		switch {
		case was.zone == harness.Stack || now.zone == harness.Stack:
		case !wasThere:
			out = append(out, fmt.Sprintf("card %d (%s) appeared %s", c, now.name, inZone(now.zone)))
		case !isThere:
			out = append(out, fmt.Sprintf("card %d (%s) is in no zone any more (a token that ceased to exist)", c, was.name))
		case was.zone != now.zone || was.id != now.id:
			out = append(out, fmt.Sprintf("card %d (%s) moved from the %s to the %s", c, now.name, was.zone, now.zone))
		}
	}
	for _, now := range a.Battlefield {
		was := b.Permanent(now.Card)
		if was == nil || was.Object != now.Object {
			continue // told above
		}
		if was.Tapped != now.Tapped || !maps.Equal(was.Counters, now.Counters) {
			out = append(out, fmt.Sprintf("%s changed (tapped %t, counters %v; before, tapped %t, counters %v)",
				describe(now), now.Tapped, now.Counters, was.Tapped, was.Counters))
		}
	}
	for p := range b.Players {
		if b.Players[p].Life != a.Players[p].Life {
			out = append(out, fmt.Sprintf("%s's life went from %d to %d", harness.Player(p), b.Players[p].Life, a.Players[p].Life))
		}
	}
	return out
}
