package main

import (
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/internal/version"
	"github.com/mtgfuzz/mtgfuzz/props"
	"github.com/mtgfuzz/mtgfuzz/report"
)

// faults builds the mutation-kill matrix: for each deliberate engine fault (or the ones
// named), it switches the fault on and runs the properties one at a time, those of the
// fault's ruling first, until one fails. A fault no property catches survives: the
// properties can't tell that engine from a correct one, and the exit code is 1.
//
// Everything in the matrix but the time column is a function of the seed and the check
// count.
func (c *cli) faults(args []string) error {
	fs := newFlagSet("faults")
	asJSON := fs.Bool("json", false, "print JSON, with each counterexample's game log (same as --report json)")
	seed := fs.Uint64("seed", 1, "the seed of every property's campaign")
	checks := fs.Int("checks", defaultChecks, "generated cases per property and fault")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "cases run in parallel (the matrix does not depend on it)")
	var ef engineFlags
	ef.register(fs)
	var o output
	o.register(fs)
	names, err := c.parse(fs, args)
	if err != nil {
		return err
	}
	if *asJSON {
		if o.format != string(report.Text) && o.format != string(report.JSON) {
			return usageErrorf("--json is --report json; it can't go with --report %s", o.format)
		}
		o.format = string(report.JSON)
	}
	if *checks < 1 || *workers < 1 {
		return usageErrorf("--checks and --workers must be at least 1")
	}
	format, err := o.check()
	if err != nil {
		return err
	}
	eng, err := ef.open(nil)
	if err != nil {
		return err
	}
	offered := engine.Faults()
	if p, ok := portOf(eng); ok {
		offered = nil
		for _, f := range p.Faults() {
			offered = append(offered, engine.FaultInfo(f))
		}
	}
	m := &report.FaultMatrix{Engine: eng.Name(), Seed: *seed, Checks: *checks}
	c.interruptNotes.Store(&faultsInterrupted)
	c.intr.keepPartial()
	eng.Close()
	faults := offered
	if len(names) > 0 {
		faults = nil
		for _, n := range names {
			i := slices.IndexFunc(offered, func(f engine.FaultInfo) bool { return f.Name == n })
			if i < 0 {
				return unknownFault(n)
			}
			faults = append(faults, offered[i])
		}
	}
	if len(faults) == 0 {
		return inputErrorf("the engine %s has no faults to check", m.Engine)
	}
	all := props.All()
	start := time.Now()
	for i, fi := range faults {
		c.prog.start(1, 0, fmt.Sprintf("fault %d/%d %s", i+1, len(faults), fi.Name))
		if c.intr.stopped() {
			m.Partial = true
			m.Rows = append(m.Rows, faultRow(fi, *seed, *checks, ef))
			m.Rows[len(m.Rows)-1].NotRun = true
			continue
		}
		row, err := c.hunt(fi, all, *seed, *checks, *workers, ef)
		if err != nil {
			return err
		}
		m.Partial = m.Partial || row.NotRun
		m.Rows = append(m.Rows, row)
	}
	cases := 0
	for _, r := range m.Rows {
		cases += r.Cases
	}
	elapsed := time.Since(start)
	m.ElapsedMS, m.CasesPerSecond, m.Version = elapsed.Milliseconds(), campaign.CasesPerSecond(cases, elapsed), version.Get().Short()
	if err := c.write(o, format, func(w io.Writer, f report.Format) error {
		return report.Faults(w, f, m, report.Options{Trace: ef.trace, Width: c.width()})
	}); err != nil {
		return err
	}
	if m.Survivors() > 0 {
		return errFailed
	}
	return nil
}

// faultsInterrupted is what an interrupt does to the matrix.
var faultsInterrupted = [2]string{
	"interrupted: no more properties or faults start; the running campaign's failure is shrunk, then the partial matrix",
	"interrupted again: shrinking stops; the partial matrix follows",
}

