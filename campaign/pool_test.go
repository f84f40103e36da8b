package campaign_test

import (
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/gen"
)

// TestDefaultPoolIsTheEnginePool keeps the generator's built-in card table in step with
// the reference engine: every card the engine defines is generated, with the kind the
// engine's own snapshot gives it. A card added to the engine but not to
// gen/defaultpool.go fails here.
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
			assert.Equal(t, p.Kind, c.Kind, "%s: kind in gen/defaultpool.go vs the engine's", c.Name)
		}
	}
	sort.Strings(names)
	assert.Equal(t, engine.CardNames(), names, "gen/defaultpool.go lists the engine's cards")
}
