package engine

import (
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/mtgfuzz/mtgfuzz/gen"
	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// TestSnapshotReuseIsExact: the snapshot of every state of generated games (steered as
// each property steers them, so that copies, links, counters and effects come up), which
// reuses the rendering of the state it was stepped from, is the snapshot rendered from
// nothing; rendering it again from the same rendering gives it again and leaves that
// rendering as it was (the chunks of renderings it shares are copied before they are
// written); and the reuse happens (whole zones shared, whole chunks of renderings shared,
// objects rendered once, those whose characteristics effects or counters change
// included, whole renderings kept from one state to the next, stacks shared, but not
// all), or this test would check nothing.
func TestSnapshotReuseIsExact(t *testing.T) {
	zones, shared, objects, reused, reusedChanged, chunks, chunksShared, whole := 0, 0, 0, 0, 0, 0, 0, 0
	stacks, stacksShared := 0, 0
	eachGeneratedTrace(t, 20, 12, func(seed uint64, tr *gen.Trace) {
		for i := range tr.Steps {
			st := &tr.Steps[i]
			s := st.AfterState.(*state)
			r, from := s.view.rendered.Load(), s.view.from
			if r == from {
				whole++
			}
			fresh := snapshotFrom(s, nil)
			if !reflect.DeepEqual(*st.After, fresh) {
				t.Fatalf("seed %d step %d (%s): the snapshot reusing the last one differs from one rendered afresh", seed, i, st.Action)
			}
			if from != nil {
				kept := renderingsOf(from)
				if again := snapshotFrom(s, from); !reflect.DeepEqual(again, fresh) {
					t.Fatalf("seed %d step %d (%s): the snapshot rendered again from the same rendering differs from one rendered afresh", seed, i, st.Action)
				}
				if !reflect.DeepEqual(renderingsOf(from), kept) {
					t.Fatalf("seed %d step %d (%s): rendering a snapshot changed the rendering it reused", seed, i, st.Action)
				}
			}
			prev := st.Before
			if len(st.After.Stack) > 0 && len(prev.Stack) > 0 {
				stacks++
				if &st.After.Stack[0] == &prev.Stack[0] {
					stacksShared++
				}
			}
			for p := range st.After.Players {
				a, b := &st.After.Players[p], &prev.Players[p]
				for _, zone := range [][2][]*h.Object{{a.Library, b.Library}, {a.Hand, b.Hand}, {a.Graveyard, b.Graveyard}, {a.Exile, b.Exile}} {
					if len(zone[0]) > 0 && len(zone[1]) > 0 {
						zones++
						if &zone[0][0] == &zone[1][0] {
							shared++
						}
					}
				}
			}
			for ci, c := range r.objects {
				chunks++
				if from != nil && ci < len(from.objects) && from.objects[ci] == c {
					chunksShared++
				}
				for j, e := range c {
					if e == nil {
						continue
					}
					objects++
					if from != nil && ci < len(from.objects) && from.objects[ci][j] == e {
						reused++
						if e.chars != &s.obj(h.ObjectID(ci*objectChunkLen+j+1)).Def.printed {
							reusedChanged++
						}
					}
				}
			}
		}
	})
	report := fmt.Sprintf("%d of %d zones shared, %d of %d chunks of renderings shared, %d of %d object renderings reused (%d with changed characteristics), %d renderings the last one, %d of %d stacks shared",
		shared, zones, chunksShared, chunks, reused, objects, reusedChanged, whole, stacksShared, stacks)
	t.Log(report)
	if shared == 0 || chunksShared == 0 || chunksShared == chunks || reused == 0 || reusedChanged == 0 || whole == 0 || stacksShared == 0 || stacksShared == stacks {
		t.Fatalf("nothing reused, or everything: %s", report)
	}
}

// renderingsOf copies the index of a rendering: which rendering each object has.
func renderingsOf(r *rendering) []renderedChunk {
	out := make([]renderedChunk, len(r.objects))
	for i, c := range r.objects {
		out[i] = *c
	}
	return out
}

// TestCharsEqualComparesEveryField: a snapshot reuses an object's rendering when its
// characteristics are charsEqual to those it was rendered with, so a change to any field
// of chars (one added later included) must make them unequal.
func TestCharsEqualComparesEveryField(t *testing.T) {
	s, err := newGame(twentyPermanents(), nil)
	if err != nil {
		t.Fatal(err)
	}
	base := *project(s).Of(s.byCard(1).ID)
	if same := base; !charsEqual(&base, &same) {
		t.Fatal("charsEqual is not reflexive")
	}
	typ := reflect.TypeOf(base)
	for i := range typ.NumField() {
		changed := base
		f := reflect.ValueOf(&changed).Elem().Field(i)
		if !f.CanSet() {
			if name := typ.Field(i).Name; name != "costText" {
				t.Fatalf("Chars.%s: an unexported field this test doesn't change", name)
			}
			changed.costText += "x"
			if charsEqual(&base, &changed) {
				t.Error("charsEqual misses a change of Chars.costText")
			}
			continue
		}
		switch f.Kind() {
		case reflect.String:
			f.SetString(f.String() + "x")
		case reflect.Bool:
			f.SetBool(!f.Bool())
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			f.SetInt(f.Int() + 1)
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			f.SetUint(f.Uint() + 1)
		case reflect.Slice:
			f.Set(reflect.Append(f, reflect.Zero(f.Type().Elem())))
		case reflect.Struct: // the mana cost
			f.FieldByName("Generic").SetInt(f.FieldByName("Generic").Int() + 1)
		default:
			t.Fatalf("Chars.%s: a %s this test doesn't know how to change", typ.Field(i).Name, f.Kind())
		}
		if charsEqual(&base, &changed) {
			t.Errorf("charsEqual misses a change of Chars.%s", typ.Field(i).Name)
		}
	}
}

// TestSnapshotCopiesSharedRenderings: a snapshot that shares a chunk of renderings with
// the rendering it reuses, and has to render an object of that chunk anew (one the other
// rendered in no zone), copies the chunk before writing it: the rendering it reused keeps
// what it had, and the snapshot is the one rendered from nothing.
func TestSnapshotCopiesSharedRenderings(t *testing.T) {
	setup := twentyPermanents()
	setup.Players[h.A].Hand = append(setup.Players[h.A].Hand, h.CardSpec{Name: "Forest"})
	s, err := newGame(setup, nil)
	if err != nil {
		t.Fatal(err)
	}
	var land h.Action
	for _, a := range legalActions(s) {
		if a.Kind == h.PlayLand {
			land = a
		}
	}
	if land.Kind != h.PlayLand {
		t.Fatal("no land to play")
	}
	snapshot(s)
	played, _, err := applyAction(s, land)
	if err != nil {
		t.Fatal(err)
	}
	snapshot(played)
	from := played.view.rendered.Load()
	gone := s.byCard(land.Card).ID // in no zone of played: the land is a new object
	if played.live(gone) != nil {
		t.Fatalf("object %d of the land played is still live", gone)
	}
	// A state whose records and projection are played's, with that object in a hand.
	odd := *played
	odd.Players[h.A].Hand = append(slices.Clone(played.Players[h.A].Hand), gone)
	odd.view = &viewCache{v: played.projected()}
	kept := renderingsOf(from)
	got := snapshotFrom(&odd, from)
	if i := int(gone-1) / objectChunkLen; odd.view.rendered.Load().objects[i] == from.objects[i] {
		t.Fatalf("the chunk of renderings of object %d is still the one reused, which doesn't render it", gone)
	}
	if !reflect.DeepEqual(renderingsOf(from), kept) {
		t.Fatal("rendering a snapshot changed the rendering it reused")
	}
	if fresh := snapshotFrom(&odd, nil); !reflect.DeepEqual(got, fresh) {
		t.Fatal("the snapshot reusing a rendering differs from one rendered afresh")
	}
}

// TestSnapshotOfNoObjects: a game without a single object renders, afresh and from the
// rendering of the state before.
func TestSnapshotOfNoObjects(t *testing.T) {
	s, err := newGame(h.Setup{Turn: 1, Active: h.A, Step: h.Main1, Players: [2]h.PlayerSetup{{Life: 20}, {Life: 20}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	first := snapshot(s)
	next, _, err := applyAction(s, h.Action{Player: h.A, Kind: h.Pass})
	if err != nil {
		t.Fatal(err)
	}
	if next.view.from == nil {
		t.Fatal("the state passed to has no rendering to reuse")
	}
	if got := snapshot(next); len(first.Battlefield) != 0 || !reflect.DeepEqual(got, snapshotFrom(next, nil)) {
		t.Fatalf("the snapshot of a game without objects: %+v", got)
	}
}

// TestSnapshotOfChangedPermanents: a state stepped from another with one, some or all of
// its permanents changed (tapped or untapped) renders those anew, shares every zone that
// holds none of them (the libraries and hands) and no zone that holds one, however many
// changed (one by one, or past maxChanged, object by object), and is the snapshot
// rendered from nothing; the rendering it reused is left as it was.
func TestSnapshotOfChangedPermanents(t *testing.T) {
	s, err := newGame(twentyPermanents(), nil)
	if err != nil {
		t.Fatal(err)
	}
	before := snapshot(s)
	from := s.view.rendered.Load()
	for _, n := range []int{1, maxChanged, maxChanged + 1, len(s.Battlefield)} {
		next := s.clone()
		for _, id := range s.Battlefield[:n] {
			o := next.mut(id)
			o.Tapped = !o.Tapped
		}
		next.finish(s)
		kept := renderingsOf(from)
		got := snapshot(next)
		if !reflect.DeepEqual(got, snapshotFrom(next, nil)) {
			t.Fatalf("%d permanents changed: the snapshot reusing a rendering differs from one rendered afresh", n)
		}
		if !reflect.DeepEqual(renderingsOf(from), kept) {
			t.Fatalf("%d permanents changed: rendering a snapshot changed the rendering it reused", n)
		}
		if &got.Battlefield[0] == &before.Battlefield[0] {
			t.Fatalf("%d permanents changed: the battlefield is shared", n)
		}
		for p := range got.Players {
			a, b := &got.Players[p], &before.Players[p]
			for _, zone := range [][2][]*h.Object{{a.Library, b.Library}, {a.Hand, b.Hand}} {
				if len(zone[0]) > 0 && &zone[0][0] != &zone[1][0] {
					t.Fatalf("%d permanents changed: player %d's library or hand is rendered anew", n, p)
				}
			}
		}
		renderedAnew := 0
		for _, o := range got.Battlefield {
			if !slices.Contains(before.Battlefield, o) {
				renderedAnew++
			}
		}
		if renderedAnew != n {
			t.Fatalf("%d permanents changed, %d rendered anew", n, renderedAnew)
		}
	}
}

// TestSnapshotOfChangedStack: a stack item that differs in anything its rendering reads
// from the one the rendering before rendered (its object, source, source's card, kind,
// controller, X, ability or targets) is rendered anew, and the snapshot is the one rendered from nothing; the
// same items render as the same stack objects.
func TestSnapshotOfChangedStack(t *testing.T) {
	s, err := newGame(twentyPermanents(), nil)
	if err != nil {
		t.Fatal(err)
	}
	src, tgt, other := s.Battlefield[3], s.Battlefield[8], s.Battlefield[9]
	ab := project(s).Of(src).Abilities[0].ability
	withItem := s.clone()
	// An ability of src, under an ID that names an object too (as a spell's does), so
	// that it can be made a spell.
	withItem.Stack = []stackItem{{ID: s.Players[h.A].Hand[0], Source: src, SourceCard: s.obj(src).Card,
		Controller: h.A, Ability: ab, Targets: []chosen{{Object: tgt, Card: s.obj(tgt).Card}}}}
	withItem.finish(s)
	snapshot(s)
	before := snapshot(withItem)
	changes := map[string]func(it *stackItem){
		"nothing":    func(*stackItem) {},
		"object":     func(it *stackItem) { it.ID++ },
		"source":     func(it *stackItem) { it.Source, it.SourceCard = other, s.obj(other).Card },
		"card":       func(it *stackItem) { it.SourceCard = s.obj(other).Card },
		"kind":       func(it *stackItem) { it.IsSpell = true },
		"controller": func(it *stackItem) { it.Controller = h.B },
		"X":          func(it *stackItem) { it.X = 3 },
		"ability":    func(it *stackItem) { it.Ability = &ability{Text: "another ability"} },
		"targets":    func(it *stackItem) { it.Targets = []chosen{{Object: other, Card: s.obj(other).Card}} },
	}
	for _, name := range []string{"nothing", "object", "source", "card", "kind", "controller", "X", "ability", "targets"} {
		next := withItem.clone()
		// A clone shares its stack (clone): the engine changes a stack by building a new
		// list, never by writing an item in place, and so does this test.
		next.Stack = slices.Clone(next.Stack)
		changes[name](&next.Stack[0])
		next.finish(withItem)
		got := snapshot(next)
		if !reflect.DeepEqual(got, snapshotFrom(next, nil)) {
			t.Fatalf("stack item's %s changed: the snapshot reusing a rendering differs from one rendered afresh", name)
		}
		if shared := &got.Stack[0] == &before.Stack[0]; shared != (name == "nothing") {
			t.Fatalf("stack item's %s changed: stack shared with the snapshot before: %v", name, shared)
		}
	}
}
