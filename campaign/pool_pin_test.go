package campaign_test

import (
	"slices"

	"github.com/mtgfuzz/mtgfuzz/cards"
	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Tests that pin one generated case (a case number, the first failing seed) hold it only
// for the pool it was found with: every card added to the pool since changes the draws.
// beforeIssue18 is the reference engine declaring the pool as it was before issue 18's
// cards joined it, so those cases stay the ones the tests were written for.
type beforeIssue18 struct{ *engine.Reference }

// issue18Cards are the cards issue 18 adds to the pool (Crystal Skull's rulings).
var issue18Cards = []string{"Crystal Skull, Isu Spyglass", "Jhoira, Weatherlight Captain", "Daring Archaeologist",
	"Ornithopter", "History of Benalia", "Urza's Ruinous Blast", "Raff Capashen, Ship's Mage", "Sneak Attack",
	"Akroma, Angel of Fury", "Westvale Abbey", "Westvale Abbey // Ormendahl, Profane Prince", "Mystic Forge",
	"Vizier of the Menagerie"}

func (beforeIssue18) Supports() harness.Support {
	names := slices.DeleteFunc(cards.Names(), func(n string) bool { return slices.Contains(issue18Cards, n) })
	return harness.Support{Cards: names}
}

// pinnedReference is the engine of such tests, with the faults given.
func pinnedReference(faults ...string) func() (harness.Engine, error) {
	return func() (harness.Engine, error) {
		r, err := engine.New(engine.Options{Faults: faults})
		if err != nil {
			return nil, err
		}
		return beforeIssue18{r}, nil
	}
}
