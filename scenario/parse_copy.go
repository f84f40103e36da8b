package scenario

import (
	"fmt"

	"go.yaml.in/yaml/v3"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Copy effects in force in a setup: `copying: [bears, giant]` on a permanent says that its
// card's copy ability made it a copy of each of those permanents in turn, oldest first
// (CR 707; harness.PermanentSpec.Copying).

// copying reads the list of references.
func (p *parser) copying(n *yaml.Node, what string) []string {
	var out []string
	for _, item := range p.list(n, what) {
		if s, ok := p.name(item, what); ok {
			out = append(out, s)
		}
	}
	return out
}

// checkCopying reports a reference that names no other permanent of the setup.
func (p *parser) checkCopying(s *SetupSpec, pm PermanentEntry) {
	for _, ref := range pm.Copying {
		if _, err := staticRef(s, ref, true); err != nil {
			p.errf(&yaml.Node{Line: pm.At.Line}, "%s copying: %v", pm.Name, err)
		}
	}
}

// resolveCopying turns the references into card IDs; on error it says at which line.
func resolveCopying(in *SetupSpec, s *harness.Setup, book *refBook) (int, error) {
	for pl := range in.Players {
		for j, pe := range in.Players[pl].Battlefield {
			for _, ref := range pe.Copying {
				id, err := book.static(ref)
				if err != nil {
					return pe.At.Line, fmt.Errorf("%s copying: %v", pe.Name, err)
				}
				s.Players[pl].Battlefield[j].Copying = append(s.Players[pl].Battlefield[j].Copying, id)
			}
		}
	}
	return 0, nil
}
