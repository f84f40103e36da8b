package scenario

import (
	"fmt"

	"go.yaml.in/yaml/v3"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Links in a setup: `exiled_with: [bears]` on a permanent says that its linked abilities
// exiled those cards of the setup's exile zones ("the exiled card" of an Oblivion Ring, a
// Chrome Mox's imprint; CR 607.2a), under the copy effects in force on it
// (harness.PermanentSpec.ExiledWith).

// checkExiledWith reports a reference that names no card in an exile zone of the setup.
func (p *parser) checkExiledWith(s *SetupSpec, pm PermanentEntry) {
	for _, ref := range pm.ExiledWith {
		i, err := staticRef(s, ref, false)
		if err == nil && i >= 0 && !inExile(s, i) {
			err = fmt.Errorf("%q is not in an exile zone of the setup", ref)
		}
		if err != nil {
			p.errf(&yaml.Node{Line: pm.At.Line, Column: pm.At.Col}, "%s exiled_with: %v", pm.Name, err)
		}
	}
}

// inExile reports whether the i-th entry of the setup (in eachEntry order) is in exile.
func inExile(s *SetupSpec, i int) bool {
	idx := 0
	for pl := range s.Players {
		ps := &s.Players[pl]
		before := len(ps.Library) + len(ps.Hand) + len(ps.Graveyard)
		if i >= idx+before && i < idx+before+len(ps.Exile) {
			return true
		}
		idx += before + len(ps.Exile) + len(ps.Battlefield)
	}
	return false
}

// resolveExiledWith turns the references into card IDs; on error it says at which line.
func resolveExiledWith(in *SetupSpec, s *harness.Setup, book *refBook) (int, error) {
	for pl := range in.Players {
		for j, pe := range in.Players[pl].Battlefield {
			for _, ref := range pe.ExiledWith {
				id, err := book.static(ref)
				if err != nil {
					return pe.At.Line, fmt.Errorf("%s exiled_with: %v", pe.Name, err)
				}
				s.Players[pl].Battlefield[j].ExiledWith = append(s.Players[pl].Battlefield[j].ExiledWith, id)
			}
		}
	}
	return 0, nil
}
