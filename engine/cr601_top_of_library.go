package engine

import h "github.com/mtgfuzz/mtgfuzz/harness"

// Permissions beyond the hand: effects that let a player play or cast the top card of
// their library (Crystal Skull, Isu Spyglass; Mystic Forge; Vizier of the Menagerie), and
// effects and rules that change when or whether a permission may be used (CR 601.3).
// Nothing else about the spell changes: it is cast at the timing its type allows and for
// its costs (CR 601.3, 601.2f-h, 307.1), and a land played from the top is the turn's
// land drop (305.2).

// permissionsFromTop is what p's PlayFromTop abilities allow for the top card of p's
// library: casting or playing it as it is, and casting it face down (a morph card).
// Each permission is checked against the characteristics the spell or land will have
// (CR 601.3e): the card's own face up, 708.2a's face down, so a face-down spell is a
// colourless creature spell (Mystic Forge, Vizier of the Menagerie) that isn't historic
// (not Crystal Skull, Isu Spyglass).
func permissionsFromTop(s *state, v *view, p h.Player) []permission {
	lib := s.Players[p].Library
	if len(lib) == 0 {
		return nil
	}
	var allow topFilter
	for _, id := range s.Battlefield {
		if s.obj(id).Controller != p {
			continue
		}
		for _, a := range v.Of(id).Abilities {
			if a.Kind == Static && a.Static.Kind == PlayFromTop {
				allow |= a.Static.Top
			}
		}
	}
	if allow == 0 {
		return nil
	}
	var out []permission
	candidates := []permission{permissionFromHand(s, v, lib[0])}
	if perm, ok := faceDownPermission(s, v, lib[0]); ok {
		candidates = append(candidates, perm)
	}
	for _, perm := range candidates {
		perm.Zone = h.Library
		if !allow.admits(perm.Spell(v), perm.Play) && (perm.Play || !s.faults.on(FaultTopAdmitsAnySpell)) {
			continue
		}
		if s.faults.on(FaultTopIgnoresTiming) {
			perm.Timing = InstantSpeed
		}
		out = append(out, perm)
	}
	return out
}

// admits reports whether the filter lets a card with characteristics c be played (a land,
// play) or cast from the top.
func (f topFilter) admits(c *chars, play bool) bool {
	if play {
		return f&TopHistoricLands != 0 && isHistoric(c)
	}
	return f&TopHistoricSpells != 0 && isHistoric(c) ||
		f&TopArtifactSpells != 0 && c.HasType("Artifact") ||
		f&TopColorlessSpells != 0 && c.Colors == 0 ||
		f&TopCreatureSpells != 0 && c.HasType("Creature")
}

// restrict applies to a permission what changes its timing or forbids it, wherever the
// card is: "cast historic spells as though they had flash" (Raff Capashen; CR 702.8a), and
// the legendary sorcery rule (CR 205.4e), checked only as the spell is begun.
func restrict(s *state, v *view, p h.Player, perm *permission) {
	if perm.Play {
		return
	}
	c := perm.Spell(v) // a face-down spell isn't historic, nor legendary (CR 601.3e, 708.2a)
	if perm.Timing == SorcerySpeed && isHistoric(c) && controlsStatic(s, v, p, HistoricFlash) {
		perm.Timing = InstantSpeed
	}
	if c.HasSupertype("Legendary") && c.HasType("Sorcery") && !controlsLegend(s, v, p) {
		perm.Unmet = "CR 205.4e: a legendary sorcery can be cast only by a player who controls a legendary creature or planeswalker"
	}
}

// controlsLegend reports whether p controls a legendary creature or planeswalker.
func controlsLegend(s *state, v *view, p h.Player) bool {
	for _, id := range s.Battlefield {
		c := v.Of(id)
		if (s.obj(id).Controller == p || s.faults.on(FaultLegendOfEitherPlayer)) && c.HasSupertype("Legendary") && (c.HasType("Creature") || c.HasType("Planeswalker")) {
			return true
		}
	}
	return false
}

// spendsAnyType reports whether p may spend mana as though it were mana of any type to
// cast a spell with characteristics c (Vizier of the Menagerie; CR 609.4b): then any mana
// pays the coloured and {C} parts of its cost, which the payment treats as generic.
func spendsAnyType(s *state, v *view, p h.Player, c *chars) bool {
	return c.HasType("Creature") && controlsStatic(s, v, p, SpendAnyTypeForCreatures)
}

// toBottom is lib with its top card put at the bottom, in a new list (lib may be shared).
// Only the fault that makes a cancelled cast from the top reorder the library uses it.
func toBottom(lib []h.ObjectID) []h.ObjectID {
	if len(lib) < 2 {
		return lib
	}
	return append(append(make([]h.ObjectID, 0, len(lib)), lib[1:]...), lib[0])
}
