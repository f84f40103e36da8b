package report

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// TestShrinkSummary: a case that timed out or did not fail again was never shrunk, so its
// summary says so rather than "shrunk in 0 steps".
func TestShrinkSummary(t *testing.T) {
	actions := []harness.Action{{Kind: harness.Pass}, {Kind: harness.Pass}}
	for want, f := range map[string]campaign.Failure{
		"shrunk in 4 steps to 0 permanents and 2 actions":                           {Shrinks: 4, Actions: actions},
		"timed out, unshrunk (a replay would hang too): 0 permanents and 2 actions": {TimedOut: true, Actions: actions},
		"did not fail again on replay, unshrunk: 0 permanents and 2 actions":        {Flaky: true, Actions: actions},
		"shrinking interrupted after 1 step, at 0 permanents and 2 actions":         {ShrinkStopped: true, Shrinks: 1, Actions: actions},
	} {
		assert.Equal(t, want, shrinkSummary(&f))
	}
}
