package props

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func ids(ps []*Property) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.ID)
	}
	return out
}

func TestMatch(t *testing.T) {
	tests := []struct {
		pattern string
		want    []string
		reason  string
	}{
		{"cost.tap-symbol", []string{"cost.tap-symbol", "cost.tap-symbol/attack"}, "an ID selects its sub-properties"},
		{"mana.tapped-*", []string{"mana.outcomes", "mana.tapped-replacement", "mana.tapped-trigger"}, "a glob over IDs and ruling IDs (mana.outcomes names both rulings)"},
		{"mana.undefined-type", []string{"mana.could-produce/relations", "mana.outcomes", "mana.undefined-type"}, "a ruling ID selects every property naming it"},
		{"invariant.pool, x.*", []string{"invariant.pool", "x.etb-uses-spell-x"}, "comma-separated terms, spaces ignored"},
		{"mana.*", []string{"mana.could-produce", "mana.could-produce/relations", "mana.outcomes", "mana.tap-for-mana", "mana.tapped-replacement",
			"mana.tapped-trigger", "mana.undefined-type"}, "'*' crosses the '/' of sub-properties"},
		{"*/attack", []string{"cost.tap-symbol/attack"}, "a glob on the sub-property part"},
		{"nothing.here", nil, "selects nothing"},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, ids(Match(tc.pattern)), "%s: %s", tc.pattern, tc.reason)
	}
	assert.Len(t, Match(""), len(All()), "empty: everything")
}

func TestSelectErrors(t *testing.T) {
	ps, err := Select("mana.undefined-type,nothing.here,[bad")
	require.Error(t, err)
	assert.Contains(t, err.Error(), `"nothing.here" selects no property`)
	assert.Contains(t, err.Error(), `"[bad" is not a valid pattern`)
	assert.Equal(t, []string{"mana.could-produce/relations", "mana.outcomes", "mana.undefined-type"}, ids(ps), "the good terms still select")
	_, err = Select("invariant.*")
	assert.NoError(t, err)
}

func TestByID(t *testing.T) {
	require.NotNil(t, ByID("invariant.sba"))
	assert.Equal(t, []string{"704.3", "704.5f", "704.5g", "704.5i", "704.5j", "704.5m", "704.5n"}, ByID("invariant.sba").Rules)
	assert.Nil(t, ByID("invariant"), "IDs match exactly")
	a, b := ByID("invariant.sba"), ByID("invariant.sba")
	a.Description = "changed"
	assert.NotEqual(t, a.Description, b.Description, "each call builds fresh values")
}
