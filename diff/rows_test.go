package diff_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/diff"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/report"
)

// printed is a run as fuzz diff prints it.
func printed(t *testing.T, res *diff.Result, saved, replay []string) string {
	t.Helper()
	var b strings.Builder
	require.NoError(t, report.DiffText(&b, res, saved, replay))
	return b.String()
}

// TestTheRowsPrinted: each difference is a row under the engines' names, the driving
// engine's value first; the game log of the shrunk case follows, then where its scenario
// was saved, and last the count of cases.
func TestTheRowsPrinted(t *testing.T) {
	b := variant{Reference: reference(t), observe: func(s *harness.Snapshot) {
		s.Players[1].Life--
	}}
	res, err := diff.Run(context.Background(), config(reference(t), b))
	require.NoError(t, err)
	require.Len(t, res.Divergences, 1)
	d := res.Divergences[0]
	out := printed(t, res, []string{"found/rules.differential/x.yaml"}, []string{"fuzz replay found/rules.differential/x.yaml"})

	lines := strings.Split(out, "\n")
	assert.Equal(t, "diff reference (drives) against variant", lines[0])
	assert.Regexp(t, `^DIVERGED in case 0, shrunk in \d+ steps? to 0 permanents and 0 actions, `, lines[2],
		"B's life differs from the start, on any board: shrunk to none")
	assert.Regexp(t, `^  WHAT +reference \(drives\) +variant$`, lines[3])
	assert.Regexp(t, `^  B's life +20 +19$`, lines[4])
	assert.Equal(t, []diff.Difference{{What: "B's life", Part: "life", A: "20", B: "19"}}, d.Differences)
	assert.Equal(t, "  game log (reference):", lines[5])
	assert.Contains(t, out, "\n    "+strings.ReplaceAll(strings.TrimSuffix(d.Log, "\n"), "\n", "\n    ")+"\n", "A's log, indented")
	assert.Contains(t, out, "\n  saved:     found/rules.differential/x.yaml\n  replay:    fuzz replay found/rules.differential/x.yaml\n")
	assert.True(t, strings.HasSuffix(out, "\n1 distinct divergence in 1 case\n"), out)
}

// TestTheRowsOfARefusal: when B refuses an action, its error is printed in place of the
// rows, for each distinct divergence, and the count of them ends the run.
func TestTheRowsOfARefusal(t *testing.T) {
	b := refuses{variant{Reference: reference(t)}, harness.Activate}
	cfg := config(reference(t), b)
	cfg.Counterexamples = 2
	res, err := diff.Run(context.Background(), cfg)
	require.NoError(t, err)
	require.Len(t, res.Divergences, 2)
	out := printed(t, res, nil, nil)
	assert.NotContains(t, out, "WHAT", "no rows: B broke")
	assert.Regexp(t, `\n  variant refused ".+", which reference listed: `+regexp.QuoteMeta(assert.AnError.Error())+`\n  game log \(reference\):\n`, out)
	assert.NotContains(t, out, "saved:")
	assert.Equal(t, 2, strings.Count(out, "\nDIVERGED in case "))
	assert.Equal(t, 2, strings.Count(out, " refused "))
	assert.Regexp(t, fmt.Sprintf("\n\n2 distinct divergences in %d cases(?: \\(.+\\))?\n$", res.Cases), out)
}
