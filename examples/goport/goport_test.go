package goport_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/diff"
	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/examples/goport"
	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props"
	"github.com/mtgfuzz/mtgfuzz/report"
)

// TestCampaignOnAPartialEngine runs every property against an engine that supports only
// the basic lands, Grizzly Bears and passing priority: the campaign runs on that part of
// the pool, the properties it can test pass on their merits, the others are unsupported
// (saying why), and the report holds. A property whose situations that part of the pool
// never reaches (invariant.sba: nothing dies by passing) ran its cases and says so.
func TestCampaignOnAPartialEngine(t *testing.T) {
	rep, err := campaign.Run(context.Background(), campaign.Config{
		Engine: func() (harness.Engine, error) { return goport.New(), nil },
		Props:  props.All(),
		Seed:   1,
		Checks: 300,
	})
	require.NoError(t, err)
	tested := map[string]campaign.Outcome{}
	for _, p := range rep.Props {
		if p.Outcome == campaign.Unsupported {
			assert.NotEmpty(t, p.Unsupported, p.ID)
			if p.Cases > 0 {
				assert.Contains(t, p.Unsupported, "not reached with the cards and steps this engine supports", p.ID)
			}
			continue
		}
		tested[p.ID] = p.Outcome
	}
	assert.Equal(t, map[string]campaign.Outcome{
		"cost.tap-symbol":       campaign.Passed, // its clause on summoning sickness needs no activation
		"invariant.cards":       campaign.Passed,
		"invariant.determinism": campaign.Passed,
		"invariant.pool":        campaign.Passed, // its clause on pools emptying needs no casting
		"invariant.purity":      campaign.Passed,
		"rules.damage":          campaign.Passed, // its clause on a decision's options needs no damage
		"rules.layers":          campaign.Passed,
		"rules.legal-actions":   campaign.Passed, // a half engine still refuses what it doesn't list
		"rules.priority":        campaign.Passed,
		"rules.sba":             campaign.Passed,
		"rules.turn":            campaign.Passed,
		"rules.zones":           campaign.Passed,
	}, tested)
	assert.Zero(t, result(rep, "x.etb-uses-spell-x").Cases, "a property the engine can't express runs no case")
	assert.Contains(t, rep.LeftOut, "Reflecting Pool")
	assert.NotContains(t, rep.LeftOut, "Grizzly Bears")
	require.NotNil(t, rep.Support)
	assert.True(t, report.Held(rep), "all that was tested held")

	var text bytes.Buffer
	require.NoError(t, report.CampaignText(&text, rep, report.Options{}))
	assert.Contains(t, text.String(), "\nUNSUPPORTED (not tested): 47 properties\n", "listed once, together")
	assert.Regexp(t, `\n  the engine needs the action kinds cast, pay:\n(    .*\n)*    .*x\.etb-uses-spell-x`, text.String())
	assert.Contains(t, text.String(), "\n  the engine can express none of its clauses: they need the reports of taps:\n    rules.taps\n",
		"an engine that doesn't report taps can't be tested on the events' relation to the board")
	assert.NotContains(t, text.String(), "0.00%", "no health warning about what was not tested")
	assert.Regexp(t, `(; |\n  )Isamaru, Hound of Konda; `, text.String(), "names with commas stay readable")
	for _, line := range strings.Split(text.String(), "\n") {
		assert.LessOrEqual(t, len(line), 100, "a line as wide as the table at most: %s", line)
	}
	assert.Contains(t, text.String(), fmt.Sprintf("left out %d cards the engine does not support", len(gen.DefaultPool().Cards())-7),
		"every card of the pool but the 7 it supports")
}

func result(rep *campaign.Report, id string) campaign.PropResult {
	for _, p := range rep.Props {
		if p.ID == id {
			return p
		}
	}
	return campaign.PropResult{}
}

// TestGoportAgreesWithTheReferenceEngine: on the basic lands, passing priority, the port
// behaves as the reference engine does, step by step. (With a creature they part in the
// declare attackers step: the reference engine asks the active player to declare
// attackers, which this port can't express, so it declares none.)
func TestGoportAgreesWithTheReferenceEngine(t *testing.T) {
	ref, err := engine.New(engine.Options{})
	require.NoError(t, err)
	var lands []gen.Card
	for _, c := range gen.DefaultPool().Cards() {
		if c.Kind.Has(gen.Basic | gen.Land) {
			lands = append(lands, c)
		}
	}
	pool, err := gen.NewPool(lands)
	require.NoError(t, err)
	res, err := diff.Run(context.Background(), diff.Config{A: ref, B: goport.New(), Pool: pool, Seed: 1, Cases: 400})
	require.NoError(t, err)
	if len(res.Divergences) > 0 {
		var b bytes.Buffer
		report.DiffText(&b, res, nil, nil)
		t.Fatalf("diverged:\n%s", b.String())
	}
	assert.Equal(t, 400, res.Cases)
}
