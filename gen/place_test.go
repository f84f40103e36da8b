package gen

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// TestPlaceReadsAsTheGameLogNumbers: actions count from 1, as the game log numbers them;
// the start is its own phrase, and the action shows in parentheses when known.
func TestPlaceReadsAsTheGameLogNumbers(t *testing.T) {
	pass := harness.Action{Kind: harness.Pass, Player: harness.A}
	actions := []harness.Action{pass}
	for _, c := range []struct {
		p    Place
		want string
	}{
		{Place{Step: -1}, "at the start"},
		{Place{Step: -1, During: true, Action: "ignored"}, "at the start"},
		{Place{Step: 0}, "after action 1"},
		{Place{Step: 2, During: true}, "action 3"},
		{PlaceAfter(actions, 0), "after action 1 (" + pass.String() + ")"},
		{PlaceAfter(actions, 1), "after action 2"}, // beyond the actions: no name to give
		{PlaceAfter(actions, -1), "at the start"},
	} {
		assert.Equal(t, c.want, c.p.String())
	}
}

// TestEngineErrorPlaces: an engine error names its place as Place does: at the action
// being taken, or after an action for a property's question about the game after it
// (not "at after action 2").
func TestEngineErrorPlaces(t *testing.T) {
	err := errors.New("boom")
	assert.Equal(t, "engine failed at action 2 (apply): boom", (&EngineError{Step: 1, Op: "apply", Err: err}).Error())
	assert.Equal(t, "engine failed after action 2 (check): boom", (&EngineError{Step: 1, Op: "check", Err: err}).Error())
	assert.Equal(t, "engine failed at the start (check): boom", (&EngineError{Step: -1, Op: "check", Err: err}).Error())
	assert.Equal(t, "engine failed at setup (setup): boom", (&EngineError{Step: -1, Op: "setup", Err: err}).Error())
}
