package main

import (
	"fmt"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/props"
	"github.com/mtgfuzz/mtgfuzz/report"
)

// saveCounterexample writes a shrunk counterexample of p into the corpus (see
// campaign.SaveCounterexample), replaying it on the run's engine.
func (c *cli) saveCounterexample(f campaignFlags, p *props.Property, fail *campaign.Failure) error {
	eng, err := f.engine.open(f.faults)
	if err != nil {
		return err
	}
	defer eng.Close()
	origin := "found by fuzz " + originArgs(fail.Origin, f.engine.args()).caseArgs(fail.Case)
	if err := campaign.SaveCounterexample(f.corpus, p, fail, eng, origin); err != nil {
		return err
	}
	fail.CorpusPath = display(fail.CorpusPath)
	return nil
}

// found is the campaign's Config.Found: each counterexample is saved and summed up on
// stderr as soon as it is shrunk, so that a campaign killed later (a CI job's time limit)
// loses nothing it had found. A counterexample that can't be saved is said at once and
// kept in *saveErr, for the exit code.
func (c *cli) found(f *campaignFlags, saveErr *error) func(*props.Property, *campaign.Failure) {
	return func(p *props.Property, fail *campaign.Failure) {
		var err error
		if !fail.TimedOut { // replaying a case the engine hung on would hang too
			err = c.saveCounterexample(*f, p, fail)
		}
		if err != nil && *saveErr == nil {
			*saveErr = err
		}
		c.prog.clear()
		c.errorf("%s", foundSummary(p.ID, fail, originArgs(fail.Origin, f.engine.args()).oneCase(fail.Case)))
		if err != nil {
			c.errorf("%v", err)
		}
	}
}

// foundSummary is what stderr says of a counterexample when it is found: the case, its
// first violation, where it is saved.
func foundSummary(id string, fail *campaign.Failure, repro string) string {
	var b strings.Builder
	what := "a counterexample"
	if fail.Error != "" {
		what = "an engine error"
	}
	fmt.Fprintf(&b, "found %s of %s: case %d, %d permanents and %d actions", what, id, fail.Case, report.Permanents(fail), len(fail.Actions))
	if len(fail.Violations) > 0 {
		v := fail.Violations[0]
		first, _, _ := strings.Cut(report.ViolationText(v, fail.Actions), "\n")
		fmt.Fprintf(&b, "\n  %s", first)
	}
	if fail.CorpusPath != "" {
		fmt.Fprintf(&b, "\n  saved:     %s", fail.CorpusPath)
	}
	fmt.Fprintf(&b, "\n  reproduce: %s", repro)
	return b.String()
}
