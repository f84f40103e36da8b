package scenario_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
	_, replay := refReplayer(t, "order.yaml", head)

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

// TestTriggerCountsAndNothingTriggered: "times: N" counts the triggers of a card (or of
// one ability of it) since the previous expectations, and "triggered: []" says nothing
// triggered at all (CR 603.2); each fails, at its line, when the game says otherwise.
func TestTriggerCountsAndNothingTriggered(t *testing.T) {
	const head = `format: 1
ruling: historic.cast-only
title: counts
setup:
  turn: 3
  active: A
  step: main1
  A:
    battlefield: ["Jhoira, Weatherlight Captain", {card: Mountain, label: mountain}]
    hand: [{card: Ornithopter, label: first}, {card: Ornithopter, label: second}, Forest]
    library: [Island, Swamp]
actions:
  - A play Forest
  - expect:
      - triggered: []
  - A cast first
  - A pay {}
  - resolve
  - resolve
  - A cast second
  - do: A pay {}
    expect:
`
	const jhoira = "Whenever you cast a historic spell, draw a card. (Artifacts, legendaries, and Sagas are historic.)"
	_, replay := refReplayer(t, "counts.yaml", head)

	res := replay(`      - triggered: [{card: "Jhoira, Weatherlight Captain", times: 2}]
      - triggered: [{card: "Jhoira, Weatherlight Captain", ability: "` + jhoira + `", times: 2}]
  - do: A activate mountain mana
    expect:
      - triggered: none
`)
	assert.True(t, res.Passed, "%v", res.Failures)
	assert.Contains(t, strings.Join(res.Log, "\n"), `ok   line 15: triggered: []`)

	res = replay(`      - triggered: [{card: "Jhoira, Weatherlight Captain", times: 1}]
      - triggered: [{card: "Jhoira, Weatherlight Captain", ability: "` + jhoira + `", times: 3}]
      - triggered: []
`)
	assert.Equal(t, []string{
		`counts.yaml:23: expected Jhoira, Weatherlight Captain's abilities to trigger and go on the stack exactly once since the previous expectations (after 1 engine actions), got 2 times`,
		`counts.yaml:24: expected Jhoira, Weatherlight Captain's ability "` + jhoira + `" to trigger and go on the stack exactly 3 times since the previous expectations (after 1 engine actions), got 2 times`,
		`counts.yaml:25: expected nothing to trigger since the previous expectations (after 1 engine actions), got trigger: Jhoira, Weatherlight Captain (card 6): ` + jhoira + `; trigger: Jhoira, Weatherlight Captain (card 6): ` + jhoira,
	}, res.Failures)
}
