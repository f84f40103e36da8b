package campaign_test

import (
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/gen"
)

// TestDefaultPoolIsTheEnginePool: the generator's pool, derived from the cards table, is
// the reference engine's: every card the engine defines is generated, with the kind the
// engine's own snapshot gives it (the engine reports the printed texts the pool was
// classified from).
func TestDefaultPoolIsTheEnginePool(t *testing.T) {
	eng, err := engine.New(engine.Options{})
	require.NoError(t, err)
	probed, err := gen.ProbePool(eng, engine.CardNames())
	require.NoError(t, err)
	var names []string
	for _, c := range gen.DefaultPool().Cards() {
		names = append(names, c.Name)
		p, ok := probed.Card(c.Name)
		if assert.True(t, ok, c.Name) {
			assert.Equal(t, p.Kind, c.Kind, "%s: kind from the cards table vs the engine's", c.Name)
		}
	}
	sort.Strings(names)
	assert.Equal(t, engine.CardNames(), names, "the pool lists the engine's cards")
}
