package props

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

func TestSetupCopiable(t *testing.T) {
	pm := func(id harness.CardID, name string, copying ...harness.CardID) harness.PermanentSpec {
		return harness.PermanentSpec{CardSpec: harness.CardSpec{ID: id, Name: name}, Copying: copying}
	}
	setup := harness.Setup{}
	setup.Players[A].Battlefield = []harness.PermanentSpec{
		pm(1, "Hill Giant"),
		pm(2, "Crystalline Resonance", 1),
		pm(3, "Clone", 2),                    // a copy of a copy: Hill Giant with Resonance's ability
		pm(4, "Cryptoplasm", 5),              // 4 and 5 copy each other
		pm(5, "Crystalline Resonance", 1, 4), // the newest, 4, wins
	}
	resonance := copyAbilityText("Crystalline Resonance")

	cv, ok := setupCopiable(&setup, &setup.Players[A].Battlefield[2])
	require.True(t, ok)
	assert.Equal(t, "Hill Giant", cv.Name)
	assert.Equal(t, []string{resonance}, cv.Abilities, "Resonance's exception is a copiable value (CR 707.9a); Clone adds none")

	_, ok = setupCopiable(&setup, &setup.Players[A].Battlefield[3])
	assert.False(t, ok, "a loop: which copy effect started first is the setup's order")
	_, ok = setupCopiable(&setup, &setup.Players[A].Battlefield[4])
	assert.False(t, ok, "an older effect in the loop still orders it")

	was, ok := setupLeftAs(&setup, &setup.Players[A].Battlefield[1], &harness.Object{Card: 2, Name: "Crystalline Resonance", Zone: harness.Graveyard})
	require.True(t, ok)
	assert.Equal(t, "Hill Giant", was.Name)
	assert.True(t, isCreature(&was), "it left the battlefield a creature")
	assert.Equal(t, harness.Graveyard, was.Zone, "only the characteristics change")
}

// TestSetupCopiableSizedToken: a setup's X/X token has the size the setup gives it as
// copiable values (CR 111.3), and so does a copy of it (707.2), not the table's 0/0.
func TestSetupCopiableSizedToken(t *testing.T) {
	setup := harness.Setup{}
	setup.Players[A].Battlefield = []harness.PermanentSpec{
		{CardSpec: harness.CardSpec{ID: 1, Name: "Shark"}, Token: true, Size: 3},
		{CardSpec: harness.CardSpec{ID: 2, Name: "Clone"}, Copying: []harness.CardID{1}},
	}
	for i := range setup.Players[A].Battlefield {
		cv, ok := setupCopiable(&setup, &setup.Players[A].Battlefield[i])
		require.True(t, ok)
		assert.Equal(t, "Shark", cv.Name)
		require.NotNil(t, cv.Power)
		require.NotNil(t, cv.Toughness)
		assert.Equal(t, [2]int{3, 3}, [2]int{*cv.Power, *cv.Toughness})
	}
}
