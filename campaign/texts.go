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
func unreadableText(tr *gen.Trace) *gen.EngineError {
	check := func(step int, s *harness.Snapshot) *gen.EngineError {
		for _, o := range s.Objects() {
			for i, text := range o.Abilities {
				if !cards.IsPrinted(text) {
					return &gen.EngineError{Step: step, Op: "observe", Err: fmt.Errorf(
						"%s (card %d) reports ability %d as %q, which is no printed Oracle text (package cards): the properties can't read it%s",
						o.Name, o.Card, i, text, printedOf(o.Name))}
				}
			}
		}
		return nil
	}
	if e := check(-1, &tr.Start); e != nil {
		return e
	}
	for i := range tr.Steps {
		if e := check(i, &tr.Steps[i].After); e != nil {
			return e
		}
	}
	return nil
}

// printedOf is "; printed: ..." with the card's Oracle text, to compare with.
func printedOf(name string) string {
	c, ok := cards.ByName(name)
	if !ok || len(c.Oracle) == 0 {
		return ""
	}
	return fmt.Sprintf("; printed: %q", c.Oracle)
}
