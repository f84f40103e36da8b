package engine

import h "github.com/mtgfuzz/mtgfuzz/harness"

// Durations of continuous effects from resolving spells and abilities (CR 611.2a, 611.2b):
// predicates over the state, checked at the moments the rules name. The engine never counts
// turns to decide one.

// moment is a point at which durations are checked.
type moment uint8

const (
	// AtCleanup: the cleanup step's turn-based action (CR 514.2).
	AtCleanup moment = iota
	// BeforeTurn: immediately before a player's turn begins (CR 611.2a, "until your next
	// turn"); the moment's Player is the one whose turn begins.
	BeforeTurn
	// AnyTime: whenever the game checks the state (for "for as long as", CR 611.2b).
	AnyTime
)

// durationKind names how a duration is worded.
type durationKind uint8

const (
	// Forever: no duration stated: until the end of the game (CR 611.2a).
	Forever durationKind = iota
	// UntilEndOfTurn ends in the cleanup step (CR 514.2).
	UntilEndOfTurn
	// UntilYourNextTurn ends immediately before Player's next turn begins.
	UntilYourNextTurn
	// ForAsLongAs lasts while While holds; once it stops holding, the effect is over, even
	// if it would hold again (CR 611.2b).
	ForAsLongAs
)

// duration of an effect.
type duration struct {
	Kind   durationKind
	Player h.Player                       // UntilYourNextTurn: whose turn
	While  func(s *state, e *effect) bool // ForAsLongAs
}

var untilEndOfTurn = duration{Kind: UntilEndOfTurn}

// ends reports whether the duration is over at the moment m (for BeforeTurn, p's turn is
// about to begin).
func (d duration) ends(s *state, e *effect, m moment, p h.Player) bool {
	switch d.Kind {
	case UntilEndOfTurn:
		return m == AtCleanup
	case UntilYourNextTurn:
		return m == BeforeTurn && (p == d.Player || s.faults.on(FaultUntilNextTurnEndsEarly))
	case ForAsLongAs:
		return !d.While(s, e)
	}
	return false
}

// endEffects removes every effect whose duration is over at the moment m. "For as long
// as" durations are checked at every moment.
func (s *state) endEffects(m moment, p h.Player) (ended bool) {
	var kept []effect
	copyEnded := false
	for i := range s.Effects {
		e := &s.Effects[i]
		ends := e.Duration.ends(s, e, m, p)
		if ends && isCopyEffect(e) {
			ends = !(copyEnded && s.faults.on(FaultCopiesExpireOneAtATime)) // the rest wait for the next moment
			copyEnded = copyEnded || ends
		}
		switch {
		case ends && kept == nil:
			kept = append(make([]effect, 0, len(s.Effects)), s.Effects[:i]...)
		case !ends && kept != nil:
			kept = append(kept, *e)
		}
	}
	if kept != nil {
		s.Effects = kept
	}
	return kept != nil
}

// isCopyEffect reports whether the effect is a copy effect (CR 707.2, layer 1a).
func isCopyEffect(e *effect) bool {
	for _, m := range e.Mods {
		if m.Layer() == LayerCopy {
			return true
		}
	}
	return false
}
