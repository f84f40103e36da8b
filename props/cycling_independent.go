package props

import (
	"fmt"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// cyclingTriggerIndependent checks ruling cycling.trigger-independent: the cycling
// ability and a trigger of cycling are separate abilities (CR 702.29c). So a card can be
// cycled even when its "when you cycle this card" trigger would have no legal target (the
// trigger is then simply removed, 603.3d), and countering one of them leaves the other on
// the stack (701.6a, 608.2b). The relations checked: a card with cycling in the hand of
// the player to act is always offered for cycling (cycling has no timing restriction and
// its cost's mana is paid later), whatever its trigger's targets; and when a "counter
// target" spell or ability resolves, the stack afterwards is the stack before less it and
// its target, nothing else; a countered cycling ability draws no card.
func cyclingTriggerIndependent() *Property {
	return &Property{
		ID:      "cycling.trigger-independent",
		Rulings: []string{"cycling.trigger-independent"},
		Rules:   []string{"702.29c", "603.3d", "608.2b", "701.6a"},
		Description: "A card whose \"when you cycle\" trigger has a target can always be cycled; countering the cycling " +
			"ability or a trigger of cycling removes that one only, and a countered cycling ability draws nothing.",
		Needs: Needs{Actions: []harness.ActionKind{harness.Activate, harness.Cast, harness.Pay}},
		Clauses: []Clause{
			{Name: "cycle-without-target", Rules: []string{"702.29c", "603.3d"},
				Description: "a card with a targeted \"when you cycle this card\" trigger in hand is offered for cycling"},
			{Name: "counter-one-leaves-other", Rules: []string{"701.6a", "608.2b"},
				Description: "countering a cycling ability or a cycling trigger leaves the rest of the stack as it was"},
			{Name: "countered-draws-nothing", Rules: []string{"701.6a", "702.29a"},
				Description: "a countered cycling ability draws no card"},
		},
		Steer: cyclingSteer("cycling.trigger-independent", "cycle then counter", false),
		Check: checkTriggerIndependent,
	}
}

func checkTriggerIndependent(_ harness.Engine, tr *gen.Trace) Verdict {
	const ruling = "cycling.trigger-independent"
	var v Verdict
	for i := range tr.Steps {
		st := &tr.Steps[i]
		checkCyclingOffered(tr, i, &v)
		// A "counter target" spell or ability on top resolves (or fizzles) in this step.
		n := len(st.Before.Stack)
		if st.Action.Kind != harness.Pass || n == 0 || st.Before.Casting != nil || st.Before.Pending != nil || stillOnStack(st.After, st.Before.Stack[n-1].Object) {
			continue
		}
		top := &st.Before.Stack[n-1]
		if len(top.Targets) != 1 || top.Targets[0].Stack == 0 || !counterText(tr, i, top) {
			continue
		}
		ti := stackIndex(st.Before, top.Targets[0].Stack)
		if ti < 0 {
			continue
		}
		target := &st.Before.Stack[ti]
		if !isCyclingItem(target) && !(target.Kind == "ability" && isCycleTriggerText(target.Text)) {
			continue
		}
		if st.After.Pending != nil {
			continue // a choice in its resolution: judged on a later state by nothing here
		}
		what := fmt.Sprintf("%s's %q countering %s's %q", top.Name, shortText(top), target.Name, shortText(target))
		// Everything but the counterspell and its target stays, in order; new triggers may
		// come on top.
		var want []harness.ObjectID
		for k := range st.Before.Stack[:n-1] {
			if k != ti {
				want = append(want, st.Before.Stack[k].Object)
			}
		}
		v.Reach("counter-one-leaves-other")
		stayed := stillOnStack(st.After, target.Object) // it wasn't countered: the counter fizzled or did nothing
		if !stayed {
			for k, id := range want {
				if k >= len(st.After.Stack) || st.After.Stack[k].Object != id {
					v.Violations = append(v.Violations, clauseViolation(i, ruling, "701.6a", "counter-one-leaves-other",
						what, fmt.Sprintf("the rest of the stack to stay: %v", want), fmt.Sprintf("stack %s", stackOrder(st.After))))
					break
				}
			}
		}
		if isCyclingItem(target) && !stayed {
			v.Reach("countered-draws-nothing")
			p := target.Controller
			if got, was := len(st.After.Players[p].Hand), len(st.Before.Players[p].Hand); got > was {
				v.Violations = append(v.Violations, clauseViolation(i, ruling, "701.6a", "countered-draws-nothing",
					what, fmt.Sprintf("%s draws nothing: the countered ability doesn't resolve", p), fmt.Sprintf("%d cards in hand, %d before", got, was)))
			}
		}
	}
	return v
}

// checkCyclingOffered: in the state before step i, each card in the hand of the player to
// act whose "when you cycle this card" trigger targets is offered for cycling.
func checkCyclingOffered(tr *gen.Trace, i int, v *Verdict) {
	const ruling = "cycling.trigger-independent"
	st := &tr.Steps[i]
	b := st.Before
	if b.Priority == harness.NoPlayer || b.Pending != nil || b.Casting != nil {
		return
	}
	for _, o := range b.Players[b.Priority].Hand {
		ci := cyclingIndex(o)
		if ci < 0 || !hasTargetedCycleTrigger(o) {
			continue
		}
		v.Reach("cycle-without-target")
		offered := false
		for _, a := range st.Legal {
			if a.Kind == harness.Activate && a.Card == o.Card && a.Ability == ci {
				offered = true
			}
		}
		if !offered {
			v.Violations = append(v.Violations, clauseViolation(i, ruling, "702.29c", "cycle-without-target",
				fmt.Sprintf("%s in %s's hand", describe(o), b.Priority),
				fmt.Sprintf("its cycling ability %q offered: its trigger's targets don't matter (CR 603.3d)", o.Abilities[ci]), "not offered"))
		}
	}
}

// hasTargetedCycleTrigger: the card has a "when you cycle this card" trigger that targets.
func hasTargetedCycleTrigger(o *harness.Object) bool {
	for _, t := range o.Abilities {
		if strings.HasPrefix(t, "When you cycle this card") && strings.Contains(t, "target") {
			return true
		}
	}
	return false
}

// counterText reports whether a stack object before step i counters its target: an
// ability with that text, or a spell whose card says "Counter target" (read where the
// trace last showed the card outside the stack, as a snapshot's stack gives a spell's name
// only).
func counterText(tr *gen.Trace, i int, so *harness.StackObject) bool {
	text := so.Text
	if so.Kind == "spell" {
		for j := i; j >= 0 && text == ""; j-- {
			if o := tr.Steps[j].Before.Find(so.Card); o != nil && len(o.Abilities) > 0 {
				text = o.Abilities[0]
			}
		}
	}
	_, _, _, ok := counterKinds(text)
	return ok
}

// shortText is a stack object's text up to its first full stop, or its name for a spell.
func shortText(so *harness.StackObject) string {
	if so.Kind == "spell" {
		return so.Name
	}
	if i := strings.IndexByte(so.Text, '('); i > 0 {
		return strings.TrimSpace(so.Text[:i])
	}
	return so.Text
}
