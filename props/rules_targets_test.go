package props

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// TestTargetsOffered: with Spark Spray ("any target") and Giant Growth ("target
// creature") in hand, the reference engine offers both players, the Bears and Jace to the
// first and only the Bears to the second; an engine that never offers player B misses
// one player of "any target".
func TestTargetsOffered(t *testing.T) {
	setup := harness.Setup{Turn: 3, Active: A, Step: harness.Main1}
	setup.Players[A] = harness.PlayerSetup{Life: 20, Pool: harness.Mana{harness.Red: 1, harness.Green: 1},
		Hand: []harness.CardSpec{{ID: 1, Name: "Spark Spray"}, {ID: 2, Name: "Giant Growth"}}}
	setup.Players[B] = harness.PlayerSetup{Life: 20, Battlefield: []harness.PermanentSpec{
		{CardSpec: harness.CardSpec{ID: 3, Name: "Grizzly Bears"}}, {CardSpec: harness.CardSpec{ID: 4, Name: "Jace Beleren"}, Counters: map[string]int{"loyalty": 3}}}}
	p := targetRules()
	judge := func(eng harness.Engine) (Verdict, []*targetGroup) {
		tr := play(t, eng, setup, harness.Action{Player: A, Kind: harness.Pass})
		return p.Check(eng, tr), targetGroups(&tr.Steps[0])
	}
	eng, err := engine.New(engine.Options{})
	require.NoError(t, err)
	v, groups := judge(eng)
	assert.Empty(t, v.Violations)
	assert.Equal(t, 2, v.Clauses["all-offered"], "Spark Spray and Giant Growth")
	require.Len(t, groups, 2)
	kinds := map[string]int{}
	for _, g := range groups {
		kinds[g.kind.desc] = len(g.offered)
	}
	assert.Equal(t, map[string]int{"any target": 4, "target creature": 1}, kinds)

	faulty, err := engine.New(engine.Options{Faults: []string{engine.FaultTargetsNoPlayerB}})
	require.NoError(t, err)
	v, _ = judge(faulty)
	require.Len(t, v.Violations, 1)
	assert.Equal(t, "all-offered", v.Violations[0].Clause)
	assert.Contains(t, v.Violations[0].Message, "got: B not offered")
}
