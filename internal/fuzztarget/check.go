package fuzztarget

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strings"
	"sync"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props"
	"github.com/mtgfuzz/mtgfuzz/report"
)

// FaultsVar is the environment variable whose comma-separated fault names the targets
// switch on in the reference engine.
const FaultsVar = "MTGFUZZ_FAULTS"

// InputName stands for the crashing input in the command a target prints: the fuzzing
// engine names the file it saved (go test: testdata/fuzz/FuncName/...; libFuzzer:
// crash-...).
const InputName = "INPUT"

// envFaults are the faults of FaultsVar, read once per process; an unknown name is an
// error that every input reports.
var envFaults = sync.OnceValues(func() ([]string, error) { return parseFaults(os.Getenv(FaultsVar)) })

// parseFaults reads FaultsVar's value: fault names separated by commas, each one the
// reference engine has.
func parseFaults(value string) ([]string, error) {
	var names []string
	for _, n := range strings.Split(value, ",") {
		if n = strings.TrimSpace(n); n != "" {
			names = append(names, n)
		}
	}
	if _, err := engine.New(engine.Options{Faults: names}); err != nil {
		return nil, fmt.Errorf("%s: %w", FaultsVar, err)
	}
	return names, nil
}

// Config is the campaign of data as one case: its property, run once on its tape
// (campaign.Config.Tape). The caller adds the engine, the faults, the shrink budget and
// where counterexamples go.
func (t *Target) Config(data []byte) campaign.Config {
	p, tape := t.Decode(data)
	if tape == nil {
		tape = []uint64{} // no words is still a tape: every draw 0
	}
	return campaign.Config{Props: []*props.Property{p}, Checks: 1, Workers: 1, Tape: tape}
}

// Check runs data as a case of the target on the reference engine with the faults of
// FaultsVar, unshrunk (fuzzing engines minimize their inputs themselves): "" when the
// property held or its situation wasn't reached, else the counterexample as the campaign's
// text report gives it, with the command that imports the input.
func (t *Target) Check(data []byte) string {
	faults, err := envFaults()
	if err != nil {
		return err.Error()
	}
	return t.check(data, faults)
}

// check is Check with those faults on.
func (t *Target) check(data []byte, faults []string) string {
	cfg := t.Config(data)
	cfg.Engine = func() (harness.Engine, error) { return engine.New(engine.Options{Faults: faults}) }
	cfg.Faults, cfg.Input, cfg.ShrinkBudget = faults, InputName, -1
	rep, err := campaign.Run(context.Background(), cfg)
	if err != nil {
		return err.Error()
	}
	if p := rep.Props[0]; p.Outcome != campaign.Failed && p.Outcome != campaign.Errored {
		return ""
	}
	var b bytes.Buffer
	repro := func(p campaign.PropResult) string { return report.Command + " " + ImportArgs(p.ID, InputName, faults) }
	if err := report.CampaignText(&b, rep, report.Options{Repro: repro}); err != nil {
		return err.Error()
	}
	return b.String()
}

// ImportArgs are the arguments of fuzz that import input as a case of property id's
// target under faults: "import --target mana --fault F INPUT".
func ImportArgs(id, input string, faults []string) string {
	args := "import"
	if t, ok := Of(id); ok {
		args += " --target " + t.Name
	}
	for _, f := range faults {
		args += " --fault " + campaign.ShellQuote(f)
	}
	return args + " " + campaign.ShellQuote(input)
}
