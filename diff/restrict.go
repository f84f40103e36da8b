package diff

import (
	"slices"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// restricted is an engine whose legal actions are cut down to the kinds another engine
// supports too, so that the walk never takes an action the follower can't express.
type restricted struct {
	harness.Engine
	kinds harness.Support
}

func (r restricted) Legal(st harness.State) ([]harness.Action, error) {
	legal, err := r.Engine.Legal(st)
	return slices.DeleteFunc(legal, func(a harness.Action) bool { return !r.kinds.Action(a.Kind) }), err
}

// restrictedMana is restricted for an engine that answers the mana queries.
type restrictedMana struct {
	restricted
	harness.ManaQueries
}

// restrict cuts eng's legal actions down to the kinds s supports; queries stay as they are.
func restrict(eng harness.Engine, s harness.Support) harness.Engine {
	if s.Actions == nil {
		return eng
	}
	r := restricted{eng, harness.Support{Actions: s.Actions}}
	if mq, ok := harness.ManaQueriesOf(eng); ok {
		return restrictedMana{r, mq}
	}
	return r
}
