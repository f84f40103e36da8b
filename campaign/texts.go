package campaign

import (
	"fmt"

	"github.com/mtgfuzz/mtgfuzz/cards"
	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// unreadableText finds the first ability text in tr's snapshots that is no printed text
// (cards.IsPrinted). The properties read abilities by their exact text and abstain on one
// they can't read, so such a text would make them silently check nothing: it is reported
// as an error of the engine, at the step where it appeared, instead.
//
// Snapshots may share the objects a step left unchanged with the snapshot before (the
// same object, read only once observed): one at the same place of the same zone there was
// checked there, so it is skipped.
func unreadableText(tr *gen.Trace) *gen.EngineError {
	var prev [9][]*harness.Object
	check := func(step int, s *harness.Snapshot) *gen.EngineError {
		zones := snapshotZones(s)
		for z, zone := range zones {
			for j, o := range zone {
				if j < len(prev[z]) && prev[z][j] == o {
					continue
				}
				for i, text := range o.Abilities {
					if !cards.IsPrinted(text) {
						return &gen.EngineError{Step: step, Op: "observe", Err: fmt.Errorf(
							"%s (card %d) reports ability %d as %q, which is no printed Oracle text (package cards): the properties can't read it%s",
							o.Name, o.Card, i, text, printedOf(o.Name))}
					}
				}
			}
		}
		prev = zones
		return nil
	}
	if e := check(-1, &tr.Start); e != nil {
		return e
	}
	for i := range tr.Steps {
		if e := check(i, tr.Steps[i].After); e != nil {
			return e
		}
	}
	return nil
}

// snapshotZones are the zones of s but the stack, in the order of [harness.Snapshot.Objects].
func snapshotZones(s *harness.Snapshot) [9][]*harness.Object {
	a, b := &s.Players[0], &s.Players[1]
	return [9][]*harness.Object{a.Library, a.Hand, a.Graveyard, a.Exile, b.Library, b.Hand, b.Graveyard, b.Exile, s.Battlefield}
}

// printedOf is "; printed: ..." with the card's Oracle text, to compare with.
func printedOf(name string) string {
	c, ok := cards.ByName(name)
	if !ok || len(c.Oracle) == 0 {
		return ""
	}
	return fmt.Sprintf("; printed: %q", c.Oracle)
}
