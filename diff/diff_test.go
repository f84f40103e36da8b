package diff_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/diff"
	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/props"
)

// config compares a and b on 300 cases aimed at every property's situation.
func config(a, b *engine.Reference) diff.Config {
	return diff.Config{A: a, B: b, Seed: 1, Cases: 300, Steers: props.Steers()}
}

func TestTheReferenceAgreesWithItself(t *testing.T) {
	a, _ := engine.New(engine.Options{})
	b, _ := engine.New(engine.Options{})
	res, err := diff.Run(context.Background(), config(a, b))
	require.NoError(t, err)
	assert.Nil(t, res.Diverged)
	assert.Equal(t, 300, res.Cases)
}

// TestADivergenceIsFoundAndShrunk: against the reference engine with a fault on, the
// first divergence is in what the fault changes, shrunk to a small case.
func TestADivergenceIsFoundAndShrunk(t *testing.T) {
	a, _ := engine.New(engine.Options{})
	b, _ := engine.New(engine.Options{Faults: []string{"mana.undefined-type/gives-colorless"}})
	res, err := diff.Run(context.Background(), config(a, b))
	require.NoError(t, err)
	d := res.Diverged
	require.NotNil(t, d)
	assert.Positive(t, d.Shrinks)
	require.NotEmpty(t, d.Differences)
	x := d.Differences[0]
	assert.True(t, strings.HasPrefix(x.Path, "could_produce") || strings.HasPrefix(x.Path, "mana_outcomes") || strings.HasPrefix(x.Path, "legal"), x.Path)
	perms := len(d.Setup.Players[0].Battlefield) + len(d.Setup.Players[1].Battlefield)
	assert.LessOrEqual(t, perms, 2, "shrunk to the permanent whose mana is undefined (and perhaps one more)")
	assert.NotEmpty(t, d.Log)
}
