package props

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// What the historic properties share (no property is defined here): the moments of a
// trace at which an object became a spell, a land or a permanent, and the "whenever you
// cast a historic spell" triggers that followed each, read from the snapshots alone.

// historicCastText opens the text of every "whenever you cast a historic spell" ability
// (Jhoira, Weatherlight Captain; Daring Archaeologist).
const historicCastText = "Whenever you cast a historic spell"

// historicQualities lists which of the qualities that make an object historic (CR 700.6)
// o has, as the snapshot reports its characteristics now: legendary, artifact, Saga.
func historicQualities(o *harness.Object) []string {
	var out []string
	if o.HasSupertype("Legendary") {
		out = append(out, "legendary")
	}
	if o.HasType("Artifact") {
		out = append(out, "artifact")
	}
	if slices.Contains(o.Subtypes, "Saga") {
		out = append(out, "Saga")
	}
	return out
}

// historicWatchers counts the "whenever you cast a historic spell" abilities of the
// permanents p controls in s: how many triggers one historic spell p casts sets off.
func historicWatchers(s *harness.Snapshot, p harness.Player) int {
	n := 0
	for _, o := range s.Battlefield {
		if o.Controller != p {
			continue
		}
		for _, a := range o.Abilities {
			if strings.HasPrefix(a, historicCastText) {
				n++
			}
		}
	}
	return n
}

// How an object came to be where the moment found it.
const (
	becameCast        = iota // a spell became cast: its costs were paid (CR 601.2i)
	becameLand               // a land was played (CR 305.1)
	becamePut                // a permanent entered the battlefield without being cast or played
	becameTransformed        // a permanent transformed, staying the same object (CR 712.18)
)

// historicMoment is one moment at which an object became a spell, a land or a permanent,
// with the "whenever you cast a historic spell" triggers that went on the stack after it,
// before anything else happened.
type historicMoment struct {
	step int // the action: Pay, PlayLand, or the one the permanent entered at
	how  int
	// obj is the card as it was just before: in the hand or library before it was cast or
	// played, on the battlefield as it entered when put.
	obj *harness.Object
	// fromTop: it was the top card of its owner's library before it was cast or played.
	fromTop bool
	player  harness.Player // who cast or played it, or controls it
	// spell is the spell's stack object, for a cast.
	spell harness.ObjectID
	// watchers counts the caster's "whenever you cast a historic spell" abilities.
	watchers int
	// triggers are the new "whenever you cast a historic spell" triggers on the stack, of
	// any controller, once every one the moment set off has been put there: after its
	// action, and after the choices of order that followed it.
	triggers []harness.StackObject
	// after is the snapshot in which triggers were counted.
	after int
}

// historicMoments finds the moments of a trace. A moment whose triggers can't all be
// counted (the trace ends while they are being ordered) is left out.
func historicMoments(tr *gen.Trace) []historicMoment {
	var out []historicMoment
	for i := range tr.Steps {
		st := &tr.Steps[i]
		b, a := st.Before, st.After
		switch {
		case st.Action.Kind == harness.Pay && b.Casting != nil && isSpellOnTop(b, b.Casting.Card) && a.Casting == nil:
			k := castStep(tr, i, b.Casting.Card)
			if k < 0 || tr.Steps[k].Action.CastsFaceDown() {
				// A spell cast face down has none of its card's characteristics, which the
				// snapshot can't show of a spell (CR 708.2a): historic.face-down-not-historic
				// judges it, not these moments read from the card.
				continue
			}
			m := historicMoment{step: i, how: becameCast, player: b.Casting.Player, spell: b.Stack[len(b.Stack)-1].Object,
				watchers: historicWatchers(b, b.Casting.Player)}
			m.obj, m.fromTop = beforeMoving(tr.Steps[k].Before, b.Casting.Card)
			out = appendCounted(out, tr, m)
		case st.Action.Kind == harness.PlayLand && a.Permanent(st.Action.Card) != nil:
			m := historicMoment{step: i, how: becameLand, player: st.Action.Player, watchers: historicWatchers(b, st.Action.Player)}
			m.obj, m.fromTop = beforeMoving(b, st.Action.Card)
			out = appendCounted(out, tr, m)
		case st.Action.Kind != harness.Pay && st.Action.Kind != harness.PlayLand:
			for _, o := range a.Battlefield {
				if b.Permanent(o.Card) != nil || slices.ContainsFunc(b.Stack, func(so harness.StackObject) bool { return so.Kind == "spell" && so.Card == o.Card }) {
					continue // it was there, or it was a spell that resolved
				}
				out = appendCounted(out, tr, historicMoment{step: i, how: becamePut, obj: o, player: o.Controller,
					watchers: historicWatchers(b, o.Controller)})
			}
		}
	}
	return out
}

