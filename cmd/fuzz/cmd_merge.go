package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/report"
)

// merge joins the JSON reports of the shards of one campaign (run --shard K/N --report
// json) into the report of the whole campaign, in any format: what one unsharded run of
// the same cases reports (campaign.Merge). Reports of different campaigns, or a set that
// doesn't cover 1..N once each, are an input error naming the file (exit 2). The exit
// code is then run's: 1 when a property failed, errored or, judged on the summed reach,
// was vacuous.
func (c *cli) merge(args []string) error {
	fs := newFlagSet("merge")
	var ef engineFlags
	ef.register(fs)
	fs.Lookup("engine").Usage = "the port `CMD` the shards tested (no case runs): named in the printed commands, and replayed for the HTML report's boards"
	var o output
	o.register(fs)
	files, err := c.parse(fs, args)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return usageErrorf("merge: name the JSON reports of the shards (fuzz run --shard K/N --report json --out FILE)")
	}
	format, err := o.check()
	if err != nil {
		return err
	}
	reps := make([]*campaign.Report, len(files))
	for i, path := range files {
		if reps[i], err = readShardReport(path); err != nil {
			return err
		}
	}
	sharded := *reps[0].Sharded // Merge checked every report has it, or fails below
	merged, extra, err := campaign.Merge(reps)
	if me := (*campaign.MergeError)(nil); errors.As(err, &me) {
		switch {
		case me.Report < 0:
			return inputErrorf("merge: %v", err)
		case me.Other >= 0:
			return inputErrorf("%s: %v (%s was the first)", files[me.Report], err, files[me.Other])
		}
		return inputErrorf("%s: %v", files[me.Report], err)
	}
	if err != nil {
		return err
	}
	// The flags the shards ran with, for the printed commands of the whole campaign.
	f := &campaignFlags{seed: merged.Seed, checks: sharded.Checks, steps: sharded.Steps,
		counterexamples: sharded.Counterexamples, engine: ef}
	if merged.Fault != "" {
		f.faults = strings.Split(merged.Fault, ",")
	}
	opts := report.Options{Repro: f.repro, EngineArgs: faultArgs(f.faults) + ef.args()}
	if ef.command != "" || strings.HasPrefix(merged.Engine, "reference") { // boards drawn on the engine the shards ran
		opts.Trace = ef.trace
	}
	if err := c.write(o, format, func(w io.Writer, fm report.Format) error {
		return report.Campaign(w, fm, merged, opts)
	}); err != nil {
		return err
	}
	if len(extra) > 0 {
		c.errorf("%s", extraSummary(extra))
	}
	if report.Held(merged) {
		return nil
	}
	return errFailed
}

// extraSummary lists the counterexamples the shards found beyond those the whole campaign
// reports (a later failing case of a property, or one more kind than --counterexamples):
// none is lost, each is where its shard saved it.
func extraSummary(extra []*campaign.Failure) string {
	var b strings.Builder
	fmt.Fprintf(&b, "the shards found %d more counterexamples than one campaign reports (--counterexamples), saved by them:", len(extra))
	for _, f := range extra {
		where := f.CorpusPath
		if where == "" {
			where = "not saved: " + f.Repro
		}
		fmt.Fprintf(&b, "\n  %s case %d: %s", f.Origin.Property, f.Case, where)
	}
	return b.String()
}

// readShardReport reads one shard's JSON report; a file that is no campaign report is an
// input error naming it (and the line, for JSON that doesn't parse).
func readShardReport(path string) (*campaign.Report, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, inputErrorf("merge: %v", err)
	}
	var rep campaign.Report
	if err := json.Unmarshal(data, &rep); err != nil {
		var syn *json.SyntaxError
		var typ *json.UnmarshalTypeError
		switch {
		case errors.As(err, &syn):
			return nil, inputErrorf("%s:%d: not a JSON campaign report (fuzz run --report json): %v", path, lineAt(data, syn.Offset), err)
		case errors.As(err, &typ):
			return nil, inputErrorf("%s:%d: not a JSON campaign report (fuzz run --report json): %v", path, lineAt(data, typ.Offset), err)
		}
		return nil, inputErrorf("%s: not a JSON campaign report (fuzz run --report json): %v", path, err)
	}
	if len(rep.Props) == 0 {
		return nil, inputErrorf("%s: not a JSON campaign report (fuzz run --report json): no properties", path)
	}
	return &rep, nil
}

// lineAt is the line of data at byte offset off, from 1.
func lineAt(data []byte, off int64) int {
	off = min(max(off, 0), int64(len(data)))
	return bytes.Count(data[:off], []byte("\n")) + 1
}
