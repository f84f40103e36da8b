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
	_, err := newGame(setup, nil)
	require.Error(t, err, "not marked as a token")
	assert.Contains(t, err.Error(), `"Thopter" is a token`)

	setup.Players[0].Battlefield[0].Token = true
	s := start(t, setup)
	o := snapshot(s).Battlefield[0]
	assert.Equal(t, "Thopter", o.Name)
	assert.True(t, o.Token)
	assert.Equal(t, []string{"Flying"}, o.Abilities)
	assert.Equal(t, []string{"Artifact", "Creature"}, o.Types)
	require.NotNil(t, o.Power)
	assert.Equal(t, 1, *o.Power)

	setup = board(nil, nil)
	setup.Players[0].Hand = []h.CardSpec{{ID: 1, Name: "Thopter"}}
	_, err = newGame(setup, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `"Thopter" is a token`)
}

// TestSizedTokenInSetup: a setup places an X/X Shark with its size, the X of the effect
// that created it. That size is part of its copiable values (CR 111.3), so a Clone set up
// copying it is a 3/3 too (707.2), not the table's 0/0. A size on a token whose power and
// toughness are printed, or on a card, is an error that says what takes one.
func TestSizedTokenInSetup(t *testing.T) {
	setup := board([]string{"Shark", "Clone"}, nil)
	setup.Players[0].Battlefield[0].Token = true
	setup.Players[0].Battlefield[0].Size = 3
	setup.Players[0].Battlefield[1].Copying = []h.CardID{100}
	snap := snapshot(start(t, setup))
	require.Len(t, snap.Battlefield, 2)
	for _, o := range snap.Battlefield {
		assert.Equal(t, "Shark", o.Name)
		require.NotNil(t, o.Power)
		require.NotNil(t, o.Toughness)
		assert.Equal(t, [2]int{3, 3}, [2]int{*o.Power, *o.Toughness}, "%s#%d", o.Name, o.Card)
		assert.Equal(t, []string{"Flying"}, o.Abilities)
		require.NotNil(t, o.Copiable, "the creating effect's size is a copiable value")
		assert.Equal(t, 3, *o.Copiable.Power)
		assert.Equal(t, 3, *o.Copiable.Toughness)
	}
	assert.Equal(t, "Shark", snap.Battlefield[1].CopyOf)

	for _, tc := range []struct {
		name  string
		token bool
		want  string
	}{
		{"Thopter", true, "Thopter: size 2: this token's power and toughness are printed, not an X it is created with (the sized tokens: Shark)"},
		{"Grizzly Bears", true, "Grizzly Bears: size 2: this token's power and toughness are printed"},
		{"Grizzly Bears", false, "Grizzly Bears: size 2: only an X/X token takes a size, and this permanent is not a token"},
	} {
		setup := board([]string{tc.name}, nil)
		setup.Players[0].Battlefield[0].Token = tc.token
		setup.Players[0].Battlefield[0].Size = 2
		_, err := newGame(setup, nil)
		require.Error(t, err, tc.name)
		assert.Contains(t, err.Error(), tc.want)
	}
}

// TestSetupCounters: a setup's counters are on the permanent, each kind as many as it
// says; an unknown kind is an error naming the first unknown one in order, however the
// map is read.
func TestSetupCounters(t *testing.T) {
	setup := board([]string{"Grizzly Bears"}, nil)
	setup.Players[0].Battlefield[0].Counters = map[string]int{"+1/+1": 2, "charge": 1}
	s := start(t, setup)
	o := s.obj(s.Battlefield[0])
	assert.Equal(t, 2, o.Counters[PlusOne])
	assert.Equal(t, 1, o.Counters[Charge])
	assert.Equal(t, 0, o.Counters[Loyalty])

	setup.Players[0].Battlefield[0].Counters = map[string]int{"zz": 1, "+1/+1": 1, "bb": 1, "yy": 1}
	for range 20 {
		_, err := newGame(setup, nil)
		require.Error(t, err)
		assert.Contains(t, err.Error(), `unknown counter kind "bb"`)
	}
}

// TestSetupNegativeSize: a setup giving a permanent a negative size is refused, naming the
// card and the size (the check comes before whether it may take a size at all).
func TestSetupNegativeSize(t *testing.T) {
	setup := board([]string{"Grizzly Bears"}, nil)
	setup.Players[0].Battlefield[0].Size = -1
	_, err := newGame(setup, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "setup: Grizzly Bears: size -1: want 0 or more")
}

// TestSetupIsOnlyRead: starting a game numbers the cards given without an ID in a copy of
// its own: the caller's setup is as it was, so a harness can start it again, compare it
// or start it from several workers at once.
func TestSetupIsOnlyRead(t *testing.T) {
	setup := board([]string{"Forest", "Grizzly Bears"}, []string{"Island"})
	setup.Players[0].Hand = []h.CardSpec{{Name: "Llanowar Elves"}}
	setup.Players[1].Library = []h.CardSpec{{Name: "Island"}, {Name: "Forest"}}
	before := setup.Clone()
	s := start(t, setup)
	assert.Equal(t, before, setup, "the caller's setup after the game started")
	assert.NotZero(t, snapshot(s).Players[0].Hand[0].Card, "the game's own copy is numbered")
}
