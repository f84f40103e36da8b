package campaign_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props"
)

// dropsPeriods is the reference engine writing ability texts without their final period:
// texts the properties can't read.
type dropsPeriods struct{ *engine.Reference }

func (e dropsPeriods) Observe(st harness.State) (harness.Snapshot, error) {
	snap, err := e.Reference.Observe(st)
	s := snap.Clone() // the engine's snapshots are read only
	for i := range s.Battlefield {
		for j, a := range s.Battlefield[i].Abilities {
			s.Battlefield[i].Abilities[j] = strings.TrimSuffix(a, ".")
		}
	}
	return s, err
}

// TestUnreadableTextIsAnEngineError: a property that would abstain on texts it can't read
// is not silently passed or vacuous: the engine errored, and the text is named.
func TestUnreadableTextIsAnEngineError(t *testing.T) {
	rep, err := campaign.Run(context.Background(), campaign.Config{
		Engine: func() (harness.Engine, error) {
			ref, err := engine.New(engine.Options{})
			return dropsPeriods{ref}, err
		},
		Props: props.Match("mana.undefined-type"), Seed: 1, Checks: 50, ShrinkBudget: 200,
	})
	require.NoError(t, err)
	p := rep.Props[0]
	assert.Equal(t, campaign.Errored, p.Outcome)
	require.NotNil(t, p.Failure)
	assert.Contains(t, p.Failure.Error, "which is no printed Oracle text")
	assert.Contains(t, p.Failure.Error, `printed: ["`)
}
