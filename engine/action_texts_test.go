package engine

import (
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/mtgfuzz/mtgfuzz/gen"
	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// TestActionTextsAreTheirs: on every state of generated games, the text of every listed
// Activate action, kept across games (actionTexts), names its source as the state does,
// the ability's text and, for a mana ability, what the action's choices make it add; and
// every kept text is the one its key builds.
func TestActionTextsAreTheirs(t *testing.T) {
	checked, mana := 0, 0
	eachGeneratedTrace(t, 4, 10, func(seed uint64, tr *gen.Trace) {
		for i := range tr.Steps {
			s := tr.Steps[i].AfterState.(*State)
			v := s.projected()
			for _, a := range LegalActions(s) {
				if a.Kind != h.Activate {
					continue
				}
				o := objectOfCard(s, a.Card)
				if o == nil {
					t.Fatalf("seed %d step %d: %s: no object is card %d", seed, i, a, a.Card)
				}
				c := v.Of(o.ID)
				ab := c.Abilities[a.Ability]
				want := "activate " + c.Name + ": " + ab.Text
				if ab.IsMana() {
					at := slices.IndexFunc(manaOutcomes(s, v, o, ab.Ability), func(oc manaOutcome) bool { return slices.Equal(oc.choices, a.Choices) })
					if at < 0 {
						t.Fatalf("seed %d step %d: %s: no outcome has its choices", seed, i, a)
					}
					want += " -> " + manaOutcomes(s, v, o, ab.Ability)[at].mana.String()
					mana++
				}
				if a.Text != want {
					t.Fatalf("seed %d step %d: listed %q, want %q", seed, i, a.Text, want)
				}
				checked++
			}
		}
	})
	kept := actionTexts.Load()
	if checked == 0 || mana == 0 || kept == nil {
		t.Fatalf("%d texts checked, %d of mana abilities, texts kept: %v", checked, mana, kept != nil)
	}
	for k, text := range *kept {
		if text != k.build() {
			t.Fatalf("kept %q for %+v, which builds %q", text, k, k.build())
		}
	}
	t.Logf("%d texts checked (%d of mana abilities), %d kept", checked, mana, len(*kept))
}

// TestActionTextsConcurrent: games on several goroutines asking for texts never seen get
// each its own, and every one is kept (the compare and swap loses none); go test -race
// checks that reading a published map races with no write.
func TestActionTextsConcurrent(t *testing.T) {
	const games, each = 4, 50
	var wg sync.WaitGroup
	got := make([][]string, games)
	for g := range games {
		wg.Go(func() {
			for i := range each {
				got[g] = append(got[g], activationText(fmt.Sprintf("Test Card %d-%d", g, i), "{T}: Draw a card.", false, h.Mana{}))
			}
		})
	}
	wg.Wait()
	kept := *actionTexts.Load()
	for g := range games {
		for i, text := range got[g] {
			k := textKey{name: fmt.Sprintf("Test Card %d-%d", g, i), ability: "{T}: Draw a card."}
			if want := "activate " + k.name + ": " + k.ability; text != want || kept[k] != want {
				t.Fatalf("game %d text %d: got %q, kept %q, want %q", g, i, text, kept[k], want)
			}
		}
	}
}

func objectOfCard(s *State, card h.CardID) *Object {
	for id := h.ObjectID(1); int(id) <= s.numObjects(); id++ {
		if o := s.obj(id); o.Card == card && !o.Gone && (o.Zone == h.Battlefield || o.Zone == h.Hand) {
			return o
		}
	}
	return nil
}