// castStep is the step at or before i that began casting card (the Cast action), or -1.
func castStep(tr *gen.Trace, i int, card harness.CardID) int {
	for k := i; k >= 0; k-- {
		if a := tr.Steps[k].Action; a.Kind == harness.Cast && a.Card == card {
			return k
		}
	}
	return -1
}

// beforeMoving finds card in s, and whether it is the top card of a library there.
func beforeMoving(s *harness.Snapshot, card harness.CardID) (*harness.Object, bool) {
	for p := range s.Players {
		if lib := s.Players[p].Library; len(lib) > 0 && lib[0].Card == card {
			return lib[0], true
		}
	}
	return s.Find(card), false
}

// appendCounted counts m's triggers and appends it, unless the trace ends before they are
// all on the stack. The triggers of one event go on the stack the next time a player would
// receive priority (CR 603.3); a player with several orders them by answering choices, so
// those steps count too.
func appendCounted(out []historicMoment, tr *gen.Trace, m historicMoment) []historicMoment {
	if m.obj == nil {
		return out
	}
	for j := m.step; ; j++ {
		st := &tr.Steps[j]
		for _, so := range st.After.Stack {
			if strings.HasPrefix(so.Text, historicCastText) && !slices.ContainsFunc(st.Before.Stack, func(b harness.StackObject) bool { return b.Object == so.Object }) {
				m.triggers = append(m.triggers, so)
			}
		}
		if st.After.Pending == nil {
			m.after = j
			return append(out, m)
		}
		if j+1 >= len(tr.Steps) || tr.Steps[j+1].Action.Kind != harness.Choose {
			return out
		}
	}
}

// judgeHistoricTriggers checks that moment m set off exactly want "whenever you cast a historic
// spell" triggers, as clause of ruling (CR rule), and counts the clause reached.
func judgeHistoricTriggers(v *Verdict, tr *gen.Trace, m historicMoment, ruling, rule, clause, expected string, want int) {
	v.Reach(clause)
	if len(m.triggers) == want {
		return
	}
	var got []string
	for _, so := range m.triggers {
		got = append(got, fmt.Sprintf("stack object %d, %s's %q (controller %s)", so.Object, so.Name, so.Text, so.Controller))
	}
	what := fmt.Sprintf("the \"%s\" triggers after %s", historicCastText, momentText(m))
	v.Violations = append(v.Violations, clauseViolation(m.step, ruling, rule, clause, what,
		fmt.Sprintf("%d (%s)", want, expected), fmt.Sprintf("%d: %s", len(m.triggers), strings.Join(got, "; "))))
}

// momentText says what happened at m, for people.
func momentText(m historicMoment) string {
	from := ""
	if m.fromTop {
		from = " from the top of their library"
	}
	q := strings.Join(historicQualities(m.obj), " and ")
	if q == "" {
		q = "not historic"
	}
	switch m.how {
	case becameCast:
		return fmt.Sprintf("%s cast %s%s (%s)", m.player, describe(m.obj), from, q)
	case becameLand:
		return fmt.Sprintf("%s played %s%s (%s)", m.player, describe(m.obj), from, q)
	case becameTransformed:
		return fmt.Sprintf("%s transformed into %s under %s's control (%s)", describe(m.obj), m.obj.Name, m.player, q)
	}
	return fmt.Sprintf("%s entered the battlefield under %s's control without being cast (%s)", describe(m.obj), m.player, q)
}

// historicNeeds: spells are cast and paid for, lands played, abilities activated (Sneak
// Attack) and their choices answered.
var historicNeeds = Needs{Actions: []harness.ActionKind{harness.Cast, harness.Pay, harness.PlayLand, harness.Activate, harness.Choose}}

// isSpellOnTop reports whether the top of s's stack is a spell of card c: what a
// proposal for casting c puts there (CR 601.2a).
func isSpellOnTop(s *harness.Snapshot, c harness.CardID) bool {
	n := len(s.Stack)
	return n > 0 && s.Stack[n-1].Kind == "spell" && s.Stack[n-1].Card == c
}
