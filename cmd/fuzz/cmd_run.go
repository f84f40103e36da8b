package main

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"strings"
	"time"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/props"
	"github.com/mtgfuzz/mtgfuzz/report"
)

// defaultChecks is the number of generated cases per property when neither --checks nor
// --time is given: enough to reach every property's situation, small enough that the
// default campaign ends well inside a minute on two cores.
const defaultChecks = 5000

// campaignFlags are the flags of "fuzz run" (and of "fuzz" alone).
type campaignFlags struct {
	props   string
	checks  int
	oneCase int // --case N, or -1
	// caseTimeout abandons a case that runs longer (an engine that never returns); 0: never.
	caseTimeout time.Duration
	budget      time.Duration
	seed        uint64   // the campaign's seed, once seedArg is resolved
	seedArg     seedFlag // --seed: a number or random
	resume      string   // --resume FILE
	workers     int
	faults      faultList
	corpus      string
	shard       shardFlag
	steps       int
	engine      engineFlags
	onError     onEngineError
	// counterexamples is how many distinct counterexamples to report per property.
	counterexamples int
	output
}

func (f *campaignFlags) register(fs *flag.FlagSet) {
	fs.Var(propsFlag{&f.props}, "props", "run only the properties matching `PATTERN`: comma-separated globs of property or ruling IDs, as in 'mana.*,rules.turn' (repeatable; see fuzz list)")
	fs.IntVar(&f.checks, "checks", defaultChecks, "generated cases per property")
	fs.DurationVar(&f.budget, "time", 0, "run for `DUR` of wall time instead of a fixed number of checks")
	fs.IntVar(&f.oneCase, "case", -1, "run case `N` of each property alone (as a reproduce line does), instead of --checks")
	f.seedArg.n = 1
	fs.Var(&f.seedArg, "seed", "the campaign's seed `N`, or random (printed first): the same seed gives the same cases and report")
	fs.StringVar(&f.resume, "resume", "", "continue the campaign of the JSON report `FILE` after the last case it ran, adding to its counts")
	fs.IntVar(&f.workers, "workers", runtime.GOMAXPROCS(0), "cases run in parallel (the report does not depend on it)")
	fs.Var(&f.faults, "fault", "switch on the engine fault `NAME` (repeatable; see fuzz list --faults)")
	fs.StringVar(&f.corpus, "corpus", "", "save counterexamples under `DIR` (default: "+foundDirName+"/ at the module root, ignored by git)")
	fs.Var(&f.shard, "shard", "run part `K/N` of the cases (the N parts are disjoint; fuzz merge joins their JSON reports), or auto (auto/N): the part the CI engine's parallel job variables say")
	fs.IntVar(&f.steps, "steps", campaign.DefaultMaxSteps, "at most `N` actions per generated case")
	f.engine.register(fs)
	fs.IntVar(&f.counterexamples, "counterexamples", 1, "after a failing case, go on and report up to `N` distinct counterexamples per property (distinct by the clause and rule violated, the action it is seen after and the cards named)")
	fs.DurationVar(&f.caseTimeout, "case-timeout", campaign.DefaultCaseTimeout, "abandon a case that runs longer than `DUR` (an engine that never returns) and report it as an engine error; 0: never")
	f.onError = "continue"
	fs.Var(&f.onError, "on-engine-error", "`continue` with the next case when the engine breaks (crash, hang, protocol error), or `stop` the campaign")
	f.output.register(fs)
}

// runCampaign runs properties against the reference engine, saves each shrunk
// counterexample (under --corpus), and reports by ruling. Any property that failed,
// errored or was vacuous makes the exit code 1. An interrupt ends it early with the
// partial report and the counterexamples found so far (see interrupt).
func (c *cli) runCampaign(args []string) error {
	f, format, cfg, err := c.campaignSetup(args)
	if err != nil {
		return err
	}
	c.intr.keepPartial()
	c.prog.start(len(cfg.Props), f.budget, "")
	// Each counterexample is saved as it is found; one that can't be saved is said at once,
	// and the report, which matters more than the file, is still written before exit 2.
	var saveErr error
	cfg.Found = c.found(f, &saveErr)
	rep, err := campaign.Run(c.ctx, cfg)
	c.prog.clear()
	if errors.Is(err, campaign.ErrResume) {
		return inputErrorf("--resume %s: %v", f.resume, err)
	}
	if err != nil {
		return err
	}
	for i := range rep.Props {
		for _, fail := range rep.Props[i].Failures() {
			fail.Repro = originArgs(fail.Origin, f.engine.args()).oneCase(fail.Case)
		}
	}
	// The replay lines name the faults too: the saved case fails only under them.
	opts := report.Options{Repro: f.repro, EngineArgs: faultArgs(f.faults) + f.engine.args(), Trace: f.engine.trace}
	if err := c.write(f.output, format, func(w io.Writer, fm report.Format) error {
		return report.Campaign(w, fm, rep, opts)
	}); err != nil {
		return err
	}
	if saveErr != nil {
		return &inputError{saveErr}
	}
	if report.Held(rep) {
		return nil
	}
	if f.out == "" && format != report.Text {
		// stdout holds JSON or XML: still say on stderr what failed and how to see it again.
		for _, p := range rep.Props {
			if p.Outcome != campaign.Passed {
				fmt.Fprintf(c.stderr, "%s %s: reproduce: %s\n", strings.ToUpper(string(p.Outcome)), p.ID, f.repro(p))
			}
		}
	}
	return errFailed
}

