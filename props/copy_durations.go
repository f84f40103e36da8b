package props

import (
	"fmt"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// How long copy effects last (CR 611.2a, 613.7): each copy event of a permanent starts a
// copy effect with the duration its ability's text states; the latest one still lasting
// decides what the permanent copies (613.2a, 613.7b), and when none lasts it copies nothing.
// "Until end of turn" is over once the cleanup step of its turn has begun (514.2) or a later
// turn is seen; "until your next turn" once a turn of its controller after the one it
// began in has begun (500.7: extra turns too).

// copyRecord is one copy effect on a permanent, as the trace shows it.
type copyRecord struct {
	of         string // what it makes the permanent a copy of
	until      string
	controller harness.Player
	turn       int
	step       int // the step that started it (-1: the start)
	// cleanup: it began in a cleanup step, after that step's "until end of turn" effects
	// ended (CR 514.3a), so it lasts until the next cleanup step.
	cleanup bool
}

// copyMoment is what the trace says of one permanent at one moment.
type copyMoment struct {
	m       moment
	obj     *harness.Object
	live    []copyRecord // lasting now, oldest first
	ended   []copyRecord // ended since the previous moment
	started bool         // a copy event at this moment
	had     int          // effects lasting before this moment's event
	extra   bool         // the turn began is an extra turn (its player took the turn before)
}

// walkCopies calls f for each permanent with a copy effect lasting or just ended, at each
// moment of the trace, in order.
func walkCopies(tr *gen.Trace, f func(c *copyMoment)) {
	events := copyEvents(tr)
	live := map[harness.ObjectID][]copyRecord{}
	active := map[int]harness.Player{}
	prevTurn := 0
	for _, m := range moments(tr) {
		s := m.Snap
		active[s.Turn] = s.Active
		extra := prevTurn != 0 && s.Turn > prevTurn && active[prevTurn] == s.Active
		prevTurn = s.Turn
		started := map[harness.ObjectID]int{}
		for _, e := range events {
			if e.Step != m.Step {
				continue
			}
			if e.Step >= 0 && e.Was == nil {
				delete(live, e.Obj.Object) // a new object: nothing of an earlier one applies
			}
			started[e.Obj.Object] = len(live[e.Obj.Object])
			live[e.Obj.Object] = append(live[e.Obj.Object], copyRecord{of: e.Obj.CopyOf, until: e.Until,
				controller: e.Controller, turn: e.Turn, step: e.Step, cleanup: s.Step == harness.Cleanup})
		}
		for _, id := range sortedObjectIDs(live) {
			o := objectOnBattlefield(s, id)
			if o == nil {
				delete(live, id)
				continue
			}
			c := &copyMoment{m: m, obj: o, extra: extra}
			had, isNew := started[id]
			c.started, c.had = isNew, had
			for _, r := range live[id] {
				if r.step != m.Step && copyOver(r, s, active) {
					c.ended = append(c.ended, r)
				} else {
					c.live = append(c.live, r)
				}
			}
			if !isNew {
				c.had = len(c.live) + len(c.ended)
			}
			live[id] = c.live
			if len(c.live) == 0 {
				delete(live, id)
			}
			f(c)
		}
	}
}

// copyOver reports whether a copy effect is over at snapshot s (active: who took each turn
// seen so far).
func copyOver(r copyRecord, s *harness.Snapshot, active map[int]harness.Player) bool {
	switch r.until {
	case untilEndOfTurn:
		// A moment in the cleanup step comes after its turn-based actions (CR 514.2): when
		// state-based actions or triggers give players priority there (514.3a); but not
		// while the active player is still discarding to hand size, the first of them (514.1).
		return s.Turn > r.turn || s.Step == harness.Cleanup && !discardingToHandSize(s) && !r.cleanup
	case untilNextTurn:
		for t := r.turn + 1; t <= s.Turn; t++ {
			if p, seen := active[t]; seen && p == r.controller {
				return true
			}
		}
	}
	return false
}

// expectedCopyOf is what the lasting effects make the permanent a copy of: the latest's.
func (c *copyMoment) expectedCopyOf() string {
	if len(c.live) == 0 {
		return ""
	}
	return c.live[len(c.live)-1].of
}

// checkCopyOf reports a violation when the permanent doesn't copy what its lasting copy
// effects say.
func (c *copyMoment) checkCopyOf(tr *gen.Trace, ruling, rule, clause, why string, v *Verdict) {
	want := c.expectedCopyOf()
	if c.obj.CopyOf == want {
		return
	}
	expected := "a copy of " + want
	if want == "" {
		expected = "no longer a copy"
	}
	got := "a copy of " + c.obj.CopyOf
	if c.obj.CopyOf == "" {
		got = "not a copy"
	}
	v.Violations = append(v.Violations, clauseViolation(c.m.Step, ruling, rule, clause,
		fmt.Sprintf("turn %d, %s's, %s: %s", c.m.Snap.Turn, c.m.Snap.Active, c.m.Snap.Step, describe(c.obj)),
		expected+" ("+why+")", got))
}

// expiresBeforeNextTurn checks ruling copy.expires-before-next-turn.
func expiresBeforeNextTurn() *Property {
	const ruling = "copy.expires-before-next-turn"
	return &Property{
		ID:      ruling,
		Rulings: []string{ruling},
		Rules:   []string{"611.2a", "500.7"},
		Description: "A copy effect \"until your next turn\" lasts through the other player's turn and ends immediately " +
			"before its controller's next turn begins, an extra turn included.",
		Needs: copyNeeds,
		Clauses: []Clause{
			{Name: "not-earlier", Rules: []string{"611.2a"}, Description: "after a turn boundary that isn't its controller's next turn, the copy effect still applies"},
			{Name: "ends-then", Rules: []string{"611.2a"}, Description: "once its controller's next turn has begun, it no longer applies"},
			{Name: "extra-turn", Rules: []string{"500.7", "611.2a"}, Description: "its controller's next turn is an extra turn, and it ends before it"},
		},
		Steer: copySteer(ruling),
		Check: func(_ harness.Engine, tr *gen.Trace) Verdict {
			var v Verdict
			walkCopies(tr, func(c *copyMoment) {
				for _, r := range c.ended {
					if r.until != untilNextTurn {
						continue
					}
					clause := "ends-then"
					if c.extra {
						clause = "extra-turn"
					}
					v.Reach(clause)
					c.checkCopyOf(tr, ruling, "611.2a", clause, fmt.Sprintf("its copy effect until %s's next turn ended as that turn began", r.controller), &v)
					return
				}
				for _, r := range c.live {
					if r.until == untilNextTurn && c.m.Snap.Turn > r.turn && !c.started {
						v.Reach("not-earlier")
						c.checkCopyOf(tr, ruling, "611.2a", "not-earlier", fmt.Sprintf("its copy effect until %s's next turn lasts until then", r.controller), &v)
						return
					}
				}
			})
			return v
		},
	}
}

// overwriteExpireTogether checks ruling copy.overwrite-expire-together.
func overwriteExpireTogether() *Property {
	const ruling = "copy.overwrite-expire-together"
	return &Property{
		ID:      ruling,
		Rulings: []string{ruling},
		Rules:   []string{"613.2a", "613.7", "611.2a"},
		Description: "Each copy effect on a permanent overwrites the one before: it is a copy of what the latest lasting " +
			"one copied; copy effects that end at one moment all end together.",
		Needs: copyNeeds,
		Clauses: []Clause{
			{Name: "overwrite", Rules: []string{"613.7b"}, Description: "a permanent already a copy becomes a copy of something else: the new copy wins"},
			{Name: "latest-wins", Rules: []string{"613.2a", "613.7"}, Description: "with several copy effects lasting, it copies what the latest copied"},
			{Name: "expire-together", Rules: []string{"611.2a"}, Description: "several copy effects end at the same moment, and none of them still applies"},
		},
		Steer: copySteer(ruling),
		Check: func(_ harness.Engine, tr *gen.Trace) Verdict {
			var v Verdict
			walkCopies(tr, func(c *copyMoment) {
				switch {
				case len(c.ended) >= 2:
					v.Reach("expire-together")
					c.checkCopyOf(tr, ruling, "611.2a", "expire-together", fmt.Sprintf("%d copy effects ended together", len(c.ended)), &v)
				case c.started && c.had > 0 && c.m.Step >= 0:
					v.Reach("overwrite")
					c.checkCopyOf(tr, ruling, "613.7b", "overwrite", "the latest copy effect overwrites what it copied", &v)
				case len(c.live) >= 2:
					v.Reach("latest-wins")
					c.checkCopyOf(tr, ruling, "613.7", "latest-wins", fmt.Sprintf("%d copy effects last; the latest wins", len(c.live)), &v)
				}
			})
			return v
		},
	}
}

func sortedObjectIDs[V any](m map[harness.ObjectID]V) []harness.ObjectID {
	out := make([]harness.ObjectID, 0, len(m))
	for id := range m {
		out = append(out, id)
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}
