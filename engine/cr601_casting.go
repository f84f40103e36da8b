package engine

import (
	"fmt"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// CR 601 (casting spells) and 602 (activating abilities). A proposal puts the spell or
// ability on the stack with X and targets announced (601.2a-c), locks in its total cost
// (601.2f), lets its controller activate mana abilities (601.2g), and waits for Pay
// (601.2h) or Cancel (733: the game returns to the moment before).

// proposal is a spell or ability being cast or activated whose cost isn't paid yet.
type proposal struct {
	Player  h.Player
	Item    h.ObjectID // the stack item's ID
	Source  h.ObjectID // the permanent paying {T}/{Q}/counters, for abilities
	Colored h.Mana
	Generic int
	Cost    activationCost // the non-mana part for abilities
	// Sacrifices are the creatures chosen to pay Cost's "sacrifice" part (CR 118.3).
	Sacrifices []h.ObjectID
	Spell      bool
	Text       string // what is cast or activated, for people
	Before     *state // the state before the proposal, restored on Cancel
	// Mana is set for a mana ability with a mana cost being activated (CR 605.3a, 602.2b):
	// it has no stack item and resolves as soon as it is paid.
	Mana *manaActivation
}

// canActAtSorcerySpeed: main phase, the player's own turn, empty stack (CR 307.1).
func canActAtSorcerySpeed(s *state, p h.Player) bool {
	return s.Active == p && (s.Step == h.Main1 || s.Step == h.Main2) && len(s.Stack) == 0
}

// xError is why X can't be x for a cost: X is announced only for a cost with X in it
// (CR 601.2b, 107.3), and no number in the game is negative (107.1).
func xError(x int, c manaCost) error {
	if x < 0 {
		return fmt.Errorf("CR 107.1: X can't be %d", x)
	}
	if x != 0 && c.X == 0 {
		return fmt.Errorf("CR 601.2b, 107.3: this cost has no X")
	}
	return nil
}

// checkTargets matches the action's targets to the requirements (CR 601.2c).
func checkTargets(s *state, v *view, p h.Player, specs []targetSpec, ts []h.Target, src *chars) ([]chosen, error) {
	if len(ts) != len(specs) {
		return nil, fmt.Errorf("CR 601.2c: %d target(s) required, %d given", len(specs), len(ts))
	}
	var out []chosen
	for i, t := range ts {
		var c chosen
		switch {
		case t.Stack != 0:
			c = chosen{Player: h.NoPlayer, Object: t.Stack, Stack: true}
			if it := s.stackItem(t.Stack); it != nil {
				c.Card = it.SourceCard
			}
		case t.IsPlayer():
			c = chosen{Player: t.Player}
		default:
			o := s.byCard(t.Card)
			if o == nil {
				return nil, fmt.Errorf("CR 601.2c: card %d is not a legal target", t.Card)
			}
			c = chosen{Player: h.NoPlayer, Object: o.ID, Card: o.Card}
		}
		if !targetLegal(s, v, p, specs[i], c, src) {
			return nil, fmt.Errorf("CR 601.2c: %s is not a legal choice for %s", t, specs[i].Desc)
		}
		out = append(out, c)
	}
	return out, nil
}

// castSpell proposes casting the card a.Card under its permission (CR 601.2a-f).
func castSpell(base *state, s *state, a h.Action) (*state, []h.Event, error) {
	v := s.project()
	for _, c := range a.Choices { // face:down is the one choice a cast announces (CR 702.37c)
		if c != h.Choice(h.ChoiceFace, h.FaceDownChoice) {
			return nil, nil, fmt.Errorf("CR 601.2b: %q is no choice a spell is cast with", c)
		}
	}
	faceDown := a.CastsFaceDown()
	perm, ok := permissionFor(s, v, a.Player, a.Card, faceDown)
	if !ok {
		if faceDown {
			return nil, nil, fmt.Errorf("CR 702.37c, 601.3: card %d can't be cast face down by %s", a.Card, a.Player)
		}
		return nil, nil, fmt.Errorf("CR 601.3: card %d is not in %s's hand, nor may %s cast it from where it is", a.Card, a.Player, a.Player)
	}
	name := perm.Spell(v).Name
	if perm.Play {
		return nil, nil, fmt.Errorf("CR 305.1: %s is a land: it is played, not cast", name)
	}
	if perm.Unmet != "" {
		return nil, nil, fmt.Errorf("%s: %s", perm.Unmet, name)
	}
	if !perm.Timing.allows(s, a.Player) {
		return nil, nil, fmt.Errorf("CR 307.1: %s can be cast only in its controller's main phase with an empty stack", name)
	}
	if err := xError(a.X, perm.Cost); err != nil {
		return nil, nil, err
	}
	targets, err := checkTargets(s, v, a.Player, perm.Targets, a.Targets, perm.Spell(v))
	if err != nil {
		return nil, nil, err
	}
	ev := &events{}
	id := moveTo(s, v, perm.Object, h.Stack, false, ev)
	s.mut(id).Controller = a.Player
	s.mut(id).FaceDown = perm.FaceDown // CR 708.4: it becomes a face-down spell as it moves
	item := stackItem{ID: id, IsSpell: true, Source: id, SourceCard: perm.Card, Controller: a.Player, X: a.X, Specs: perm.Targets, Targets: targets,
		FromTop: perm.Zone == h.Library}
	if perm.Ability != nil {
		item.Ability, item.Key = perm.Ability.ability, perm.Ability.Key(id)
	}
	s.Stack = append(s.Stack, item)
	colored, generic := perm.Cost.total(a.X)
	if spendsAnyType(s, v, a.Player, v.Of(perm.Object)) {
		colored, generic = h.Mana{}, generic+colored.Total()
	}
	s.Proposal = &proposal{Player: a.Player, Item: id, Colored: colored, Generic: generic, Spell: true, Text: name, Before: base}
	return s, ev.list, nil
}

// activateAbility proposes activating a non-mana activated ability (CR 602.2).
func activateAbility(base *state, s *state, v *view, src *object, ab abilityInstance, a h.Action) (*state, []h.Event, error) {
	if ab.Sorcery && !canActAtSorcerySpeed(s, a.Player) {
		return nil, nil, fmt.Errorf("CR 602.5d: %q can be activated only as a sorcery", ab.Text)
	}
	if err := nonManaCostError(s, v, src, ab.Cost); err != nil {
		return nil, nil, err
	}
	if err := xError(a.X, ab.Cost.Mana); err != nil {
		return nil, nil, err
	}
	targets, err := checkTargets(s, v, a.Player, ab.Targets, a.Targets, v.Of(src.ID))
	if err != nil {
		return nil, nil, err
	}
	var sacrifices []h.ObjectID
	if ab.Cost.Sacrifice > 0 {
		if sacrifices, err = chosenSacrifices(s, v, a.Player, ab.Cost.Sacrifice, a.Choices); err != nil {
			return nil, nil, err
		}
	}
	id := s.newObject(object{Card: src.Card, Def: src.Def, Owner: src.Controller, Controller: a.Player, Zone: h.Stack, Gone: true, ChosenColor: -1})
	s.Stack = append(s.Stack, stackItem{ID: id, Source: src.ID, SourceCard: src.Card, Controller: a.Player, Ability: ab.ability, Key: ab.Key(src.ID),
		X: a.X, Specs: ab.Targets, Targets: targets})
	colored, generic := ab.Cost.Mana.total(a.X)
	if s.faults.on(FaultAbilityCostPlusOne) {
		generic++
	}
	s.Proposal = &proposal{Player: a.Player, Item: id, Source: src.ID, Colored: colored, Generic: generic, Cost: ab.Cost,
		Sacrifices: sacrifices, Text: itemText(v, s.top()), Before: base}
	return s, nil, nil
}

// pay pays the proposal's total cost (CR 601.2h) and completes it (601.2i): the spell
// becomes cast, or the ability activated, and its controller gets priority (117.3c).
func pay(s *state, a h.Action) (*state, []h.Event, error) {
	p := s.Proposal
	if p.Mana != nil {
		return payManaAbility(s, a)
	}
	if err := paymentError(s, s.Players[p.Player].Pool, a.Payment, p.Colored, p.Generic); err != nil {
		return nil, nil, err
	}
	ev := &events{}
	item := s.top()
	if p.Source != 0 {
		v := s.project()
		src := s.live(p.Source)
		if src == nil || src.Zone != item.Ability.zone() {
			return nil, nil, fmt.Errorf("CR 602.2: the ability's source has left the %s", item.Ability.zone())
		}
		if err := nonManaCostError(s, v, src, p.Cost); err != nil {
			return nil, nil, err
		}
		if err := paySacrifices(s, v, p.Player, p.Sacrifices, ev); err != nil {
			return nil, nil, err
		}
		payNonMana(s, v, src, p.Cost, ev)
		if p.Cost.DiscardSelf {
			cause := discardCause{}
			if item.Ability.IsCycling() {
				cause = discardCause{cycling: item.ID, x: item.X}
			}
			discard(s, v, src.ID, cause, ev)
		}
	}
	s.Players[p.Player].Pool = s.Players[p.Player].Pool.Sub(a.Payment)
	kind := "activated"
	if p.Spell {
		kind = "cast"
		castTriggers(s, item)
	}
	ev.add(h.Event{Kind: kind, Player: p.Player, Card: item.SourceCard, Object: item.ID, Mana: a.Payment,
		Text: p.Player.String() + " " + kind + " " + p.Text + " paying " + a.Payment.String()})
	s.Proposal = nil
	s.Priority = p.Player
	if s.faults.on(FaultOtherAfterCasting) {
		s.Priority = p.Player.Opponent()
	}
	s.Passes = 0
	becameTargets(s, item.Targets)
	next, evs, err := settleWith(s, nil)
	return next, append(ev.list, evs...), err
}

// playLand plays a land under its permission: a special action (CR 305.1, 305.2, 116.2a).
func playLand(s *state, a h.Action) (*state, []h.Event, error) {
	v := s.project()
	perm, ok := permissionFor(s, v, a.Player, a.Card, false)
	if !ok || !perm.Play {
		return nil, nil, fmt.Errorf("CR 305.1: card %d is not a land %s may play from where it is", a.Card, a.Player)
	}
	if !perm.Timing.allows(s, a.Player) {
		return nil, nil, fmt.Errorf("CR 305.2: a land can be played only in its controller's main phase with an empty stack")
	}
	if s.LandsPlayed >= 1 {
		return nil, nil, fmt.Errorf("CR 305.2: %s has already played a land this turn", a.Player)
	}
	ev := &events{}
	id := moveTo(s, v, perm.Object, h.Battlefield, false, ev)
	n := s.mut(id)
	n.Controller = a.Player
	n.Sick = entersSick(s, n)
	applyEnterReplacements(s, n, 0, nil)
	enterTriggers(s, id)
	if s.faults.on(FaultLandPlayFiresCastTriggers) {
		castTriggers(s, &stackItem{ID: id, Controller: a.Player}) // the fault: a land played as if cast (CR 305.1)
	}
	if perm.Zone != h.Library || !s.faults.on(FaultTopLandSkipsLandDrop) {
		s.LandsPlayed++ // CR 305.2: wherever it is played from
	}
	s.Passes = 0
	next, evs, err := settleWith(s, nil)
	return next, append(ev.list, evs...), err
}
