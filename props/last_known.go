package props

import (
	"github.com/mtgfuzz/mtgfuzz/cards"
	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Leaves-the-battlefield abilities "look back in time" (CR 603.10a): whether one triggers
// depends on the permanent as it last existed on the battlefield, not on its card in the
// new zone. When a copy effect began in the same step as the permanent left (a permanent
// spell entering as a copy and dying to a state-based action, a copy ability resolving and
// the copy dying at once) no snapshot shows it that way, but its copiable values are known
// from the trace: the copied object's with the copy ability's exceptions (CR 707.2, 707.9).

// leftAs is permanent o as it last existed on the battlefield in step st: o is the
// permanent before the step, or its card after the step when it entered within the step
// (entered). A copy effect the step began on it gives it that copy's copiable values. ok
// is false when the step made it a copy of something whose copiable values aren't known.
func leftAs(st *gen.TraceStep, o *harness.Object, entered bool) (harness.Object, bool) {
	out := *o
	src, top := copySource(st)
	if entered && (top == nil || top.Card != o.Card) && reEntersAsCopy.MatchString(copyAbilityText(o.Name)) {
		// Another object's ability put it onto the battlefield (Helvault, Oblivion Ring,
		// Astral Slide), and it entered as a copy of what its controller chose, or of
		// nothing: which answer was its, when several cards entered at once, the step
		// doesn't say.
		return out, false
	}
	if src == nil || top.Card != o.Card || (top.Kind == "spell") != entered {
		return out, true
	}
	cv, ok := copiableOf(src)
	if !ok {
		return out, false
	}
	text := top.Text
	if top.Kind == "spell" { // an "enters as a copy" replacement of the permanent spell
		text = copyAbilityText(top.Name)
	}
	withCopiable(&out, expectedCopy(cv, text))
	return out, true
}

// setupLeftAs is permanent pm of the setup as it was as the game began, before state-based
// actions (CR 704.3) put it in the graveyard: its card o, made a copy by the copy effects
// the setup has in force on it. ok is false when they can't be followed to printed cards.
func setupLeftAs(setup *harness.Setup, pm *harness.PermanentSpec, o *harness.Object) (harness.Object, bool) {
	out := *o
	if len(pm.Copying) == 0 {
		return out, true
	}
	cv, ok := setupCopiable(setup, pm)
	if ok {
		withCopiable(&out, cv)
	}
	return out, ok
}

// setupCopiable is the copiable values the setup gives pm (CR 707.2): its newest copy
// effect's source's (the newest wins, 613.2a), through copies of copies (707.3), with its
// own copy ability's exceptions (707.9); a permanent copying nothing has its printed
// card's, with the size the setup gives an X/X token (111.3). A setup's copy effects start after those of what they copy, so this holds
// unless the permanents pm depends on copy each other in a loop (then ok is false: which
// started first is the setup's order, not the rules').
func setupCopiable(setup *harness.Setup, pm *harness.PermanentSpec) (harness.Characteristics, bool) {
	if !copyOrderKnown(setup, pm, map[harness.CardID]int{}) {
		return harness.Characteristics{}, false
	}
	return setupCopiableIn(setup, pm)
}

func setupCopiableIn(setup *harness.Setup, pm *harness.PermanentSpec) (harness.Characteristics, bool) {
	if pm.FaceDown {
		return faceDownValues(), true // whatever it copies: face down applies after (CR 708.2a, 613.2b)
	}
	if len(pm.Copying) == 0 {
		cv, ok := printedValues(pm.Name)
		if c, _ := cards.ByName(pm.Name); ok && pm.Token && c.SizeX {
			// The effect that created it set its size (the table's 0/0 stands for X).
			p, t := pm.Size, pm.Size
			cv.Power, cv.Toughness = &p, &t
		}
		return cv, ok
	}
	src := setupPermanent(setup, pm.Copying[len(pm.Copying)-1])
	if src == nil {
		return harness.Characteristics{}, false
	}
	cv, ok := setupCopiableIn(setup, src)
	if !ok {
		return cv, false
	}
	return expectedCopy(cv, copyAbilityText(pm.Name)), true
}

// copyOrderKnown reports whether no chain of the setup's copy effects (any of them, not
// only the newest) leads from pm back to a permanent on it. state marks cards being
// walked (1) and done (2).
func copyOrderKnown(setup *harness.Setup, pm *harness.PermanentSpec, state map[harness.CardID]int) bool {
	switch state[pm.ID] {
	case 1:
		return false
	case 2:
		return true
	}
	state[pm.ID] = 1
	for _, c := range pm.Copying {
		if src := setupPermanent(setup, c); src != nil && src.ID != pm.ID && !copyOrderKnown(setup, src, state) {
			return false
		}
	}
	state[pm.ID] = 2
	return true
}

func setupPermanent(setup *harness.Setup, id harness.CardID) *harness.PermanentSpec {
	for p := range setup.Players {
		for k := range setup.Players[p].Battlefield {
			if pm := &setup.Players[p].Battlefield[k]; pm.ID == id {
				return pm
			}
		}
	}
	return nil
}

// withCopiable gives o the copiable values cv (CR 707.2), as layer 1 does; the later
// layers' effects on it are not known from a trace and are left out.
func withCopiable(o *harness.Object, cv harness.Characteristics) {
	o.Name, o.ManaCost, o.Colors = cv.Name, cv.ManaCost, cv.Colors
	o.Supertypes, o.Types, o.Subtypes = cv.Supertypes, cv.Types, cv.Subtypes
	o.Power, o.Toughness, o.Abilities = cv.Power, cv.Toughness, cv.Abilities
}
