package engine

import (
	"fmt"
	"testing"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

func TestSmokeWalk(t *testing.T) {
	setup := h.Setup{Turn: 2, Active: h.A, Step: h.Main1}
	setup.Players[0] = h.PlayerSetup{Life: 20, Library: []h.CardSpec{{Name: "Island"}, {Name: "Forest"}, {Name: "Forest"}},
		Hand: []h.CardSpec{{Name: "Walking Ballista"}, {Name: "Forest"}, {Name: "Giant Growth"}},
		Battlefield: []h.PermanentSpec{{CardSpec: h.CardSpec{Name: "Reflecting Pool"}}, {CardSpec: h.CardSpec{Name: "Island"}},
			{CardSpec: h.CardSpec{Name: "Mana Reflection"}}, {CardSpec: h.CardSpec{Name: "Contamination"}}, {CardSpec: h.CardSpec{Name: "Llanowar Elves"}, Sick: true}}}
	setup.Players[1] = h.PlayerSetup{Life: 20, Library: []h.CardSpec{{Name: "Island"}, {Name: "Forest"}}, Battlefield: []h.PermanentSpec{{CardSpec: h.CardSpec{Name: "Grizzly Bears"}}}}
	s, err := NewGame(setup, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 60; i++ {
		acts := LegalActions(s)
		if len(acts) == 0 {
			break
		}
		a := acts[(i*7)%len(acts)]
		next, evs, err := Step(s, a)
		if err != nil {
			t.Fatalf("step %d %s: %v", i, a, err)
		}
		t.Logf("%d %s %s: %s (%d legal)", s.Turn, s.Step, s.Priority, a, len(acts))
		for _, e := range evs {
			t.Logf("    %s", e.Text)
		}
		s = next
	}
	snap := Snapshot(s)
	t.Log(fmt.Sprintf("%+v", snap.Players[0].Pool))
}
