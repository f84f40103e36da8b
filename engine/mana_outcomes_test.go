package engine

import (
	"reflect"
	"slices"
	"testing"

	"github.com/mtgfuzz/mtgfuzz/gen"
)

// resolvedOutcomes is manaOutcomes by brute force: every path of choices resolved on its
// own copy of the state, the outcome read as what the pool gained, the first path found
// kept for each distinct amount, in canonical order.
func resolvedOutcomes(s *State, v *View, src *Object, a *Ability) []manaOutcome {
	var out []manaOutcome
	_ = explore(func(e *explorer) error {
		c := s.clone()
		p := src.Controller
		if _, err := resolveMana(c, v, c.obj(src.ID), a, e, nil); err != nil {
			return nil
		}
		m := c.Players[p].Pool.Sub(s.Players[p].Pool)
		if !slices.ContainsFunc(out, func(o manaOutcome) bool { return o.mana == m }) {
			out = append(out, manaOutcome{m, e.path()})
		}
		return nil
	})
	slices.SortFunc(out, func(a, b manaOutcome) int { return compareMana(a.mana, b.mana) })
	return out
}

// TestManaOutcomesAreResolutions: on every state of generated games (steered as each
// property steers them, so that replacement effects, "tapped for mana" triggers and
// choices of type come up), the outcomes listed for every mana ability of every
// permanent, with or without mana modifiers on the battlefield, are exactly what resolving
// it along every path of choices adds to the pool, with the same choices; and both kinds
// of board, and outcomes with choices, are checked, or this test would check nothing.
func TestManaOutcomesAreResolutions(t *testing.T) {
	plain, modified, chosen := 0, 0, 0
	eachGeneratedTrace(t, 8, 10, func(seed uint64, tr *gen.Trace) {
		for i := range tr.Steps {
			s := tr.Steps[i].AfterState.(*State)
			v := s.projected()
			for _, id := range s.Battlefield {
				for _, ab := range v.Of(id).Abilities {
					if ab.Kind != Activated || !ab.IsMana() {
						continue
					}
					o := s.obj(id)
					got, want := manaOutcomes(s, v, o, ab.Ability), resolvedOutcomes(s, v, o, ab.Ability)
					if !reflect.DeepEqual(got, want) {
						t.Fatalf("seed %d step %d, %s: %s: outcomes %v, resolutions give %v", seed, i, v.Of(id).Name, ab.Text, got, want)
					}
					if v.manaModifiers() {
						modified++
					} else {
						plain++
					}
					if slices.ContainsFunc(got, func(o manaOutcome) bool { return len(o.choices) > 0 }) {
						chosen++
					}
				}
			}
		}
	})
	t.Logf("%d abilities on boards without mana modifiers, %d with, %d with choices", plain, modified, chosen)
	if plain == 0 || modified == 0 || chosen == 0 {
		t.Fatalf("not every kind checked: %d abilities on boards without mana modifiers, %d with, %d with choices", plain, modified, chosen)
	}
}
