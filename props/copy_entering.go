package props

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// A card whose printed text says "you may have this creature enter as a copy of ..." is
// offered that choice whenever it enters the battlefield, by any route: cast, returned by
// a delayed trigger (Astral Slide), by a leaves-the-battlefield trigger (Oblivion Ring) or
// put there by another permanent's ability (Helvault). The replacement applies as it
// enters (CR 614.1c, 707.5), and its controller, the player it enters under, makes the
// choice (614.12), whoever controls what put it there. It is offered whenever something
// is there that the printed text lets it copy; a Clone that copies nothing is a 0/0 only
// if its controller said "don't copy" or nothing could be copied.

// dontCopyOption is the answer that declines an "enter as a copy" replacement.
const dontCopyOption = "don't copy"

// reCopyableKinds reads what an "enter as a copy" ability lets the permanent copy: the
// kinds ("creature", "creature or planeswalker", "nonland permanent") and where ("on the
// battlefield", "you control").
var reCopyableKinds = regexp.MustCompile(`enter as a copy of (?:any|a) (.+?) (on the battlefield|you control)`)

// checkEnteringCopies judges every card that entered the battlefield in some step (its
// zone change event: it may have died at once, a Clone that copied nothing) whose card has
// an "enter as a copy" ability while a permanent it could copy was on the battlefield
// before and after: the answers to the decisions that led to the step must include a
// "copy" or "don't copy" answer of its controller's (clause enters-offered).
func checkEnteringCopies(tr *gen.Trace, v *Verdict) {
	for i := range tr.Steps {
		st := &tr.Steps[i]
		for _, ev := range st.Events {
			if ev.Kind != "zone_change" || !strings.HasSuffix(ev.Text, "-> battlefield") || st.Before.Permanent(ev.Card) != nil {
				continue
			}
			// Its controller: as it is now, else the spell's, else its owner, under whose
			// control a card is returned (Astral Slide, Oblivion Ring, Helvault).
			from, controller, name := st.Before.Find(ev.Card), ev.Player, ""
			if from != nil {
				name = from.Name
			} else if spell := spellOf(st.Before, ev.Card); spell != nil {
				name, controller = spell.Name, spell.Controller
			}
			now := st.After.Permanent(ev.Card)
			if now != nil && now.Object == ev.Object {
				controller = now.Controller
				if now.CopyOf == "" && !slices.ContainsFunc(now.Abilities, reEntersAsCopy.MatchString) {
					continue // something took the ability away as it entered (614.12)
				}
			} else {
				now = nil
			}
			m := reCopyableKinds.FindStringSubmatch(copyAbilityText(name))
			if m == nil || !copyable(st, ev.Card, controller, m[1], m[2] == "you control") {
				continue
			}
			v.Reach("enters-offered")
			offered := answeredBy(tr, i)
			if offered[controller] {
				continue
			}
			got := "no choice of what to copy"
			if offered[controller.Opponent()] {
				got = controller.Opponent().String() + " chose what it copies"
			}
			if now == nil || now.CopyOf == "" {
				got += ", and it entered a copy of nothing"
			}
			v.Violations = append(v.Violations, clauseViolation(i, "copy.of-a-copy", "707.5", "enters-offered",
				fmt.Sprintf("%s (card %d) entered the battlefield from %s", name, ev.Card, entryZone(from)),
				"its controller, "+controller.String()+", offered the choice to enter as a copy of a "+m[1]+" (CR 707.5, 614.1c, 614.12)", got))
		}
	}
}

// spellOf is the stack object of the spell that is card c (nil if c is no spell).
func spellOf(s *harness.Snapshot, c harness.CardID) *harness.StackObject {
	for k := range s.Stack {
		if o := &s.Stack[k]; o.Kind == "spell" && o.Card == c {
			return o
		}
	}
	return nil
}

// entryZone names, for a message, the zone a card entered the battlefield from.
func entryZone(from *harness.Object) string {
	switch {
	case from == nil:
		return "the stack"
	case from.Zone == harness.Exile:
		return "exile"
	}
	return "the " + string(from.Zone)
}

// copyable reports whether a permanent other than card c was on the battlefield both
// before and after step st (not entering with it, nor leaving as it entered) of one of the
// kinds ("creature or planeswalker", "nonland permanent") the copy ability names,
// controlled by c's controller if mine.
func copyable(st *gen.TraceStep, c harness.CardID, controller harness.Player, kinds string, mine bool) bool {
	for k := range st.Before.Battlefield {
		t := st.Before.Battlefield[k]
		if t.Card == c || t.FaceDown || mine && t.Controller != controller {
			continue
		}
		if now := st.After.Permanent(t.Card); now == nil || now.Object != t.Object {
			continue
		}
		for _, kind := range strings.Split(strings.TrimSuffix(kinds, " permanent"), " or ") {
			if kind == "nonland" && !t.HasType("Land") || kind != "nonland" && t.HasType(strings.ToUpper(kind[:1])+kind[1:]) {
				return true
			}
		}
	}
	return false
}

// answeredBy is the set of players who answered a "copy ..." or "don't copy" decision in
// the choices that led to step i: step i itself and the choices just before it, each
// answering what the step before it left pending.
func answeredBy(tr *gen.Trace, i int) (out [2]bool) {
	choicesLeadingTo(tr, i, func(st *gen.TraceStep) bool {
		d := st.Before.Pending
		for _, opt := range d.Options {
			if _, val := harness.SplitChoice(opt); val == dontCopyOption {
				out[d.Player] = true
				break
			}
		}
		return true
	})
	return out
}

// choicesLeadingTo calls f with step i and the steps before it, latest first, while each
// answers a pending decision (a Choose action): the choices that led to step i's outcome.
// f returns false to stop.
func choicesLeadingTo(tr *gen.Trace, i int, f func(st *gen.TraceStep) bool) {
	for k := i; k >= 0; k-- {
		st := &tr.Steps[k]
		if st.Action.Kind != harness.Choose || st.Before.Pending == nil || !f(st) {
			return
		}
	}
}
