package engine

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/mtgfuzz/mtgfuzz/gen"
	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// TestActionTextsAreTheirs: on every state of generated games, the text of every listed
// Activate action, its card's (printedActivations, kept across games) or built, names its
// source as the state does, the ability's text and, for a mana ability, what the action's
// choices make it add; every kind is checked: of objects with their printed
// characteristics, of objects whose characteristics effects changed but for the ability's
// key (printedActivationOf), and built.
func TestActionTextsAreTheirs(t *testing.T) {
	checked, mana, printed, cards, built := 0, 0, 0, 0, 0
	eachGeneratedTrace(t, 4, 10, func(seed uint64, tr *gen.Trace) {
		for i := range tr.Steps {
			s := tr.Steps[i].AfterState.(*state)
			v := s.projected()
			for _, a := range legalActions(s) {
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
					at := slices.IndexFunc(manaOutcomes(s, v, o, ab.ability), func(oc manaOutcome) bool { return slices.Equal(oc.choices, a.Choices) })
					if at < 0 {
						t.Fatalf("seed %d step %d: %s: no outcome has its choices", seed, i, a)
					}
					want += " -> " + manaOutcomes(s, v, o, ab.ability)[at].mana.String()
					mana++
				} else if len(a.Choices) > 0 { // the creatures it sacrifices for its cost (CR 118.3)
					var names []string
					for _, ch := range a.Choices {
						_, val := h.SplitChoice(ch)
						n, _ := strconv.Atoi(val)
						names = append(names, fmt.Sprintf("%s (card %d)", v.Of(objectOfCard(s, h.CardID(n)).ID).Name, n))
					}
					want += " sacrificing " + strings.Join(names, ", ")
				}
				switch {
				case v.asPrinted(o.ID):
					printed++
				case v.printedActivationOf(o, c, a.Ability, ab.ability, ab.IsMana()) != nil:
					cards++
				default:
					built++
				}
				if a.Text != want {
					t.Fatalf("seed %d step %d: listed %q, want %q", seed, i, a.Text, want)
				}
				checked++
			}
		}
	})
	if checked == 0 || mana == 0 || printed == 0 || cards == 0 || built == 0 {
		t.Fatalf("%d texts checked, %d of mana abilities, %d of printed characteristics, %d of changed ones with the card's, %d built",
			checked, mana, printed, cards, built)
	}
	t.Logf("%d texts checked (%d of mana abilities, %d of printed characteristics, %d of changed ones with the card's, %d built)",
		checked, mana, printed, cards, built)
}

// TestPrintedManaTextsConcurrent: games on several goroutines asking for a printed mana
// ability's texts of amounts never seen get each the one built, and the amounts kept are
// distinct, each with its text; go test -race checks that reading a published list races
// with no write.
func TestPrintedManaTextsConcurrent(t *testing.T) {
	pa := &printedActivations(&chars{Name: "Test Land", Abilities: []abilityInstance{{ability: &ability{
		Kind: Activated, Text: "{T}: Add {C}.", Cost: activationCost{Tap: true}, Produce: &manaProduction{Kind: ProduceFixed, Fixed: h.Of(h.Colorless, 1)}}}}})[0]
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for n := 2; n < 2+maxMoreTexts; n++ {
				if got, want := pa.manaText(h.Of(h.Colorless, n)), "activate Test Land: {T}: Add {C}. -> "+h.Of(h.Colorless, n).String(); got != want {
					t.Errorf("%d mana: %q, want %q", n, got, want)
				}
			}
		})
	}
	wg.Wait()
	kept := *pa.more.Load()
	for i, mt := range kept {
		k := textKey{name: "Test Land", ability: "{T}: Add {C}.", mana: mt.mana, isMana: true}
		if mt.text != k.build() || slices.ContainsFunc(kept[:i], func(o manaText) bool { return o.mana == mt.mana }) {
			t.Fatalf("kept %v: %q, twice or not its text", mt.mana, mt.text)
		}
	}
	if len(kept) == 0 {
		t.Fatal("no amount kept")
	}
}

func objectOfCard(s *state, card h.CardID) *object {
	for id := h.ObjectID(1); int(id) <= s.numObjects(); id++ {
		if o := s.obj(id); o.Card == card && !o.Gone && (o.Zone == h.Battlefield || o.Zone == h.Hand) {
			return o
		}
	}
	return nil
}
