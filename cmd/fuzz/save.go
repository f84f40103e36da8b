package main

import "github.com/mtgfuzz/mtgfuzz/campaign"

// saveCounterexample writes a shrunk counterexample of p into the corpus (see
// campaign.SaveCounterexample), replaying it on the run's engine.
func (c *cli) saveCounterexample(f campaignFlags, p *campaign.PropResult, fail *campaign.Failure) error {
	eng, err := f.engine.open(f.faults)
	if err != nil {
		return err
	}
	defer eng.Close()
	if err := campaign.SaveCounterexample(f.corpus, p, fail, eng); err != nil {
		return err
	}
	fail.CorpusPath = display(fail.CorpusPath)
	return nil
}
