package props

import (
	"fmt"
	"slices"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// cachesInvariant checks invariant.caches: an engine that keeps what it computed of one
// state for the states stepped from it (characteristics shared while nothing they depend
// on changed, objects rendered once and reused, a memo of mana outcomes) answers as its
// twin that computes everything afresh (harness.Uncached). The game of each case is
// replayed in the twin from the same setup, action by action, and at every step the two
// must show the same snapshot, list the same actions, report the same events and give the
// same mana outcomes and "could produce" of the permanents. No rule says it; a cache
// that answers otherwise breaks whichever rule its stale answer is about.
func cachesInvariant() *Property {
	return &Property{
		ID:      "invariant.caches",
		Rulings: []string{"invariant.caches"},
		Rules:   []string{"-"},
		Description: "An engine that reuses what it computed of earlier states answers as its twin that computes everything " +
			"afresh: the same game replayed in the twin shows the same snapshots, legal actions, events and mana answers at every step.",
		Needs: Needs{Queries: []harness.Query{harness.QueryUncached}},
		Clauses: []Clause{
			{Name: "snapshot", Description: "the snapshot after each action (and at the start) is the twin's"},
			{Name: "legal", Description: "the actions listed before each action are the twin's, in the same order"},
			{Name: "events", Description: "the events each action reports are the twin's"},
			{Name: "mana", Needs: needsManaQueries,
				Description: "the mana outcomes of each mana ability listed, and what each permanent could produce, are the twin's"},
		},
		// Caches matter on every board: the plain mix of cases, no recipe.
		Steer: gen.Steer{Name: "invariant.caches"},
		Check: checkCaches,
	}
}

func checkCaches(eng harness.Engine, tr *gen.Trace) Verdict {
	var v Verdict
	u, ok := eng.(harness.Uncached)
	if !ok {
		return v
	}
	const ruling = "invariant.caches"
	twin, err := u.Uncached()
	if err != nil {
		v.add("snapshot", queryError(-1, ruling, "-", "the engine's uncached twin", err))
		return v
	}
	defer twin.Close()
	st, err := twin.Start(tr.Setup)
	if err != nil {
		v.add("snapshot", queryError(-1, ruling, "-", "the setup started in the uncached twin", err))
		return v
	}
	v.Reach("snapshot")
	if d := twinDiff(twin, st, &tr.Start); d != "" {
		v.add("snapshot", violation(-1, ruling, "-", "the game's start", "the uncached twin's snapshot", "different (-twin +engine):\n"+d))
		return v
	}
	for i := range tr.Steps {
		step := &tr.Steps[i]
		v.Reach("legal")
		legal, err := twin.Legal(st)
		if err != nil {
			v.add("legal", queryError(i-1, ruling, "-", "the legal actions in the uncached twin", err))
			return v
		}
		if want, got := actionKeys(legal), actionKeys(step.Legal); !slices.Equal(want, got) {
			v.add("legal", violation(i-1, ruling, "-", "the legal actions", "the uncached twin's, in its order",
				"different (-twin +engine):\n"+clip(cmp.Diff(want, got))))
			return v
		}
		if bad := twinManaDiff(eng, twin, tr, i, st, &v); bad != nil {
			v.add("mana", *bad)
			return v
		}
		next, evs, err := twin.Apply(st, step.Action)
		if err != nil {
			v.add("events", queryError(i, ruling, "-", "the action in the uncached twin", err))
			return v
		}
		v.Reach("events")
		if !sameTree(evs, step.Events) {
			v.add("events", violation(i, ruling, "-", "the events of the action", "the uncached twin's",
				"different (-twin +engine):\n"+clip(cmp.Diff(evs, step.Events, cmpopts.EquateEmpty()))))
			return v
		}
		v.Reach("snapshot")
		if d := twinDiff(twin, next, step.After); d != "" {
			v.add("snapshot", violation(i, ruling, "-", "the game after the action", "the uncached twin's snapshot", "different (-twin +engine):\n"+d))
			return v
		}
		st = next
	}
	return v
}

// twinDiff compares the twin's snapshot of st with the engine's, want: "" when equal.
func twinDiff(twin harness.Engine, st harness.State, got *harness.Snapshot) string {
	want, err := twin.Observe(st)
	if err != nil {
		return "the twin's snapshot: error: " + err.Error()
	}
	if sameTree(&want, got) {
		return ""
	}
	return clip(cmp.Diff(&want, got, cmpopts.EquateEmpty()))
}

// twinManaDiff compares, before step i, the mana outcomes of each mana ability listed and
// what each permanent could produce, asked of the engine and of the twin (in state st).
func twinManaDiff(eng, twin harness.Engine, tr *gen.Trace, i int, st harness.State, v *Verdict) *Violation {
	step := &tr.Steps[i]
	q, ok := harness.ManaQueriesOf(eng)
	tq, tok := harness.ManaQueriesOf(twin)
	if !ok || !tok || step.BeforeState == nil {
		return nil
	}
	const ruling = "invariant.caches"
	type key struct {
		card    harness.CardID
		ability int
	}
	var asked []key
	for _, a := range step.Legal {
		if k := (key{a.Card, a.Ability}); a.Kind == harness.Activate && !slices.Contains(asked, k) {
			asked = append(asked, k)
		}
	}
	for _, k := range asked {
		want, werr := tq.ManaOutcomes(st, k.card, k.ability)
		got, gerr := q.ManaOutcomes(step.BeforeState, k.card, k.ability)
		if werr != nil || gerr != nil {
			if (werr == nil) != (gerr == nil) {
				return ptr(violation(i-1, ruling, "-", fmt.Sprintf("the mana outcomes of card %d ability %d", k.card, k.ability),
					fmt.Sprintf("the uncached twin's answer (error: %v)", werr), fmt.Sprintf("error: %v", gerr)))
			}
			continue
		}
		v.Reach("mana")
		if !sameTree(want, got) {
			return ptr(violation(i-1, ruling, "-", fmt.Sprintf("the mana outcomes of card %d ability %d", k.card, k.ability),
				fmt.Sprintf("the uncached twin's: %v", want), fmt.Sprintf("%v", got)))
		}
	}
	for _, o := range step.Before.Battlefield {
		want, werr := tq.CouldProduce(st, o.Card)
		got, gerr := q.CouldProduce(step.BeforeState, o.Card)
		if (werr == nil) != (gerr == nil) || werr == nil && want != got {
			return ptr(violation(i-1, ruling, "-", fmt.Sprintf("what %s could produce", describe(o)),
				fmt.Sprintf("the uncached twin's: %v (error: %v)", want, werr), fmt.Sprintf("%v (error: %v)", got, gerr)))
		}
	}
	return nil
}

func ptr[T any](x T) *T { return &x }