// selectProps is every property, or those matching pattern; a pattern matching none is
// an input error.
func selectProps(pattern string) ([]*props.Property, error) {
	if pattern == "" {
		return props.All(), nil
	}
	ps, err := props.Select(pattern)
	if err != nil {
		return nil, &inputError{err}
	}
	if len(ps) == 0 {
		return nil, inputErrorf("--props %q matches no property; see fuzz list", pattern)
	}
	return ps, nil
}

// repro is the command that reproduces one property's verdict: its first
// counterexample's case alone (run --case), or, for a property with none (vacuous), the
// cases it ran (Upto) with every flag that changes them.
func (f *campaignFlags) repro(p campaign.PropResult) string {
	if p.Failure != nil {
		return originArgs(p.Failure.Origin, f.engine.args()).oneCase(p.Failure.Case)
	}
	upto := p.Upto
	if upto == 0 {
		upto = f.checks
	}
	a := runArgs{prop: p.ID, seed: f.seed, faults: f.faults, shard: f.shard.String(), steps: f.steps, engine: f.engine.args()}
	cmd := a.upTo(upto)
	if f.counterexamples > 1 {
		cmd += fmt.Sprintf(" --counterexamples %d", f.counterexamples)
	}
	return cmd
}

// maxWorkers and maxSteps bound --workers and --steps: more would only exhaust memory.
const (
	maxWorkers = 1024
	maxSteps   = 10_000
)

// campaignSetup parses and checks run's command line, outputs included, into the
// campaign to run: every mistake is a usage or input error before any case runs.
func (c *cli) campaignSetup(args []string) (*campaignFlags, report.Format, campaign.Config, error) {
	fail := func(err error) (*campaignFlags, report.Format, campaign.Config, error) {
		return nil, "", campaign.Config{}, err
	}
	fs := newFlagSet("run")
	f := &campaignFlags{}
	f.register(fs)
	pos, err := c.parse(fs, args)
	if err != nil {
		return fail(err)
	}
	if len(pos) > 0 {
		return fail(usageErrorf("run takes no arguments, got %q (did you mean --props?)", pos))
	}
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	if f.shard.auto {
		k, n, from, err := autoShard(c.getenv, f.shard.n)
		if err != nil {
			return fail(usageErrorf("--shard auto: %v", err))
		}
		f.shard.k, f.shard.n, f.shard.auto = k, n, false
		c.errorf("shard %s (--shard auto: %s)", f.shard.String(), from)
	}
	switch {
	case set["checks"] && set["time"]:
		return fail(usageErrorf("--checks and --time exclude each other"))
	case set["case"] && (set["checks"] || set["time"]):
		return fail(usageErrorf("--case runs one case: it excludes --checks and --time"))
	case set["case"] && f.oneCase < 0:
		return fail(usageErrorf("--case must be at least 0"))
	case set["case"] && f.shard.n > 0 && f.oneCase%f.shard.n != f.shard.k-1:
		return fail(usageErrorf("--case %d is not in shard %s (its cases i have i %% %d == %d)", f.oneCase, f.shard.String(), f.shard.n, f.shard.k-1))
	case set["time"] && f.budget <= 0:
		return fail(usageErrorf("--time must be positive"))
	case f.budget == 0 && f.checks < 1:
		return fail(usageErrorf("--checks must be at least 1"))
	case f.workers < 1 || f.workers > maxWorkers:
		return fail(usageErrorf("--workers must be from 1 to %d", maxWorkers))
	case f.caseTimeout < 0:
		return fail(usageErrorf("--case-timeout must be 0 (never) or positive"))
	case f.steps < 1 || f.steps > maxSteps:
		return fail(usageErrorf("--steps must be from 1 to %d", maxSteps))
	}
	first := 0
	switch {
	case f.budget > 0:
		f.checks = 0
	case set["case"]:
		first, f.checks = f.oneCase, f.oneCase+1
	}
	format, err := f.output.check()
	if err != nil {
		return fail(err)
	}
	var resume *campaign.Report
	var selected []*props.Property
	if set["resume"] {
		if resume, err = readResume(f.resume); err == nil {
			selected, err = f.resumeFrom(resume, set)
		}
	} else {
		selected, err = selectProps(f.props)
	}
	if err != nil {
		return fail(err)
	}
	if f.seedArg.random {
		if err := f.seedArg.draw(); err != nil {
			return fail(err)
		}
		c.errorf("seed %d (--seed random)", f.seedArg.n)
	}
	f.seed = f.seedArg.n
	factory, err := f.engine.factory(f.faults)
	if err != nil {
		return fail(err)
	}
	if f.corpus == "" {
		f.corpus = foundDir()
	}
	if err := checkWritableDir(f.corpus); err != nil {
		return fail(inputErrorf("--corpus %s: %v", f.corpus, err))
	}
	cfg := campaign.Config{
		Engine:   factory,
		Props:    selected,
		Seed:     f.seed,
		Checks:   f.checks,
		Budget:   f.budget,
		Workers:  f.workers,
		MaxSteps: f.steps,
		First:    first,
		Resume:   resume,
		// The flag's 0 is "never"; the campaign's 0 is its default.
		CaseTimeout: cmp.Or(f.caseTimeout, -1),
		Faults:      f.faults,
		Stop:        c.intr.stop,
		Progress:    c.progress,
		// --on-engine-error stop: the first engine error ends the campaign.
		StopOnEngineError: f.onError.stop(),
		Counterexamples:   f.counterexamples,
	}
	if f.counterexamples < 1 {
		return fail(usageErrorf("--counterexamples must be at least 1"))
	}
	cfg.Shard.K, cfg.Shard.N = f.shard.k, f.shard.n
	return f, format, cfg, nil
}
