package engine

import (
	"fmt"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// CR 107.5 ({T}), 107.6 ({Q}), 302.6 (summoning sickness) and 601.2h (paying costs).

// costBlock is why the non-mana part of a cost can't be paid now; payable (the zero
// value) if it can. It is data, formatted as an error only where one is reported: listing
// the legal actions asks about every activated ability of every permanent and needs only
// to know whether each can be paid.
type costBlock uint8

const (
	payable           costBlock = iota
	blockTapped                 // CR 107.5
	blockTapSick                // CR 302.6
	blockUntapped               // CR 107.6
	blockUntapSick              // CR 302.6
	blockLoyaltyUsed            // CR 606.3
	blockLoyaltyShort           // CR 606.6
	blockNotInHand              // CR 701.9a
	blockCounters               // CR 118.3
	blockLife                   // CR 119.4
	blockSacrifice              // CR 118.3
)

// tapCostBlock says why src can't pay {T} now (CR 107.5, 302.6).
func tapCostBlock(s *state, v *view, src *object) costBlock {
	if src.Tapped && !s.faults.on(FaultTapPayableWhileTapped) {
		return blockTapped
	}
	stopped := sick(s, v, src)
	if s.faults.on(FaultTapHasteIgnored) { // the fault: haste and "as though it had haste" don't help
		stopped = src.Sick && v.Of(src.ID).HasType("Creature")
	}
	if stopped && !s.faults.on(FaultTapIgnoresSickness) {
		return blockTapSick
	}
	return payable
}

// untapCostBlock says why src can't pay {Q} now (CR 107.6, 302.6).
func untapCostBlock(s *state, v *view, src *object) costBlock {
	if !src.Tapped && !s.faults.on(FaultUntapPayableWhileUntapped) {
		return blockUntapped
	}
	if sick(s, v, src) && !s.faults.on(FaultUntapIgnoresSickness) {
		return blockUntapSick
	}
	return payable
}

// sick reports whether 302.6 stops src's {T} and {Q} abilities: it is a creature now,
// its controller hasn't controlled it since their most recent turn began, and it has no
// haste, nor does an effect let its controller activate its abilities as though it had
// haste (Thousand-Year Elixir).
func sick(s *state, v *view, src *object) bool {
	c := v.Of(src.ID)
	if !src.Sick || !c.HasType("Creature") || c.HasKeyword("Haste") {
		return false
	}
	return !controlsStatic(s, v, src.Controller, AbilitiesAsThoughHaste)
}

// entersSick is the summoning-sickness status of a permanent that has just come under
// its controller's control (CR 302.6): sick, whatever it is, since it may become a
// creature later this turn.
func entersSick(s *state, o *object) bool {
	return !s.faults.on(FaultSickOnlyIfEnteredCreature) || project(s).Of(o.ID).HasType("Creature")
}

// canAttackSick: 302.6 stops a sick creature attacking; only real haste helps (an
// "activate as though it had haste" effect does not).
func canAttack(s *state, v *view, o *object) bool {
	c := v.Of(o.ID)
	if !c.HasType("Creature") || o.Tapped {
		return false
	}
	return !o.Sick || c.HasKeyword("Haste") || s.faults.on(FaultElixirLetsAttack) && controlsStatic(s, v, o.Controller, AbilitiesAsThoughHaste)
}

// controlsStatic reports whether player controls a permanent with a static ability of
// the given kind.
func controlsStatic(s *state, v *view, player h.Player, kind staticKind) bool {
	for _, id := range s.Battlefield {
		if s.obj(id).Controller != player {
			continue
		}
		for _, a := range v.Of(id).Abilities {
			if a.Kind == Static && a.Static.Kind == kind {
				return true
			}
		}
	}
	return false
}

// nonManaCostBlock checks the parts of an activation cost other than mana.
func nonManaCostBlock(s *state, v *view, src *object, c *activationCost) costBlock {
	if c.Tap {
		if b := tapCostBlock(s, v, src); b != payable {
			return b
		}
	}
	if c.Untap {
		if b := untapCostBlock(s, v, src); b != payable {
			return b
		}
	}
	if c.LoyaltySymbol {
		if b := loyaltyCostBlock(s, src, *c); b != payable {
			return b
		}
	}
	if c.DiscardSelf && src.Zone != h.Hand { // CR 702.29a: discarding this card needs it in hand
		return blockNotInHand
	}
	if c.RemoveN > 0 && src.Counters[c.RemoveCounter] < c.RemoveN {
		return blockCounters
	}
	if c.Life > 0 && s.Players[src.Controller].Life < c.Life { // CR 119.4: only a life total that high pays it
		return blockLife
	}
	if c.Sacrifice > 0 && !enoughToSacrifice(s, v, src.Controller, c.Sacrifice) {
		return blockSacrifice
	}
	return payable
}

// nonManaCostError is nonManaCostBlock as an error that says why, or nil.
func nonManaCostError(s *state, v *view, src *object, c activationCost) error {
	b := nonManaCostBlock(s, v, src, &c)
	if b == payable {
		return nil
	}
	return &costError{block: b, name: v.Of(src.ID).Name, loyalty: src.Counters[Loyalty], cost: c}
}

// costError is a costBlock with what its message names, formatted only when read (a
// walk tries actions that fail and only needs to know that they do).
type costError struct {
	block   costBlock
	name    string
	loyalty int // the loyalty counters src had
	cost    activationCost
}

func (e *costError) Error() string {
	switch e.block {
	case blockTapped:
		return fmt.Sprintf("CR 107.5: %s is already tapped, so {T} can't be paid", e.name)
	case blockTapSick:
		return fmt.Sprintf("CR 302.6: %s is a creature its controller hasn't controlled continuously since their most recent turn began, so its {T} abilities can't be activated", e.name)
	case blockUntapped:
		return fmt.Sprintf("CR 107.6: %s is untapped, so {Q} can't be paid", e.name)
	case blockUntapSick:
		return fmt.Sprintf("CR 302.6: %s is a creature its controller hasn't controlled continuously since their most recent turn began, so its {Q} abilities can't be activated", e.name)
	case blockLoyaltyUsed:
		return fmt.Sprintf("CR 606.3: a loyalty ability of %s has already been activated this turn", e.name)
	case blockLoyaltyShort:
		return fmt.Sprintf("CR 606.6: %s has %d loyalty counters, fewer than the %d to remove", e.name, e.loyalty, -e.cost.Loyalty)
	case blockNotInHand:
		return fmt.Sprintf("CR 701.9a: %s is not in a hand, so it can't be discarded", e.name)
	case blockLife:
		return fmt.Sprintf("CR 119.4: %s's controller has less than %d life to pay", e.name, e.cost.Life)
	case blockSacrifice:
		return fmt.Sprintf("CR 118.3: %s's controller controls fewer than %d creatures to sacrifice", e.name, e.cost.Sacrifice)
	default: // blockCounters
		return fmt.Sprintf("CR 118.3: %s has fewer than %d %s counters to remove", e.name, e.cost.RemoveN, e.cost.RemoveCounter)
	}
}

// costPayableIgnoringMana reports whether a's non-mana costs can be paid now.
func costPayableIgnoringMana(s *state, v *view, src *object, a *ability) bool {
	return nonManaCostBlock(s, v, src, &a.Cost) == payable
}

// payNonMana pays {T}, {Q} and counter costs. A pointer to src the caller holds shows the
// record as it was: take it again to read it paid (state.mut).
func payNonMana(s *state, v *view, src *object, c activationCost, ev *events) {
	if c.Tap || c.Untap || c.RemoveN > 0 || c.LoyaltySymbol {
		src = s.mut(src.ID)
	}
	if c.Tap && !s.faults.on(FaultTapNotPaid) {
		src.Tapped = true
		if ev.on() {
			ev.add(h.Event{Kind: "tapped", Player: src.Controller, Card: src.Card, Object: src.ID, Text: "taps " + v.Of(src.ID).Name})
		}
	}
	if c.Untap {
		src.Tapped = false
		if ev.on() {
			ev.add(h.Event{Kind: "untapped", Player: src.Controller, Card: src.Card, Object: src.ID, Text: "untaps " + v.Of(src.ID).Name})
		}
	}
	if c.RemoveN > 0 {
		if !s.faults.on(FaultCounterCostNotPaid) { // the fault apart, so mutants judge the condition
			src.Counters[c.RemoveCounter] -= c.RemoveN
		}
	}
	if c.Life > 0 {
		s.Players[src.Controller].Life -= c.Life
	}
	if c.LoyaltySymbol {
		payLoyalty(s, src.ID, c)
		if ev.on() {
			ev.add(h.Event{Kind: "counters", Player: src.Controller, Card: src.Card, Object: src.ID,
				Rule: "606.4", Text: fmt.Sprintf("%s: loyalty cost %+d paid, %d loyalty counters", v.Of(src.ID).Name, c.Loyalty, src.Counters[Loyalty])})
		}
	}
}

// total is the amount of mana a cost asks for once X is announced (CR 601.2f).
func (c manaCost) total(x int) (colored h.Mana, generic int) {
	return c.Mana, c.Generic + c.X*x
}

// paymentError checks that payment pays exactly the cost from pool (CR 601.2h, 106.1b:
// no partial payments, nothing paid with mana the pool doesn't hold).
func paymentError(s *state, pool, payment h.Mana, colored h.Mana, generic int) error {
	for i, n := range payment {
		if n < 0 {
			return fmt.Errorf("CR 601.2h: a payment can't hold a negative amount of %s", h.ManaType(i))
		}
	}
	if !payment.Covers(colored) {
		return fmt.Errorf("CR 601.2h: payment %s doesn't pay the coloured part %s", payment, colored)
	}
	if payment.Total() != colored.Total()+generic {
		return fmt.Errorf("CR 601.2h: payment %s is not exactly the cost %s plus {%d}", payment, colored, generic)
	}
	if !pool.Covers(payment) && !s.faults.on(FaultPoolOverdraw) {
		return fmt.Errorf("CR 601.2h: the pool %s doesn't hold %s", pool, payment)
	}
	return nil
}

// payments lists every distinct way to pay colored+generic from pool (the player chooses
// which mana pays the generic part, CR 601.2h, 107.4b), in a fixed order: colourless and
// then WUBRG spent first for generic. With the overdraw fault, a cost
// the pool can't pay is still offered, paid with mana the pool doesn't hold.
func payments(s *state, pool, colored h.Mana, generic int) []h.Mana {
	var out []h.Mana
	if pool.Covers(colored) {
		rest := pool.Sub(colored)
		order := []h.ManaType{h.Colorless, h.White, h.Blue, h.Black, h.Red, h.Green}
		var walk func(i, left int, acc h.Mana)
		walk = func(i, left int, acc h.Mana) {
			if left == 0 {
				out = append(out, colored.Add(acc))
				return
			}
			if i == len(order) {
				return
			}
			t := order[i]
			for n := min(left, rest[t]); n >= 0; n-- {
				next := acc
				next[t] += n
				walk(i+1, left-n, next)
			}
		}
		walk(0, generic, h.Mana{})
	}
	if len(out) == 0 && s.faults.on(FaultPoolOverdraw) {
		out = append(out, colored.Add(h.Of(h.Colorless, generic)))
	}
	return out
}
