package harness

import "errors"

// State is an engine's opaque handle on a game position. Engines that are pure (like the
// reference engine) hand back a new State from Apply and leave the old one valid.
type State any

// Engine is how properties, the corpus and the CLI see a rules engine. Every method is
// deterministic: the same inputs give the same outputs.
//
// The required methods are the few every engine has. Questions about one rules area (what
// mana could this produce, what does this player see) are optional interfaces such as
// [ManaQueries]: a property or scenario that needs one asks for it with a type assertion,
// and an engine without it is reported as not supporting that area rather than failing.
type Engine interface {
	// Name identifies the engine in reports ("reference", "reference+fault:NAME", ...).
	Name() string
	// Start sets up a game from a normalized Setup.
	Start(setup Setup) (State, error)
	// Legal lists every action the player with priority or a pending decision may take,
	// fully formed, in a deterministic order.
	Legal(st State) ([]Action, error)
	// Apply takes one action. An illegal action is an error naming the CR rule; st is
	// unchanged either way.
	Apply(st State, a Action) (State, []Event, error)
	// Observe returns the canonical snapshot of st. It is read only, everything it points
	// to included: an engine may share the parts of a snapshot that did not change with
	// the snapshots of other states (the reference engine does). Change a Clone.
	Observe(st State) (Snapshot, error)
	// Close frees what the engine holds (a process, files).
	Close() error
}

// ManaQueries is the optional interface of an engine that answers the mana area's
// questions (CR 106.7, 605). Properties of the mana rulings and corpus expectations on
// outcomes and "could produce" need it.
type ManaQueries interface {
	// ManaOutcomes lists every distinct amount of mana that activating ability `ability` of
	// card's permanent would add to its controller's pool if it resolved now (CR 106.7:
	// replacement effects in every order, triggered mana abilities included, whether its
	// costs could be paid ignored), in a fixed order. The zero Mana stands for "no mana".
	// It is what the player would be offered.
	ManaOutcomes(st State, card CardID, ability int) ([]Mana, error)
	// CouldProduce is the set of mana types the permanent that is card could produce
	// (CR 106.7).
	CouldProduce(st State, card CardID) (TypeSet, error)
}

// ManaQueriesOf returns eng's mana queries, or false when eng does not answer them.
func ManaQueriesOf(eng Engine) (ManaQueries, bool) {
	q, ok := eng.(ManaQueries)
	return q, ok
}

// SBAQueries is the optional interface of an engine that shows what each check of
// state-based actions saw (CR 704.3): the game just before the check, which the
// snapshots around an action don't show when the action does more than one thing (a
// spell resolves, then the check puts a creature into a graveyard, then a trigger goes on
// the stack). The rules.sba property judges every state-based action of a game by it.
type SBAQueries interface {
	// SBAChecks takes action a in st as Apply does, and lists each check of state-based
	// actions made on the way, in order, including those that find nothing to do. The
	// state it reaches is not kept.
	SBAChecks(st State, a Action) ([]SBACheck, error)
}

// SBACheck is one check of state-based actions (CR 704.3): the game just before it, and
// the events of the state-based actions it performed, all at once (none when no condition
// held).
type SBACheck struct {
	Board  Snapshot `json:"board"`
	Events []Event  `json:"events,omitempty"`
}

// SBAQueriesOf returns eng's state-based-action queries, or false when eng does not
// answer them.
func SBAQueriesOf(eng Engine) (SBAQueries, bool) {
	q, ok := eng.(SBAQueries)
	return q, ok
}

// ErrUnsupported marks an engine's refusal to do what it does not support: a board it
// can't set up (its Start), a question it doesn't answer. Wrap it (fmt.Errorf("%w: ...",
// harness.ErrUnsupported)) to decline: a declined board is no verdict on the engine, the
// case is counted as rejected, a shrinker skips it and a scenario that meets it is
// unsupported. A port says the same with an error answer of kind "unsupported".
var ErrUnsupported = errors.New("unsupported")

// Declined reports whether err is an engine declining (see [ErrUnsupported]).
func Declined(err error) bool { return errors.Is(err, ErrUnsupported) }
