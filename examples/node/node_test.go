// Package node holds a rules engine written in JavaScript (engine.js), tested through the
// process protocol; this file is its test in the suite.
package node

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/diff"
	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/port"
	"github.com/mtgfuzz/mtgfuzz/props"
	"github.com/mtgfuzz/mtgfuzz/report"
)

// needNode skips the test where Node.js is missing, except in CI, where it must be there.
func needNode(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("node is not installed; .ci/run installs it (apt-get install nodejs)")
		}
		t.Skip("node is not installed")
	}
}

func campaignOn(t *testing.T, command string, ps []*props.Property) *campaign.Report {
	t.Helper()
	rep, err := campaign.Run(context.Background(), campaign.Config{
		Engine: func() (harness.Engine, error) {
			c, err := port.Open(port.Options{Command: command})
			if err != nil {
				return nil, err
			}
			return c.Engine(), nil
		},
		Props: ps, Seed: 1, Checks: 100, Workers: 2,
	})
	require.NoError(t, err)
	return rep
}

// TestHarnessFindsTheNodeEnginesBug: the campaign finds the example's deliberate bug (a
// tapped land could produce nothing) and shrinks it to one tapped basic land and no
// action; with the bug switched off the same campaign holds.
func TestHarnessFindsTheNodeEnginesBug(t *testing.T) {
	needNode(t)
	rep := campaignOn(t, "node engine.js", props.Match("mana.could-produce,cost.tap-symbol"))
	byID := map[string]campaign.PropResult{}
	for _, p := range rep.Props {
		byID[p.ID] = p
	}
	assert.Equal(t, "node-example", rep.Engine)
	assert.Equal(t, campaign.Passed, byID["cost.tap-symbol"].Outcome, "the {T} rules hold")
	bad := byID["mana.could-produce"]
	require.Equal(t, campaign.Failed, bad.Outcome)
	f := bad.Failure
	require.Len(t, f.Violations, 1)
	assert.Contains(t, f.Violations[0].Message, "could produce")
	assert.Empty(t, f.Actions, "shrunk to no action")
	require.Equal(t, 1, report.Permanents(f), "shrunk to one permanent")
	var land harness.PermanentSpec
	for _, ps := range f.Setup.Players {
		if len(ps.Battlefield) == 1 {
			land = ps.Battlefield[0]
		}
	}
	assert.True(t, land.Tapped, "the permanent left is a tapped land")

	fixed := campaignOn(t, "node engine.js --fixed", props.Match("mana.could-produce,cost.tap-symbol"))
	assert.True(t, report.Held(fixed), "without the bug everything tested holds")
}

// TestDiffFindsTheNodeEnginesBug: compared step by step with the reference engine, the
// example diverges on what a tapped land could produce, shrunk to one land.
func TestDiffFindsTheNodeEnginesBug(t *testing.T) {
	needNode(t)
	ref, err := engine.New(engine.Options{})
	require.NoError(t, err)
	c, err := port.Open(port.Options{Command: "node engine.js"})
	require.NoError(t, err)
	defer c.Close()
	res, err := diff.Run(context.Background(), diff.Config{A: ref, B: c.Engine(), Seed: 1, Cases: 300})
	require.NoError(t, err)
	require.NotEmpty(t, res.Divergences, "the bug is found")
	d := res.Divergences[0]
	require.NotEmpty(t, d.Differences)
	assert.Equal(t, "could produce", d.Differences[0].Part)
	assert.Equal(t, "none", d.Differences[0].B)
	assert.Equal(t, 1, len(d.Setup.Players[0].Battlefield)+len(d.Setup.Players[1].Battlefield), "shrunk to one land")
}

// TestNodeSpeaksBothVersions: the example answers in protocol version 2 (compact snapshots,
// then) when offered it, and in version 1 when that is all the harness offers, and the
// same campaign gives the same report either way.
func TestNodeSpeaksBothVersions(t *testing.T) {
	needNode(t)
	reports := map[int]string{}
	for _, versions := range [][]int{nil, {1}} {
		rep, err := campaign.Run(context.Background(), campaign.Config{
			Engine: func() (harness.Engine, error) {
				c, err := port.Open(port.Options{Command: "node engine.js", Versions: versions})
				if err != nil {
					return nil, err
				}
				want := 2
				if versions != nil {
					want = 1
				}
				assert.Equal(t, want, c.ProtocolVersion())
				return c.Engine(), nil
			},
			Props: props.Match("mana.could-produce,invariant.purity"), Seed: 1, Checks: 60, Workers: 2,
		})
		require.NoError(t, err)
		b, err := json.Marshal(rep.Untimed())
		require.NoError(t, err)
		reports[len(versions)] = string(b)
	}
	assert.JSONEq(t, reports[0], reports[1])
}

// TestNodeEngineUnsupportedForViewsOnly: the example declares no view query (no
// player_view in its handshake). Every property or clause that needs one is unsupported,
// never failed, and says so; no property or clause is unsupported for want of a view that
// doesn't need one (issue 18: "UNSUPPORTED for those clauses only"). The example's own
// deliberate bug (mana.could-produce) is left out.
func TestNodeEngineUnsupportedForViewsOnly(t *testing.T) {
	needNode(t)
	var ps []*props.Property
	for _, p := range props.All() {
		if p.ID != "mana.could-produce" && p.ID != "mana.could-produce/relations" && p.ID != "mana.outcomes" {
			ps = append(ps, p)
		}
	}
	rep := campaignOn(t, "node engine.js --fixed", ps)
	needsView := func(n props.Needs) bool { return slices.Contains(n.Queries, harness.QueryView) }
	viewProps, viewClauses := 0, 0
	for _, r := range rep.Props {
		p := props.ByID(r.ID)
		require.NotNil(t, p, r.ID)
		assert.NotEqual(t, campaign.Failed, r.Outcome, "%s: nothing fails for want of a view", r.ID)
		assert.NotEqual(t, campaign.Errored, r.Outcome, r.ID)
		if needsView(p.Needs) {
			viewProps++
			assert.Equal(t, campaign.Unsupported, r.Outcome, "%s needs the view", r.ID)
			assert.Contains(t, r.Unsupported, "view", r.ID)
			continue
		}
		assert.NotContains(t, r.Unsupported, "view", "%s doesn't need the view", r.ID)
		for i, c := range r.Clauses {
			if needsView(p.Clauses[i].Needs) {
				viewClauses++
				assert.Contains(t, c.Unsupported, "view", "%s/%s needs the view", r.ID, c.Name)
			} else {
				assert.NotContains(t, c.Unsupported, "view", "%s/%s doesn't need the view", r.ID, c.Name)
			}
		}
	}
	assert.GreaterOrEqual(t, viewProps, 2, "library.look-top-any-time, library.top-changes-while-casting")
	assert.GreaterOrEqual(t, viewClauses, 3, "historic.face-down-not-historic's view clauses")
}
