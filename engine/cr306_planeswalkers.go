package engine

import h "github.com/mtgfuzz/mtgfuzz/harness"

// CR 306 (planeswalkers) and 606 (loyalty abilities). A planeswalker enters with loyalty
// counters equal to its printed loyalty number (306.5b), a replacement effect on entering:
// a permanent that becomes a planeswalker without entering gets none. A loyalty ability is
// activated only when its controller could cast a sorcery (606.3), only if no loyalty
// ability of that permanent has been activated this turn, and its cost adds or removes
// loyalty counters (606.4); a negative cost needs that many counters (606.6).

// startingLoyalty is the number of loyalty counters a permanent with characteristics c
// enters with (CR 306.5b): its printed loyalty number, or the one its copiable values
// give it (CR 707.2), if it is a planeswalker.
func startingLoyalty(s *state, c *chars) int {
	if !c.HasType("Planeswalker") || !c.HasLoyalty || s.faults.on(FaultNoStartingLoyalty) {
		return 0
	}
	return c.StartingLoyalty
}

// loyaltyCostBlock says why src can't pay a loyalty ability's cost now (CR 606.3, 606.6).
func loyaltyCostBlock(s *state, src *object, c activationCost) costBlock {
	if src.LoyaltyActivated && !s.faults.on(FaultLoyaltyTwicePerTurn) {
		return blockLoyaltyUsed
	}
	removed := -c.Loyalty
	if s.faults.on(FaultLoyaltyOneShort) {
		removed++ // the fault: a loyalty ability can't remove the last counters
	}
	if c.Loyalty < 0 && src.Counters[Loyalty] < removed {
		return blockLoyaltyShort
	}
	return payable
}

// payLoyalty pays a loyalty cost of permanent id (CR 606.4) and records the activation
// (606.3).
func payLoyalty(s *state, id h.ObjectID, c activationCost) {
	src := s.mut(id)
	src.Counters[Loyalty] = max(0, src.Counters[Loyalty]+c.Loyalty)
	src.LoyaltyActivated = true
}

// loyaltyAbility is "[+N or −N]: effect", activated only as a sorcery (CR 606.3).
func loyaltyAbility(n int, targets []targetSpec, resolve func(r *resolution)) *ability {
	return &ability{Kind: Activated, Sorcery: true, Cost: activationCost{LoyaltySymbol: true, Loyalty: n}, Targets: targets, Resolve: resolve}
}

// resetLoyaltyActivations: a new turn begins, so no loyalty ability has been activated
// in it (CR 606.3 counts per turn).
func resetLoyaltyActivations(s *state) {
	if s.faults.on(FaultLoyaltyNeverResets) {
		return // the fault: used once, a permanent's loyalty abilities never come back
	}
	for _, id := range s.Battlefield {
		if s.obj(id).LoyaltyActivated {
			s.mut(id).LoyaltyActivated = false
		}
	}
}
