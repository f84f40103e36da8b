// Package partialengine is a partial engine for the harness's own tests: the reference
// engine narrowed the way real engines under test are narrowed. It declares a few kinds
// of action (by default no cast, pay, attack or block), lists only those as legal, answers
// no optional query, and declines (harness.ErrUnsupported) boards it can't set up: by
// default one where a player's library is empty, as a real engine that draws from a
// fixed deck did. Tests use it in process and, served with port.Serve, as a port.
package partialengine

import (
	"fmt"
	"slices"

	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Options narrow the engine; the zero Options is [Default].
type Options struct {
	// Actions are the kinds of action it declares and lists; nil means DefaultActions.
	Actions []harness.ActionKind
	// Steps are the steps a game may start in; nil means DefaultSteps.
	Steps []harness.Step
	// Faults are the reference engine's faults to switch on.
	Faults []string
	// AcceptEmptyLibrary makes it set up boards with an empty library too.
	AcceptEmptyLibrary bool
}

// DefaultActions: passing, land plays and activated abilities (mana abilities among them),
// no casting, paying, attacking or blocking.
var DefaultActions = []harness.ActionKind{harness.Pass, harness.PlayLand, harness.Activate, harness.Cancel, harness.Choose}

// DefaultSteps: the main phases and the upkeep.
var DefaultSteps = []harness.Step{harness.Upkeep, harness.Main1, harness.Main2}

// Engine is the narrowed engine.
type Engine struct {
	ref  *engine.Reference
	opts Options
}

// New returns the engine.
func New(opts Options) (*Engine, error) {
	if opts.Actions == nil {
		opts.Actions = DefaultActions
	}
	if opts.Steps == nil {
		opts.Steps = DefaultSteps
	}
	ref, err := engine.New(engine.Options{Faults: opts.Faults})
	if err != nil {
		return nil, err
	}
	return &Engine{ref: ref, opts: opts}, nil
}

func (e *Engine) Name() string { return "partial" }
func (e *Engine) Close() error { return e.ref.Close() }

// Supports declares the kinds of action and the steps; every card.
func (e *Engine) Supports() harness.Support {
	return harness.Support{Actions: slices.Clone(e.opts.Actions), Steps: slices.Clone(e.opts.Steps), Queries: []harness.Query{}}
}

// Start declines a board outside the declared steps, or with an empty library.
func (e *Engine) Start(setup harness.Setup) (harness.State, error) {
	if !slices.Contains(e.opts.Steps, setup.Step) {
		return nil, fmt.Errorf("%w: partial can't start in %s", harness.ErrUnsupported, setup.Step)
	}
	for p := range setup.Players {
		if len(setup.Players[p].Library) == 0 && !e.opts.AcceptEmptyLibrary {
			return nil, fmt.Errorf("%w: partial needs a library for each player (%s's is empty)", harness.ErrUnsupported, harness.Player(p))
		}
	}
	return e.ref.Start(setup)
}

// Legal lists the reference engine's legal actions of the declared kinds.
func (e *Engine) Legal(st harness.State) ([]harness.Action, error) {
	all, err := e.ref.Legal(st)
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(all, func(a harness.Action) bool { return !slices.Contains(e.opts.Actions, a.Kind) }), nil
}

func (e *Engine) Apply(st harness.State, a harness.Action) (harness.State, []harness.Event, error) {
	if !slices.Contains(e.opts.Actions, a.Kind) {
		return st, nil, fmt.Errorf("partial: %s is not an action this engine takes", a.Kind)
	}
	return e.ref.Apply(st, a)
}

func (e *Engine) Observe(st harness.State) (harness.Snapshot, error) { return e.ref.Observe(st) }
