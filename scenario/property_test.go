package scenario_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/scenario"
)

// TestHoldsNeedsNoReach: "property:" fails a replay whose trace never reached the
// property's situation; "holds:" (what a found counterexample writes) passes it, since the
// situation may be one only the engine's bug created; both fail on a violation.
func TestHoldsNeedsNoReach(t *testing.T) {
	defer func(old func(string, harness.Engine, *gen.Trace) (int, []string, error)) {
		scenario.PropertyChecker = old
	}(scenario.PropertyChecker)
	eng, err := engine.New(engine.Options{})
	require.NoError(t, err)
	replay := func(key string, reached int, violations []string) *scenario.Result {
		scenario.PropertyChecker = func(string, harness.Engine, *gen.Trace) (int, []string, error) {
			return reached, violations, nil
		}
		src := "format: 1\nruling: rules.sba\ntitle: t\nsetup:\n  A:\n    battlefield: [Grizzly Bears]\nexpect:\n  - " + key + ": rules.sba\n"
		sc, err := scenario.Parse("t.yaml", []byte(src))
		require.NoError(t, err)
		return scenario.Replay(eng, sc)
	}
	vacuous := replay("property", 0, nil)
	assert.False(t, vacuous.Passed)
	assert.Contains(t, vacuous.Failures[0], "got vacuous")
	assert.True(t, replay("holds", 0, nil).Passed, "holds: needs no reach")
	for _, key := range []string{"property", "holds"} {
		broken := replay(key, 1, []string{"a creature died of 1 damage"})
		assert.False(t, broken.Passed, key)
		assert.Contains(t, broken.Failures[0], "a creature died of 1 damage", key)
	}
	src := "format: 1\nruling: rules.sba\ntitle: t\nsetup:\n  A:\n    battlefield: [Grizzly Bears]\nexpect:\n  - holds: rules.sba\n"
	sc, err := scenario.Parse("t.yaml", []byte(src))
	require.NoError(t, err)
	back, err := scenario.Parse("t.yaml", scenario.Marshal(sc))
	require.NoError(t, err)
	assert.True(t, back.Expect[0].(*scenario.PropertyCheck).AnyReach, "holds: survives a round trip")
}
