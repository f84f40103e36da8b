package scenario

import (
	"fmt"
	"slices"

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

// checkCopyOf reports an object expectation's copy_of that can't be what a copy is a copy
// of. Its value is a name, not a reference: the name the copy effects in force give the
// object (its copiable values', CR 707.2), which for a copy of a copy is the name of what
// that one copies (707.3), never a label of the setup.
func (p *parser) checkCopyOf(n *yaml.Node, name string) {
	if name == "" || p.vocab == nil || p.vocab.Cards == nil || slices.Contains(p.vocab.Cards, name) {
		return
	}
	if card, ok := p.labels[name]; ok {
		p.errf(n, "object copy_of: %q is a label (of %s); copy_of is the name of what the object is a copy of, as its copy effects give it (CR 707.2, 707.3)", name, card)
		return
	}
	p.errf(n, "object copy_of: %q is no card of the pool%s", name, suggest(name, p.vocab.Cards, "the name of what the object is a copy of"))
}
