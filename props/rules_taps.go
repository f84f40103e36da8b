package props

import (
	"fmt"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props/internal/manaoracle"
)

// tapRules relates the "tapped" and "untapped" events the engine reports to the tapped
// status its snapshots show (CR 110.5, 701.26): over every action, each permanent that
// is on the battlefield before and after it (the same object) has events that tell its
// status changes in order, whatever changed it, a cost ({T}, {Q}: 107.5, 107.6), an
// effect, attacking (508.1f) or the untap step (502.3):
//
//   - only an untapped permanent can be tapped and only a tapped one untapped (701.26a-b),
//     so its events alternate, the first one leaving the status it had before;
//   - its status after is the one its last event left, or the one it had before when it
//     has no event (110.5c: a status stays until something changes it);
//   - each event names the card of the object it names.
//
// A permanent that enters or leaves during the action is left alone: entering tapped is no
// becoming tapped (603.2e), and one that left has no status (110.5d). So is a cancelled
// proposal: it is reversed with its payments (733.1), an undoing rather than a change. The clauses are the
// status the permanent had before: an untapped one ("taps") or a tapped one ("untaps").
// The events are the engine's own report (docs/protocol.md, reports "taps"); this checks
// they agree with its snapshots, not what should have tapped.
func tapRules() *Property {
	needsTaps := Needs{Reports: []harness.Report{harness.ReportTaps}}
	return &Property{
		ID:      "rules.taps",
		Rulings: []string{"rules.taps"},
		Rules:   []string{"701.26a", "701.26b", "110.5c", "107.5", "107.6", "502.3", "508.1f"},
		Description: "The tapped and untapped events an engine reports tell every change of a permanent's status in order: " +
			"a permanent that stays on the battlefield through an action becomes tapped or untapped exactly as its events say, " +
			"whatever did it (a cost, an effect, attacking, the untap step), and has no event when its status doesn't change.",
		Clauses: []Clause{
			{Name: "taps", Rules: []string{"701.26a", "110.5c", "107.5", "508.1f"}, Needs: needsTaps,
				Description: "A permanent untapped before an action that is tapped after it, or has tap events, has them alternate from \"tapped\" and end at its status."},
			{Name: "untaps", Rules: []string{"701.26b", "110.5c", "107.6", "502.3"}, Needs: needsTaps,
				Description: "A permanent tapped before an action that is untapped after it, or has tap events, has them alternate from \"untapped\" and end at its status."},
		},
		Steer: gen.Steer{
			Name: "rules.taps",
			Recipes: []gen.Recipe{
				// {Q} costs, effects that untap, and lands to pay for them.
				{Name: "untap costs and effects", Weight: 3,
					Mine: []gen.Pick{{Card: "Pili-Pala", Weight: 30}, {Card: "Umbral Mantle", Weight: 15}, {Card: "Thousand-Year Elixir", Weight: 15},
						{Card: "Mana Vault", Weight: 10}, {Card: "Wastes", Weight: 20}, {Card: "Llanowar Elves", Weight: 10}},
					Hand: gen.Cards("Twiddle"), MinPermanents: 3, Steps: []harness.Step{harness.Main1, harness.Main2}},
				// Attackers tapped, then the next untap step.
				{Name: "attacks and the untap step", Weight: 2,
					Mine:  []gen.Pick{{Card: "Grizzly Bears", Weight: 20}, {Card: "Hill Giant", Weight: 15}, {Card: "Pili-Pala", Weight: 15}, {Card: "Forest", Weight: 10}},
					Steps: []harness.Step{harness.BeginCombat, harness.End}},
			},
			Actions: &gen.ActionWeights{Pass: 5, Preferred: 12, Mana: 6, Land: 2, Cast: 4, Pay: 8, Activate: 6, Attack: 4, Choose: 4, Cancel: 1},
			Prefer:  preferTapping,
		},
		Check: checkTaps,
	}
}

// preferTapping favours what changes a permanent's status: activating an ability with
// {T} or {Q} in its cost, casting Twiddle, paying a proposal (a {T} or {Q} cost is paid
// with it) and attacking with something.
func preferTapping(before *harness.Snapshot, a harness.Action) bool {
	if before == nil {
		return false
	}
	switch a.Kind {
	case harness.Activate:
		ab, ok := manaoracle.AbilityOf(before.Permanent(a.Card), a.Ability)
		return ok && (ab.HasT || ab.HasQ)
	case harness.Cast:
		return a.Name == "Twiddle"
	case harness.Attack:
		return len(a.Attackers) > 0
	}
	return false
}

// tapEvents lists, by object, the "tapped" and "untapped" events of events in order.
func tapEvents(events []harness.Event) map[harness.ObjectID][]harness.Event {
	out := map[harness.ObjectID][]harness.Event{}
	for _, e := range events {
		if e.Kind == "tapped" || e.Kind == "untapped" {
			out[e.Object] = append(out[e.Object], e)
		}
	}
	return out
}

func checkTaps(eng harness.Engine, tr *gen.Trace) Verdict {
	var v Verdict
	for i := range tr.Steps {
		st := &tr.Steps[i]
		if st.Action.Kind == harness.Cancel {
			continue // the proposal is reversed as a whole (CR 733.1): an undone tap is no untapping
		}
		evs := tapEvents(st.Events)
		for _, now := range st.After.Battlefield {
			was := objectOnBattlefield(st.Before, now.Object)
			if was == nil {
				continue
			}
			checkTapEvents(i, was, now, evs[now.Object], &v)
		}
	}
	return v
}

// checkTapEvents judges one permanent that stayed on the battlefield through step i: its
// events alternate from the status it had (CR 701.26a-b), name its card, and end at the
// status it has (110.5c).
func checkTapEvents(i int, was, now *harness.Object, evs []harness.Event, v *Verdict) {
	if len(evs) == 0 && was.Tapped == now.Tapped {
		return
	}
	clause, rule := "taps", "701.26a"
	if was.Tapped {
		clause, rule = "untaps", "701.26b"
	}
	v.Reach(clause)
	kinds := make([]string, len(evs))
	status := was.Tapped
	problem := ""
	for k, e := range evs {
		kinds[k] = e.Kind
		switch {
		case problem != "":
		case e.Card != now.Card:
			problem = fmt.Sprintf("its %q event names card %d", e.Kind, e.Card)
		case (e.Kind == "tapped") == status:
			problem = fmt.Sprintf("its %q event comes while it is already %s", e.Kind, tapStatus(status))
		}
		status = e.Kind == "tapped"
	}
	if problem == "" && status != now.Tapped {
		problem = fmt.Sprintf("it is %s after it", tapStatus(now.Tapped))
	}
	if problem == "" {
		return
	}
	reported := "no tapped or untapped event"
	if len(kinds) > 0 {
		reported = "the events " + strings.Join(kinds, ", ")
	}
	v.add(clause, violation(i, "rules.taps", rule, "",
		fmt.Sprintf("%s, %s before the action, to be reported tapped or untapped each time its status changed, in order, and to end as its last event left it (CR %s, 110.5c)",
			describe(now), tapStatus(was.Tapped), rule),
		fmt.Sprintf("%s: %s", reported, problem)))
}
