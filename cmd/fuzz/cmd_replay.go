package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/internal/version"
	"github.com/mtgfuzz/mtgfuzz/report"
	"github.com/mtgfuzz/mtgfuzz/scenario"
)

// replay replays corpus scenarios (files or directories; default the module's corpus/)
// against the reference engine, with faults if asked, and reports each file's verdict with
// its failures at file:line. A file that does not parse is reported as INVALID with its
// file:line while the others still run, and makes the exit code 2 (an input error) at the
// end; a scenario whose expectations fail is a failure (exit 1).
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
	scenarios, invalid, err := loadScenarios(paths)
	if err != nil {
		return err
	}
	eng, err := ef.open(faults)
	if err != nil {
		return err
	}
	defer eng.Close()
	rep := &report.Replay{Engine: eng.Name(), Fault: faults.String(), EngineArgs: ef.args(), Conformance: ef.command != ""}
	for _, f := range invalid {
		rep.Files = append(rep.Files, report.ReplayResult{Path: f.path, Invalid: f.err.Error()})
	}
	c.interruptNotes.Store(&replayInterrupted)
	c.intr.keepPartial()
	support := harness.SupportOf(eng)
	start := time.Now()
	for _, sc := range scenarios {
		if c.intr.stopped() {
			rep.Partial = true
			break
		}
		if why := scenario.Unsupported(sc, support); why != "" {
			rep.Files = append(rep.Files, report.ReplayResult{Path: sc.Path, Rulings: sc.Rulings, Unsupported: why})
			continue
		}
		began := time.Now()
		res := scenario.Replay(eng, sc)
		rep.Files = append(rep.Files, report.ReplayResult{
			Path: res.Path, Rulings: res.Rulings, Passed: res.Passed, Unsupported: res.Unsupported, Failures: res.Failures, Log: failedLog(res),
			Trace: failedTrace(res), FailedAt: res.FailedAt,
			EngineError: !res.Passed && engineBroke(eng, res),
			ElapsedMS:   time.Since(began).Milliseconds(),
		})
	}
	elapsed := time.Since(start)
	rep.ElapsedMS = elapsed.Milliseconds()
	rep.ScenariosPerSecond = campaign.CasesPerSecond(len(rep.Files)-len(invalid), elapsed)
	rep.Version = version.Get().Short()
	if err := c.write(o, format, func(w io.Writer, f report.Format) error { return report.ReplayReport(w, f, rep) }); err != nil {
		return err
	}
	if len(invalid) > 0 {
		// The valid files ran and are reported; the invalid ones make it an input error.
		return invalidError(invalid)
	}
	if !rep.Passed() {
		return errFailed
	}
	return nil
}

// replayInterrupted is what an interrupt does to a replay: it shrinks nothing.
var replayInterrupted = [2]string{
	"interrupted: no more scenarios start; the report of those replayed follows",
	"interrupted again: the report follows as soon as the scenario being replayed ends",
}

// engineBroke reports whether a failed replay is the engine breaking (a panic, a port
// that broke the protocol) rather than answering wrongly.
func engineBroke(eng harness.Engine, res *scenario.Result) bool {
	if p, ok := portOf(eng); ok && p.Broken() != nil {
		return true
	}
	return slices.ContainsFunc(res.Failures, func(f string) bool { return strings.Contains(f, "the engine panicked") })
}

// failedLog keeps the game log of failed scenarios only: a passing one has nothing to
// explain, and "fuzz explain" shows it on demand.
func failedLog(res *scenario.Result) []string {
	if res.Passed {
		return nil
	}
	return res.Log
}

// failedTrace keeps the replayed game of failed scenarios, for the HTML boards.
func failedTrace(res *scenario.Result) *gen.Trace {
	if res.Passed {
		return nil
	}
	return res.Trace
}

// invalidFile is a scenario file that does not load: it does not parse, or its setup is
// not a valid game. err says where (file:line) and what was expected.
type invalidFile struct {
	path string
	err  error
}

// loadScenarios loads every path (a file, or a directory searched recursively), or the
// default corpus when there are none. A path that does not exist, or holds no scenario
// file, is an input error; a file that does not load is listed in invalid, so that the
// others still run.
func loadScenarios(paths []string) (scenarios []*scenario.Scenario, invalid []invalidFile, err error) {
	if len(paths) == 0 {
		dir := defaultCorpus()
		if _, err := os.Stat(dir); err != nil {
			return nil, nil, inputErrorf("no corpus directory at %s; give the scenario files or directories to replay", dir)
		}
		paths = []string{dir}
	}
	var files, missing []error
	var names []string
	for _, p := range paths {
		info, err := os.Stat(p)
		if err != nil {
			missing = append(missing, pathError(p, err))
			continue
		}
		if !info.IsDir() {
			names = append(names, p)
			continue
		}
		found, err := scenario.Files(p)
		if err != nil {
			files = append(files, err)
		}
		names = append(names, found...)
	}
	if err := errors.Join(append(missing, files...)...); err != nil {
		return nil, nil, &inputError{err}
	}
	if len(names) == 0 {
		return nil, nil, inputErrorf("no scenario files (*.yaml) in %v", paths)
	}
	for _, name := range names {
		sc, err := vocabulary().Load(name)
		if err == nil {
			_, err = sc.Setup()
		}
		if err != nil {
			invalid = append(invalid, invalidFile{name, pathError(name, err)})
			continue
		}
		scenarios = append(scenarios, sc)
	}
	return scenarios, invalid, nil
}

// invalidError is the input error ending a command that met invalid files: each one's
// errors, file:line first.
func invalidError(invalid []invalidFile) error {
	errs := make([]error, len(invalid))
	for i, f := range invalid {
		errs[i] = f.err
	}
	return &inputError{errors.Join(errs...)}
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
	scs, invalid, err := loadScenarios(paths)
	if err != nil {
		return err
	}
	if len(invalid) > 0 {
		return invalidError(invalid)
	}
	eng, err := ef.open(faults)
	if err != nil {
		return err
	}
	defer eng.Close()
	if why := scenario.Unsupported(scs[0], harness.SupportOf(eng)); why != "" {
		fmt.Fprintf(c.stdout, "UNSUPPORTED %s: engine %s %s\n", scs[0].Path, eng.Name(), why)
		return nil
	}
	text, err := scenario.Explain(eng, scs[0])
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
