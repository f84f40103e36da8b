package gentest

import "github.com/mtgfuzz/mtgfuzz/harness"

// Permanents lists the names of a setup's permanents, A's battlefield then B's, in setup
// order: what tests of generators, shrinkers and campaigns assert about a board.
func Permanents(s *harness.Setup) []string {
	var out []string
	for _, ps := range s.Players {
		for _, pm := range ps.Battlefield {
			out = append(out, pm.Name)
		}
	}
	return out
}
