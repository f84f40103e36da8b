package campaign

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// TestUnreadableTextFoundWhereItAppears: a text no card prints is reported at the first
// snapshot that holds it, whether it comes in a zone the step changed or sits from the
// start in a zone every later snapshot shares.
func TestUnreadableTextFoundWhereItAppears(t *testing.T) {
	bad := &harness.Object{Card: 9, Name: "Llanowar Elves", Abilities: []string{"{T}: Add {G}"}} // no final period
	good := &harness.Object{Card: 1, Name: "Llanowar Elves", Abilities: []string{"{T}: Add {G}."}}
	field := []*harness.Object{good}
	hand := []*harness.Object{good}
	var start harness.Snapshot
	start.Battlefield, start.Players[0].Hand = field, hand
	later := start
	later.Battlefield = []*harness.Object{good, bad} // a new battlefield: a permanent entered
	tr := &gen.Trace{Start: start, Steps: []gen.TraceStep{{After: own(start)}, {After: own(start)}, {After: own(later)}, {After: own(later)}}}
	e := unreadableText(tr)
	require.NotNil(t, e)
	assert.Equal(t, 2, e.Step)
	assert.Contains(t, e.Err.Error(), `card 9`)

	tr.Start.Players[0].Hand = []*harness.Object{bad} // in the start's hand, which no step shares
	e = unreadableText(tr)
	require.NotNil(t, e)
	assert.Equal(t, -1, e.Step)

	shared := []*harness.Object{good, bad}
	tr = &gen.Trace{Start: start, Steps: []gen.TraceStep{{After: own(start)}, {After: own(later)}}}
	tr.Start.Players[1].Exile, tr.Steps[0].After.Players[1].Exile = shared, shared
	e = unreadableText(tr)
	require.NotNil(t, e)
	assert.Equal(t, -1, e.Step, "a shared zone is checked where it first appears")

	tr.Start.Players[1].Exile, tr.Steps[0].After.Players[1].Exile = nil, nil
	tr.Steps[1].After.Battlefield = field
	assert.Nil(t, unreadableText(tr), "only printed texts")
}

// own is a snapshot of its own for a trace step.
func own(s harness.Snapshot) *harness.Snapshot { return &s }
