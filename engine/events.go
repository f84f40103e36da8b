package engine

import h "github.com/mtgfuzz/mtgfuzz/harness"

// events collects what happened during one step, in order (every state change emits its
// event where it happens).
type events struct{ list []h.Event }

func (e *events) add(ev h.Event) { e.list = append(e.list, ev) }
