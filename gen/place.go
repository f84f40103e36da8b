package gen

import (
	"fmt"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Place is a moment of a trace, named as the game log numbers actions (from 1). Its String
// is the one phrase for it that properties, campaigns, reports and tools write: "at the
// start", "after action 3 (A: activate Forest ability 0)", "action 3 (...)".
type Place struct {
	Step int // index into Trace.Steps; -1 for the start
	// During names the action itself ("action 3"): the moment it is being taken, rather
	// than the game after it ("after action 3").
	During bool
	Action string // the action as the game log says it, in parentheses; "" for none
}

func (p Place) String() string {
	if p.Step < 0 {
		return "at the start"
	}
	s := fmt.Sprintf("after action %d", p.Step+1)
	if p.During {
		s = fmt.Sprintf("action %d", p.Step+1)
	}
	if p.Action != "" {
		s += " (" + p.Action + ")"
	}
	return s
}

// PlaceAfter is the game after step of actions (the start for -1), naming the action
// taken when actions holds it.
func PlaceAfter(actions []harness.Action, step int) Place {
	p := Place{Step: step}
	if step >= 0 && step < len(actions) {
		p.Action = actions[step].String()
	}
	return p
}
