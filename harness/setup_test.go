package harness_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

func ids(zone []harness.CardSpec) []harness.CardID {
	var out []harness.CardID
	for _, c := range zone {
		out = append(out, c.ID)
	}
	return out
}

func TestNormalizeNumbersAroundExplicitIDs(t *testing.T) {
	s := harness.Setup{Active: harness.A}
	s.Players[0].Library = []harness.CardSpec{{Name: "Forest"}, {ID: 2, Name: "Forest"}, {Name: "Forest"}}
	s.Players[0].Hand = []harness.CardSpec{{ID: 3, Name: "Island"}, {Name: "Island"}}
	s.Players[1].Battlefield = []harness.PermanentSpec{{CardSpec: harness.CardSpec{ID: 7, Name: "Plains"}}, {CardSpec: harness.CardSpec{Name: "Plains"}}}
	if err := s.Normalize(); err != nil {
		t.Fatal(err)
	}
	// Setup order, skipping the explicit 2, 3 and 7: 1, 4, 5; the permanent after 7 gets 6.
	if got, want := ids(s.Players[0].Library), []harness.CardID{1, 2, 4}; !reflect.DeepEqual(got, want) {
		t.Errorf("library IDs %v, want %v", got, want)
	}
	if got, want := ids(s.Players[0].Hand), []harness.CardID{3, 5}; !reflect.DeepEqual(got, want) {
		t.Errorf("hand IDs %v, want %v", got, want)
	}
	if got := []harness.CardID{s.Players[1].Battlefield[0].ID, s.Players[1].Battlefield[1].ID}; !reflect.DeepEqual(got, []harness.CardID{7, 6}) {
		t.Errorf("battlefield IDs %v, want [7 6]", got)
	}
	if s.Turn != 1 || s.Step != harness.Main1 {
		t.Errorf("defaults: turn %d step %s, want 1 and main 1", s.Turn, s.Step)
	}
}

func TestNormalizeErrors(t *testing.T) {
	perm := func(id harness.CardID, f func(*harness.PermanentSpec)) harness.PermanentSpec {
		pm := harness.PermanentSpec{CardSpec: harness.CardSpec{ID: id, Name: "Bear"}}
		f(&pm)
		return pm
	}
	none := func(*harness.PermanentSpec) {}
	for _, c := range []struct {
		name  string
		setup func(*harness.Setup)
		want  string
	}{
		{"duplicate id", func(s *harness.Setup) {
			s.Players[0].Hand = []harness.CardSpec{{ID: 4, Name: "a"}, {ID: 9, Name: "b"}}
			s.Players[1].Library = []harness.CardSpec{{ID: 9, Name: "c"}, {ID: 4, Name: "d"}}
		}, "card id 9 used twice"}, // the first repeat in setup order
		{"no name", func(s *harness.Setup) { s.Players[1].Graveyard = []harness.CardSpec{{ID: 1}} }, "has no name"},
		{"no name before a repeat", func(s *harness.Setup) {
			s.Players[0].Hand = []harness.CardSpec{{ID: 3}, {ID: 9, Name: "b"}}
			s.Players[1].Library = []harness.CardSpec{{ID: 9, Name: "c"}}
		}, "has no name"},
		{"attached to a card off the battlefield", func(s *harness.Setup) {
			s.Players[0].Hand = []harness.CardSpec{{ID: 2, Name: "x"}}
			s.Players[0].Battlefield = []harness.PermanentSpec{perm(1, func(pm *harness.PermanentSpec) { pm.AttachedTo = 2 })}
		}, "attached to card 2, which is not on the battlefield"},
		{"attached to itself", func(s *harness.Setup) {
			s.Players[0].Battlefield = []harness.PermanentSpec{perm(1, func(pm *harness.PermanentSpec) { pm.AttachedTo = 1 })}
		}, "attached to itself"},
		{"copying a card in exile", func(s *harness.Setup) {
			s.Players[1].Exile = []harness.CardSpec{{ID: 5, Name: "x"}}
			s.Players[0].Battlefield = []harness.PermanentSpec{perm(1, func(pm *harness.PermanentSpec) { pm.Copying = []harness.CardID{5} })}
		}, "copying card 5, which is not another permanent"},
		{"exiled with a permanent", func(s *harness.Setup) {
			s.Players[0].Battlefield = []harness.PermanentSpec{perm(1, none), perm(2, func(pm *harness.PermanentSpec) { pm.ExiledWith = []harness.CardID{1} })}
		}, "has card 1 exiled with it, which is not in exile"},
	} {
		s := harness.Setup{Active: harness.B}
		c.setup(&s)
		err := s.Normalize()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.want)
		}
	}
	ok := harness.Setup{Active: harness.A}
	ok.Players[1].Exile = []harness.CardSpec{{ID: 3, Name: "x"}}
	ok.Players[0].Battlefield = []harness.PermanentSpec{perm(1, none), perm(2, func(pm *harness.PermanentSpec) {
		pm.AttachedTo, pm.Copying, pm.ExiledWith = 1, []harness.CardID{1}, []harness.CardID{3}
	})}
	if err := ok.Normalize(); err != nil {
		t.Errorf("a valid setup: %v", err)
	}
}

// TestCloneIsDeep: nothing done to a clone (appending to a zone, changing a permanent's
// counters, choices, owner or lists) shows in the original, though the clone's zones share
// arrays with each other.
func TestCloneIsDeep(t *testing.T) {
	owner := harness.B
	s := harness.Setup{Turn: 3, Active: harness.A}
	s.Players[0].Library = []harness.CardSpec{{ID: 1, Name: "Forest"}}
	s.Players[0].Hand = []harness.CardSpec{{ID: 2, Name: "Island"}, {ID: 3, Name: "Island"}}
	s.Players[1].Exile = []harness.CardSpec{{ID: 4, Name: "Swamp"}}
	s.Players[0].Battlefield = []harness.PermanentSpec{{CardSpec: harness.CardSpec{ID: 5, Name: "Bear"}, Owner: &owner,
		Counters: map[string]int{"+1/+1": 2}, Choices: map[string]string{"color": "R"}, Copying: []harness.CardID{6}, ExiledWith: []harness.CardID{4}}}
	s.Players[1].Battlefield = []harness.PermanentSpec{{CardSpec: harness.CardSpec{ID: 6, Name: "Elf"}}}
	snapshot := func(s harness.Setup) string {
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	before := snapshot(s)

	c := s.Clone()
	if !reflect.DeepEqual(c, s) {
		t.Fatalf("clone differs:\n%+v\n%+v", c, s)
	}
	c.Players[0].Library = append(c.Players[0].Library, harness.CardSpec{ID: 9, Name: "Mountain"})
	c.Players[0].Hand[0].Name = "changed"
	c.Players[0].Battlefield = append(c.Players[0].Battlefield, harness.PermanentSpec{CardSpec: harness.CardSpec{ID: 10, Name: "Wolf"}})
	pm := &c.Players[0].Battlefield[0]
	pm.Counters["+1/+1"] = 7
	pm.Choices["color"] = "G"
	*pm.Owner = harness.A
	pm.Copying[0], pm.ExiledWith[0] = 99, 98
	if got := snapshot(s); got != before {
		t.Errorf("the original changed:\n%s\nwant\n%s", got, before)
	}
	if c.Players[0].Hand[0].ID != 2 || c.Players[1].Battlefield[0].Name != "Elf" {
		t.Errorf("appending to one zone of the clone overwrote the next: hand %+v, B's battlefield %+v", c.Players[0].Hand, c.Players[1].Battlefield)
	}
}
