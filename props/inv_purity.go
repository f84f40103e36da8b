package props

import (
	"fmt"
	"slices"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props/internal/manaoracle"
)

// The engine is a pure, deterministic step function (harness.Engine's contract, and the
// purity and determinism conventions of docs/engines.md): the same state and action give the same result, and the state given to
// Apply is left as it was. These two properties ask the engine again about states the
// trace already visited. They are the one check of purity and determinism: conform (fuzz
// check-engine) runs them as its purity and determinism conventions, so that an
// implementer meets a violation there before every other property fails for it.

// purityInvariant checks that Apply leaves its input state unchanged: after the trace's
// Apply, after applying the step's action once more, and after the questions properties
// ask (Legal, CouldProduce, ManaOutcomes), observing the step's BeforeState still gives
// the Before snapshot recorded before the step was taken. And that it leaves alone the
// states stepped from the same input before (clause sibling-step).
func purityInvariant() *Property {
	return &Property{
		ID:          "invariant.purity",
		Rulings:     []string{"invariant.purity"},
		Rules:       []string{"-"},
		Description: "Apply never changes the state it is given, nor a state stepped from it before: observing a state after stepping from it gives what it gave before.",
		Steer: gen.Steer{Name: "invariant.purity", Plain: 2, Recipes: []gen.Recipe{combatRecipe,
			// A deep stack: a cycle under two watchers puts three objects on it, and the
			// instants in hand, cast one beside another (the sibling step), push a fourth
			// into any room the list left: a state that shares a list with spare room must
			// copy it before appending.
			{Name: "a deep stack", Weight: 2,
				Mine: []gen.Pick{{Card: "Lightning Rift", Weight: 60}, {Card: "Drake Haven", Weight: 60}, {Card: "Island", Weight: 20}},
				Hand: []gen.Pick{{Card: "Spark Spray", Weight: 50}, {Card: "Giant Growth", Weight: 30}, {Card: "Twiddle", Weight: 30},
					{Card: "Stifle", Weight: 20}, {Card: "Grizzly Bears", Weight: 10}},
				Pool:    harness.Mana{harness.Blue: 2, harness.Red: 2, harness.Green: 1, harness.Colorless: 3},
				MinHand: 3, MinPermanents: 2, Steps: []harness.Step{harness.Main1, harness.Main2}},
		}, Prefer: preferStacking},
		Check: checkPurity,
		Clauses: append(actionClauses("Apply of %s leaves its input as it was."), Clause{Name: siblingStep, Rules: []string{"-"},
			Description: "Another action taken from a step's state leaves the state the trace's action led to as it was: " +
				"the trace's next action, taken from it again, gives the snapshot it gave."}),
	}
}

// preferStacking favours, while something is on the stack, what deepens it: casting,
// activating (cycling), paying and answering (a watcher's "you may pay"); passing lets it
// resolve.
func preferStacking(before *harness.Snapshot, a harness.Action) bool {
	return before != nil && len(before.Stack) > 0 &&
		(a.Kind == harness.Cast || a.Kind == harness.Activate || a.Kind == harness.Pay || a.Kind == harness.Choose)
}

// siblingStep is the clause of a step taken beside the trace's, from the same state.
const siblingStep = "sibling-step"

// actionClauses is one clause per kind of action, described by format with the kind.
func actionClauses(format string) []Clause {
	out := make([]Clause, len(actionKinds))
	for i, k := range actionKinds {
		out[i] = Clause{Name: string(k), Rules: []string{"-"}, Description: fmt.Sprintf(format, "\""+string(k)+"\"")}
	}
	return out
}

func checkPurity(eng harness.Engine, tr *gen.Trace) Verdict {
	const ruling = "invariant.purity"
	var v Verdict
	for i, st := range recordedSteps(tr) {
		clause := string(st.Action.Kind)
		v.Reach(clause)
		rounds := []string{"after the step", "after applying its action again", "after questions about it"}
	observe:
		for round, when := range rounds {
			switch round {
			case 1:
				if _, _, err := eng.Apply(st.BeforeState, st.Action); err != nil {
					break observe // reported by invariant.determinism
				}
			case 2:
				askAbout(eng, st)
			}
			got, err := eng.Observe(st.BeforeState)
			if err != nil {
				v.add(clause, queryError(i, ruling, "-",
					fmt.Sprintf("observing the state before it %s", when), err))
				break observe
			}
			if d := snapDiff(*st.Before, got); d != "" {
				v.add(clause, violation(i, ruling, "-",
					fmt.Sprintf("the state before it, observed %s", when),
					"unchanged: neither Apply nor a question to the engine may change the state it is given",
					"changed (-recorded before the step +observed now):\n"+d))
				break observe
			}
		}
		if bad := checkSibling(eng, tr, i, &v); bad != nil {
			v.add(siblingStep, *bad)
		}
	}
	return v
}

// checkSibling takes another legal action from step i's BeforeState, then the trace's next
// action from the state step i led to, again: it must give the snapshot it gave. An engine
// whose states share lists or records, copied on write, must copy before it writes: one
// that appends in place to a list two states share writes the sibling's card into the
// state the trace went on from (a stack with room left after a spell resolved, say).
func checkSibling(eng harness.Engine, tr *gen.Trace, i int, v *Verdict) *Violation {
	const ruling = "invariant.purity"
	if i+1 >= len(tr.Steps) || tr.Steps[i+1].BeforeState == nil {
		return nil
	}
	st, next := &tr.Steps[i], &tr.Steps[i+1]
	other, ok := siblingAction(st)
	if !ok {
		return nil
	}
	if _, _, err := eng.Apply(st.BeforeState, other); err != nil {
		return nil // a listed action refused: invariant.legal-actions' to report
	}
	v.Reach(siblingStep)
	what := fmt.Sprintf("the next action, taken again after %q was taken beside this step", other.Key())
	got, _, err := eng.Apply(st.AfterState, next.Action)
	if err != nil {
		bad := violation(i+1, ruling, "-", what, "it succeeds, as it did in the trace", "error: "+err.Error())
		return &bad
	}
	snap, err := eng.Observe(got)
	if err != nil {
		bad := queryError(i+1, ruling, "-", what, err)
		return &bad
	}
	if d := snapDiff(*next.After, snap); d != "" {
		bad := violation(i+1, ruling, "-", what, "the snapshot it gave in the trace: a step beside it changes nothing of it",
			"different (-in the trace +again):\n"+d)
		return &bad
	}
	return nil
}

