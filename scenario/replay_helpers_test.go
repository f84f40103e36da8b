package scenario_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/scenario"
)

// refParse reads src as the file path, checking names with the reference engine's
// vocabulary.
func refParse(t *testing.T, path, src string) *scenario.Scenario {
	t.Helper()
	sc, err := refVocab().Parse(path, []byte(src))
	require.NoError(t, err)
	return sc
}

// refReplayer returns the reference engine and a function that replays head followed by
// more lines, read as the file path.
func refReplayer(t *testing.T, path, head string) (harness.Engine, func(lines string) *scenario.Result) {
	t.Helper()
	eng, err := engine.New(engine.Options{})
	require.NoError(t, err)
	return eng, func(lines string) *scenario.Result {
		return scenario.Replay(eng, refParse(t, path, head+lines))
	}
}
