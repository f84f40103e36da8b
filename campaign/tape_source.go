package campaign

import "github.com/mtgfuzz/mtgfuzz/gen"

// caseSource makes src the source of a case with that seed: the seed's random stream, or
// the replay of Config.Tape when the campaign runs a given case.
func (c *Config) caseSource(src *gen.TapeSource, seed uint64) {
	if c.Tape != nil {
		src.ResetReplay(c.Tape)
		return
	}
	src.Reset(seed)
}
