package engine

import (
	"reflect"
	"slices"
	"testing"

	"github.com/mtgfuzz/mtgfuzz/gen"
	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// resolvedOutcomes is manaOutcomes by brute force: every path of choices resolved on its
// own copy of the state, the outcome read as what the pool gained, the first path found
// kept for each distinct amount, in canonical order. Every option of every choice is
// explored (everyOption), even those the engine knows lead nowhere new (explorer.first).
func resolvedOutcomes(s *state, v *view, src *object, a *ability) []manaOutcome {
	var out []manaOutcome
	_ = explore(func(e *explorer) error {
		c := s.clone()
		p := src.Controller
		if _, err := resolveMana(c, v, c.obj(src.ID), a, everyOption{e}, nil); err != nil {
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

// everyOption explores every option of every choice: a chooser that is no *explorer, so
// that nothing takes the explorer's shortcuts.
type everyOption struct{ e *explorer }

func (c everyOption) choose(kind string, options []string) (string, error) {
	return c.e.choose(kind, options)
}

// commutingOrders reports whether resolving a of src has its controller choose an order
// of replacement effects that all multiply (applyReplacements explores only the first).
func commutingOrders(s *state, v *view, src *object, a *ability) bool {
	var names []string
	for _, r := range manaReplacements(s, v, src, a) {
		if r.kind != ReplaceMultiplyMana {
			return false
		}
		if !slices.Contains(names, r.name) {
			names = append(names, r.name)
		}
	}
	return len(names) > 1
}

// TestManaOutcomesAreResolutions: on every state of generated games (steered as each
// property steers them, so that replacement effects, "tapped for mana" triggers and
// choices of type come up), the outcomes listed for every mana ability of every
// permanent, with or without mana modifiers on the battlefield, are exactly what resolving
// it along every path of choices adds to the pool, with the same choices; and both kinds
// of board, outcomes with choices, and orders of effects that commute (explored once,
// explorer.first) are checked, or this test would check nothing.
func TestManaOutcomesAreResolutions(t *testing.T) {
	plain, modified, chosen, commuting := 0, 0, 0, 0
	eachGeneratedTrace(t, 8, 10, func(seed uint64, tr *gen.Trace) {
		for i := range tr.Steps {
			s := tr.Steps[i].AfterState.(*state)
			v := s.projected()
			for _, id := range s.Battlefield {
				for _, ab := range v.Of(id).Abilities {
					if ab.Kind != Activated || !ab.IsMana() {
						continue
					}
					o := s.obj(id)
					got, want := manaOutcomes(s, v, o, ab.ability), resolvedOutcomes(s, v, o, ab.ability)
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
					if commutingOrders(s, v, o, ab.ability) {
						commuting++
					}
				}
			}
		}
	})
	t.Logf("%d abilities on boards without mana modifiers, %d with, %d with choices, %d with an order of effects that commute to choose",
		plain, modified, chosen, commuting)
	if plain == 0 || modified == 0 || chosen == 0 || commuting == 0 {
		t.Fatalf("not every kind checked: %d abilities on boards without mana modifiers, %d with, %d with choices, %d with an order of effects that commute to choose",
			plain, modified, chosen, commuting)
	}
}

// TestOutcomeMemoIsTheComputation: on every state of generated games, the outcomes of
// every mana ability of every permanent, as the memo gives them (kept within the state,
// or handed from the state before), are those computed afresh, uncached, on a projection
// of the state's own; memos handed from state to state are used, or this test would
// check nothing of them; and what a finished state published is never changed after,
// however often its state and those stepped from it are asked again.
func TestOutcomeMemoIsTheComputation(t *testing.T) {
	handed, inherited := 0, 0
	eachGeneratedTrace(t, 8, 10, func(seed uint64, tr *gen.Trace) {
		type published struct {
			m       *outcomeMemo
			entries []outcomeEntry
		}
		var pubs []published
		for i := range tr.Steps {
			if m := tr.Steps[i].AfterState.(*state).view.outcomes.Load(); m != nil {
				entries := slices.Clone(m.entries)
				for j, e := range entries {
					entries[j].outcomes = nil
					for _, oc := range e.outcomes {
						entries[j].outcomes = append(entries[j].outcomes, manaOutcome{oc.mana, slices.Clone(oc.choices)})
					}
				}
				pubs = append(pubs, published{m, entries})
			}
		}
		for i := range tr.Steps {
			s := tr.Steps[i].AfterState.(*state)
			v, fresh := s.projected(), project(s)
			from := s.view.outcomesFrom
			if from != nil && from.env.equal(v.manaEnv()) {
				handed++
			} else {
				from = nil
			}
			for _, id := range s.Battlefield {
				for _, ab := range v.Of(id).Abilities {
					if ab.Kind != Activated || !ab.IsMana() {
						continue
					}
					o := s.obj(id)
					pr := productionChoice(s, v, o, ab.Produce)
					if from != nil {
						if k, ok := from.env.outcomeKey(s, v, o, ab.ability, pr); ok {
							if _, ok := from.lookup(k); ok {
								inherited++
							}
						}
					}
					got, want := manaOutcomes(s, v, o, ab.ability), resolvedManaOutcomes(s, fresh, o, ab.ability, pr)
					if !reflect.DeepEqual(got, want) {
						t.Fatalf("seed %d step %d, %s: %s: outcomes %v from the memo, %v computed", seed, i, v.Of(id).Name, ab.Text, got, want)
					}
				}
			}
			legalActions(s)
		}
		for _, p := range pubs {
			if !reflect.DeepEqual(p.m.entries, p.entries) {
				t.Fatalf("seed %d: a published memo changed", seed)
			}
		}
	})
	t.Logf("%d states started from the memo of the state before, %d outcomes found there", handed, inherited)
	if handed == 0 || inherited == 0 {
		t.Fatalf("memos handed on never used: %d states, %d outcomes", handed, inherited)
	}
}

// TestSharedManaFindingsAreTheComputation: on every state of generated games, the mana
// environment of the state's projection, what every permanent could produce and the
// unions of each player's lands (CR 106.7), shared with the state it was stepped from
// (shareManaEnv, shareCould) or found, are those found on a projection of its own; and
// environments that modify mana and what permanents could produce are shared, or this
// test would check nothing of the sharing.
func TestSharedManaFindingsAreTheComputation(t *testing.T) {
	envs, coulds := 0, 0
	eachGeneratedTrace(t, 8, 10, func(seed uint64, tr *gen.Trace) {
		for i := range tr.Steps {
			s := tr.Steps[i].AfterState.(*state)
			v, fresh := s.projected(), project(s)
			before := tr.Steps[i].BeforeState.(*state).projected()
			e, be := v.manaEnv(), &before.outcomes.env
			if before.envDone && len(e.trigs) > 0 && len(be.trigs) > 0 && &e.trigs[0] == &be.trigs[0] {
				envs++
			}
			if len(v.could) > 0 && len(before.could) > 0 && &v.could[0] == &before.could[0] {
				coulds++
			}
			if want := fresh.manaEnv(); !e.equal(want) {
				t.Fatalf("seed %d step %d: mana environment %+v, found afresh %+v", seed, i, *e, *want)
			}
			if got, want := v.couldProduceAll(), fresh.couldProduceAll(); !slices.Equal(got, want) {
				t.Fatalf("seed %d step %d: could produce %v, found afresh %v", seed, i, got, want)
			}
			for _, p := range []h.Player{h.A, h.B} {
				if got, want := v.landsCould(p), fresh.landsCould(p); got != want {
					t.Fatalf("seed %d step %d: %s's lands could produce %v, found afresh %v", seed, i, p, got, want)
				}
			}
		}
	})
	t.Logf("%d environments that modify mana shared, %d states shared what permanents could produce", envs, coulds)
	if envs == 0 || coulds == 0 {
		t.Fatalf("never shared: %d environments that modify mana, %d of what permanents could produce", envs, coulds)
	}
}

// TestCouldNotSharedWhenItDiffers: a projection made for a state whose permanent changed
// controller, or whose links to exiled cards changed, finds what permanents could
// produce again: shareCould compares what projectsAlike doesn't.
func TestCouldNotSharedWhenItDiffers(t *testing.T) {
	checked := 0
	eachGeneratedTrace(t, 2, 10, func(seed uint64, tr *gen.Trace) {
		for i := range tr.Steps {
			s := tr.Steps[i].AfterState.(*state)
			v := s.projected()
			if len(s.Battlefield) == 0 || v.couldProduceAll() == nil || !v.envDone {
				continue
			}
			if w := v.of(s.clone()); w.could == nil {
				t.Fatalf("seed %d step %d: not shared with an exact copy", seed, i)
			}
			moved := s.clone()
			id := s.Battlefield[0]
			moved.mut(id).Controller = s.obj(id).Controller.Opponent()
			linked := s.clone()
			linked.Links = append(slices.Clone(s.Links), link{Object: id})
			for _, u := range []*state{moved, linked} {
				if w := v.of(u); w.could != nil {
					t.Fatalf("seed %d step %d: shared with a state it doesn't hold for", seed, i)
				}
			}
			checked++
		}
	})
	if checked == 0 {
		t.Fatal("nothing checked")
	}
}
