package scenario_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/scenario"
)

// TestChooseTriggerBySource: at the decision that orders A's upkeep triggers (CR 603.3b),
// "A choose REF" takes the trigger whose source REF names; a name two sources share is an
// error that lists both triggers, as lines to paste.
func TestChooseTriggerBySource(t *testing.T) {
	const head = `format: 1
ruling: rules.triggers
title: order by source
setup:
  turn: 3
  active: B
  step: end
  A:
    library: [Swamp]
    battlefield:
      - {card: Mana Vault, label: first, tapped: true}
      - {card: Mana Vault, label: second, tapped: true}
      - Contamination
      - Grizzly Bears
actions:
  - pass until A upkeep
`
	eng, err := engine.New(engine.Options{})
	require.NoError(t, err)
	replay := func(lines string) *scenario.Result {
		sc, err := refVocab().Parse("order.yaml", []byte(head+lines))
		require.NoError(t, err)
		return scenario.Replay(eng, sc)
	}

	res := replay("  - A choose Mana Vault#2\n  - do: A choose Contamination\n    expect: [stack: [Mana Vault, Contamination, Mana Vault]]\n")
	assert.True(t, res.Passed, "%v", res.Failures)

	res = replay("  - A choose Mana Vault\n")
	require.Len(t, res.Failures, 1)
	assert.Equal(t, `order.yaml:17: "A choose option:Mana Vault": 2 of the triggers to order have Mana Vault as their source; name one by a label or Name#id, or write its whole option:
      A choose option:Mana Vault (card 2): At the beginning of your upkeep, you may pay {4}. If you do, untap this artifact.
      A choose option:Mana Vault (card 3): At the beginning of your upkeep, you may pay {4}. If you do, untap this artifact.`, res.Failures[0])

	res = replay("  - A choose Grizzly Bears\n")
	require.Len(t, res.Failures, 1)
	assert.Contains(t, res.Failures[0], `"A choose option:Grizzly Bears" is not a legal action here; the engine offers 3:`,
		"a card with no trigger to order is no option")
}
