package engine

import (
	"testing"

	"github.com/mtgfuzz/mtgfuzz/gen"
)

// TestSetupCopyValuesAreTheProjections: each copy effect a new game starts from its setup
// has the values a projection of the game, as the effect begins (the effects begun before
// it in force), gives the copy (CR 707.2, 707.3), on the boards of eachGeneratedTrace's
// generators; whether copyBases handed it a projection or the view without one
// (a face-up target no copy effect began on), and both kinds come up.
func TestSetupCopyValuesAreTheProjections(t *testing.T) {
	fs, err := newFaultSet(nil)
	if err != nil {
		t.Fatal(err)
	}
	var checked, ofCopies int
	for _, g := range generators(t) {
		for seed := uint64(1); seed <= 40; seed++ {
			setup := g.Board(gen.NewTapeSource(seed))
			s, _, err := buildGame(&setup, fs)
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			for k, e := range s.Effects {
				cp, ok := e.Mods[0].(copyOf)
				if !ok {
					continue
				}
				before := s.clone()
				before.Effects = before.Effects[:k]
				v := project(before)
				if v.IsCopy(cp.From) {
					ofCopies++
				}
				want := copyValues(before, v, cp.From, copyAbilityOf(s.obj(e.Source).Def))
				if !sameButAbilityIDs(want, cp.Values) {
					t.Fatalf("seed %d: copy effect %d of %s on card %d: values %+v, the projection gives %+v",
						seed, k, want.Name, s.obj(e.Source).Card, cp.Values, want)
				}
				checked++
			}
		}
	}
	if checked == 0 || ofCopies == 0 || ofCopies == checked {
		t.Fatalf("%d copy effects checked, %d of them copying a copy: both kinds must come up", checked, ofCopies)
	}
	t.Logf("%d copy effects checked, %d copying a copy", checked, ofCopies)
}

// sameButAbilityIDs compares copy values as copyValues makes them with those an effect
// holds once begun, which gave the abilities it copies their identities (copyOf.begin).
func sameButAbilityIDs(a, b *chars) bool {
	x, y := *a, *b
	x.Abilities, y.Abilities = nil, nil
	if !charsEqual(&x, &y) || len(a.Abilities) != len(b.Abilities) {
		return false
	}
	for i := range a.Abilities {
		if a.Abilities[i].ability != b.Abilities[i].ability {
			return false
		}
	}
	return true
}
