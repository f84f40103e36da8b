package scenario_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/scenario"
)

// quietEngine is the reference engine declaring that it reports no zone changes and no
// taps, as a port that doesn't send those events would.
type quietEngine struct{ harness.Engine }

func (quietEngine) Supports() harness.Support {
	return harness.Support{Reported: []harness.Report{harness.ReportLinks, harness.ReportTriggers}}
}

// TestHappenedReadsTheEventsBetweenCheckpoints: a token that state-based actions put
// into the graveyard, where it ceases to exist (CR 704.5g, 704.5d), and the untap step,
// where nobody gets priority (502.4), are seen through "happened:"; an entry the events
// contradict fails at its line with what did happen; an engine that doesn't report the
// events makes the scenario unsupported ("not reported").
func TestHappenedReadsTheEventsBetweenCheckpoints(t *testing.T) {
	const head = `format: 1
ruling: rules.sba
title: events
setup:
  turn: 3
  active: A
  step: main1
  A:
    pool: "{R}"
    hand: [Spark Spray]
    battlefield: [{card: Forest, label: forest, tapped: true}]
  B:
    battlefield: [{card: Thopter, token: true, label: thopter}]
    library: [Swamp, Island]
actions:
  - A cast Spark Spray targeting thopter
  - A pay {R}
  - do: resolve
    expect:
`
	eng, _ := refReplayer(t, "events.yaml", head)
	parse := func(lines string) *scenario.Scenario { return refParse(t, "events.yaml", head+lines) }

	pass := parse(`      - happened: [{card: thopter, event: moved, from: battlefield, to: graveyard}]
      - not_happened: [{card: thopter, event: moved, to: exile}, {card: forest, event: untapped}]
      - graveyard: {B: []}
  - do: pass until turn 5 A upkeep
    expect:
      - happened: [{card: forest, event: untapped}, {card: Swamp, event: moved, from: library, to: hand}]
`)
	res := scenario.Replay(eng, pass)
	assert.True(t, res.Passed, "%v", res.Failures)
	log, err := scenario.Explain(eng, pass)
	require.NoError(t, err)
	assert.Contains(t, log, "    . untaps Forest (CR 502.3)\n", "the explained log shows what the untap step did")
	assert.Contains(t, log, "  ok   line 20: happened: [{card: thopter, event: moved, from: battlefield, to: graveyard}]\n")
	assert.Empty(t, scenario.Unsupported(pass, harness.SupportOf(eng)))

	res = scenario.Replay(eng, parse(`      - happened: [{card: thopter, event: moved, to: exile}, {card: forest, event: untapped}]
      - not_happened: [{card: thopter, event: moved, from: battlefield}]
`))
	assert.Equal(t, []string{
		"events.yaml:20: expected thopter to move to exile since the start, got: only Thopter: battlefield -> graveyard",
		"events.yaml:20: expected forest to become untapped since the start, got: it didn't",
		"events.yaml:21: expected thopter not to move from battlefield since the start, got: Thopter: battlefield -> graveyard",
	}, res.Failures)

	quiet := quietEngine{eng}
	assert.Equal(t, "needs reports of zone_changes (not reported); reports of taps (not reported)", scenario.Unsupported(pass, harness.SupportOf(quiet)))
	res = scenario.Replay(quiet, pass)
	assert.Contains(t, res.Failures, "events.yaml:20: happened: not reported: the engine reference declares it doesn't report zone_changes, so this can't be judged")
}
