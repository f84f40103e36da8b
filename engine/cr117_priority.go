package engine

import (
	"errors"
	"fmt"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// CR 117: timing and priority. Before a player receives priority, state-based actions
// are checked until none applies, then triggered abilities go on the stack, and the
// check repeats (117.5). When all players pass in succession, the top of the stack
// resolves, or, with an empty stack, the step ends (117.4).

// attempt runs fn on base with the choices made so far. When fn needs a choice nobody has
// made, the decision is asked in the last state fn marked as one the game passes through
// whatever is chosen next (checkpoint), or in base if it marked none: what came after is
// not committed, and fn runs again from there once the player answers.
//
// base is always the step's own state (never a finished one). A step first runs
// optimistically: fn changes base itself and no checkpoint is copied, since most steps
// need no choice nobody has made. If one does, the step is abandoned (errCareful) and applyAction
// runs it again carefully, from its unchanged input: then fn works on a copy of base, and
// checkpoints are kept, so the decision is asked in the state the rules say.
func attempt(base *state, kind decisionKind, prompt func() string, prefix []string, fn func(c *state, ch chooser, ev *events) error) (*state, []h.Event, error) {
	c := base
	if base.careful || base.view != nil {
		c = base.clone()
		c.careful = true
	} else if base.faults.on(FaultCloneDropsCopyDuration) {
		c.Effects = withoutCopyDurations(c.Effects) // as the copy the careful run makes would
	}
	c.Decision, c.projection = nil, nil // fn changes c: no projection made before holds
	ev := &events{}
	ch := &scripted{choices: prefix}
	err := fn(c, ch, ev)
	var nc *errNeedChoice
	if errors.As(err, &nc) {
		if !c.careful {
			return nil, nil, errCareful
		}
		// The decision is asked in base, unchanged (fn changed its copy): base itself when
		// it is the step's own state, which nothing reads after, else a copy.
		d, evs := base, []h.Event(nil)
		if base.view != nil || base.faults.on(FaultCloneDropsCopyDuration) { // finished; or a copy must drop durations
			d = base.clone()
		}
		if cp := ch.mark; cp != nil {
			d, evs, prefix = cp.state, ev.list[:cp.events], prefix[cp.choices:]
		}
		d.Decision = &decision{Kind: kind, Player: nc.player, Prompt: prompt(), Options: nc.options, Prefix: prefix, Resume: base.Priority, Payment: nc.payment}
		d.Priority = h.NoPlayer
		return d, evs, nil
	}
	if err != nil {
		return nil, nil, err
	}
	if err := ch.done(); err != nil {
		return nil, nil, err
	}
	return c, ev.list, nil
}

// errCareful abandons an optimistic step that needs a choice nobody has made (attempt).
var errCareful = errors.New("engine: a choice is needed; the step runs again keeping its checkpoints")

// fixedPrompt is a decision's prompt that needs no computing.
func fixedPrompt(p string) func() string { return func() string { return p } }

// settle performs what happens before a player receives priority (CR 117.5, 704.3,
// 603.3), choosing through ch. The state after each round of state-based actions and after
// each trigger put on the stack is one the game passes through (settle may start again
// from it), so a choice asked later, such as the order of the triggers, is asked there.
// Settled, s keeps the projection its last check made of it, when that check did nothing
// (state.projection). current is a projection of s as it is, or nil: the first check uses
// it unless a duration ends first.
func settle(s *state, ch chooser, ev *events, current *view) error {
	if s.endEffects(AnyTime, h.NoPlayer) { // "for as long as" durations that no longer hold (611.2b)
		current = nil
	}
	for i := 0; i < 100; i++ {
		v, err := checkSBAs(s, ch, ev, current)
		if err != nil {
			return err
		}
		if s.GameOver || len(s.Pending) == 0 {
			s.projection = v
			return nil
		}
		checkpoint(ch, s, ev)
		if err := putTriggersOnStack(s, ch, ev); err != nil {
			return err
		}
		current = nil
	}
	return fmt.Errorf("CR 117.5: triggers and state-based actions did not settle")
}

// settleWith runs settle as an attempt: a legend-rule or trigger-order choice it needs
// becomes a pending decision.
func settleWith(base *state, prefix []string) (*state, []h.Event, error) {
	return settleFrom(base, prefix, nil)
}

// settleFrom is settleWith given v, a projection of base as it is, or nil.
func settleFrom(base *state, prefix []string, v *view) (*state, []h.Event, error) {
	return attempt(base, DecideLegend, fixedPrompt("state-based actions and triggers"), prefix, func(c *state, ch chooser, ev *events) error {
		cv := v
		switch {
		case cv == nil || c.faults.on(FaultCloneDropsCopyDuration): // attempt changed c's durations
			cv = nil
		case cv.s != c:
			cv = cv.of(c) // c is base's exact copy (a careful run)
		}
		return settle(c, ch, ev, cv)
	})
}

// givePriority gives the active player priority (CR 117.3a, 117.3b) after settling.
func givePriority(s *state) (*state, []h.Event, error) {
	return givePriorityProjected(s, nil)
}

// givePriorityProjected is givePriority given v, a projection of s as it is, or nil.
// Who has priority and the count of passes, which it changes, no projection reads.
func givePriorityProjected(s *state, v *view) (*state, []h.Event, error) {
	s.Priority = s.Active
	s.Passes = 0
	return settleFrom(s, nil, v)
}

// passPriority: the player with priority passes (CR 117.3d). When both have passed in
// succession the top of the stack resolves (405.5), or the step ends (500.2).
// s is a clone of base, the finished state passed from, not changed yet.
func passPriority(base, s *state) (*state, []h.Event, error) {
	s.Passes++
	if s.Passes < 2 && !s.faults.on(FaultOnePassResolves) {
		s.Priority = s.Priority.Opponent()
		s.projection = base.projected().of(s)
		return s, nil, nil
	}
	s.Passes = 0
	if len(s.Stack) > 0 && !s.faults.on(FaultStepEndsOverStack) {
		return resolveWith(s, nil)
	}
	if len(s.Stack) == 0 && s.faults.on(FaultEmptyStackStays) {
		return givePriority(s)
	}
	return advanceStep(s)
}

// resolveWith resolves the top of the stack with the choices made so far, then gives the
// active player priority (CR 117.3b).
func resolveWith(base *state, prefix []string) (*state, []h.Event, error) {
	prompt := func() string { return "resolving " + itemText(base.project(), base.top()) }
	c, evs, err := attempt(base, DecideResolution, prompt, prefix, func(c *state, ch chooser, ev *events) error {
		return resolveTop(c, ch, ev)
	})
	if err != nil || c.Decision != nil {
		return c, evs, err
	}
	c2, evs2, err := givePriority(c)
	if err == nil && c2.Priority != h.NoPlayer && c2.faults.on(FaultPriorityAfterResolution) {
		c2.Priority = c2.Active.Opponent()
	}
	return c2, append(evs, evs2...), err
}
