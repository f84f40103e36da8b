package engine

import (
	"fmt"
	"slices"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// CR 714: Saga cards. A Saga's chapter abilities are triggered abilities that wait for lore
// counters (714.2b); it enters with a lore counter (714.3a), its controller puts another on
// it as their precombat main phase begins (714.3c, 505.4), and once its lore counters reach
// its final chapter number it is sacrificed, but not while a chapter ability of it waits to
// resolve (714.4, 704.5s). Everything is read from the Saga's current characteristics: a
// permanent that is a copy of a Saga is one.

// chapter is a chapter ability "{rN1}, {rN2}—[Effect]": one triggered ability for each of
// the numbers (CR 714.2a-c).
func chapter(numbers []int, resolve func(r *resolution)) *ability {
	return &ability{Kind: Triggered, Trigger: &trigger{Event: OnLore, Chapters: numbers}, Resolve: resolve}
}

// isChapter reports whether a is a chapter ability.
func isChapter(a *ability) bool { return a.Kind == Triggered && a.Trigger.Event == OnLore }

// finalChapter is the greatest chapter number among c's chapter abilities, 0 with none
// (CR 714.2d).
func finalChapter(c *chars) int {
	n := 0
	for _, a := range c.Abilities {
		if isChapter(a.ability) {
			n = max(n, slices.Max(a.Trigger.Chapters))
		}
	}
	return n
}

// isSaga: a permanent with the Saga subtype (CR 714.1, 205.3h).
func isSaga(c *chars) bool { return c.HasSubtype("Saga") }

// loreAdded notes the chapter abilities of Saga id that trigger because its lore counters
// went from before to after: each chapter number N with before < N <= after triggers its
// ability once (CR 714.2b, 714.2c), so two counters added at once can trigger two chapters.
// Counters it entered with count as put onto it (CR 122.6), from 0.
func loreAdded(s *state, v *view, id h.ObjectID, before, after int) {
	o := s.obj(id)
	c := v.Of(id)
	for _, a := range c.Abilities {
		if !isChapter(a.ability) {
			continue
		}
		reached := 0
		for _, n := range a.Trigger.Chapters {
			// the fault: chapters already passed trigger again
			if (before < n || s.faults.on(FaultPastChaptersTrigger)) && n <= after {
				reached++
			}
		}
		for range reached {
			s.Pending = append(s.Pending, pendingTrigger{Source: id, SourceCard: o.Card, Controller: o.Controller,
				Ability: a.ability, Key: a.Key(id), Name: c.Name})
		}
	}
}

// addLore puts n lore counters on Saga id and notes the chapter abilities they trigger.
func addLore(s *state, v *view, id h.ObjectID, n int, rule string, ev *events) {
	before := s.obj(id).Counters[Lore]
	s.mut(id).Counters[Lore] += n
	ev.add(h.Event{Kind: "counters", Player: s.obj(id).Controller, Card: s.obj(id).Card, Object: id, Rule: rule,
		Text: fmt.Sprintf("%s gets %d lore counter(s) (CR %s)", v.Of(id).Name, n, rule)})
	loreAdded(s, v, id, before, before+n)
}

// loreTurnAction is the turn-based action of CR 714.3c (505.4): as the active player's
// precombat main phase begins, they put a lore counter on each Saga they control with one
// or more chapter abilities. It doesn't use the stack; the chapters it triggers go on the
// stack as the player would receive priority (603.3). v is a projection of s; it
// reports whether it put any counter.
func loreTurnAction(s *state, v *view, ev *events) bool {
	added := false
	for _, id := range s.Battlefield {
		if c := v.Of(id); s.obj(id).Controller == s.Active && isSaga(c) && finalChapter(c) > 0 {
			addLore(s, v, id, 1, "714.3c", ev)
			added = true
		}
	}
	return added
}

// sagaDone: the state-based action of CR 714.4 (704.5s) applies to Saga id: it has chapter
// abilities, its lore counters are at least its final chapter number, and it isn't the
// source of a chapter ability that has triggered but not yet left the stack (waiting to be
// put there, or on it).
func sagaDone(s *state, v *view, id h.ObjectID) bool {
	c := v.Of(id)
	final := finalChapter(c)
	if !isSaga(c) || final == 0 || s.obj(id).Counters[Lore] < final {
		return false
	}
	if s.faults.on(FaultSagaSacrificedEarly) {
		return true // the fault: its chapter waiting to resolve doesn't keep it
	}
	waiting := func(src h.ObjectID, a *ability) bool { return src == id && isChapter(a) }
	return !slices.ContainsFunc(s.Pending, func(t pendingTrigger) bool { return waiting(t.Source, t.Ability) }) &&
		!slices.ContainsFunc(s.Stack, func(it stackItem) bool { return !it.IsSpell && it.Ability != nil && waiting(it.Source, it.Ability) })
}