// hunt runs properties against the engine with one fault on until one fails. A property
// that only errored (the engine broke) is remembered and reported if none fails, marked
// as such: an engine error may have nothing to do with the fault.
//
// An interrupt ends the hunt: the row is the catch if the interrupted campaign found one,
// else NotRun.
func (c *cli) hunt(fi engine.FaultInfo, all []*props.Property, seed uint64, checks, workers int, ef engineFlags) (report.FaultRow, error) {
	row := faultRow(fi, seed, checks, ef)
	start := time.Now()
	factory, err := ef.factory([]string{fi.Name})
	if err != nil {
		return row, err
	}
	var errored *report.FaultRow
	for _, p := range huntOrder(fi, all) {
		row.Tried++
		rep, err := campaign.Run(c.ctx, campaign.Config{
			Engine: factory, Props: []*props.Property{p}, Seed: seed, Checks: checks, Workers: workers, Faults: []string{fi.Name},
			Stop: c.intr.stop, Progress: c.progress, StopAtFirstFailure: true, // the matrix asks only whether it is caught
		})
		if err != nil {
			return row, fmt.Errorf("fault %s, property %s: %w", fi.Name, p.ID, err)
		}
		if len(rep.Props) != 1 {
			return row, fmt.Errorf("fault %s, property %s: the campaign reported %d properties", fi.Name, p.ID, len(rep.Props))
		}
		res := rep.Props[0]
		row.Cases += res.Cases
		switch res.Outcome {
		case campaign.Failed:
			caught := catch(row, res, seed, time.Since(start), ef.args())
			return caught, nil
		case campaign.Errored:
			if errored == nil {
				e := catch(row, res, seed, time.Since(start), ef.args())
				e.ByError = true
				errored = &e
			}
		}
		if rep.Partial {
			row.NotRun = true
			break
		}
	}
	if errored != nil && !row.NotRun {
		errored.Tried, errored.Cases = row.Tried, row.Cases
		return *errored, nil
	}
	row.Elapsed = time.Since(start)
	return row, nil
}

// faultRow is a fault's row before its hunt.
func faultRow(fi engine.FaultInfo, seed uint64, checks int, ef engineFlags) report.FaultRow {
	return report.FaultRow{Fault: fi.Name, Ruling: fi.Ruling, Rule: fi.Rule, Description: fi.Description,
		Repro: fmt.Sprintf("%s faults %s --seed %d --checks %d%s", report.Command, campaign.ShellQuote(fi.Name), seed, checks, ef.args())}
}

// catch fills the row from the campaign line of the property that caught the fault.
func catch(row report.FaultRow, res campaign.PropResult, seed uint64, elapsed time.Duration, engineArgs string) report.FaultRow {
	row.CaughtBy = res.ID
	row.Elapsed = elapsed
	row.Repro = runArgs{prop: res.ID, seed: seed, faults: []string{row.Fault}, engine: engineArgs}.upTo(res.Upto)
	if f := res.Failure; f != nil {
		row.Permanents = report.Permanents(f)
		row.Actions = len(f.Actions)
		row.Log = f.Log
		row.Failure = f
		if len(f.Violations) > 0 {
			v := f.Violations[0]
			row.Violation = report.ViolationText(v, f.Actions)
		}
	}
	return row
}

// huntOrder tries first the properties written for the fault's ruling (ID equal to it or
// under it), then the others that name the ruling, then the rest, each group in props.All
// order: the property written for a ruling should be the one that catches its faults.
func huntOrder(fi engine.FaultInfo, all []*props.Property) []*props.Property {
	rank := func(p *props.Property) int {
		switch {
		case p.ID == fi.Ruling || strings.HasPrefix(p.ID, fi.Ruling+"/"):
			return 0
		case slices.Contains(p.Rulings, fi.Ruling):
			return 1
		}
		return 2
	}
	out := slices.Clone(all)
	slices.SortStableFunc(out, func(a, b *props.Property) int { return rank(a) - rank(b) })
	return out
}
