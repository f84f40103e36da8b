package harness

// Uncached is the optional interface of an engine that keeps what it computed of one
// state to answer for the states stepped from it: characteristics shared while nothing
// they depend on changed, a snapshot's objects rendered once and reused, a memo of mana
// outcomes. Such a cache is right only if it gives what computing afresh would; the
// property invariant.caches holds the engine to its twin on every step of a game.
type Uncached interface {
	// Uncached returns a twin of the engine (the same rules, the same faults) that
	// computes every answer from the state alone, sharing nothing between states.
	Uncached() (Engine, error)
}
