package engine

import (
	"fmt"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// CR 701: keyword actions a resolving spell or ability performs, and the other steps of
// the pool's effects (drawing, "you may").

// Draw has a player draw a card (CR 121.1).
func (r *resolution) Draw(p h.Player) {
	if lib := r.s.Players[p].Library; len(lib) > 1 && r.s.faults.on(FaultEffectDrawsFromBottom) {
		moveTo(r.s, r.v, lib[len(lib)-1], h.Hand, false, r.ev)
		return
	}
	draw(r.s, r.v, p, r.ev)
}

// May asks the controller whether to do what an optional instruction says ("you may
// exile target creature", CR 608.2d); the options are "don't <what>" and "<what>".
func (r *resolution) May(what string) bool {
	return r.Choose([]string{"don't " + what, what}) == what || r.s.faults.on(FaultMayIgnoresAnswer)
}

// Counter counters the target spell or ability (CR 701.6a): it leaves the stack without
// resolving; a countered spell goes to its owner's graveyard. The costs paid for it stay
// paid (701.6b), so a countered cycling ability's card stays discarded and the triggers
// that discard set off stay on the stack: they are separate abilities (CR 702.29c).
func (r *resolution) Counter(t chosen) {
	s := r.s
	it := s.stackItem(t.Object)
	if it == nil || (it.IsSpell && cantBeCountered(r.v.Of(it.ID))) {
		return // CR 101.2: "can't be countered" wins over the instruction to counter it
	}
	r.ev.add(h.Event{Kind: "countered", Player: it.Controller, Card: it.SourceCard, Object: it.ID, Rule: "701.6a",
		Text: "countered: " + itemText(r.v, it)})
	if it.IsSpell {
		to := h.Graveyard
		if s.faults.on(FaultCounteredSpellExiled) {
			to = h.Exile // the fault: exiled, not put into its owner's graveyard (CR 701.6a)
		}
		moveTo(s, r.v, it.ID, to, false, r.ev)
		return
	}
	id := it.ID
	for i := range s.Stack {
		if s.Stack[i].ID == id {
			s.Stack = append(s.Stack[:i:i], s.Stack[i+1:]...)
			break
		}
	}
	if s.faults.on(FaultCounterTakesTriggers) {
		s.Stack = removeCyclingTriggers(s.Stack, id) // the fault: the triggers go with it (CR 702.29c)
	}
}

// removeCyclingTriggers drops the triggers of the cycling ability cycling from st.
func removeCyclingTriggers(st []stackItem, cycling h.ObjectID) []stackItem {
	out := st[:0:0]
	for _, it := range st {
		if it.Cycling != cycling {
			out = append(out, it)
		}
	}
	return out
}

// Scry1 has player scry 1 (CR 701.22a): look at the top card of their library and put it
// on the bottom or leave it on top. An empty library: nothing to look at, no choice.
func (r *resolution) Scry1(p h.Player) {
	lib := r.s.Players[p].Library
	if len(lib) == 0 {
		return
	}
	card := fmt.Sprintf("%s (card %d)", r.v.Of(lib[0]).Name, r.s.obj(lib[0]).Card)
	bottom := "put " + card + " on the bottom"
	pick, err := chooseFor(r.ch, p, h.ChoiceOption, []string{"keep " + card + " on top", bottom})
	if err != nil {
		panic(needChoice{asNeedChoice(err, p)})
	}
	if pick == bottom {
		r.s.Players[p].Library = append(lib[1:len(lib):len(lib)], lib[0])
	}
	r.ev.add(h.Event{Kind: "scry", Player: p, Rule: "701.22a", Text: fmt.Sprintf("%s scries 1: %s", p, pick)})
}

// asNeedChoice turns a chooser's error into the choice the game waits for.
func asNeedChoice(err error, p h.Player) *errNeedChoice {
	if nc, ok := err.(*errNeedChoice); ok {
		return nc
	}
	panic(illegalChoice{err})
}

// Destroy destroys a permanent (CR 701.8a): it goes to its owner's graveyard, unless it
// is indestructible (702.12b). It reports whether it was destroyed.
func (r *resolution) Destroy(id h.ObjectID) bool {
	if !r.s.onBattlefield(id) {
		return false
	}
	if c := r.v.Of(id); c.HasKeyword("Indestructible") {
		o := r.s.obj(id)
		r.ev.add(h.Event{Kind: "indestructible", Player: o.Controller, Card: o.Card, Object: id, Rule: "702.12b",
			Text: fmt.Sprintf("%s is indestructible and isn't destroyed", c.Name)})
		return false
	}
	r.MoveTo(id, h.Graveyard, false)
	return true
}

// Mill: player p puts the top n cards of their library into their graveyard, as many as
// there are (CR 701.17a, 701.17b).
func (r *resolution) Mill(p h.Player, n int) {
	for i := 0; i < n && len(r.s.Players[p].Library) > 0; i++ {
		r.MoveTo(r.s.Players[p].Library[0], h.Graveyard, false)
	}
}

// CreateSizedTokens creates n X/X tokens of def (CR 111.3: the effect that creates a token
// defines its characteristics, so X is part of its copiable values).
func (r *resolution) CreateSizedTokens(def *cardDef, x int, p h.Player, n int) {
	r.CreateTokens(sized(def, x), p, n)
}
