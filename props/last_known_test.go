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
