package props

import (
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// The trigger events of rules.triggers besides a step beginning and a permanent leaving
// the battlefield (rules_triggers.go): a permanent entering it (CR 603.6a), a spell
// becoming cast (601.2i) and a permanent becoming the target of a spell or ability (603.2).
// Each is read from the snapshots alone, and each ability that triggers is expected once
// on the stack the next time a player receives priority (603.3), like the others.

// enteredTriggers lists the enters-the-battlefield abilities of the permanents that
// entered in step i: objects on the battlefield after it that weren't before (a permanent
// that transforms or turns face up stays the same object, CR 712.18, 708.8). Each has the
// abilities it entered with: a copy's are the copied object's (707.4), a face-down
// permanent's none (708.2a). One that entered and left within the step is stepTriggers'.
func enteredTriggers(st *gen.TraceStep, v *Verdict) []expectedTrigger {
	b, a := st.Before, st.After
	var out []expectedTrigger
	for _, o := range a.Battlefield {
		if p := b.Permanent(o.Card); p != nil && p.Object == o.Object {
			continue
		}
		out = append(out, entersTriggers(o, v)...)
	}
	return out
}

// entersTriggers lists o's "When this ... enters" abilities, controlled by its controller.
func entersTriggers(o *harness.Object, v *Verdict) []expectedTrigger {
	var out []expectedTrigger
	for _, t := range o.Abilities {
		if readTrigger(t).kind == trigEnters {
			v.Reach("enters")
			out = append(out, expectedTrigger{trigInstance: trigInstance{o.Card, t}, Controller: o.Controller})
		}
	}
	return out
}

// castTriggers lists the "whenever you cast a [noncreature / historic] spell" abilities a
// spell becoming cast in step i triggered (CR 601.2i): its costs paid, the proposal gone.
// Each is of a permanent the caster controls, and triggers if the spell, as it was cast,
// has the quality: a face-down spell is a creature with no other characteristics (708.2a),
// any other has its card's (a historic one is legendary, an artifact or a Saga: 700.6).
func castTriggers(tr *gen.Trace, i int, v *Verdict) []expectedTrigger {
	st := &tr.Steps[i]
	b, a := st.Before, st.After
	if st.Action.Kind != harness.Pay || b.Casting == nil || a.Casting != nil || !isSpellOnTop(b, b.Casting.Card) {
		return nil
	}
	caster := b.Casting.Player
	k := castStep(tr, i, b.Casting.Card)
	if k < 0 {
		return nil
	}
	spell := &harness.Object{Types: []string{"Creature"}}
	if !tr.Steps[k].Action.CastsFaceDown() {
		if spell, _ = beforeMoving(tr.Steps[k].Before, b.Casting.Card); spell == nil {
			return nil
		}
	}
	var out []expectedTrigger
	for _, o := range b.Battlefield {
		if o.Controller != caster {
			continue
		}
		for _, t := range o.Abilities {
			rt := readTrigger(t)
			if rt.kind != trigCast {
				continue
			}
			v.Reach("casts")
			if spellHasQuality(spell, rt.spells) {
				out = append(out, expectedTrigger{trigInstance: trigInstance{o.Card, t}, Controller: o.Controller})
			}
		}
	}
	return out
}

// spellHasQuality: a cast trigger's quality ("", "noncreature", "historic") holds of the
// spell, as its characteristics were as it was cast.
func spellHasQuality(spell *harness.Object, quality string) bool {
	switch quality {
	case "noncreature":
		return !spell.HasType("Creature")
	case "historic":
		return len(historicQualities(spell)) > 0
	}
	return true
}

// targetedTriggers lists the "when this becomes the target of a spell or ability"
// abilities of the permanents the spells and abilities put on the stack in step i target:
// a spell or an activated ability once its costs are paid (its targets were chosen as it
// was cast or activated, CR 601.2c, 602.2b; it triggers once it is done, 601.2i), a
// triggered ability as it is put on the stack (603.3d). A permanent targeted twice by one
// spell becomes its target once.
func targetedTriggers(tr *gen.Trace, i int, v *Verdict) []expectedTrigger {
	st := &tr.Steps[i]
	b, a := st.Before, st.After
	if a.Casting != nil {
		return nil // a spell or ability is still being cast or activated: nothing is done yet
	}
	proposed := proposedItem(tr, i)
	var done []harness.StackObject
	for _, so := range a.Stack {
		if so.Object == proposed || !stillOnStack(b, so.Object) {
			done = append(done, so)
		}
	}
	var out []expectedTrigger
	for _, so := range done {
		var seen []harness.CardID
		for _, t := range so.Targets {
			if t.Card == 0 || slices.Contains(seen, t.Card) {
				continue
			}
			seen = append(seen, t.Card)
			o := permanentAround(st, t.Card)
			if o == nil {
				continue // a card in another zone: its abilities don't function there
			}
			for _, text := range o.Abilities {
				if readTrigger(text).kind == trigTargeted {
					v.Reach("becomes-target")
					out = append(out, expectedTrigger{trigInstance: trigInstance{o.Card, text}, Controller: o.Controller})
				}
			}
		}
	}
	return out
}

// proposedItem is the stack object of the spell or ability whose proposal waits before
// step i (CR 601.2a, 602.2a: it is on the stack as it is cast), or 0: none waits, or it is
// a mana ability's, which doesn't use the stack (605.3a). The proposal was opened by the
// last step before i that began with none waiting (one opened while paying is nested in it).
func proposedItem(tr *gen.Trace, i int) harness.ObjectID {
	if tr.Steps[i].Before.Casting == nil {
		return 0
	}
	for k := i - 1; k >= 0; k-- {
		st := &tr.Steps[k]
		if st.Before.Casting != nil {
			continue
		}
		if n := len(st.After.Stack); n > 0 && !stillOnStack(st.Before, st.After.Stack[n-1].Object) {
			return st.After.Stack[n-1].Object
		}
		return 0
	}
	return 0
}

// eventClause names the clause, and its rule, that judges the instances of an ability of
// kind k: its trigger event's own, or one-instance.
func eventClause(k trigEvent) (clause, rule string) {
	switch k {
	case trigEnters:
		return "enters", "603.6a"
	case trigCast:
		return "casts", "601.2i"
	case trigTargeted:
		return "becomes-target", "603.2"
	}
	return "one-instance", "603.3"
}

// preferWatchedCast favours casting a spell, and paying for it, while its caster controls
// a permanent watching for spells cast.
func preferWatchedCast(before *harness.Snapshot, a harness.Action) bool {
	watched := func(p harness.Player) bool {
		return slices.ContainsFunc(before.Battlefield, func(o *harness.Object) bool {
			return o.Controller == p && slices.ContainsFunc(o.Abilities, func(t string) bool { return readTrigger(t).kind == trigCast })
		})
	}
	if before.Casting != nil {
		return watched(before.Casting.Player) && advancesPayment(before, a)
	}
	return a.Kind == harness.Cast && watched(a.Player)
}

// preferTargetingTheTargeted favours a spell or ability targeting a permanent with a
// "when this becomes the target" ability.
func preferTargetingTheTargeted(before *harness.Snapshot, a harness.Action) bool {
	if a.Kind != harness.Cast && a.Kind != harness.Activate {
		return false
	}
	return slices.ContainsFunc(a.Targets, func(t harness.Target) bool {
		o := before.Permanent(t.Card)
		return t.Card != 0 && o != nil && slices.ContainsFunc(o.Abilities, func(text string) bool { return readTrigger(text).kind == trigTargeted })
	})
}

// firstWave drops from fresh, the new trigger instances on the stack in bottom-to-top
// order, those that triggered only once another of them was put on the stack: a permanent
// becoming the target of a triggered ability as it goes on the stack (CR 603.3d). They
// weren't waiting with the others, so neither APNAP nor their controller's choice of
// order puts them among them (603.3b): they go on the stack above, in the next pass.
func firstWave(fresh []harness.StackObject) []harness.StackObject {
	targeted := func(c harness.CardID) bool {
		return slices.ContainsFunc(fresh, func(o harness.StackObject) bool {
			return slices.ContainsFunc(o.Targets, func(t harness.Target) bool { return t.Card == c })
		})
	}
	return slices.DeleteFunc(slices.Clone(fresh), func(o harness.StackObject) bool {
		return readTrigger(o.Text).kind == trigTargeted && targeted(o.Card)
	})
}

// preferCopyEntering favours casting a card that may enter as a copy, and paying for it,
// while a permanent with an enters ability is there to copy.
func preferCopyEntering(before *harness.Snapshot, a harness.Action) bool {
	copier := func(c harness.CardID) bool {
		o := before.Find(c)
		return o != nil && slices.ContainsFunc(o.Abilities, func(t string) bool { return strings.Contains(t, "enter as a copy") })
	}
	if before.Casting != nil {
		return copier(before.Casting.Card) && advancesPayment(before, a)
	}
	return a.Kind == harness.Cast && copier(a.Card) && slices.ContainsFunc(before.Battlefield, func(o *harness.Object) bool {
		return slices.ContainsFunc(o.Abilities, func(t string) bool { return readTrigger(t).kind == trigEnters })
	})
}
