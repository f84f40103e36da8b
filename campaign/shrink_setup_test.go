package campaign_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/internal/gentest"
	"github.com/mtgfuzz/mtgfuzz/props"
	"github.com/mtgfuzz/mtgfuzz/scenario"
)

func faultRun(t *testing.T, fault, propsPattern string, checks int, dir string) *campaign.PropResult {
	t.Helper()
	rep, err := campaign.Run(context.Background(), campaign.Config{
		Engine: pinnedReference(fault),
		Props:  props.Match(propsPattern), Seed: 1, Checks: checks, Workers: 1,
		Found: func(p *props.Property, f *campaign.Failure) {
			if dir != "" {
				require.NoError(t, saveFound(dir, fault)(p, f))
			}
		},
	})
	require.NoError(t, err)
	require.Len(t, rep.Props, 1)
	require.NotNil(t, rep.Props[0].Failure, "the fault %s is caught", fault)
	return &rep.Props[0]
}

// TestSetupStageTakesOutThePadding: the planeswalker recipe pads every board with lands
// (twelve permanents where the tape stage ends); the setup stage leaves what casting the
// Spark Double needs, renumbered, and the choice that names the copied Jace names it by
// its new card number.
func TestSetupStageTakesOutThePadding(t *testing.T) {
	p := faultRun(t, "copy.planeswalker-loyalty/enters-without-loyalty", "copy.planeswalker-loyalty", 25, "")
	f := p.Failure
	names := gentest.Permanents(&f.Setup)
	assert.LessOrEqual(t, len(names), 4, "at most 2 Islands, a Mana Flare and Jace: %v", names)
	assert.Greater(t, f.Original.Permanents, len(names))
	assert.Contains(t, names, "Jace Beleren")
	var jace harness.CardID
	for _, pm := range f.Setup.Players[0].Battlefield {
		if pm.Name == "Jace Beleren" {
			jace = pm.ID
		}
	}
	last := f.Actions[len(f.Actions)-1]
	assert.Equal(t, harness.Choose, last.Kind)
	assert.Equal(t, []string{fmt.Sprintf("option:copy Jace Beleren (card %d)", jace)}, last.Choices)
	for i, c := range f.Setup.Cards() {
		assert.Equal(t, harness.CardID(i+1), c.ID, "cards numbered 1, 2, ... in setup order")
	}
	assert.Contains(t, f.Violations[0].Message, "entered as a copy of Jace Beleren")
}

// TestSavedCounterexamplePassesUntil: a counterexample that waits for the end step is
// saved with its run of passes as one "pass until" line, and the file still fails on the
// faulty engine and holds on the reference engine.
func TestSavedCounterexamplePassesUntil(t *testing.T) {
	const fault = "rules.turn/effects-end-at-end-step"
	f := faultRun(t, fault, "rules.turn", 57, t.TempDir()).Failure
	require.NotEmpty(t, f.CorpusPath)
	sc, err := scenario.Load(f.CorpusPath)
	require.NoError(t, err)
	var lines []string
	for _, st := range sc.Steps {
		if st.Action != nil {
			lines = append(lines, st.Action.String())
		}
	}
	assert.Greater(t, len(f.Actions), len(lines)+1, "several passes to the end step, saved as one line: %v", lines)
	assert.LessOrEqual(t, len(lines), 5, "%v", lines)
	assert.Equal(t, "pass until end", lines[len(lines)-1])
	assert.Contains(t, f.Log, "pass until end")
	faulty, _ := engine.New(engine.Options{Faults: []string{fault}})
	res := scenario.Replay(faulty, sc)
	assert.False(t, res.Passed, "the saved scenario fails on the faulty engine")
	assert.Equal(t, f.Actions, res.Trace.Actions(), "taking the very same actions")
	ref, _ := engine.New(engine.Options{})
	assert.True(t, scenario.Replay(ref, sc).Passed, "and holds on the reference engine")
	explained, err := scenario.Explain(ref, sc)
	require.NoError(t, err)
	assert.Regexp(t, `line \d+: pass until end\n(    \. .*\n)*  \d+ passes\n`, explained, "explain shows the line, the events and how many passes")
	assert.NotContains(t, explained, "  B: pass\n")
}

// TestSetupStageDropsTheLegendRuleChoice: the tape stage leaves five Jaces, whose legend
// rule choice opens the case; the setup stage keeps the one the Resonance copies, and the
// choice, which no longer arises, goes with the others.
func TestSetupStageDropsTheLegendRuleChoice(t *testing.T) {
	f := faultRun(t, "copy.planeswalker-loyalty/loyalty-on-becoming", "copy.planeswalker-loyalty", 76, "").Failure
	jaces := 0
	for _, name := range gentest.Permanents(&f.Setup) {
		if name == "Jace Beleren" {
			jaces++
		}
	}
	assert.Equal(t, 1, jaces, "%v", gentest.Permanents(&f.Setup))
	assert.Greater(t, f.Original.Permanents, 5)
	for _, a := range f.Actions {
		for _, c := range a.Choices {
			assert.NotContains(t, c, "keep", "no legend rule choice is left")
		}
	}
	assert.Contains(t, f.Violations[0].Message, "became a copy of Jace Beleren")
}
