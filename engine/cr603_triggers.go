package engine

import (
	"fmt"
	"slices"
	"strconv"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// CR 603: triggered abilities. A trigger is noted when its event happens and put on the
// stack the next time a player would receive priority (603.3), active player's first
// (APNAP, 603.3b), each player ordering their own.

// pendingTrigger is a triggered ability that has triggered but isn't on the stack yet.
type pendingTrigger struct {
	Source     h.ObjectID
	SourceCard h.CardID
	Controller h.Player
	Ability    *ability
	Key        abilityKey
	Name       string // the source's name as it triggered, for people
	Counters   int    // last known +1/+1 counters of the source (CR 608.2h)
	// X is a value the trigger event carries: the X paid for a cycling ability (Shark
	// Typhoon), the mana value of a spell cast.
	X int
	// Cycling is the stack object of the cycling ability whose cost triggered it, if any.
	Cycling h.ObjectID
	// Spell is the spell whose casting triggered it, if any (CR 601.2i).
	Spell h.ObjectID
}

// stepTriggers notes "at the beginning of [step]" triggers of the active player's
// permanents (CR 503.1a, 504.2), checking intervening "if" clauses (CR 603.4).
func stepTriggers(s *state, v *view, step h.Step) {
	for _, id := range s.Battlefield {
		o := s.obj(id)
		if o.Controller != s.Active {
			continue
		}
		for _, a := range v.Of(id).Abilities {
			if a.Kind != Triggered || a.Trigger.Event != OnStepBegins || a.Trigger.Step != step {
				continue
			}
			if a.Trigger.If != nil && !s.faults.on(FaultInterveningIfNotAtEvent) && !a.Trigger.If(s, o) {
				continue
			}
			s.Pending = append(s.Pending, pendingTrigger{Source: id, SourceCard: o.Card, Controller: o.Controller, Ability: a.ability,
				Key: a.Key(id), Name: v.Of(id).Name})
		}
	}
}

// leaveBattlefieldTriggers notes leaves-the-battlefield triggers ("when ... dies", "when
// ... leaves the battlefield", "when ... is put into a graveyard from the battlefield"),
// looking back at the object as it last existed on the battlefield (CR 603.10a, 700.4).
func leaveBattlefieldTriggers(s *state, v *view, old *object, to h.Zone) {
	if v == nil {
		return
	}
	if s.faults.on(FaultLeavingTriggersAnyZone) {
		to = h.Graveyard // the fault: as if every permanent leaving went to the graveyard
	}
	c := v.Of(old.ID)
	for _, a := range c.Abilities {
		if a.Kind != Triggered {
			continue
		}
		switch ev := a.Trigger.Event; {
		case ev == OnLeaves,
			ev == OnPutIntoGraveyard && to == h.Graveyard,
			ev == OnDies && to == h.Graveyard && c.HasType("Creature"):
			s.Pending = append(s.Pending, pendingTrigger{Source: old.ID, SourceCard: old.Card, Controller: old.Controller,
				Ability: a.ability, Key: a.Key(old.ID), Name: c.Name, Counters: old.Counters[PlusOne]})
		}
	}
}

// enterTriggers notes the "when this enters" triggers of a permanent that has just
// entered the battlefield, as it exists there (CR 603.6a, 603.10), and the chapter
// abilities the lore counters it entered with reach (CR 714.2b, 122.6).
func enterTriggers(s *state, id h.ObjectID) {
	v := s.project()
	c := v.Of(id)
	if s.faults.on(FaultEntersTriggersPrinted) {
		c = faceUpChars(s.obj(id)) // the fault: its card's abilities, not what it entered as (CR 707.4)
	}
	triggersOf(s, id, c, OnEnters)
	if n := s.obj(id).Counters[Lore]; n > 0 {
		loreAdded(s, v, id, 0, n)
	}
}

// ownTriggers notes the triggers of permanent id that wait for event, an event that
// happened to it.
func ownTriggers(s *state, v *view, id h.ObjectID, event triggerEvent) {
	triggersOf(s, id, v.Of(id), event)
}

// triggersOf notes the abilities among c, the characteristics of permanent id, that wait
// for event.
func triggersOf(s *state, id h.ObjectID, c *chars, event triggerEvent) {
	o := s.obj(id)
	for _, a := range c.Abilities {
		if a.Kind == Triggered && a.Trigger.Event == event {
			s.Pending = append(s.Pending, pendingTrigger{Source: id, SourceCard: o.Card, Controller: o.Controller,
				Ability: a.ability, Key: a.Key(id), Name: c.Name})
		}
	}
}

// becameTargets notes "when this becomes the target of a spell or ability" triggers of
// the permanents a spell or ability just put on the stack targets (CR 603.2, 115.9).
func becameTargets(s *state, targets []chosen) {
	var v *view
	for i, t := range targets {
		if t.Object == 0 || !s.onBattlefield(t.Object) || slices.ContainsFunc(targets[:i], func(c chosen) bool { return c.Object == t.Object }) {
			continue
		}
		if v == nil {
			v = s.project()
		}
		ownTriggers(s, v, t.Object, OnBecomesTarget)
	}
}

// putTriggersOnStack puts pending triggers on the stack in APNAP order (CR 603.3b): the
// active player's first, so the non-active player's resolve first. When a player has
// triggers that differ, they choose the order one at a time through ch. s.Pending holds
// the triggers not yet on the stack at every moment, so each trigger put on the stack is a
// checkpoint.
func putTriggersOnStack(s *state, ch chooser, ev *events) error {
	order := []h.Player{s.Active, s.Active.Opponent()}
	if s.faults.on(FaultTriggersNAPFirst) {
		order[0], order[1] = order[1], order[0]
	}
	for _, p := range order {
		for {
			var labels []string
			for _, t := range s.Pending {
				if l := triggerLabel(s, t); t.Controller == p && !hasString(labels, l) {
					labels = append(labels, l)
				}
			}
			if len(labels) == 0 {
				break
			}
			pick := labels[0]
			if len(labels) > 1 && !s.faults.on(FaultTriggerOrderNotAsked) {
				c, err := chooseFor(ch, p, h.ChoiceOption, labels)
				if err != nil {
					return err
				}
				pick = c
			}
			for i, t := range s.Pending {
				if t.Controller == p && triggerLabel(s, t) == pick {
					s.Pending = append(s.Pending[:i:i], s.Pending[i+1:]...)
					if err := pushTrigger(s, t, ch, ev); err != nil {
						return err
					}
					if s.faults.on(FaultTriggerPushedTwice) {
						if err := pushTrigger(s, t, ch, ev); err != nil {
							return err
						}
					}
					break
				}
			}
			checkpoint(ch, s, ev)
		}
	}
	return nil
}

func triggerLabel(s *state, t pendingTrigger) string {
	return t.Name + " (card " + strconv.Itoa(int(t.SourceCard)) + "): " + t.Ability.Text
}

// pushTrigger puts a triggered ability on the stack, its controller choosing its targets
// as for a spell (CR 603.3d, 601.2c). If a target is required and there is no legal
// choice, the ability is removed instead (603.3d).
func pushTrigger(s *state, t pendingTrigger, ch chooser, ev *events) error {
	targets, missing, err := chooseTriggerTargets(s, t, ch)
	if err != nil {
		return err
	}
	if missing != nil {
		ev.add(h.Event{Kind: "trigger_removed", Player: t.Controller, Card: t.SourceCard, Rule: "603.3d",
			Text: "no legal target for " + missing.Desc + ": removed (CR 603.3d): " + triggerLabel(s, t)})
		return nil
	}
	src := s.obj(t.Source)
	id := s.newObject(object{Card: t.SourceCard, Def: src.Def, Owner: src.Owner, Controller: t.Controller, Zone: h.Stack, Gone: true, ChosenColor: -1})
	item := stackItem{ID: id, Source: t.Source, SourceCard: t.SourceCard, Controller: t.Controller,
		Ability: t.Ability, Key: t.Key, Specs: t.Ability.Targets, Targets: targets, Counters: t.Counters, X: t.X, Cycling: t.Cycling}
	s.Stack = append(s.Stack, item)
	if t.Cycling != 0 && s.faults.on(FaultCycleTriggersUnderDraw) {
		s.Stack = sunkBelow(s.Stack, t.Cycling) // the fault: the trigger goes under the cycling ability (CR 603.3, 405.5)
	}
	if t.Spell != 0 && s.faults.on(FaultCastTriggerUnderSpell) {
		s.Stack = sunkBelow(s.Stack, t.Spell) // the fault: the cast trigger goes under its spell (CR 603.3, 405.5)
	}
	ev.add(h.Event{Kind: "triggered", Player: t.Controller, Card: t.SourceCard, Object: id, Text: "trigger: " + triggerLabel(s, t)})
	if !s.faults.on(FaultTriggerTargetsUnnoted) { // the fault: its targets don't become targets (CR 603.3d)
		becameTargets(s, targets)
	}
	return nil
}

// chooseTriggerTargets has the controller of a trigger being put on the stack choose a
// legal target for each of its requirements (CR 603.3d, 601.2c), "another" leaving out
// its source; missing is the first requirement with no legal choice, if any.
func chooseTriggerTargets(s *state, t pendingTrigger, ch chooser) (targets []chosen, missing *targetSpec, err error) {
	if len(t.Ability.Targets) == 0 {
		return nil, nil, nil
	}
	v := s.project()
	// "another target": not the ability's source (CR 115.1). Outside the loops, so that a
	// mutant can still cut them short.
	itself := func(spec *targetSpec, c chosen) bool {
		return spec.Another && c.Object == t.Source && !s.faults.on(FaultAnotherTargetsItself) // the fault: "another" ignored
	}
	for i, spec := range t.Ability.Targets {
		var cands []chosen
		var labels []string
		for _, c := range spec.candidates(s, v, t.Controller, sourceChars(v, t.Source)) {
			if itself(&spec, c) {
				continue
			}
			cands = append(cands, c)
			labels = append(labels, "target "+chosenText(s, v, c))
		}
		if len(cands) == 0 {
			return nil, &t.Ability.Targets[i], nil
		}
		pick, err := chooseFor(ch, t.Controller, h.ChoiceOption, labels)
		if err != nil {
			return nil, nil, err
		}
		targets = append(targets, cands[slices.Index(labels, pick)])
	}
	return targets, nil, nil
}

// sunkBelow is st with its top item moved to just below the item with the given ID, in a
// new list: st may be shared with other states (state.clone).
func sunkBelow(st []stackItem, below h.ObjectID) []stackItem {
	j := slices.IndexFunc(st, func(it stackItem) bool { return it.ID == below })
	if j < 0 {
		return st
	}
	return slices.Insert(slices.Clone(st[:len(st)-1]), j, st[len(st)-1])
}

// chosenText describes a target candidate for a choice: "player A", "Grizzly Bears
// (card 5)", "Lightning Rift's ability (stack object 17)".
func chosenText(s *state, v *view, c chosen) string {
	switch {
	case c.Stack:
		it := s.stackItem(c.Object)
		if it.IsSpell {
			return fmt.Sprintf("%s (stack object %d)", v.Of(it.ID).Name, c.Object)
		}
		return fmt.Sprintf("%s's ability (stack object %d)", v.Of(it.Source).Name, c.Object)
	case c.Object == 0:
		return "player " + c.Player.String()
	}
	return fmt.Sprintf("%s (card %d)", v.Of(c.Object).Name, c.Card)
}
