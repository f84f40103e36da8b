package engine

import (
	"reflect"
	"testing"

	"github.com/mtgfuzz/mtgfuzz/gen"
	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// TestSnapshotReuseIsExact: the snapshot of every state of generated games (steered as
// each property steers them, so that copies, links, counters and effects come up), which
// reuses the rendering of the state it was stepped from, is the snapshot rendered from
// nothing; and the reuse happens (whole zones shared, objects rendered once, those whose
// characteristics effects or counters change included), or this test would check nothing.
func TestSnapshotReuseIsExact(t *testing.T) {
	zones, shared, objects, reused, reusedChanged := 0, 0, 0, 0, 0
	eachGeneratedTrace(t, 20, 12, func(seed uint64, tr *gen.Trace) {
		for i := range tr.Steps {
			st := &tr.Steps[i]
			s := st.AfterState.(*State)
			r := s.view.rendered.Load()
			if fresh := snapshot(s, nil); !reflect.DeepEqual(*st.After, fresh) {
				t.Fatalf("seed %d step %d (%s): the snapshot reusing the last one differs from one rendered afresh", seed, i, st.Action)
			}
			prev := st.Before
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
			for _, e := range r.objects {
				if e != nil {
					objects++
					if from := s.view.from; from != nil && int(e.rec.ID) <= len(from.objects) && from.objects[e.rec.ID-1] == e {
						reused++
						if e.chars != &e.rec.Def.printed {
							reusedChanged++
						}
					}
				}
			}
		}
	})
	t.Logf("%d of %d zones shared, %d of %d object renderings reused (%d with changed characteristics)", shared, zones, reused, objects, reusedChanged)
	if shared == 0 || reused == 0 || reusedChanged == 0 {
		t.Fatalf("nothing reused: %d of %d zones shared, %d of %d object renderings reused (%d with changed characteristics)", shared, zones, reused, objects, reusedChanged)
	}
}

// TestCharsEqualComparesEveryField: a snapshot reuses an object's rendering when its
// characteristics are charsEqual to those it was rendered with, so a change to any field
// of Chars (one added later included) must make them unequal.
func TestCharsEqualComparesEveryField(t *testing.T) {
	s, err := NewGame(twentyPermanents(), nil)
	if err != nil {
		t.Fatal(err)
	}
	base := *Project(s).Of(s.byCard(1).ID)
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
