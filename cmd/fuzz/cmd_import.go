package main

import (
	"cmp"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/internal/fuzztarget"
	"github.com/mtgfuzz/mtgfuzz/report"
)

// importInput turns a crashing input of a native fuzz target (a raw libFuzzer input from
// ClusterFuzzLite or OSS-Fuzz, or a "go test fuzz v1" file from testdata/fuzz) into a
// counterexample as a campaign finds one: the input's case is run as the one case of a
// campaign (fuzztarget.Target.Config), shrunk, saved as a scenario through the campaign's
// save path, and reported. An input that holds imports nothing.
func (c *cli) importInput(args []string) error {
	fs := newFlagSet("import")
	f := &campaignFlags{steps: campaign.DefaultMaxSteps}
	target := fs.String("target", "", "the fuzz target `NAME` the input is for: "+strings.Join(fuzztarget.Names(), ", ")+" (or FuzzMana, ...); default: the go test folder it is in (testdata/fuzz/FuzzMana/)")
	fs.Var(&f.faults, "fault", "switch on the engine fault `NAME` the input was found with (repeatable; MTGFUZZ_FAULTS of the fuzz run)")
	fs.StringVar(&f.corpus, "corpus", "", "save the counterexample under `DIR` (default: "+foundDirName+"/ at the module root, ignored by git)")
	f.output.register(fs)
	pos, err := c.parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usageErrorf("import takes one FILE, the crashing input, got %d arguments", len(pos))
	}
	file := pos[0]
	t, err := importTarget(*target, file)
	if err != nil {
		return err
	}
	format, err := f.output.check()
	if err != nil {
		return err
	}
	factory, err := f.engine.factory(f.faults)
	if err != nil {
		return err
	}
	raw, err := os.ReadFile(file)
	if err != nil {
		return inputErrorf("%v", err)
	}
	data, err := fuzztarget.ReadInput(raw)
	if err != nil {
		return inputErrorf("%s: %v", file, err)
	}
	if f.corpus == "" {
		f.corpus = foundDir()
	}
	if err := checkWritableDir(f.corpus); err != nil {
		return inputErrorf("--corpus %s: %v", f.corpus, err)
	}
	cfg := t.Config(data)
	cfg.Engine, cfg.Faults, cfg.Input, cfg.Stop = factory, f.faults, file, c.intr.stop
	var saveErr error
	cfg.Found = c.found(f, &saveErr)
	rep, err := campaign.Run(c.ctx, cfg)
	if err != nil {
		return err
	}
	p := &rep.Props[0]
	if p.Failure == nil {
		_, err := fmt.Fprintf(c.stdout, "%s: held: its case of %s (target %s) did not fail on %s: nothing imported; was it found with a fault (--fault, MTGFUZZ_FAULTS)?\n",
			file, p.ID, t.Name, rep.Engine)
		return err
	}
	p.Failure.Repro = originArgs(p.Failure.Origin, "").oneCase(p.Failure.Case)
	opts := report.Options{EngineArgs: faultArgs(f.faults), Trace: f.engine.trace}
	err = c.write(f.output, format, func(w io.Writer, fm report.Format) error { return report.Campaign(w, fm, rep, opts) })
	if err == nil && saveErr != nil {
		err = &inputError{saveErr} // the report said what was found; the file is missing
	}
	return cmp.Or(err, errFailed)
}

// importTarget is the target named by --target, or else by a folder of the input's path
// (go test keeps a target's inputs under testdata/fuzz/FuzzMana/).
func importTarget(name, file string) (*fuzztarget.Target, error) {
	if name != "" {
		t, ok := fuzztarget.Lookup(name)
		if !ok {
			return nil, usageErrorf("--target %s: no such fuzz target; the targets: %s", name, strings.Join(fuzztarget.Names(), ", "))
		}
		return t, nil
	}
	for dir := filepath.Dir(file); ; dir = filepath.Dir(dir) {
		if t, ok := fuzztarget.Lookup(filepath.Base(dir)); ok {
			return t, nil
		}
		if parent := filepath.Dir(dir); parent == dir {
			break
		}
	}
	return nil, usageErrorf("import %s: which fuzz target's input is it? give --target NAME: %s", file, strings.Join(fuzztarget.Names(), ", "))
}
