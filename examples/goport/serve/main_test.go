package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/examples/goport"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/port"
	"github.com/mtgfuzz/mtgfuzz/props"
)

// The test binary is the port when GOPORT_SERVE is set.
func TestMain(m *testing.M) {
	if os.Getenv("GOPORT_SERVE") != "" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// TestServedAsInProcess: goport served through the protocol declares what it declares in
// process, and a campaign through it gives the report the in-process campaign gives.
func TestServedAsInProcess(t *testing.T) {
	cfg := campaign.Config{Props: props.Match("invariant.purity,rules.priority"), Seed: 1, Checks: 40, Workers: 2}
	cfg.Engine = func() (harness.Engine, error) { return goport.New(), nil }
	local, err := campaign.Run(context.Background(), cfg)
	require.NoError(t, err)
	cfg.Engine = func() (harness.Engine, error) {
		c, err := port.Open(port.Options{Command: fmt.Sprintf("GOPORT_SERVE=1 %s", os.Args[0])})
		if err != nil {
			return nil, err
		}
		assert.Equal(t, harness.SupportOf(goport.New()), c.Supports())
		return c.Engine(), nil
	}
	remote, err := campaign.Run(context.Background(), cfg)
	require.NoError(t, err)
	lj, _ := json.Marshal(local.Untimed())
	rj, _ := json.Marshal(remote.Untimed())
	assert.JSONEq(t, string(lj), string(rj))
}
