package engine

// CR 700.6: historic. An object is historic if it has the legendary supertype, the
// artifact card type or the Saga subtype, as it is now: its current characteristics, the
// projection's, not its printed ones. Having more than one of these qualities doesn't
// make it more historic: it is, or it isn't.

// historicQualities counts which of the three qualities c has (0 to 3).
func historicQualities(c *chars) int {
	n := 0
	for _, has := range [...]bool{c.HasSupertype("Legendary"), c.HasType("Artifact"), c.HasSubtype("Saga")} {
		if has {
			n++
		}
	}
	return n
}

// isHistoric reports whether an object with characteristics c is historic (CR 700.6).
func isHistoric(c *chars) bool { return historicQualities(c) > 0 }

// historicTriggers is how many times a "whenever you cast a historic spell" ability
// triggers for a spell with characteristics c: once if it is historic, however many
// qualities make it so (CR 700.6, 603.2).
func historicTriggers(s *state, c *chars) int {
	if s.faults.on(FaultSagaNotHistoric) && c.HasSubtype("Saga") && historicQualities(c) == 1 {
		return 0 // the fault: being a Saga doesn't make a spell historic
	}
	if s.faults.on(FaultHistoricPerQuality) {
		return historicQualities(c)
	}
	return min(1, historicQualities(c))
}
