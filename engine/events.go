package engine

import h "github.com/mtgfuzz/mtgfuzz/harness"

// events collects what happened during one step, in order (every state change emits its
// event where it happens).
type events struct{ list []h.Event }

func (e *events) add(ev h.Event) {
	if e != nil {
		e.list = append(e.list, ev)
	}
}

// on reports whether events are being recorded (nil: exploring, nothing to log).
func (e *events) on() bool { return e != nil }
