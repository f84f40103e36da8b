package main

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/mtgfuzz/mtgfuzz/internal/fuzztarget"
)

// defaultSeedCases is how many cases per property the short campaign of export-seeds
// runs: enough to reach most clauses of every property, a few seconds in all.
const defaultSeedCases = 100

// exportSeeds writes, for each native fuzz target, the <target>_seed_corpus.zip that
// ClusterFuzzLite and OSS-Fuzz read beside its fuzzer: raw libFuzzer inputs (f.Add seeds
// are not used there), the tapes of a short campaign's cases, one reaching each clause
// of each property (fuzztarget.Target.Seeds). The corpus scenarios are not among them: a
// scenario is a setup and actions, a tape is the generator's choices, and the generator
// can't be run backwards (a scenario's board is often none it could draw: counters,
// damage, attachments written by hand).
func (c *cli) exportSeeds(args []string) error {
	fs := newFlagSet("export-seeds")
	out := fs.String("out", "", "write the seed corpora into `DIR` (created if missing)")
	seed := fs.Uint64("seed", 1, "the seed `N` of the short campaign the seeds come from")
	cases := fs.Int("checks", defaultSeedCases, "run `N` generated cases per property in that campaign")
	pos, err := c.parse(fs, args)
	if err != nil {
		return err
	}
	switch {
	case len(pos) > 0:
		return usageErrorf("export-seeds takes no arguments, got %q", pos)
	case *out == "":
		return usageErrorf("export-seeds needs --out DIR, where the seed corpora go")
	case *cases < 1:
		return usageErrorf("--checks must be at least 1")
	}
	if err := checkWritableDir(*out); err != nil {
		return inputErrorf("--out %s: %v", *out, err)
	}
	for _, t := range fuzztarget.Targets() {
		path := filepath.Join(*out, t.SeedCorpusName())
		n := 0
		if err := writeFile(path, func(w io.Writer) (err error) {
			n, err = t.WriteSeedCorpus(w, *seed, *cases)
			return err
		}); err != nil {
			return inputErrorf("%s: %v", path, err)
		}
		if _, err := fmt.Fprintf(c.stdout, "%s: %d inputs, %d properties\n", display(path), n, len(t.Props())); err != nil {
			return err
		}
	}
	return nil
}