// siblingAction is an action offered beside step st's own: the first of its kind, else the
// first of any kind, whose key differs (the same kind writes the same lists: two casts
// both push onto the stack).
func siblingAction(st *gen.TraceStep) (harness.Action, bool) {
	key := st.Action.Key()
	var other *harness.Action
	for j := range st.Legal {
		a := &st.Legal[j]
		if a.Key() == key {
			continue
		}
		if a.Kind == st.Action.Kind {
			return *a, true
		}
		if other == nil {
			other = a
		}
	}
	if other == nil {
		return harness.Action{}, false
	}
	return *other, true
}

// askAbout asks the engine the questions properties ask about a step's BeforeState: its
// legal actions, and what the step's card (or the first permanent) could produce and
// offers. The answers don't matter here, only that asking leaves the state alone.
func askAbout(eng harness.Engine, st *gen.TraceStep) {
	_, _ = eng.Legal(st.BeforeState)
	p := st.Before.Permanent(st.Action.Card)
	if p == nil && len(st.Before.Battlefield) > 0 {
		p = st.Before.Battlefield[0]
	}
	if p == nil {
		return
	}
	mq, ok := harness.ManaQueriesOf(eng)
	if !ok {
		return
	}
	_, _ = mq.CouldProduce(st.BeforeState, p.Card)
	if abs := manaoracle.ManaAbilities(p); len(abs) > 0 {
		_, _ = mq.ManaOutcomes(st.BeforeState, p.Card, abs[0])
	}
}

// determinismInvariant checks that the engine answers the same question the same way:
// Legal on a step's BeforeState lists the same actions in the same order as when the trace
// was made, and applying the step's action to it again, twice, gives the same snapshot and
// events.
func determinismInvariant() *Property {
	return &Property{
		ID:      "invariant.determinism",
		Rulings: []string{"invariant.determinism"},
		Rules:   []string{"-"},
		Description: "The engine is deterministic: the same state gives the same legal actions in the same order, and " +
			"the same state and action give the same snapshot and events, however often they are asked.",
		Steer:   gen.Steer{Name: "invariant.determinism", Plain: 2, Recipes: []gen.Recipe{combatRecipe}},
		Check:   checkDeterminism,
		Clauses: actionClauses("Legal before %s, and Apply of it, give the same answers when asked again."),
	}
}

func checkDeterminism(eng harness.Engine, tr *gen.Trace) Verdict {
	var v Verdict
	for i, st := range recordedSteps(tr) {
		clause := string(st.Action.Kind)
		v.Reach(clause)
		if bad := checkLegalAgain(eng, tr, i); bad != nil {
			v.add(clause, *bad)
		}
		for n := 1; n <= 2; n++ {
			if bad := checkApplyAgain(eng, tr, i, n); bad != nil {
				v.add(clause, *bad)
				break
			}
		}
	}
	return v
}

// checkLegalAgain asks for the legal actions of step i's BeforeState twice more.
func checkLegalAgain(eng harness.Engine, tr *gen.Trace, i int) *Violation {
	const ruling = "invariant.determinism"
	st := &tr.Steps[i]
	want := actionKeys(st.Legal)
	for n := 1; n <= 2; n++ {
		acts, err := eng.Legal(st.BeforeState)
		if err != nil {
			bad := queryError(i-1, ruling, "-", "the legal actions, asked again", err)
			return &bad
		}
		got := actionKeys(acts)
		if slices.Equal(want, got) {
			continue
		}
		if d := cmp.Diff(want, got); d != "" {
			bad := violation(i-1, ruling, "-",
				fmt.Sprintf("the legal actions, asked again (time %d)", n),
				"the same actions in the same order as the first time",
				"different (-first +again):\n"+clip(d))
			return &bad
		}
	}
	return nil
}

// checkApplyAgain applies step i's action to its BeforeState once more.
func checkApplyAgain(eng harness.Engine, tr *gen.Trace, i, n int) *Violation {
	const ruling = "invariant.determinism"
	st := &tr.Steps[i]
	what := fmt.Sprintf("applying the same action to the same state again (time %d)", n)
	next, evs, err := eng.Apply(st.BeforeState, st.Action)
	if err != nil {
		bad := violation(i, ruling, "-", what, "it succeeds, as it did the first time", "error: "+err.Error())
		return &bad
	}
	got, err := eng.Observe(next)
	if err != nil {
		bad := queryError(i, ruling, "-", what, err)
		return &bad
	}
	if d := snapDiff(*st.After, got); d != "" {
		bad := violation(i, ruling, "-", what, "the same snapshot as the first time",
			"different (-first +again):\n"+d)
		return &bad
	}
	if sameTree(st.Events, evs) {
		return nil
	}
	if d := cmp.Diff(st.Events, evs, cmpopts.EquateEmpty()); d != "" {
		bad := violation(i, ruling, "-", what, "the same events as the first time",
			"different (-first +again):\n"+clip(d))
		return &bad
	}
	return nil
}
