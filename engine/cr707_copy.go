package engine

import (
	"fmt"
	"slices"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// CR 707: copies of objects. A copy effect is a layer-1 continuous effect (CR 613.2a)
// whose values are the copied object's copiable values as the effect begins (707.2,
// 707.2c): its printed values as modified by other copy effects (so copying a copy gives
// what that copy copies, 707.3), never its counters, status or other effects. Exceptions
// to the copying process become part of the copiable values (707.9a, 707.9b). A
// permanent that becomes a copy stays the same object: nothing enters or leaves, and the
// non-copy effects already applying to it go on applying (707.4, 611.2c).

// copyAbility is the copy effect an ability creates, as data.
type copyAbility struct {
	// Duration of a "becomes a copy" effect (CR 611.2a); an "enters as a copy" effect has
	// none.
	Duration durationKind
	// May: "you may have ..." (the controller chooses as it resolves or enters).
	May bool
	// Candidates: for "enter as a copy of any ...", which permanents may be chosen (it
	// doesn't target). A "becomes a copy of target ..." ability targets instead.
	Candidates func(s *state, v *view, controller h.Player, o *object) bool
	Except     copyExceptions
}

// copyExceptions are the modifications and exceptions of a copy effect (CR 707.9).
type copyExceptions struct {
	// KeepsThis: "except it has this ability" (707.9a): the ability creating the effect
	// is part of the copiable values.
	KeepsThis bool
	// NotLegendary: "and it isn't legendary" (707.9b).
	NotLegendary bool
	// AddSubtypes: "it's an Illusion in addition to its other types" (707.9b).
	AddSubtypes []string
	// AddAbilities: "and it has ..." (707.9a).
	AddAbilities []*ability
	// Counters it enters with in addition, if the copy is a creature or a planeswalker
	// (707.9f: judged on the result of the copy effect). Counters are not copiable values;
	// these are placed as it enters.
	PlusOneIfCreature, LoyaltyIfPlaneswalker int
}

// duration is the copy effect's duration when an ability controlled by p creates it.
func (c *copyAbility) duration(p h.Player) duration {
	return duration{Kind: c.Duration, Player: p}
}

// copyValues are the values a copy effect of ability ab gives when it copies target now
// (CR 707.2, 707.3, 707.9).
func copyValues(s *state, v *view, target h.ObjectID, ab *ability) *chars {
	base := v.Copiable(target)
	if s.faults.on(FaultCopyOfCopyIntermediate) {
		base = v.printedOf(target) // the object copied, not what it copies (CR 707.3)
	}
	if s.faults.on(FaultCopiesNonCopyEffects) {
		base = v.Of(target) // its type-changing, P/T and counter effects too (CR 707.2)
	}
	if t := s.obj(target); t.FaceDown && s.faults.on(FaultCopiesFaceDownCard) {
		base = faceUpChars(t) // the fault: its card's values, not the face-down ones (CR 708.2a, 707.2)
	}
	c := *base
	if s.faults.on(FaultCountersCopied) && c.HasPT {
		c.Power, c.Toughness = c.Power+s.obj(target).Counters[PlusOne], c.Toughness+s.obj(target).Counters[PlusOne]
	}
	ex := ab.Copy.Except
	c.Abilities = slices.Clip(c.Abilities)
	if ex.KeepsThis {
		c.Abilities = append(c.Abilities, abilityInstance{ability: ab})
		if s.faults.on(FaultExceptAppliedTwice) && slices.ContainsFunc(base.Abilities, func(a abilityInstance) bool { return a.ability == ab }) {
			c.Abilities = append(c.Abilities, abilityInstance{ability: ab})
		}
	}
	if ex.NotLegendary && c.HasSupertype("Legendary") {
		c.Supertypes = slices.DeleteFunc(slices.Clone(c.Supertypes), func(t string) bool { return t == "Legendary" })
	}
	if len(ex.AddSubtypes) > 0 {
		c.Subtypes = appendNew(c.Subtypes, ex.AddSubtypes...)
	}
	for _, a := range ex.AddAbilities {
		c.Abilities = append(c.Abilities, abilityInstance{ability: a})
	}
	return &c
}

// copyEffect records that id becomes a copy of target through ability ab, with duration d,
// from now on (CR 707.2, 613.7b: a fresh timestamp, so the latest copy effect wins).
func copyEffect(s *state, v *view, id, target h.ObjectID, ab *ability, controller h.Player, d duration, ev *events) {
	vals := copyValues(s, v, target, ab)
	if s.faults.on(FaultCopyIsNewObject) { // its effects and counters gone, as if it had entered anew (CR 707.4)
		s.Effects, s.mut(id).Counters = slices.DeleteFunc(slices.Clone(s.Effects), func(e effect) bool { return slices.Contains(e.Objects, id) }), [numCounterKinds]int{}
	}
	s.addEffect(effect{Source: id, Controller: controller, Duration: d, Mods: []modification{copyOf{From: target, Values: vals}}, Objects: []h.ObjectID{id}})
	o := s.obj(id)
	if s.faults.on(FaultSickFromCopied) {
		s.mut(id).Sick = s.obj(target).Sick // the copied permanent's status (CR 302.6, 707.2: status isn't copied)
	}
	if ev != nil {
		ev.add(h.Event{Kind: "copy", Player: controller, Card: o.Card, Object: id,
			Text: fmt.Sprintf("%s becomes a copy of %s (card %d)", v.Of(id).Name, vals.Name, s.obj(target).Card)})
	}
}

// copyOption is how the choice to copy a permanent reads.
func copyOption(v *view, o *object) string {
	return fmt.Sprintf("copy %s (card %d)", spokenName(v, o), o.Card)
}

// spokenName is a permanent's name in a text for people: a face-down permanent has none
// (CR 708.2a), and is "a face-down creature".
func spokenName(v *view, o *object) string {
	if name := v.Of(o.ID).Name; name != "" {
		return name
	}
	return "a face-down creature"
}

// dontCopy is the option not to copy ("you may").
const dontCopy = "don't copy"

// becomeCopyOfTarget is the effect of "[you may have] this become a copy of target ..."
// (Crystalline Resonance, Cryptoplasm, Mirage Mirror): the source, if it is still the
// same permanent, becomes a copy of the target, if still legal (CR 608.2b).
func becomeCopyOfTarget(r *resolution) {
	t, ok := r.Target(0)
	src := r.Source()
	if !ok || src.Gone || src.Zone != h.Battlefield {
		return
	}
	cp := r.item.Ability.Copy
	if cp.May && r.Choose([]string{dontCopy, copyOption(r.v, r.s.obj(t.Object))}) == dontCopy {
		return
	}
	copyEffect(r.s, r.v, src.ID, t.Object, r.item.Ability, r.Controller(), cp.duration(r.Controller()), r.ev)
	if r.s.faults.on(FaultLoyaltyOnBecomingACopy) { // as if it had entered (CR 306.5b)
		r.s.mut(src.ID).Counters[Loyalty] += startingLoyalty(r.s, r.s.project().Of(src.ID))
	}
}

// enterAsCopy applies an entering permanent's "you may have this enter as a copy of ..."
// replacement effect (CR 707.5, 614.1c): its controller chooses a permanent (or none) as
// it enters, among the permanents already on the battlefield (not those entering with it);
// the copy effect has no duration. Exceptions that depend on what it became
// are judged on the result (707.9f). It reports whether it entered as a copy.
func enterAsCopy(s *state, o *object, choose func([]string) string, ev *events, entering []h.ObjectID) (copied bool) {
	if choose == nil {
		return false
	}
	v := s.project()
	for _, a := range v.Of(o.ID).Abilities {
		if a.Kind != Static || a.Static.Kind != EntersAsCopy {
			continue
		}
		cp := a.Copy
		var cands []*object
		for _, id := range s.Battlefield {
			if t := s.obj(id); id != o.ID && !slices.Contains(entering, id) && cp.Candidates(s, v, o.Controller, t) {
				cands = append(cands, t)
			}
		}
		if len(cands) == 0 {
			return false
		}
		slices.SortFunc(cands, func(a, b *object) int { return int(a.Card) - int(b.Card) })
		opts := []string{dontCopy}
		for _, t := range cands {
			opts = append(opts, copyOption(v, t))
		}
		pick := choose(opts)
		for i, t := range cands {
			if opts[i+1] != pick {
				continue
			}
			copyEffect(s, v, o.ID, t.ID, a.ability, o.Controller, duration{}, ev)
			c := project(s).Of(o.ID)
			if c.HasType("Creature") {
				s.mut(o.ID).Counters[PlusOne] += cp.Except.PlusOneIfCreature
			}
			if c.HasType("Planeswalker") {
				s.mut(o.ID).Counters[Loyalty] += cp.Except.LoyaltyIfPlaneswalker
			}
		}
		return pick != dontCopy
	}
	return false
}

// setupCopies starts the copy effects a setup says are in force on a permanent, oldest
// first: each is the effect of the permanent's own copy ability (its duration and
// exceptions), begun before the game starts, controlled by the permanent's controller.
func setupCopies(s *state, bases *copyBases, id h.ObjectID, targets []h.ObjectID) error {
	o := s.obj(id)
	ab := copyAbilityOf(o.Def)
	if ab == nil {
		return fmt.Errorf("setup: %s (card %d) is copying, but its card has no copy ability", project(s).Of(id).Name, o.Card)
	}
	for _, t := range targets {
		if t == id {
			return fmt.Errorf("setup: %s (card %d) can't copy itself", project(s).Of(id).Name, o.Card)
		}
		copyEffect(s, bases.of(s, t), id, t, ab, o.Controller, ab.Copy.duration(o.Controller), nil)
		bases.began(id)
	}
	return nil
}

// copyBases hands the setup's copy effects the projection each begins from: the copied
// permanent's copiable values as the effect begins (CR 707.2). A copy effect's values are
// fixed as it begins and it applies only to the permanent becoming a copy, so it changes
// no other permanent's copiable values (707.3: a copy of that one gets them from its own
// effect): a projection serves every copy effect whose target no copy effect began on
// since. Before the setup's copy effects no effect is in force, so a face-up permanent no
// copy effect began on has its printed characteristics as copiable values (707.2, 708.2):
// copying it needs no projection, only a view that has no copiable values but the printed
// ones (a view of s with no layer applied, which answers Copiable and printedOf, and
// nothing else copyValues asks of it). Under the fault that copies every effect, each copy
// effect needs a projection of its own.
type copyBases struct {
	v           *view
	since       []h.ObjectID // the permanents a copy effect began on since v was made
	all         []h.ObjectID // the permanents a copy effect began on
	unprojected *view
}

func (b *copyBases) of(s *state, target h.ObjectID) *view {
	if s.faults.on(FaultCopiesNonCopyEffects) {
		return project(s)
	}
	if !s.obj(target).FaceDown && !slices.Contains(b.all, target) {
		if b.unprojected == nil {
			b.unprojected = &view{s: s}
		}
		return b.unprojected
	}
	if b.v == nil || slices.Contains(b.since, target) {
		b.v, b.since = project(s), b.since[:0]
	}
	return b.v
}

// began notes that a copy effect began on id.
func (b *copyBases) began(id h.ObjectID) {
	b.since = append(b.since, id)
	b.all = append(b.all, id)
}

// Candidates of "enter as a copy of ...".
var (
	anyCreature = func(s *state, v *view, _ h.Player, o *object) bool { return v.Of(o.ID).HasType("Creature") }
	anyNonland  = func(s *state, v *view, _ h.Player, o *object) bool { return !v.Of(o.ID).HasType("Land") }
	// creatureOrPlaneswalkerYouControl: Spark Double.
	creatureOrPlaneswalkerYouControl = func(s *state, v *view, p h.Player, o *object) bool {
		c := v.Of(o.ID)
		return o.Controller == p && (c.HasType("Creature") || c.HasType("Planeswalker"))
	}
)
