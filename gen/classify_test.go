package gen

import (
	"testing"

	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestClassifierIsClassify: the walk's classifier, which remembers the last ability's
// verdict over a position's legal actions, says what Classify says of each action alone,
// on the reference engine's positions (mana abilities, targets, choices).
func TestClassifierIsClassify(t *testing.T) {
	eng, err := engine.New(engine.Options{})
	require.NoError(t, err)
	g, err := New(nil, Steer{MaxPermanents: 20, Actions: PreferMana()})
	require.NoError(t, err)
	again, mana := 0, 0
	for seed := uint64(0); seed < 60; seed++ {
		tr := g.Run(NewTapeSource(seed), eng, 10)
		for _, st := range tr.Steps {
			cl := classifier{before: st.Before}
			for i := range st.Legal {
				a := &st.Legal[i]
				if i > 0 && a.Kind == harness.Activate && st.Legal[i-1].Kind == harness.Activate &&
					a.Card == st.Legal[i-1].Card && a.Ability == st.Legal[i-1].Ability {
					again++
				}
				got := cl.classify(a)
				require.Equal(t, Classify(st.Before, a), got, "seed %d: %s", seed, a)
				require.Equal(t, IsManaAbility(st.Before, a), got == CatMana, "seed %d: %s", seed, a)
				if got == CatMana {
					mana++
				}
			}
		}
	}
	assert.Positive(t, again, "some positions list an ability again: the remembered verdict is used")
	assert.Positive(t, mana)
}
