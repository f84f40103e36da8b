package engine

import (
	"fmt"
	"slices"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// CR 605: mana abilities. An activated mana ability doesn't use the stack: it resolves
// immediately after it is activated, and priority stays where it was (605.3b, 405.6c).
// Triggered mana abilities resolve right after the mana ability that triggered them
// (605.4a).

// manaActivation is a mana ability with a mana cost whose activation waits for that cost
// (a proposal's Mana): the ability, the choices it resolves with, and the proposal it
// interrupted (a spell being cast), restored once it is paid.
type manaActivation struct {
	ability int
	choices []string
	outer   *proposal
}

// activateManaAction activates mana ability a of src as action act asks. With a payment
// from the pool, or no mana in its cost, it resolves at once (CR 605.3b). Without a
// payment for a mana cost, the activation follows CR 602.2b and 601.2b-i: it waits as a
// proposal while its player activates other mana abilities (601.2g, 605.3a), then Pay
// pays the cost and the ability resolves. base is the state before the action (restored
// on Cancel), s its private copy.
func activateManaAction(base, s *state, v *view, src *object, a *ability, act h.Action) (*state, []h.Event, error) {
	// A mana ability has no target (CR 605.1a), so an action naming one is refused as for
	// any ability (601.2c).
	if _, err := checkTargets(s, v, act.Player, a.Targets, act.Targets, v.Of(src.ID)); err != nil {
		return nil, nil, err
	}
	if err := xError(act.X, a.Cost.Mana); err != nil {
		return nil, nil, err
	}
	if colored, generic := a.Cost.Mana.total(0); colored.Total()+generic > 0 && act.Payment.IsZero() {
		return proposeManaAbility(base, s, v, src, a, act, colored, generic)
	}
	ev := &events{}
	if err := activateMana(s, v, act.Player, src, a, act, ev); err != nil {
		return nil, nil, err
	}
	return s, ev.list, nil
}

// canProposeMana reports whether a mana ability's activation may wait for its mana cost
// now: not while another one waits. One level is enough, and it keeps activations from
// nesting without end: whatever an activation nested in it would be paid with, its player
// can first put into the pool with mana abilities of their own, then pay from the pool.
func canProposeMana(s *state) bool { return s.Proposal == nil || s.Proposal.Mana == nil }

// proposeManaAbility announces the activation of mana ability a of src and locks in its
// mana cost (CR 602.2b, 601.2b-f); its non-mana costs are paid with the mana (601.2h).
func proposeManaAbility(base, s *state, v *view, src *object, a *ability, act h.Action, colored h.Mana, generic int) (*state, []h.Event, error) {
	if !canProposeMana(s) {
		return nil, nil, fmt.Errorf("CR 601.2g: while a mana ability's cost is being paid, a mana ability with a mana cost is paid from the pool as it is activated")
	}
	if src.Controller != act.Player {
		return nil, nil, fmt.Errorf("CR 602.2: only %s's controller may activate its abilities", v.Of(src.ID).Name)
	}
	if err := nonManaCostError(s, v, src, a.Cost); err != nil {
		return nil, nil, err
	}
	// The choices are checked now, without resolving, so that a proposal is never left
	// that no payment could complete.
	ch := &scripted{choices: act.Choices}
	var buf [4]manaPart
	if _, err := manaParts(s, v, src, a, productionChoice(s, v, src, a.Produce), ch, buf[:0]); err != nil {
		return nil, nil, fmt.Errorf("CR 605.3b: %w", err)
	}
	if err := ch.done(); err != nil {
		return nil, nil, err
	}
	s.Proposal = &proposal{Player: act.Player, Source: src.ID, Colored: colored, Generic: generic, Cost: a.Cost, Before: base,
		Mana: &manaActivation{ability: act.Ability, choices: act.Choices, outer: s.Proposal}}
	return s, nil, nil
}

// payManaAbility pays a waiting mana ability's costs (CR 601.2h) and resolves it at once
// (605.3b); the proposal it interrupted, if any, is back.
func payManaAbility(s *state, act h.Action) (*state, []h.Event, error) {
	p := s.Proposal
	if err := paymentError(s, s.Players[p.Player].Pool, act.Payment, p.Colored, p.Generic); err != nil {
		return nil, nil, err
	}
	src := s.live(p.Source)
	if src == nil || src.Zone != h.Battlefield {
		return nil, nil, fmt.Errorf("CR 602.2: the ability's source has left the battlefield")
	}
	v := s.project()
	abs := v.Of(src.ID).Abilities
	if i := p.Mana.ability; i >= len(abs) || abs[i].Kind != Activated || !abs[i].IsMana() {
		return nil, nil, fmt.Errorf("CR 602.2: %s no longer has that mana ability", v.Of(src.ID).Name)
	}
	a := abs[p.Mana.ability].ability
	if err := nonManaCostError(s, v, src, a.Cost); err != nil {
		return nil, nil, err
	}
	s.Players[p.Player].Pool = s.Players[p.Player].Pool.Sub(act.Payment)
	ev := &events{}
	if err := resolveActivatedMana(s, v, p.Player, src, a, p.Mana.choices, ev); err != nil {
		return nil, nil, err
	}
	s.Proposal = p.Mana.outer
	return s, ev.list, nil
}

// activateMana activates ability a of src for player, paying its costs from the pool and
// resolving it at once with the action's choices. s is already a private copy.
func activateMana(s *state, v *view, player h.Player, src *object, a *ability, act h.Action, ev *events) error {
	if src.Controller != player {
		return fmt.Errorf("CR 602.2: only %s's controller may activate its abilities", v.Of(src.ID).Name)
	}
	if err := nonManaCostError(s, v, src, a.Cost); err != nil {
		return err
	}
	colored, generic := a.Cost.Mana.total(0)
	if colored.Total()+generic > 0 || !act.Payment.IsZero() {
		if err := paymentError(s, s.Players[player].Pool, act.Payment, colored, generic); err != nil {
			return err
		}
		s.Players[player].Pool = s.Players[player].Pool.Sub(act.Payment)
	}
	return resolveActivatedMana(s, v, player, src, a, act.Choices, ev)
}

// resolveActivatedMana pays the non-mana costs of activated mana ability a and resolves it
// with the given choices (CR 605.3b).
func resolveActivatedMana(s *state, v *view, player h.Player, src *object, a *ability, choices []string, ev *events) error {
	payNonMana(s, v, src, a.Cost, ev)
	src = s.obj(src.ID) // as paid
	ch := &scripted{choices: choices}
	if _, err := resolveMana(s, v, src, a, ch, ev); err != nil {
		return fmt.Errorf("CR 605.3b: %w", err)
	}
	if err := ch.done(); err != nil {
		return err
	}
	if s.faults.on(FaultManaAbilityUsesStack) {
		s.Stack = append(s.Stack, stackItem{ID: s.newObject(object{Def: src.Def, Card: src.Card, Zone: h.Stack, Owner: player, Controller: player, Gone: true}),
			Source: src.ID, SourceCard: src.Card, Controller: player, Ability: &ability{Text: a.Text, Kind: Activated}})
	}
	return nil
}

// resolveMana resolves mana ability a of src: what it produces (CR 106.5), replacement
// effects if it was tapped for mana (106.12b, 616.1), then the triggered mana abilities
// that production triggers (106.12a, 605.4a). It returns the mana added in all.
func resolveMana(s *state, v *view, src *object, a *ability, ch chooser, ev *events) (h.Mana, error) {
	var buf [4]manaPart // no allocation for any real board
	parts, err := manaParts(s, v, src, a, productionChoice(s, v, src, a.Produce), ch, buf[:0])
	if err != nil {
		return h.Mana{}, err
	}
	var total h.Mana
	for _, pt := range parts {
		if pt.trigger == nil {
			addMana(s, v, src.Controller, pt.mana, src, ev)
			total = total.Add(pt.mana)
			continue
		}
		trig := pt.trigger
		if pt.stacked { // the fault: the triggered mana ability uses the stack
			s.Stack = append(s.Stack, stackItem{ID: s.newObject(object{Def: trig.Def, Card: trig.Card, Zone: h.Stack, Owner: trig.Owner, Controller: src.Controller, Gone: true}),
				Source: trig.ID, SourceCard: trig.Card, Controller: src.Controller, Ability: pt.ability, Produced: parts[0].mana, Tapped: src.ID})
			continue
		}
		if ev.on() { // it triggered and resolved at once, never on the stack (CR 605.4a)
			ev.add(h.Event{Kind: "triggered", Player: src.Controller, Card: trig.Card, Object: trig.ID, Text: "trigger (mana ability, resolves at once): " + v.Of(trig.ID).Name})
		}
		addMana(s, v, src.Controller, pt.mana, trig, ev)
		total = total.Add(pt.mana)
	}
	return total, nil
}

// manaPart is one production of a mana ability's resolution: the ability's own, after
// replacement effects (first), or a triggered mana ability's (trigger and ability set).
type manaPart struct {
	mana    h.Mana
	trigger *object
	ability *ability
	stacked bool // with FaultTriggeredManaUsesStack: put on the stack, nothing added now
}

// manaParts is what resolving mana ability a of src, whose production is pr now, produces,
// in order, appended to buf, with the choices made through ch (resolveMana's rules). It
// reads s and v and changes nothing, so exploring a resolution's choices needs no copy of
// the state.
func manaParts(s *state, v *view, src *object, a *ability, pr production, ch chooser, buf []manaPart) ([]manaPart, error) {
	m, err := pr.raw(s, ch)
	if err != nil {
		return buf, err
	}
	tapped := tappedForMana(s, a)
	if tapped {
		if m, err = applyReplacements(s, m, manaReplacements(s, v, src, a), ch); err != nil {
			return buf, err
		}
	}
	buf = append(buf, manaPart{mana: m})
	if !tapped || (m.IsZero() && !s.faults.on(FaultTriggerOnZeroMana)) {
		return buf, nil // CR 106.12a: it triggers only if the ability produced mana
	}
	for _, tt := range v.manaTriggers() {
		trig, ta := s.obj(tt.source), tt.ability
		if !tapTriggerMatches(s, v, trig, ta.Trigger, src, m) {
			continue
		}
		if s.faults.on(FaultTriggeredManaUsesStack) {
			buf = append(buf, manaPart{trigger: trig, ability: ta, stacked: true})
			continue
		}
		extra, err := triggeredProduction(trig, ta.Produce, m, ch)
		if err != nil {
			return buf, err
		}
		buf = append(buf, manaPart{mana: extra, trigger: trig, ability: ta})
	}
	return buf, nil
}

// tapTriggerMatches checks a "whenever ... is tapped for mana" condition against the
// permanent tapped and what it produced (CR 106.12a).
func tapTriggerMatches(s *state, v *view, trig *object, t *trigger, tapped *object, produced h.Mana) bool {
	c := v.Of(tapped.ID)
	if t.LandOnly && !c.HasType("Land") {
		return false
	}
	if t.BasicOnly && !(c.HasType("Land") && c.HasSupertype("Basic")) {
		return false
	}
	if t.EnchantedOnly && trig.AttachedTo != tapped.ID {
		return false
	}
	if t.OfChosenColor && !s.faults.on(FaultTriggerIgnoresType) {
		if trig.ChosenColor < 0 || produced[trig.ChosenColor] == 0 {
			return false
		}
	}
	return true
}

// triggeredProduction is what a triggered mana ability adds, given what the land produced.
func triggeredProduction(trig *object, p *manaProduction, produced h.Mana, ch chooser) (h.Mana, error) {
	switch p.Kind {
	case ProduceFixed:
		return p.Fixed, nil
	case ProduceOneOfProducedTypes:
		types := produced.Types()
		if types == 0 {
			return h.Mana{}, nil // CR 106.5
		}
		t, err := chooseType(ch, types)
		if err != nil {
			return h.Mana{}, err
		}
		return h.Of(t, 1), nil
	case ProduceChosenColor:
		if trig.ChosenColor < 0 {
			return h.Mana{}, nil
		}
		return h.Of(h.ManaType(trig.ChosenColor), 1), nil
	}
	return h.Mana{}, nil
}

// addMana adds mana to a player's pool (CR 106.4) and logs it.
func addMana(s *state, v *view, p h.Player, m h.Mana, src *object, ev *events) {
	s.Players[p].Pool = s.Players[p].Pool.Add(m)
	if !ev.on() {
		return
	}
	ev.add(h.Event{Kind: "mana_added", Player: p, Card: src.Card, Object: src.ID, Mana: m,
		Text: p.String() + " adds " + m.String() + " (" + v.Of(src.ID).Name + ")"})
}

// manaOutcome is one distinct result of activating a mana ability, with the choices that
// give it.
type manaOutcome struct {
	mana    h.Mana
	choices []string
}

// manaOutcomes lists every distinct amount of mana activating a of src would add if it
// resolved now (CR 106.7: costs ignored), across every choice, with one choice path for
// each, in canonical order. The list is shared (outcomeMemo) and read only; the caller
// publishes what the view's memo learnt (publishOutcomes).
func manaOutcomes(s *state, v *view, src *object, a *ability) []manaOutcome {
	pr := productionChoice(s, v, src, a.Produce)
	if s.fresh {
		return resolvedManaOutcomes(s, v, src, a, pr)
	}
	m := v.outcomeMemo()
	k, keyed := m.env.outcomeKey(s, v, src, a, pr)
	if !keyed {
		return resolvedManaOutcomes(s, v, src, a, pr)
	}
	if out, ok := m.lookup(k); ok {
		return out
	}
	out := resolvedManaOutcomes(s, v, src, a, pr)
	v.addOutcome(k, out)
	return out
}

// resolvedManaOutcomes is manaOutcomes computed: the production's outcomes when nothing
// replaces or adds to mana, or every resolution explored.
func resolvedManaOutcomes(s *state, v *view, src *object, a *ability, pr production) []manaOutcome {
	if !v.manaModifiers() && !s.faults.on(FaultUndefinedGivesColorless) {
		// Nothing on the battlefield replaces or adds to mana: the outcomes are just the
		// production's, without exploring resolutions.
		if !pr.choose {
			return []manaOutcome{{mana: pr.fixed}}
		}
		if pr.choices == 0 {
			return []manaOutcome{{}}
		}
		out := make([]manaOutcome, 0, pr.choices.Len())
		for _, t := range pr.choices.List() {
			oc := manaOutcome{mana: h.Of(t, 1)}
			if pr.choices.Len() > 1 {
				oc.choices = typeChoices[t : t+1 : t+1]
			}
			out = append(out, oc)
		}
		return out
	}
	var outBuf [8]manaOutcome
	out := outBuf[:0] // handed out at its exact length
	var buf [4]manaPart
	parts := buf[:0] // one buffer for every resolution explored
	_ = explore(func(e *explorer) error {
		var err error
		if parts, err = manaParts(s, v, src, a, pr, e, parts[:0]); err != nil {
			return nil
		}
		var m h.Mana
		for _, pt := range parts {
			if !pt.stacked {
				m = m.Add(pt.mana)
			}
		}
		for _, o := range out {
			if o.mana == m {
				return nil
			}
		}
		out = append(out, manaOutcome{m, e.path()})
		return nil
	})
	// The amounts are distinct, so the order is sortMana's, whatever the order found.
	slices.SortFunc(out, func(a, b manaOutcome) int { return compareMana(a.mana, b.mana) })
	if len(out) == 0 {
		return nil
	}
	return append(make([]manaOutcome, 0, len(out)), out...)
}

// typeChoices holds, for each type, the choice of it, as an action writes it: outcomes
// share them, read only.
var typeChoices = func() (c [h.Colorless + 1]string) {
	for t := range c {
		c[t] = h.Choice(h.ChoiceType, h.ManaType(t).Letter())
	}
	return
}()

// manaModifiers reports whether any permanent has a mana replacement effect or a
// "tapped for mana" trigger.
func (v *view) manaModifiers() bool { return v.manaEnv().modified() }

// manaTriggers lists the battlefield's "tapped for mana" triggered abilities in
// battlefield order.
func (v *view) manaTriggers() []tapTrigger { return v.manaEnv().trigs }
