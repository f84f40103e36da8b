package props

import (
	"fmt"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// The targets of triggered abilities. A triggered ability's controller chooses its targets
// as it is put on the stack (CR 603.3d), by the same description as a spell's (115.1): the
// targets of a new trigger instance on the stack fit its text's one target description,
// read as for casts and activations (rules_targets.go), "you" being its controller (109.5)
// and "another" not its source (Oblivion Ring, Crystalline Resonance, Cryptoplasm). And
// one the engine removed for want of a legal target (its event cites 603.3d) had none:
// no player or permanent fitting the description, none with hexproof, shroud or
// protection that may have kept it from being chosen.

// checkTriggerTargets judges the triggered abilities step i put on the stack.
func checkTriggerTargets(st *gen.TraceStep, i int, v *Verdict) {
	b, a := st.Before, st.After
	for _, so := range a.Stack {
		if so.Kind != "ability" || len(so.Targets) != 1 || stillOnStack(b, so.Object) || !isTriggeredText(so.Text) {
			continue
		}
		kind, ok := describedTarget(so.Text)
		if !ok {
			continue
		}
		t := so.Targets[0]
		o := permanentAround(st, t.Card)
		target := stackObjectAround(st, t.Stack)
		if t.Stack != 0 && target == nil || t.Card != 0 && o == nil {
			continue // an object the snapshots don't show: not judged
		}
		v.Reach("trigger-targets")
		switch {
		case kind.onStack() && target != nil && target.Object != so.Object && kind.allowedOnStack(target, so.Controller),
			!kind.onStack() && t.IsPlayer() && kind.players,
			!kind.onStack() && t.Card != 0 && kind.allowed(o, so.Controller, so.Card):
			continue
		}
		v.add("trigger-targets", violation(i, "rules.targets", "603.3d", "",
			fmt.Sprintf("the target of %s's %q, put on the stack under %s's control, to fit %q (CR 603.3d, 115.1, 109.5)", so.Name, so.Text, so.Controller, kind.desc),
			fmt.Sprintf("it targets %s", targetWords(t, target))))
	}
}

// targetWords names target t for a message, with what it is when it is stack object so.
func targetWords(t harness.Target, so *harness.StackObject) string {
	if so != nil {
		return fmt.Sprintf("%s, %s's", describeStack(*so), so.Controller)
	}
	return t.String()
}

// checkTriggersRemoved judges the triggered abilities step i's events say were removed for
// want of a legal target (CR 603.3d): the text of one is found among its source's
// abilities, wherever the source is now, and "you" is the player the event names.
func checkTriggersRemoved(st *gen.TraceStep, i int, v *Verdict) {
	a := st.After
	for _, e := range st.Events {
		if e.Rule != "603.3d" || e.Card == 0 {
			continue
		}
		src := a.Find(e.Card)
		if src == nil {
			src = st.Before.Find(e.Card)
		}
		if src == nil {
			continue
		}
		for _, text := range src.Abilities {
			kind, ok := describedTarget(text)
			if !ok || !isTriggeredText(text) || !strings.Contains(e.Text, text) {
				continue
			}
			v.Reach("trigger-removed")
			if legal := fittingTarget(a, st.Before, kind, e.Player, e.Card); legal != "" {
				v.add("trigger-removed", violation(i, "rules.targets", "603.3d", "",
					fmt.Sprintf("%s's %q removed for want of a legal target only if none fits %q (CR 603.3d, 115.1)", src.Name, text, kind.desc),
					fmt.Sprintf("%s fits it, and it was removed", legal)))
			}
			break
		}
	}
}

// fittingTarget names a player or permanent of s that fits kind for an ability of card
// src controlled by p, and that nothing may have shielded, or a spell or ability on the
// stack that fits it and was there before too (one put on the stack in the same batch may
// have gone on after the ability, CR 603.3b); "" if none does.
func fittingTarget(s, before *harness.Snapshot, kind targetKind, p harness.Player, src harness.CardID) string {
	if kind.players {
		for q := range s.Players {
			if !s.Players[q].Lost {
				return "player " + harness.Player(q).String()
			}
		}
	}
	for _, o := range s.Battlefield {
		if kind.allowed(o, p, src) && !shielded(o) {
			return describe(o)
		}
	}
	for i := range s.Stack {
		if so := &s.Stack[i]; kind.allowedOnStack(so, p) && stillOnStack(before, so.Object) {
			return fmt.Sprintf("%s, %s's", describeStack(*so), so.Controller)
		}
	}
	return ""
}
