package engine

import (
	"fmt"
	"strings"
	"sync"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// chooser answers the choices a player makes while something resolves or is activated.
// The engine never asks a person: a choice comes from the action (scripted), or the
// enumeration of legal actions explores every option (exploring).
type chooser interface {
	// choose returns one of options for a choice of the given kind ("type", "replace",
	// "option"). A scripted chooser errors when the action's next choice isn't one of them.
	choose(kind string, options []string) (string, error)
}

// errNeedChoice is returned by a scripted chooser that ran out of choices: the caller
// turns it into a pending decision (or, for mana abilities, an illegal action).
type errNeedChoice struct {
	kind    string
	options []string
	player  h.Player // who chooses; set by chooseFor
	// payment: one of the options pays mana, so the player may activate mana abilities
	// before answering (CR 608.2g, 605.3a).
	payment *payChoice
}

// payChoice is the option of a decision that pays mana, and what it pays.
type payChoice struct {
	option  string
	colored h.Mana
	generic int
}

func (e *errNeedChoice) Error() string {
	return fmt.Sprintf("a %s choice is needed: one of %s", e.kind, strings.Join(e.options, ", "))
}

// scripted plays back the choices of an action, in order. It is the exact inverse of
// explorer.path: a choice with one option (a forced choice) is never written, so it never
// takes the next written answer, even one of its kind meant for a later choice.
type scripted struct {
	choices []string
	next    int
	mark    *mark // the last checkpoint
}

// mark is a checkpoint: a copy of the state then, and how many events and choices led to it.
type mark struct {
	state   *state
	events  int
	choices int
}

// checkpoint notes s as a state the game passes through whatever is chosen from now on,
// so that a decision asked later is asked in it (CR 704.3, 603.3b: state-based actions are
// performed before triggers are put on the stack, and a player orders their triggers
// seeing that). Only a scripted chooser in a careful run keeps checkpoints (attempt): an
// optimistic run that needs a choice is run again, and exploring needs none.
func checkpoint(ch chooser, s *state, ev *events) {
	sc, ok := ch.(*scripted)
	if !ok || !ev.on() || !s.careful {
		return
	}
	sc.mark = &mark{state: s.clone(), events: len(ev.list), choices: sc.next}
}

func (c *scripted) choose(kind string, options []string) (string, error) {
	if len(options) == 0 {
		return "", fmt.Errorf("a %s choice has no options", kind)
	}
	if len(options) == 1 {
		return options[0], nil // a forced choice is never written
	}
	if c.next >= len(c.choices) {
		return "", &errNeedChoice{kind: kind, options: options}
	}
	k, v := h.SplitChoice(c.choices[c.next])
	if k != kind {
		return "", fmt.Errorf("choice %q: expected a %s choice, one of %s", c.choices[c.next], kind, strings.Join(options, ", "))
	}
	for _, o := range options {
		if strings.EqualFold(o, v) {
			c.next++
			return o, nil
		}
	}
	return "", fmt.Errorf("choice %q: not an option; options are %s", c.choices[c.next], strings.Join(options, ", "))
}

// done reports an error if choices were left over.
func (c *scripted) done() error {
	if c.next < len(c.choices) {
		return fmt.Errorf("choice %q was not asked for", c.choices[c.next])
	}
	return nil
}

// explorer walks the tree of choices depth first by re-execution: each run follows a
// prefix and takes the first option past it, recording what it took, so that the caller
// can enumerate every path. One explorer serves every run of an exploration.
type explorer struct {
	prefix []int
	taken  []int
	counts []int
	kinds  []string
	picks  []string
}

func (e *explorer) choose(kind string, options []string) (string, error) {
	if len(options) == 0 {
		return "", fmt.Errorf("a %s choice has no options", kind)
	}
	i := len(e.taken)
	k := 0
	if i < len(e.prefix) {
		k = e.prefix[i]
	}
	e.taken = append(e.taken, k)
	e.counts = append(e.counts, len(options))
	if len(options) > 1 {
		e.kinds = append(e.kinds, kind)
		e.picks = append(e.picks, options[k])
	}
	return options[k], nil
}

// first makes a choice of several options, as choose does, taking the first and
// exploring no other: for a caller that knows every other leads where the first does, so
// that the runs through them would find nothing new. The choice is part of the path.
func (e *explorer) first(kind string, options []string) string {
	e.taken = append(e.taken, 0)
	e.counts = append(e.counts, 1)
	e.kinds = append(e.kinds, kind)
	e.picks = append(e.picks, options[0])
	return options[0]
}

// path is the choices of the current run that had more than one option, as "kind:value"
// strings for an action.
func (e *explorer) path() []string {
	if len(e.picks) == 0 {
		return nil
	}
	out := make([]string, len(e.picks))
	for i := range e.picks {
		out[i] = h.Choice(e.kinds[i], e.picks[i])
	}
	return out
}

// explorers keeps explorers for reuse: listing legal actions explores the outcomes of
// every mana ability on a board with mana replacement effects or triggers.
var explorers = sync.Pool{New: func() any { return new(explorer) }}

// explore runs f once for every path through its choices, in order.
func explore(f func(ch *explorer) error) error {
	e := explorers.Get().(*explorer)
	defer func() {
		clear(e.picks[:cap(e.picks)])
		clear(e.kinds[:cap(e.kinds)])
		explorers.Put(e)
	}()
	prefix := e.prefix[:0]
	for {
		e.prefix = prefix
		e.taken, e.counts, e.kinds, e.picks = e.taken[:0], e.counts[:0], e.kinds[:0], e.picks[:0]
		if err := f(e); err != nil {
			return err
		}
		// Advance to the next path: bump the deepest choice that has options left.
		j := len(e.taken) - 1
		for j >= 0 && e.taken[j]+1 >= e.counts[j] {
			j--
		}
		if j < 0 {
			return nil
		}
		// f only read prefix, and taken is its own buffer: prefix's can be reused.
		prefix = append(append(prefix[:0], e.taken[:j]...), e.taken[j]+1)
	}
}

// chooseFor asks player for a choice, marking a missing answer as theirs.
func chooseFor(ch chooser, player h.Player, kind string, options []string) (string, error) {
	c, err := ch.choose(kind, options)
	if nc, ok := err.(*errNeedChoice); ok {
		nc.player = player
	}
	return c, err
}
