package engine

import (
	"testing"

	h "github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTokenInSetup: a token the pool creates (Hangarback Walker's Thopter) can be placed
// on the battlefield by a setup that marks it as a token; as a card, or in a hand, it is
// an error naming it.
func TestTokenInSetup(t *testing.T) {
	setup := board([]string{"Thopter"}, nil)
	_, err := NewGame(setup, nil)
	require.Error(t, err, "not marked as a token")
	assert.Contains(t, err.Error(), `"Thopter" is a token`)

	setup.Players[0].Battlefield[0].Token = true
	s := start(t, setup)
	o := Snapshot(s).Battlefield[0]
	assert.Equal(t, "Thopter", o.Name)
	assert.True(t, o.Token)
	assert.Equal(t, []string{"Flying"}, o.Abilities)
	assert.Equal(t, []string{"Artifact", "Creature"}, o.Types)
	require.NotNil(t, o.Power)
	assert.Equal(t, 1, *o.Power)

	setup = board(nil, nil)
	setup.Players[0].Hand = []h.CardSpec{{ID: 1, Name: "Thopter"}}
	_, err = NewGame(setup, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `"Thopter" is a token`)
}
