package engine

import (
	"fmt"
	"testing"

	h "github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTriggerOrderAskedAfterSBAs: two Hangarback Walkers with lethal damage die at once
// (CR 704.5g, 704.3); their controller orders the two "dies" triggers (603.3b). The
// decision is asked in the state after the state-based actions: both in the graveyard, the
// battlefield without them, nothing yet on the stack.
func TestTriggerOrderAskedAfterSBAs(t *testing.T) {
	setup := board([]string{"Hangarback Walker", "Hangarback Walker", "Forest"}, nil)
	for i := 0; i < 2; i++ {
		pm := &setup.Players[0].Battlefield[i]
		pm.Counters, pm.Damage = map[string]int{"+1/+1": 1 + i}, 1+i
	}
	s := start(t, setup)
	require.NotNil(t, s.Decision, "A orders the two triggers")
	snap := snapshot(s)
	require.NotNil(t, snap.Pending)
	assert.Len(t, snap.Pending.Options, 2)
	require.Len(t, snap.Battlefield, 1, "the Walkers died before the triggers are ordered")
	assert.Equal(t, "Forest", snap.Battlefield[0].Name)
	require.Len(t, snap.Players[h.A].Graveyard, 2)
	for _, o := range snap.Players[h.A].Graveyard {
		assert.Equal(t, "Hangarback Walker", o.Name)
		assert.Zero(t, o.Damage, "damage doesn't follow a card to the graveyard")
	}
	assert.Empty(t, snap.Stack)

	// Ordering the first trigger shows it on the stack; the second goes on top by itself.
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Choose, Choices: []string{h.Choice(h.ChoiceOption, snap.Pending.Options[1])}})
	assert.Nil(t, s.Decision)
	require.Len(t, s.Stack, 2)
	assert.Equal(t, h.A, s.Priority)
	first := snapshot(s).Stack[0]
	assert.Equal(t, snap.Pending.Options[1], fmt.Sprintf("%s (card %d): %s", first.Name, first.Card, first.Text),
		"the trigger chosen first goes on the stack first")
}

// TestSBAChecksShowTheBoardBeforeEachCheck: Walking Ballista's ping resolves and leaves
// the Elves with lethal damage; the check before A receives priority again sees them with
// it and destroys them (CR 704.5g, 704.3), and the check after it finds nothing. The
// snapshots around the pass don't show that board: the Elves are undamaged before it and
// gone after it. The state the query reaches is not kept.
func TestSBAChecksShowTheBoardBeforeEachCheck(t *testing.T) {
	setup := board([]string{"Walking Ballista"}, []string{"Llanowar Elves"})
	setup.Players[0].Battlefield[0].Counters = map[string]int{"+1/+1": 2}
	s := start(t, setup)
	var ping h.Action
	for _, a := range legalActions(s) {
		if a.Kind == h.Activate && len(a.Targets) == 1 && a.Targets[0].Card == 200 {
			ping = a
		}
	}
	require.NotZero(t, ping.Kind, "Walking Ballista may ping the Elves")
	s = apply(t, s, ping)
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Pay})
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Pass})
	before := snapshot(s)
	ref, err := New(Options{})
	require.NoError(t, err)
	checks, err := ref.SBAChecks(s, h.Action{Player: h.B, Kind: h.Pass})
	require.NoError(t, err)
	require.Len(t, checks, 2)
	elves := checks[0].Board.Permanent(200)
	require.NotNil(t, elves, "the Elves are on the board the first check sees")
	assert.Equal(t, 1, elves.Damage)
	require.NotEmpty(t, checks[0].Events)
	assert.Equal(t, h.Event{Kind: "sba", Player: h.B, Card: 200, Rule: "704.5g", Text: "Llanowar Elves is put into its owner's graveyard (CR 704.5g)"}, checks[0].Events[0])
	assert.Nil(t, checks[1].Board.Permanent(200))
	assert.Empty(t, checks[1].Events, "the second check finds nothing to do")
	assert.Equal(t, before, snapshot(s), "the query changes nothing")
	assert.False(t, s.sbaChecksOn)
}
