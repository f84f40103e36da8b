package scenario_test

import (
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/scenario"
)

// sameScenario compares scenarios, leaving out positions and paths (a written file has
// its own lines).
var sameScenario = cmp.Options{cmpopts.IgnoreTypes(scenario.Pos{}), cmpopts.IgnoreFields(scenario.Scenario{}, "Path")}

// TestRoundTrip: Marshal then Parse gives the same scenario, for every scenario of the
// corpus and the every-key fixture, and Marshal is stable (a written file rewrites to
// itself, byte for byte).
func TestRoundTrip(t *testing.T) {
	scs, err := scenario.LoadDir(corpusDir(t))
	require.NoError(t, err)
	fixture, err := scenario.Load(filepath.Join("testdata", "good", "every-key.yaml"))
	require.NoError(t, err)
	scs = append(scs, fixture)
	for _, sc := range scs {
		t.Run(filepath.Base(sc.Path), func(t *testing.T) {
			out := scenario.Marshal(sc)
			back, err := scenario.Parse(sc.Path+" (marshalled)", out)
			require.NoError(t, err, "Marshal wrote:\n%s", out)
			if diff := cmp.Diff(sc, back, sameScenario); diff != "" {
				t.Errorf("Parse(Marshal(sc)) differs (-want +got):\n%s\nMarshal wrote:\n%s", diff, out)
			}
			assert.Equal(t, string(out), string(scenario.Marshal(back)))
		})
	}
}

// TestMarshalReadable pins the canonical form of a small scenario: it must read like a
// hand-written one.
func TestMarshalReadable(t *testing.T) {
	src := `format: 1
ruling: mana.undefined-type
rules: [106.5, 106.10]
title: "Reflecting Pool: alone, no mana"
origin: hand-written
setup:
  turn: 3
  active: A
  step: main1
  A:
    pool: "{G}"
    battlefield:
      - Reflecting Pool
      - {card: Forest, label: forest-2, tapped: true, counters: {+1/+1: 1}}
      - {card: Wild Growth, attached: forest-2}
    hand:
      - Dark Ritual
      - {card: Forest, label: forest-1}
  B:
    battlefield:
      - {card: "Crystal Skull, Isu Spyglass", sick: true}
actions:
  - expect:
      - offered: {card: Reflecting Pool, outcomes: [none, "{G}"]}
  - A activate Reflecting Pool mana choosing type:G
  - do: pass until B upkeep
    expect:
      - pool: {A: "{}"}
      - casting: {card: Dark Ritual, cost: "{B}"}
expect:
  - property: mana.undefined-type
`
	sc, err := scenario.Parse("x.yaml", []byte(src))
	require.NoError(t, err)
	assert.Equal(t, src, string(scenario.Marshal(sc)))
}
