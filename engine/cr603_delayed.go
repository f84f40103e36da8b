package engine

import h "github.com/mtgfuzz/mtgfuzz/harness"

// CR 603.7: delayed triggered abilities, created as a spell or ability resolves. Each
// triggers once, the next time its event happens (603.7b); the pool's wait for the
// beginning of the next end step. Its source and controller are those of the ability that
// created it (603.7e).

// delayedTrigger is a delayed triggered ability waiting for its event.
type delayedTrigger struct {
	Step       h.Step // it triggers at the beginning of the next such step
	Source     h.ObjectID
	SourceCard h.CardID
	Controller h.Player
	Ability    *ability
	Key        abilityKey // the identity of the ability that created it
	Name       string
}

// Delay creates a delayed trigger, "at the beginning of the next <step>", whose effect is
// resolve; text is what it does, for people.
func (r *resolution) Delay(step h.Step, text string, resolve func(r *resolution)) {
	it := r.item
	r.s.Delayed = append(r.s.Delayed, delayedTrigger{Step: step, Source: it.Source, SourceCard: it.SourceCard, Controller: it.Controller,
		Ability: &ability{Kind: Triggered, Text: text, Resolve: resolve}, Key: it.Key, Name: r.v.Of(it.Source).Name})
}

// delayedTriggers notes the delayed triggers waiting for the step that has just begun:
// created before it began (603.7a), so one created during an end step waits for the next.
func delayedTriggers(s *state, step h.Step) {
	kept := s.Delayed[:0:0]
	for _, d := range s.Delayed {
		if d.Step != step {
			kept = append(kept, d)
			continue
		}
		s.Pending = append(s.Pending, pendingTrigger{Source: d.Source, SourceCard: d.SourceCard, Controller: d.Controller,
			Ability: d.Ability, Key: d.Key, Name: d.Name})
	}
	s.Delayed = kept
}

// ReturnToBattlefield returns a card to the battlefield under its owner's control, if it
// is still the object the effect refers to (CR 603.7c, 400.7): a new permanent, put there
// as any other is, with all its "enters" replacement effects (a Clone chooses anew what
// to enter as a copy of, 707.5, 614.1c) and its enters triggers (603.6a).
func (r *resolution) ReturnToBattlefield(id h.ObjectID) {
	if o := r.s.live(id); o == nil || o.Zone != h.Exile {
		return
	}
	if r.s.faults.on(FaultReturnSkipsEntering) {
		n := r.s.mut(r.MoveTo(id, h.Battlefield, false))
		n.Controller, n.Sick = n.Owner, true
		applyEnterReplacements(r.s, n, 0, r.Choose)
		return
	}
	r.PutOntoBattlefield([]h.ObjectID{id}, func(o *object) h.Player { return o.Owner })
}
