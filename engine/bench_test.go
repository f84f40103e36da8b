package engine

import (
	"testing"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// BenchmarkCouldProduceLarge: "could produce" for 40 lands under 6 replacement effects
// (3 per side), from a fresh projection each time (CR 106.7).
func BenchmarkCouldProduceLarge(b *testing.B) {
	s, err := NewGame(largeBoard(), nil)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		Project(s).couldProduceAll()
	}
}

// twentyPermanents is a mixed 20-permanent board.
func twentyPermanents() h.Setup {
	s := board([]string{"Forest", "Island", "Reflecting Pool", "Llanowar Elves", "Mana Reflection", "Pili-Pala*", "Mutavault", "Fellwar Stone", "Grizzly Bears", "Wild Growth@0"},
		[]string{"Swamp", "Mountain", "Exotic Orchard", "Contamination", "Hill Giant", "Walking Ballista", "Gaea's Cradle", "Mana Flare", "Vivid Crag", "Darksteel Citadel"})
	s.Players[1].Battlefield[5].Counters = map[string]int{"+1/+1": 2}
	s.Players[0].Hand = []h.CardSpec{{Name: "Giant Growth"}, {Name: "Dark Ritual"}, {Name: "Hangarback Walker"}}
	s.Players[0].Library = []h.CardSpec{{Name: "Forest"}, {Name: "Island"}}
	s.Players[1].Library = []h.CardSpec{{Name: "Swamp"}, {Name: "Island"}}
	return s
}

// BenchmarkStep: one engine step (LegalActions, then Step on one of them) on a
// 20-permanent board.
func BenchmarkStep(b *testing.B) {
	s, err := NewGame(twentyPermanents(), nil)
	if err != nil {
		b.Fatal(err)
	}
	i := 0
	for b.Loop() {
		acts := LegalActions(s)
		if _, _, err := Step(s, acts[i%len(acts)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkSnapshot: rendering the canonical snapshot of a 20-permanent board.
func BenchmarkSnapshot(b *testing.B) {
	s, err := NewGame(twentyPermanents(), nil)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		Snapshot(s)
	}
}

// BenchmarkLegalActions: listing every legal action (mana outcomes included) on a
// 20-permanent board with mana replacement effects and triggers.
func BenchmarkLegalActions(b *testing.B) {
	s, err := NewGame(twentyPermanents(), nil)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		LegalActions(s.clone().finish())
	}
}
