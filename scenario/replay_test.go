package scenario_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/scenario"
)

const toyHeader = `format: 1
ruling: mana.undefined-type
title: toy
setup:
  turn: 3
  active: A
  step: main1
  A:
    battlefield: [{card: Forest, label: a-forest}, Island, Prism, Bomb, Brick]
  B:
    battlefield: [{card: Forest, label: b-forest}]
actions:
`

func replayToy(t *testing.T, body string) *scenario.Result {
	t.Helper()
	sc, err := scenario.Parse("toy.yaml", []byte(toyHeader+body))
	require.NoError(t, err)
	return scenario.Replay(toyEngine{}, sc)
}

func TestReplayReportsEachFailureAtItsLine(t *testing.T) {
	res := replayToy(t, `  - do: A activate Forest mana           # line 13
    expect:
      - pool: {A: "{G}{G}"}                # line 15: wrong, one Forest makes {G}
      - tapped: [a-forest, Island]         # line 16: wrong for Island
      - illegal: A activate Forest mana    # right: it is tapped now
      - legal: A activate Island mana      # right
      - life: {A: 19, B: 20}               # line 19: wrong for A
      - offered: {card: Prism, outcomes: ["{W}", "{U}"]}
      - could_produce: {card: b-forest, types: U}   # line 21: wrong
`)
	assert.False(t, res.Passed)
	assert.Equal(t, []string{
		"toy.yaml:15: expected A's pool {G}{G}, got {G}",
		"toy.yaml:16: expected Island tapped, got untapped",
		"toy.yaml:19: expected A's life 19, got 20",
		"toy.yaml:21: expected b-forest could produce U, got G",
	}, res.Failures)
	log := strings.Join(res.Log, "\n")
	assert.Contains(t, log, "line 13: A activate Forest mana")
	assert.Contains(t, log, "A: life 20, pool {G}; battlefield: Forest#1 (tapped), Island#2, Prism#3, Bomb#4, Brick#5")
	assert.Contains(t, log, "ok   line 17: illegal: A activate Forest mana")
	require.NotNil(t, res.Trace)
	assert.Len(t, res.Trace.Steps, 1)
}

func TestReplayNoMatchListsOffers(t *testing.T) {
	res := replayToy(t, "  - A activate Forest mana\n  - A activate Forest mana\n  - A activate Island mana\n")
	require.Len(t, res.Failures, 1, "the replay stops at the action it can't take")
	assert.Equal(t, `toy.yaml:14: "A activate Forest mana" is not a legal action here; the engine offers 6:
      A activate Island mana
      A activate Prism mana choosing type:W
      A activate Prism mana choosing type:U
      A activate Bomb mana
      A activate Brick mana
      A pass`, res.Failures[0][:strings.Index(res.Failures[0], "A pass")+len("A pass")])
}

func TestReplayAmbiguousLine(t *testing.T) {
	res := replayToy(t, "  - A activate Prism mana\n")
	assert.Equal(t, []string{`toy.yaml:13: "A activate Prism mana" matches 2 legal actions; say which:
      A activate Prism mana choosing type:W
      A activate Prism mana choosing type:U`}, res.Failures)
	ok := replayToy(t, "  - do: A activate Prism mana choosing type:U\n    expect: [pool: {A: \"{U}\"}]\n")
	assert.True(t, ok.Passed, "%v", ok.Failures)
}

func TestReplaySurvivesEnginePanicAndRefusal(t *testing.T) {
	res := replayToy(t, "  - A activate Bomb mana\n  - A pass\n")
	assert.Equal(t, []string{`toy.yaml:13: the engine refused "A activate Bomb mana" (A: activate Bomb ability 0): the engine panicked in Apply: boom`}, res.Failures)
	res = replayToy(t, "  - A activate Brick mana\n")
	assert.Equal(t, []string{`toy.yaml:13: the engine refused "A activate Brick mana" (A: activate Brick ability 0): CR 605.3a: the brick won't budge`}, res.Failures)
}

func TestReplayUnknownReference(t *testing.T) {
	res := replayToy(t, "  - A activate Forrest mana\n  - expect: [tapped: [Forest]]\n")
	assert.Equal(t, []string{`toy.yaml:13: no card labelled or named "Forrest"`}, res.Failures)
	res = replayToy(t, "  - expect: [tapped: [Forest]]\n")
	assert.Equal(t, []string{`toy.yaml:13: 2 cards are named "Forest" (Forest#1, Forest#6): give the one you mean a label`}, res.Failures)
	res = replayToy(t, "  - expect: [untapped: [\"Island#3\"]]\n")
	assert.Equal(t, []string{`toy.yaml:13: "Island#3": card #3 is Prism, not Island`}, res.Failures)
}

func TestReplayPassUntil(t *testing.T) {
	res := replayToy(t, `  - do: pass until B upkeep
    expect:
      - step: {turn: 4, active: B, step: upkeep, priority: B}
  - do: pass until turn 5 main1
    expect:
      - step: {turn: 5, active: A, step: main1}
      - untapped: [a-forest]
`)
	assert.True(t, res.Passed, "%v", res.Failures)
	res = replayToy(t, "  - pass until turn 2 upkeep\n")
	assert.Equal(t, []string{"toy.yaml:13: pass until turn 2 upkeep: turn 2 is over; this is turn 3"}, res.Failures)
	res = replayToy(t, "  - pass until turn 4 A upkeep\n")
	assert.Equal(t, []string{"toy.yaml:13: pass until turn 4 A upkeep: never got there; stopped at turn 5 (A), untap, priority A"}, res.Failures,
		"turn 4 is B's: the helper stops once turn 4 is over")
}

func TestExplainKeepsTheLogOfAFailure(t *testing.T) {
	sc, err := scenario.Parse("toy.yaml", []byte(toyHeader+"  - do: A activate Island mana\n    expect: [pool: {A: \"{G}\"}]\n"))
	require.NoError(t, err)
	text, err := scenario.Explain(toyEngine{}, sc)
	assert.EqualError(t, err, "toy.yaml:14: expected A's pool {G}, got {U}")
	assert.Contains(t, text, "scenario toy.yaml\n")
	assert.Contains(t, text, "    . adds {U}\n")
	assert.Contains(t, text, "  FAIL line 14: expected A's pool {G}, got {U}\n")
}
