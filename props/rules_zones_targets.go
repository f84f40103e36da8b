package props

import (
	"fmt"
	"maps"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// checkOldTargets judges step i when it takes the top of the stack off it, resolving or
// not: a target of that spell or ability that is a card whose object changed since it was
// targeted (it left its zone, and perhaps came back) is no longer the object targeted
// (CR 400.7), so it is an illegal target and the spell or ability does nothing to it
// (608.2b). The card's object must come out of the step as it went in: same zone, same
// object, no damage, counters, status, attachment or P/T it didn't have.
func checkOldTargets(tr *gen.Trace, i int, v *Verdict) {
	st := &tr.Steps[i]
	b, a := st.Before, st.After
	n := len(b.Stack)
	if n == 0 || b.Casting != nil || b.Pending != nil {
		return
	}
	top := b.Stack[n-1]
	if stillOnStack(a, top.Object) {
		return
	}
	targeted := targetedAt(tr, i, top.Object)
	if targeted == nil {
		return
	}
	was := cardObjects(targeted)
	for _, t := range top.Targets {
		if t.IsPlayer() || t.Stack != 0 {
			continue
		}
		old, ok := was[t.Card]
		now := b.Find(t.Card)
		if !ok || now == nil || now.Object == old.id {
			continue // still the object targeted (or no longer in the game: nothing to affect)
		}
		v.Reach("old-target")
		after := a.Find(t.Card)
		if d := objectChange(now, after); d != "" {
			v.add("old-target", violation(i, "rules.zones", "608.2b", "",
				fmt.Sprintf("%s left alone by %s: it was targeted as object %d in the %s and is now another object, an illegal target the spell or ability does nothing to (CR 400.7, 608.2b)",
					describe(now), stackName(top), old.id, old.zone),
				d))
		}
	}
}

// preferTargetLeaves favours a spell or ability aimed at a creature while the stack is
// empty, then damage aimed at a creature a spell or ability on the stack targets: the
// target dies in response, and what targeted it resolves with an old target.
func preferTargetLeaves(before *harness.Snapshot, a harness.Action) bool {
	if a.Kind != harness.Cast && a.Kind != harness.Activate {
		return false
	}
	for _, t := range a.Targets {
		if p := before.Permanent(t.Card); t.Card == 0 || p == nil || !isCreature(p) {
			continue
		}
		if len(before.Stack) == 0 || targetedOnStack(before, t.Card) && preferDamage(before, a) {
			return true
		}
	}
	return false
}

// targetedOnStack reports whether a spell or ability on the stack of s targets card c.
func targetedOnStack(s *harness.Snapshot, c harness.CardID) bool {
	for _, o := range s.Stack {
		for _, t := range o.Targets {
			if t.Card == c && t.Stack == 0 && !t.IsPlayer() {
				return true
			}
		}
	}
	return false
}

// objectChange says how the object a card is changed from before to after ("" for not at
// all, in what a resolving spell or ability could do to it).
func objectChange(before, after *harness.Object) string {
	switch {
	case after == nil:
		return "it left the game"
	case after.Zone != before.Zone || after.Object != before.Object:
		return fmt.Sprintf("it moved: object %d in the %s, where it was object %d in the %s", after.Object, after.Zone, before.Object, before.Zone)
	case after.Damage != before.Damage:
		return fmt.Sprintf("its damage went from %d to %d", before.Damage, after.Damage)
	case !maps.Equal(after.Counters, before.Counters):
		return fmt.Sprintf("its counters went from %v to %v", before.Counters, after.Counters)
	case after.Tapped != before.Tapped:
		return fmt.Sprintf("tapped went from %v to %v", before.Tapped, after.Tapped)
	case after.AttachedTo != before.AttachedTo:
		return fmt.Sprintf("it was attached to card %d and is now attached to card %d", before.AttachedTo, after.AttachedTo)
	case ptText(after) != ptText(before):
		return fmt.Sprintf("its P/T went from %s to %s", ptText(before), ptText(after))
	}
	return ""
}

// ptText writes an object's power and toughness, "2/2", or "-" when it has none.
func ptText(o *harness.Object) string {
	if o.Power == nil || o.Toughness == nil {
		return "-"
	}
	return fmt.Sprintf("%d/%d", *o.Power, *o.Toughness)
}
