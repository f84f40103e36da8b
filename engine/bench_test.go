package engine

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mtgfuzz/mtgfuzz/gen"
	h "github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/internal/benchcpu"
)

// BenchmarkCouldProduceLarge: "could produce" for 40 lands under 6 replacement effects
// (3 per side), from a fresh projection each time (CR 106.7).
func BenchmarkCouldProduceLarge(b *testing.B) {
	s, err := newGame(largeBoard(), nil)
	if err != nil {
		b.Fatal(err)
	}
	cpu := benchcpu.Start()
	for b.Loop() {
		project(s).couldProduceAll()
	}
	cpu.Report(b)
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

// BenchmarkStep: one engine step (legalActions, then applyAction on one of them) on a
// 20-permanent board.
func BenchmarkStep(b *testing.B) {
	s, err := newGame(twentyPermanents(), nil)
	if err != nil {
		b.Fatal(err)
	}
	i := 0
	cpu := benchcpu.Start()
	for b.Loop() {
		acts := legalActions(s)
		if _, _, err := applyAction(s, acts[i%len(acts)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
	cpu.Report(b)
}

// BenchmarkSnapshot: rendering the canonical snapshot of a 20-permanent board.
func BenchmarkSnapshot(b *testing.B) {
	s, err := newGame(twentyPermanents(), nil)
	if err != nil {
		b.Fatal(err)
	}
	cpu := benchcpu.Start()
	for b.Loop() {
		snapshot(s)
	}
	cpu.Report(b)
}

// BenchmarkSnapshotAfterStep: rendering the snapshot of a state stepped from one whose
// snapshot was rendered (a mana ability activated, on the 20-permanent board), as a walk
// does: what did not change is reused.
func BenchmarkSnapshotAfterStep(b *testing.B) {
	s, err := newGame(twentyPermanents(), nil)
	if err != nil {
		b.Fatal(err)
	}
	snapshot(s)
	var next *state
	for _, a := range legalActions(s) {
		if a.Kind == h.Activate && project(s).Of(s.byCard(a.Card).ID).Abilities[a.Ability].IsMana() {
			if next, _, err = applyAction(s, a); err != nil {
				b.Fatal(err)
			}
			break
		}
	}
	if next == nil || next.Proposal != nil {
		b.Fatal("no mana ability to activate")
	}
	b.ReportAllocs()
	cpu := benchcpu.Start()
	for b.Loop() {
		snapshot(next)
	}
	cpu.Report(b)
}

// BenchmarkLegalActions: listing every legal action (mana outcomes included) on a
// 20-permanent board with mana replacement effects and triggers.
func BenchmarkLegalActions(b *testing.B) {
	s, err := newGame(twentyPermanents(), nil)
	if err != nil {
		b.Fatal(err)
	}
	cpu := benchcpu.Start()
	for b.Loop() {
		legalActions(s.clone().finish(nil))
	}
	cpu.Report(b)
}

// copyChains is a board of 200 permanents, 100 a side, in chains of copies: in each
// chain the first permanent is a Grizzly Bears and each of the next depth is a copier
// copying the one before it (a copy of a copy of ..., CR 707.3); the last chain of a side
// may be shorter. It returns the setup and how many copy effects it holds.
func copyChains(copier string, depth int) (h.Setup, int) {
	s := board(nil, nil)
	effects := 0
	for p := range s.Players {
		for i := range 100 {
			pm := h.PermanentSpec{CardSpec: h.CardSpec{ID: h.CardID(100*(p+1) + i), Name: "Grizzly Bears"}}
			if k := i % (depth + 1); k > 0 {
				pm.Name, pm.Copying = copier, []h.CardID{pm.ID - 1}
				effects++
			}
			s.Players[p].Battlefield = append(s.Players[p].Battlefield, pm)
		}
	}
	return s, effects
}

// BenchmarkProjectCopyChains: projecting a board of 200 permanents in copy chains of each
// depth (CR 613, 707.3): Clones, whose copiable values are the same at every depth, and
// Crystalline Resonances, each of which adds its own ability to what it copies (707.9a),
// so that the one at depth k has k abilities. The projection applies each copy effect once,
// so the CPU time per copy effect (cpu-ns/effect) stays flat for Clones and grows with the
// abilities copied for Resonances.
func BenchmarkProjectCopyChains(b *testing.B) {
	for _, copier := range []string{"Clone", "Crystalline Resonance"} {
		for _, depth := range []int{1, 5, 20, 50} {
			b.Run(fmt.Sprintf("%s/depth=%d", strings.Fields(copier)[0], depth), func(b *testing.B) {
				setup, effects := copyChains(copier, depth)
				s, err := newGame(setup, nil)
				if err != nil {
					b.Fatal(err)
				}
				b.ReportAllocs()
				cpu := benchcpu.Start()
				for b.Loop() {
					project(s)
				}
				cpu.Report(b)
				cpu.ReportPer(b, effects, "cpu-ns/effect")
			})
		}
	}
}

// generatedSetups are the boards of the first seeds whose generated board (the campaign
// benchmark's generator: up to 20 permanents a side, steered to mana) holds 20 permanents
// or more, as a case starts from them.
func generatedSetups(b *testing.B, n int) []h.Setup {
	g, err := gen.New(nil, gen.Steer{MaxPermanents: 20, Actions: gen.PreferMana()})
	if err != nil {
		b.Fatal(err)
	}
	var out []h.Setup
	for seed := uint64(0); len(out) < n && seed < 100000; seed++ {
		s := g.Board(gen.NewTapeSource(seed))
		if len(s.Players[0].Battlefield)+len(s.Players[1].Battlefield) >= 20 {
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		b.Fatal("no generated board of 20 permanents")
	}
	return out
}

// BenchmarkNewGame: building the game of a generated 20-permanent setup, as a case starts
// (objects and zones, copy effects and links, the first settle).
func BenchmarkNewGame(b *testing.B) {
	setups := generatedSetups(b, 64)
	b.ReportAllocs()
	i := 0
	cpu := benchcpu.Start()
	for b.Loop() {
		if _, err := newGame(setups[i%len(setups)], nil); err != nil {
			b.Fatal(err)
		}
		i++
	}
	cpu.Report(b)
}

// BenchmarkProjectGenerated: projecting the started games of generated 20-permanent
// setups (CR 613).
func BenchmarkProjectGenerated(b *testing.B) {
	var states []*state
	for _, setup := range generatedSetups(b, 64) {
		s, err := newGame(setup, nil)
		if err != nil {
			b.Fatal(err)
		}
		states = append(states, s)
	}
	b.ReportAllocs()
	i := 0
	cpu := benchcpu.Start()
	for b.Loop() {
		project(states[i%len(states)])
		i++
	}
	cpu.Report(b)
}
