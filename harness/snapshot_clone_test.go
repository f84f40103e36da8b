package harness

import (
	"reflect"
	"testing"
)

func intp(n int) *int { return &n }

// fullSnapshot sets every field Clone copies, nested ones included.
func fullSnapshot() Snapshot {
	obj := func(c CardID, z Zone) *Object {
		return &Object{Card: c, Object: ObjectID(c), Name: "X", Zone: z, Supertypes: []string{"Legendary"},
			Types: []string{"Creature"}, Subtypes: []string{"Bear"}, Power: intp(2), Toughness: intp(2), Loyalty: intp(3),
			Abilities: []string{"Flying"}, Counters: map[string]int{"+1/+1": 1}, Choices: map[string]string{"color": "G"},
			ExiledWith: []CardID{9}, Copiable: &Characteristics{Name: "Y", Supertypes: []string{"Basic"}, Types: []string{"Land"},
				Subtypes: []string{"Forest"}, Power: intp(1), Toughness: intp(1), Loyalty: intp(4), Abilities: []string{"{T}: Add {G}."}}}
	}
	s := Snapshot{Turn: 2, Battlefield: []*Object{obj(1, Battlefield)},
		Stack:   []StackObject{{Object: 5, Targets: []Target{CardTarget(1)}, Abilities: []string{"Draw a card."}}},
		Pending: &Decision{Prompt: "p", Options: []string{"a", "b"}}, Casting: &Proposal{Name: "Z", Generic: 1}}
	for p := range s.Players {
		ps := &s.Players[p]
		ps.Library, ps.Hand = []*Object{obj(10, Library)}, []*Object{obj(11, Hand)}
		ps.Graveyard, ps.Exile = []*Object{obj(12, Graveyard)}, []*Object{obj(13, Exile)}
	}
	return s
}

// scribble changes every part of s that Clone copies, through s's own pointers.
func scribble(s *Snapshot) {
	for _, o := range s.Objects() {
		o.Supertypes[0], o.Types[0], o.Subtypes[0], o.Abilities[0] = "-", "-", "-", "-"
		*o.Power, *o.Toughness, *o.Loyalty = 0, 0, 0
		o.Counters["+1/+1"], o.Choices["color"], o.ExiledWith[0] = 0, "-", 0
		cv := o.Copiable
		cv.Supertypes[0], cv.Types[0], cv.Subtypes[0], cv.Abilities[0] = "-", "-", "-", "-"
		*cv.Power, *cv.Toughness, *cv.Loyalty = 0, 0, 0
	}
	s.Stack[0].Targets[0].Card, s.Stack[0].Abilities[0] = 0, "-"
	s.Pending.Options[0], s.Casting.Generic = "-", 0
}

func TestSnapshotCloneSharesNothing(t *testing.T) {
	orig, want := fullSnapshot(), fullSnapshot()
	c := orig.Clone()
	if !reflect.DeepEqual(c, want) {
		t.Fatalf("the clone differs from the original:\n%+v\n%+v", c, want)
	}
	scribble(&c)
	if reflect.DeepEqual(c, want) {
		t.Fatal("scribble changed nothing: the test checks nothing")
	}
	if !reflect.DeepEqual(orig, want) {
		t.Fatalf("changing the clone changed the original:\n%+v", orig)
	}
}
