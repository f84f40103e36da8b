package main

import (
	"github.com/mtgfuzz/mtgfuzz/conform"
	"github.com/mtgfuzz/mtgfuzz/props"
	"github.com/mtgfuzz/mtgfuzz/report"
)

// checkEngine checks the engine against the conventions of docs/engines.md before any
// property runs, and names each convention it breaks with an example. Exit 1 if one is
// broken.
func (c *cli) checkEngine(args []string) error {
	fs := newFlagSet("check-engine")
	var ef engineFlags
	ef.register(fs)
	seed := fs.Uint64("seed", 1, "the seed of the generated cases")
	cases := checksFlag(fs, 300, "generated cases to check the conventions on")
	pos, err := c.parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usageErrorf("check-engine takes no arguments, got %q", pos)
	}
	if *cases < 1 {
		return usageErrorf("--cases must be at least 1")
	}
	eng, err := ef.open(nil)
	if err != nil {
		return err
	}
	defer eng.Close()
	cfg := conform.Config{Seed: *seed, Cases: *cases, Steers: props.Steers()}
	results, err := conform.Check(eng, cfg)
	if err != nil {
		return err
	}
	if err := report.ConformText(c.stdout, eng.Name(), results); err != nil {
		return err
	}
	for _, r := range results {
		if r.Problems > 0 {
			return errFailed
		}
	}
	return nil
}
