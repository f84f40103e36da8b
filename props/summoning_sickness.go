package props

import (
	"fmt"
	"regexp"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Summoning sickness as the trace's history shows it (CR 302.6, 702.10), shared by the
// properties of the {T} cost, attacking and creatures that became creatures.

// checkSickness checks the engine's summoning-sickness status against the trace's own
// history (CR 302.6): a permanent its controller has controlled continuously since before
// their most recent turn began is not sick, and a creature that arrived after that turn
// began is. Only what the trace shows is judged: the turns in between must all have been
// seen, and the permanent seen before that turn began.
func checkSickness(tr *gen.Trace, v *Verdict) {
	ms := moments(tr)
	active := map[int]harness.Player{}
	for _, m := range ms {
		active[m.Snap.Turn] = m.Snap.Active
	}
	// lastTurnOf is player p's most recent turn as of turn t, if the trace shows it.
	lastTurnOf := func(p harness.Player, t int) (int, bool) {
		for u := t; u >= 1; u-- {
			a, seen := active[u]
			if !seen {
				return 0, false
			}
			if a == p {
				return u, true
			}
		}
		return 0, false
	}
	// since[obj] is the index into ms from which the object has been on the battlefield
	// under its current controller without a break.
	since := map[harness.ObjectID]int{}
	ctl := map[harness.ObjectID]harness.Player{}
	for k, m := range ms {
		next := map[harness.ObjectID]int{}
		for i := range m.Snap.Battlefield {
			o := m.Snap.Battlefield[i]
			if first, ok := since[o.Object]; ok && ctl[o.Object] == o.Controller {
				next[o.Object] = first
			} else {
				next[o.Object] = k
			}
			ctl[o.Object] = o.Controller
		}
		since = next
		for i := range m.Snap.Battlefield {
			o := m.Snap.Battlefield[i]
			t0, ok := lastTurnOf(o.Controller, m.Snap.Turn)
			if !ok || o.Object == 0 { // no object identity reported: no history to judge by
				continue
			}
			first := ms[since[o.Object]]
			v.Reach("sickness-status")
			switch {
			case o.Sick && first.Snap.Turn < t0:
				v.add("sickness-status", violation(m.Step, "cost.tap-symbol", "302.6",
					fmt.Sprintf("%s's summoning sickness", describe(o)),
					fmt.Sprintf("not sick: %s has controlled it continuously since turn %d or earlier, before their most recent turn (%d) began (CR 302.6)",
						o.Controller, first.Snap.Turn, t0),
					"sick"))
			case !o.Sick && isCreature(o) && since[o.Object] > 0 && ms[since[o.Object]-1].Snap.Turn >= t0:
				v.add("sickness-status", violation(m.Step, "cost.tap-symbol", "302.6",
					fmt.Sprintf("%s's summoning sickness", describe(o)),
					fmt.Sprintf("sick: it came under %s's control during turn %d or later, after their most recent turn began (CR 302.6)",
						o.Controller, ms[since[o.Object]-1].Snap.Turn),
					"not sick"))
			}
		}
	}
}

// asThoughHaste reports whether player p controls a permanent that lets them activate
// abilities of their creatures as though they had haste (Thousand-Year Elixir).
func asThoughHaste(s *harness.Snapshot, p harness.Player) bool {
	for i := range s.Battlefield {
		o := s.Battlefield[i]
		if o.Controller != p {
			continue
		}
		for _, t := range o.Abilities {
			if reAsThoughHaste.MatchString(t) {
				return true
			}
		}
	}
	return false
}

var reAsThoughHaste = regexp.MustCompile(`(?i)activate abilities of creatures you control as though (those creatures|they) had haste`)
