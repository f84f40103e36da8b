package campaign

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/gen"
)

// TestCardNeverDrawn: a card of the pool on no counted board is a health warning; one
// on a board is not.
func TestCardNeverDrawn(t *testing.T) {
	pool, err := gen.NewPool([]gen.Card{{Name: "Forest", Kind: gen.Basic | gen.Land}, {Name: "Unobtainium", Kind: gen.Artifact}})
	require.NoError(t, err)
	b := newStatsBuilder(pool)
	for range HealthMinCases - 1 {
		b.add(caseStats{cards: []uint64{1}}) // Forest only
	}
	assert.Empty(t, b.build(nil).Health, "too few cases to say")
	b.add(caseStats{cards: []uint64{1}})
	s := b.build(nil)
	assert.Equal(t, []CardCount{{"Forest", HealthMinCases}, {"Unobtainium", 0}}, s.Cards)
	assert.Equal(t, []string{"card Unobtainium of the pool is on no generated board"}, s.Health)
}
