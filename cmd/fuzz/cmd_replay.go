package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/corpus"
	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/report"
)

// replay replays corpus scenarios (files or directories; default the module's corpus/)
// against the reference engine, with faults if asked, and reports each file's verdict with
// its failures at file:line. A file that does not parse is an input error (exit 2); a
// scenario whose expectations fail is a failure (exit 1).
func (c *cli) replay(args []string) error {
	fs := newFlagSet("replay")
	var faults faultList
	fs.Var(&faults, "fault", "switch on the engine fault `NAME` (repeatable)")
	var ef engineFlags
	ef.register(fs)
	var o output
	o.register(fs)
	paths, err := c.parse(fs, args)
	if err != nil {
		return err
	}
	format, err := o.check()
	if err != nil {
		return err
	}
	scenarios, err := loadScenarios(paths)
	if err != nil {
		return err
	}
	eng, err := ef.open(faults)
	if err != nil {
		return err
	}
	defer eng.Close()
	rep := &report.Replay{Engine: eng.Name(), Fault: faults.String(), EngineArgs: ef.args(), Conformance: ef.command != ""}
	c.intr.keepPartial()
	support := harness.SupportOf(eng)
	for _, sc := range scenarios {
		if c.intr.stopped() {
			rep.Partial = true
			break
		}
		if why := corpus.Unsupported(sc, support); why != "" {
			rep.Files = append(rep.Files, report.ReplayResult{Path: sc.Path, Rulings: sc.Rulings, Unsupported: why})
			continue
		}
		res := corpus.Replay(eng, sc)
		rep.Files = append(rep.Files, report.ReplayResult{
			Path: res.Path, Rulings: res.Rulings, Passed: res.Passed, Unsupported: res.Unsupported, Failures: res.Failures, Log: failedLog(res),
			Trace: failedTrace(res), FailedAt: res.FailedAt,
			EngineError: !res.Passed && engineBroke(eng, res),
		})
	}
	if err := c.write(o, format, func(w io.Writer, f report.Format) error { return report.ReplayReport(w, f, rep) }); err != nil {
		return err
	}
	if !rep.Passed() {
		return errFailed
	}
	return nil
}

// engineBroke reports whether a failed replay is the engine breaking (a panic, a port
// that broke the protocol) rather than answering wrongly.
func engineBroke(eng harness.Engine, res *corpus.Result) bool {
	if p, ok := portOf(eng); ok && p.Broken() != nil {
		return true
	}
	return slices.ContainsFunc(res.Failures, func(f string) bool { return strings.Contains(f, "the engine panicked") })
}

// failedLog keeps the game log of failed scenarios only: a passing one has nothing to
// explain, and "fuzz explain" shows it on demand.
func failedLog(res *corpus.Result) []string {
	if res.Passed {
		return nil
	}
	return res.Log
}

// failedTrace keeps the replayed game of failed scenarios, for the HTML boards.
func failedTrace(res *corpus.Result) *gen.Trace {
	if res.Passed {
		return nil
	}
	return res.Trace
}

// loadScenarios loads every path (a file, or a directory searched recursively), or the
// default corpus when there are none. Any file that does not parse, or whose setup is not
// a valid game, is an input error listing each problem as file:line.
func loadScenarios(paths []string) ([]*corpus.Scenario, error) {
	if len(paths) == 0 {
		dir := defaultCorpus()
		if _, err := os.Stat(dir); err != nil {
			return nil, inputErrorf("no corpus directory at %s; give the scenario files or directories to replay", dir)
		}
		paths = []string{dir}
	}
	var all []*corpus.Scenario
	var errs []error
	for _, p := range paths {
		info, err := os.Stat(p)
		if err != nil {
			errs = append(errs, pathError(p, err))
			continue
		}
		if info.IsDir() {
			scs, err := vocabulary().LoadDir(p)
			all = append(all, scs...)
			if err != nil {
				errs = append(errs, err)
			}
			continue
		}
		sc, err := vocabulary().Load(p)
		if err != nil {
			errs = append(errs, pathError(p, err))
			continue
		}
		all = append(all, sc)
	}
	for _, sc := range all {
		if _, err := sc.Setup(); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return nil, &inputError{errors.Join(errs...)}
	}
	if len(all) == 0 {
		return nil, inputErrorf("no scenario files (*.yaml) in %v", paths)
	}
	return all, nil
}

// explain prints one scenario as a step-by-step game log with the computed board after
// each step. A scenario whose expectations fail still gets its log, then its failures,
// and exit 1.
func (c *cli) explain(args []string) error {
	fs := newFlagSet("explain")
	var faults faultList
	fs.Var(&faults, "fault", "switch on the engine fault `NAME` (repeatable)")
	var ef engineFlags
	ef.register(fs)
	paths, err := c.parse(fs, args)
	if err != nil {
		return err
	}
	if len(paths) != 1 {
		return usageErrorf("explain takes one scenario file, got %d arguments", len(paths))
	}
	if info, err := os.Stat(paths[0]); err == nil && info.IsDir() {
		return usageErrorf("explain takes a scenario file; %s is a directory", paths[0])
	}
	scs, err := loadScenarios(paths)
	if err != nil {
		return err
	}
	eng, err := ef.open(faults)
	if err != nil {
		return err
	}
	defer eng.Close()
	if why := corpus.Unsupported(scs[0], harness.SupportOf(eng)); why != "" {
		fmt.Fprintf(c.stdout, "UNSUPPORTED %s: engine %s %s\n", scs[0].Path, eng.Name(), why)
		return nil
	}
	text, err := corpus.Explain(eng, scs[0])
	io.WriteString(c.stdout, text)
	if err != nil {
		fmt.Fprintf(c.stdout, "\nFAIL %s\n%s\n", scs[0].Path, err)
		return errFailed
	}
	fmt.Fprintf(c.stdout, "\nPASS %s\n", scs[0].Path)
	return nil
}

// pathError writes a file system error as "path: what", the way corpus errors read.
func pathError(path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %v", path, pe.Err)
	}
	return err
}
