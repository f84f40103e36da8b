// Command fuzz finds rules bugs in Magic: The Gathering rules engines: it runs the
// harness's properties against an engine, replays and explains corpus scenarios, lists
// the properties and measures which deliberate engine faults they catch.
//
// Usage:
//
//	fuzz                        the default campaign: every property, the reference engine
//	fuzz run [flags]            a campaign with a chosen seed, size, fault, shard, report
//	fuzz merge FILE...          the JSON reports of a campaign's shards as one report
//	fuzz replay [PATH...]       replay corpus scenarios (default: the module's corpus/)
//	fuzz explain PATH           a scenario as a step-by-step game log
//	fuzz list [--json]          every property with its rulings and CR rules (--faults: the faults)
//	fuzz cards [--json]         the card pool: printed characteristics and Oracle text
//	fuzz rulings [--markdown]   every ruling with the properties, scenarios and faults of it
//	fuzz rules [--markdown]     every CR rule the engine cites, with what checks it
//	fuzz faults [NAME...]       the mutation-kill matrix
//	fuzz serve                  the reference engine as a port, speaking docs/protocol.md
//	fuzz check-engine --engine  a port's conventions (docs/engines.md), each broken one named
//	fuzz diff --engine CMD      differential testing: a port against the reference engine
//	fuzz export-seeds --out DIR the fuzz targets' seed corpora, for ClusterFuzzLite or OSS-Fuzz
//	fuzz import FILE            a fuzz target's crashing input as a shrunk, saved scenario
//	fuzz mutate [--sample N]    mutation testing of engine/, judged by the campaign and corpus
//	fuzz version                the build: version, version control revision, Go toolchain
//
// Exit codes: 0 everything held; 1 a property failed, was vacuous or errored, a scenario
// failed, or a fault survived; 2 a usage, input or output error; 3 the port under test
// (--engine) could not be started; 130 (SIGINT) or 143
// (SIGTERM) interrupted, after writing the partial report. Run "fuzz help" for the flags.
package main

import (
	"context"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"

	"github.com/mtgfuzz/mtgfuzz/campaign"
)

func main() {
	if os.Getenv("GOGC") == "" { // GOGC in the environment wins
		debug.SetGCPercent(campaign.GCPercent)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(campaign.MemoryLimit)
	}
	ctx, cancel := context.WithCancel(context.Background())
	in := newInterrupt(cancel)
	in.exit = os.Exit
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	go func() {
		for s := range sigs {
			in.receive(s)
		}
	}()
	code := runWith(ctx, in, os.Args[1:], os.Stdout, os.Stderr)
	signal.Stop(sigs)
	cancel()
	os.Exit(code)
}
