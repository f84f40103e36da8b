package engine

import h "github.com/mtgfuzz/mtgfuzz/harness"

// Layer is a layer or sublayer of CR 613.1.
type Layer uint8

const (
	LayerCopy     Layer = iota // 1a: copy effects (CR 707); no card of the pool makes one
	LayerFaceDown              // 1b
	LayerControl               // 2
	LayerText                  // 3
	LayerType                  // 4
	LayerColor                 // 5
	LayerAbility               // 6
	LayerPTDefine              // 7a
	LayerPTSet                 // 7b
	LayerPTModify              // 7c
	LayerPTSwitch              // 7d
)

// DurationKind is how long a continuous effect from a resolving spell or ability lasts
// (CR 611.2a). Durations are data, evaluated at the turn-structure points that end them.
type DurationKind uint8

const (
	Forever DurationKind = iota
	// UntilEndOfTurn ends in the cleanup step (CR 514.2).
	UntilEndOfTurn
	// UntilYourNextTurn ends immediately before Player's next turn begins (CR 611.2a, 500).
	UntilYourNextTurn
)

// Duration of an effect.
type Duration struct {
	Kind   DurationKind
	Player h.Player
}

// Effect is a continuous effect created by a resolving spell or ability (CR 611.2). The
// set of objects it affects is locked in as it begins (CR 611.2c), by object ID, so it
// stops applying when an object changes zones (CR 400.7).
type Effect struct {
	ID         int
	Source     h.ObjectID
	Controller h.Player
	Timestamp  uint64
	Layer      Layer
	Duration   Duration
	Objects    []h.ObjectID
	// What it does in its layer.
	AddTypes         []string
	AllCreatureTypes bool
	SetPT            [2]int
	ModPT            [2]int
}

func cloneEffects(es []Effect) []Effect {
	out := append([]Effect(nil), es...)
	// Objects slices are never mutated after creation, so sharing them is safe.
	return out
}

// addEffect records a new continuous effect with a fresh timestamp (CR 613.7b).
func (s *State) addEffect(e Effect) {
	s.NextEffect++
	e.ID = s.NextEffect
	e.Timestamp = s.timestamp()
	s.Effects = append(s.Effects, e)
}

// endEffects removes every effect whose duration ends at this point.
func (s *State) endEffects(ends func(Duration) bool) {
	kept := s.Effects[:0:0]
	for _, e := range s.Effects {
		if !ends(e.Duration) {
			kept = append(kept, e)
		}
	}
	s.Effects = kept
}
