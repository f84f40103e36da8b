package engine

import (
	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// LegalActions lists every action the player who is to act may take, fully formed
// (every choice made), in a deterministic order: passing or the simplest answer first.
// Mana abilities are listed once per distinct outcome; costs once per distinct payment.
func LegalActions(s *State) []h.Action {
	if s.GameOver {
		return nil
	}
	v := s.projected()
	if p := s.Proposal; p != nil && p.Mana != nil {
		return proposalActions(s, v, p)
	}
	if d := s.Decision; d != nil {
		switch d.Kind {
		case DecideAttackers:
			return attackOptions(s, v)
		case DecideBlockers:
			return blockOptions(s, v)
		}
		out := make([]h.Action, 0, len(d.Options))
		for _, o := range d.Options {
			if d.Payment != nil && o == d.Payment.option && len(payments(s, s.Players[d.Player].Pool, d.Payment.colored, d.Payment.generic)) == 0 {
				continue // offered once mana abilities have put the mana in the pool
			}
			out = append(out, h.Action{Player: d.Player, Kind: h.Choose, Choices: []string{h.Choice(h.ChoiceOption, o)}, Text: "choose " + o})
		}
		if d.Payment != nil { // CR 608.2g: mana abilities before paying
			out = appendManaActions(out, s, v, d.Player)
		}
		return out
	}
	if p := s.Proposal; p != nil {
		return proposalActions(s, v, p)
	}
	p := s.Priority
	out := []h.Action{{Player: p, Kind: h.Pass}} // each kind appends to it
	out = appendPlayAndCastActions(out, s, v, p)
	out = appendAbilityActions(out, s, v, p)
	return appendManaActions(out, s, v, p)
}

// proposalActions lists what the player paying a proposal may do: pay it in each way the
// pool allows, cancel it, or activate mana abilities first (CR 601.2g-h).
func proposalActions(s *State, v *View, p *Proposal) []h.Action {
	var out []h.Action
	// The non-mana part of an ability's cost may have become unpayable while mana
	// abilities were activated (tapping the source for mana): then only Cancel.
	payable := p.Source == 0 || nonManaCostError(s, v, s.obj(p.Source), p.Cost) == nil
	for _, pay := range payments(s, s.Players[p.Player].Pool, p.Colored, p.Generic) {
		if payable {
			out = append(out, h.Action{Player: p.Player, Kind: h.Pay, Payment: pay})
		}
	}
	out = append(out, h.Action{Player: p.Player, Kind: h.Cancel})
	return appendManaActions(out, s, v, p.Player)
}

// appendPlayAndCastActions appends the lands p may play and the spells p may begin to cast now,
// from their permissions (cr601_permissions.go): lands first, then spells, one action per
// choice of targets and X.
func appendPlayAndCastActions(out []h.Action, s *State, v *View, p h.Player) []h.Action {
	perms := permissions(s, v, p)
	if s.LandsPlayed < 1 {
		for _, perm := range perms {
			if perm.Play && perm.Timing.allows(s, p) {
				out = append(out, h.Action{Player: p, Kind: h.PlayLand, Card: perm.Card, Name: v.Of(perm.Object).Name})
			}
		}
	}
	for _, perm := range perms {
		if perm.Play || !perm.Timing.allows(s, p) {
			continue
		}
		name := v.Of(perm.Object).Name
		for _, ts := range targetCombos(s, v, p, perm.Targets) {
			for x := 0; x <= maxX(s, v, p, perm.Cost); x++ {
				out = append(out, h.Action{Player: p, Kind: h.Cast, Card: perm.Card, Name: name, X: x, Targets: ts})
			}
		}
	}
	return out
}

// maxX is the largest X worth listing (CR 107.3a, 601.2b): what the player could pay
// with their pool and the mana abilities of their permanents that cost no mana, at the
// most each could produce now.
func maxX(s *State, v *View, p h.Player, c ManaCost) int {
	if c.X == 0 {
		return 0
	}
	return max(0, (v.manaPotential(p)-c.ManaValue())/c.X)
}

// manaPotential is the most mana player could have now: the pool, plus the largest
// outcome of each mana ability that costs no mana and can be activated, computed once
// per view.
func (v *View) manaPotential(p h.Player) int {
	if v.potentialDone&(1<<p) == 0 {
		s := v.s
		n := s.Players[p].Pool.Total()
		activatable(s, v, p, true, func(o *Object, _ *Chars, _ int, ab AbilityInstance) {
			if ab.Cost.Mana != (ManaCost{}) {
				return // it costs mana to make mana: no gain to count on
			}
			best := 0
			for _, oc := range manaOutcomes(s, v, o, ab.Ability) {
				best = max(best, oc.mana.Total())
			}
			n += best
		})
		v.potential[p] = n
		v.potentialDone |= 1 << p
	}
	return v.potential[p]
}

// activatable calls f for each activated ability (mana abilities or not, as mana says)
// of the permanents p controls whose non-mana costs can be paid now (CR 602.2, 107.5,
// 107.6, 302.6).
//
// Abilities that function from a hand (cycling, CR 702.29a) are the player's cards' in
// their hand, after the permanents'.
func activatable(s *State, v *View, p h.Player, mana bool, f func(o *Object, c *Chars, i int, ab AbilityInstance)) {
	each := func(ids []h.ObjectID, zone h.Zone) {
		for _, id := range ids {
			o := s.obj(id)
			if o.Controller != p {
				continue
			}
			c := v.Of(id)
			for i, ab := range c.Abilities {
				if ab.Kind == Activated && ab.zone() == zone && ab.IsMana() == mana && nonManaCostError(s, v, o, ab.Cost) == nil {
					f(o, c, i, ab)
				}
			}
		}
	}
	each(s.Battlefield, h.Battlefield)
	each(s.Players[p].Hand, h.Hand)
}

// appendAbilityActions appends the non-mana activated abilities the player can start to
// activate now: one action per choice of targets and X.
func appendAbilityActions(out []h.Action, s *State, v *View, p h.Player) []h.Action {
	activatable(s, v, p, false, func(o *Object, c *Chars, i int, ab AbilityInstance) {
		if ab.Sorcery && !canActAtSorcerySpeed(s, p) {
			return
		}
		if ab.IsCycling() && s.faults.on(FaultNoTargetBlocksCycling) && !cycleTriggersHaveTargets(s, v, p, c) {
			return // the fault: a trigger with no legal target stops the cycling (CR 702.29c, 603.3d)
		}
		for _, ts := range targetCombos(s, v, p, ab.Targets) {
			for x := 0; x <= maxX(s, v, p, ab.Cost.Mana); x++ {
				out = append(out, h.Action{Player: p, Kind: h.Activate, Card: o.Card, Name: c.Name, Ability: i, X: x, Targets: ts, Text: "activate " + c.Name + ": " + ab.Text})
			}
		}
	})
	return out
}

// appendManaActions appends the mana abilities the player can activate now: one action per payment
// of the ability's mana cost and per distinct outcome. An ability whose mana cost the pool
// can't pay is listed once per outcome without a payment: its activation waits for the
// cost, to be paid with mana from other mana abilities (CR 602.2b, 601.2g-h).
func appendManaActions(out []h.Action, s *State, v *View, p h.Player) []h.Action {
	activatable(s, v, p, true, func(o *Object, c *Chars, i int, ab AbilityInstance) {
		colored, generic := ab.Cost.Mana.total(0)
		pays := []h.Mana{{}}
		if colored.Total()+generic > 0 {
			pays = payments(s, s.Players[p].Pool, colored, generic)
			if len(pays) == 0 && canProposeMana(s) {
				pays = []h.Mana{{}}
			}
		}
		outcomes := manaOutcomes(s, v, o, ab.Ability)
		if s.faults.on(FaultUndefinedNotListed) && len(outcomes) == 1 && outcomes[0].mana.IsZero() {
			return
		}
		for _, pay := range pays {
			for _, oc := range outcomes {
				out = append(out, h.Action{Player: p, Kind: h.Activate, Card: o.Card, Name: c.Name, Ability: i,
					Choices: oc.choices, Payment: pay, Text: "activate " + c.Name + ": " + ab.Text + " -> " + oc.mana.String()})
			}
		}
	})
	return out
}

// targetCombos lists every combination of legal targets for the requirements
// (one empty combination when there are none).
func targetCombos(s *State, v *View, p h.Player, specs []TargetSpec) [][]h.Target {
	combos := [][]h.Target{nil}
	for _, spec := range specs {
		var next [][]h.Target
		for _, cand := range spec.candidates(s, v, p) {
			t := cand.target()
			for _, c := range combos {
				next = append(next, append(append([]h.Target(nil), c...), t))
			}
		}
		combos = next
	}
	return combos
}
