package engine

import (
	"fmt"
	"sync/atomic"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// Options configures the reference engine.
type Options struct {
	// Faults switches on deliberate rule bugs by name (see Faults). Empty: the correct engine.
	Faults []string
	// Uncached makes every state compute its answers afresh, sharing nothing with the
	// states it was stepped from (see Uncached).
	Uncached bool
}

// Reference is the reference engine as a harness.Engine. States are *state values; the
// engine keeps nothing between calls (but for the hidden-state fault). A state may be
// read by one goroutine at a time (its projection is computed lazily); give each worker
// its own games.
type Reference struct {
	faults   []string
	uncached bool
	// lastLegal is the state Legal was last asked about, kept only by the hidden-state
	// fault: asked twice in a row about one state, the faulty engine answers differently.
	// (It depends on the calls made to this engine, not on timing, so a campaign stays
	// reproducible whatever its worker count.)
	lastLegal atomic.Pointer[state]
	fs        *faultSet // the faults of the engine's own (those of a state are its own)
}

// New returns the reference engine; an unknown fault name is an error.
func New(opts Options) (*Reference, error) {
	fs, err := newFaultSet(opts.Faults)
	if err != nil {
		return nil, err
	}
	return &Reference{faults: opts.Faults, uncached: opts.Uncached, fs: fs}, nil
}

// Uncached is the engine's twin that shares nothing between states: a state stepped
// from another starts with no projection, rendering or memo of it (harness.Uncached).
func (r *Reference) Uncached() (h.Engine, error) {
	return New(Options{Faults: r.faults, Uncached: true})
}

// Name is "reference", with the faults switched on.
func (r *Reference) Name() string {
	n := "reference"
	if r.uncached {
		n += " (uncached)"
	}
	for _, f := range r.faults {
		n += "+fault:" + f
	}
	return n
}

func stateOf(st h.State) (*state, error) {
	s, ok := st.(*state)
	if !ok || s == nil {
		return nil, fmt.Errorf("engine: not a reference engine state: %T", st)
	}
	return s, nil
}

// Start sets up a game.
func (r *Reference) Start(setup h.Setup) (h.State, error) {
	return startGame(setup, r.faults, r.uncached)
}

// Legal lists the legal actions.
func (r *Reference) Legal(st h.State) ([]h.Action, error) {
	s, err := stateOf(st)
	if err != nil {
		return nil, err
	}
	acts := legalActions(s)
	if r.fs.on(FaultHiddenState) && r.lastLegal.Swap(s) == s && len(acts) > 1 {
		acts[0], acts[len(acts)-1] = acts[len(acts)-1], acts[0]
	}
	return acts, nil
}

// Apply takes one action.
func (r *Reference) Apply(st h.State, a h.Action) (h.State, []h.Event, error) {
	s, err := stateOf(st)
	if err != nil {
		return nil, nil, err
	}
	next, evs, err := applyAction(s, a)
	if err != nil {
		return nil, nil, err
	}
	if r.fs.on(FaultMutatesInput) && a.Kind == h.Pass {
		s.Players[a.Player].Life-- // the fault: the input state changes
	}
	return next, evs, nil
}

// ManaOutcomes lists what activating a mana ability would add if it resolved now.
func (r *Reference) ManaOutcomes(st h.State, card h.CardID, ability int) ([]h.Mana, error) {
	s, err := stateOf(st)
	if err != nil {
		return nil, err
	}
	o := s.byCard(card)
	if o == nil || o.Zone != h.Battlefield {
		return nil, fmt.Errorf("card %d is not a permanent", card)
	}
	v := s.projected()
	abs := v.Of(o.ID).Abilities
	if ability < 0 || ability >= len(abs) || !abs[ability].IsMana() || abs[ability].Kind != Activated {
		return nil, fmt.Errorf("%s has no activated mana ability %d", v.Of(o.ID).Name, ability)
	}
	var out []h.Mana
	for _, oc := range manaOutcomes(s, v, o, abs[ability].ability) {
		out = append(out, oc.mana)
	}
	v.publishOutcomes()
	return out, nil
}

// CouldProduce is CR 106.7 for one permanent.
func (r *Reference) CouldProduce(st h.State, card h.CardID) (h.TypeSet, error) {
	s, err := stateOf(st)
	if err != nil {
		return 0, err
	}
	o := s.byCard(card)
	if o == nil || o.Zone != h.Battlefield {
		return 0, fmt.Errorf("card %d is not a permanent", card)
	}
	return s.projected().couldProduceAll()[o.ID-1], nil
}

// SBAChecks takes action a as Apply does and returns the checks of state-based actions it
// made (CR 704.3), each with the game just before it.
func (r *Reference) SBAChecks(st h.State, a h.Action) ([]h.SBACheck, error) {
	s, err := stateOf(st)
	if err != nil {
		return nil, err
	}
	c := s.clone()
	c.sbaChecksOn, c.sbaChecks = true, nil
	next, _, err := applyAction(c, a)
	if err != nil {
		return nil, err
	}
	return next.sbaChecks, nil
}

// Close does nothing: the reference engine holds nothing.
func (r *Reference) Close() error { return nil }

// Observe returns the canonical snapshot.
func (r *Reference) Observe(st h.State) (h.Snapshot, error) {
	s, err := stateOf(st)
	if err != nil {
		return h.Snapshot{}, err
	}
	return snapshot(s), nil
}
