package props

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/cards"
	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Copiable values at the moment of copying (CR 707.2, 707.3, 707.9): three rulings about
// the same comparison, each judged on the copy events that are its situation. The copy's
// copiable values must be the copied object's copiable values (as the engine reports them,
// or its printed card's), with the exceptions its copy ability's text states.

// copyOfACopy checks ruling copy.of-a-copy.
func copyOfACopy() *Property {
	return &Property{
		ID:      "copy.of-a-copy",
		Rulings: []string{"copy.of-a-copy"},
		Rules:   []string{"707.3", "707.2", "707.5", "614.1c"},
		Description: "A permanent that becomes a copy of a permanent that is copying something becomes whatever that " +
			"permanent is copying (its copy_of and copiable values), over chains of any depth; a card that can enter as a " +
			"copy is offered what to copy by its controller, whatever puts it onto the battlefield.",
		Needs: copyNeeds,
		Clauses: []Clause{
			{Name: "direct", Rules: []string{"707.2"}, Description: "copying a permanent that copies nothing gives its printed values"},
			{Name: "chain", Rules: []string{"707.3"}, Description: "copying a copy gives what that copy copies, not the copy's own card"},
			{Name: "enters-offered", Rules: []string{"707.5", "614.1c", "614.12"}, Description: "a card with an \"enter as a copy\" ability that enters by any route (cast, returned by Astral Slide, Oblivion Ring or Helvault) while something it could copy is there is offered the choice, by its controller"},
		},
		Steer: copySteer("copy.of-a-copy"),
		Check: func(_ harness.Engine, tr *gen.Trace) Verdict {
			v := checkCopyEvents(tr, "copy.of-a-copy", "707.3", func(e *copyEvent, src harness.Characteristics) string {
				if e.Src.CopyOf != "" {
					return "chain"
				}
				return "direct"
			})
			checkEnteringCopies(tr, &v)
			return v
		},
	}
}

// copyOfResonance checks ruling copy.of-resonance: exceptions are copiable values and pass
// on down a chain (707.9a), and the copier's own exception adds its ability once more.
func copyOfResonance() *Property {
	return &Property{
		ID:      "copy.of-resonance",
		Rulings: []string{"copy.of-resonance"},
		Rules:   []string{"707.9a", "707.9b", "707.3"},
		Description: "A permanent that copies one whose copiable values include an exception (\"except it has this " +
			"ability\") has that ability too; its own exceptions add to what it copied, once each.",
		Needs: copyNeeds,
		Clauses: []Clause{
			{Name: "inherits-exception", Rules: []string{"707.9a", "707.3"}, Description: "the copied object's copiable values hold an ability its printed card lacks, and the copy has it"},
			{Name: "own-exception", Rules: []string{"707.9a", "707.9b"}, Description: "the copy ability's own exceptions are applied once"},
		},
		Steer: copySteer("copy.of-resonance"),
		Check: func(_ harness.Engine, tr *gen.Trace) Verdict {
			return checkCopyEvents(tr, "copy.of-resonance", "707.9a", func(e *copyEvent, src harness.Characteristics) string {
				if printed, ok := printedValues(src.Name); ok && !sameMultiset(printed.Abilities, src.Abilities) {
					return "inherits-exception"
				}
				if strings.Contains(e.Ability, "except") {
					return "own-exception"
				}
				return ""
			})
		},
	}
}

// copiableValues checks ruling copy.copiable-values: as it copies, and in every state.
func copiableValues() *Property {
	return &Property{
		ID:      "copy.copiable-values",
		Rulings: []string{"copy.copiable-values"},
		Rules:   []string{"707.2", "613.2a"},
		Description: "A copy gets the copied object's printed values as modified by copy effects, never its counters, " +
			"status or other effects (P/T, types, colours, being a creature), nor, of a face-down permanent, its card's; in every " +
			"state a copy's copiable values are the printed values of what it copies, but for the exceptions of its copy effect.",
		Needs: copyNeeds,
		Clauses: []Clause{
			{Name: "counters", Rules: []string{"707.2"}, Description: "the copied object has counters or is tapped, which the copy doesn't get"},
			{Name: "non-copy-effects", Rules: []string{"707.2", "613.2a"}, Description: "the copied object's characteristics differ from its copiable values (pumped, animated, granted abilities), which the copy doesn't get"},
			{Name: "every-state", Rules: []string{"707.2"}, Description: "each copy's copiable name, mana cost, colours, types, P/T and loyalty are its copy_of card's printed ones"},
			{Name: "land-type-ability", Rules: []string{"305.6", "707.2"}, Description: "a copy with a basic land type has that type's mana ability once"},
			{Name: "face-down", Rules: []string{"707.2", "708.2a"}, Description: "the copied permanent is face down: the copy gets the face-down values, a nameless 2/2 creature with no ability, not its card's"},
		},
		Steer: copySteer("copy.copiable-values"),
		Check: checkCopiableValues,
	}
}

func checkCopiableValues(_ harness.Engine, tr *gen.Trace) Verdict {
	const ruling = "copy.copiable-values"
	v := checkCopyEvents(tr, ruling, "707.2", func(e *copyEvent, src harness.Characteristics) string {
		switch {
		case e.Src.FaceDown:
			return "face-down"
		case len(e.Src.Counters) == 0 && differsFrom(e.Src, src):
			return "non-copy-effects"
		case len(e.Src.Counters) > 0 || e.Src.Tapped:
			return "counters"
		}
		return ""
	})
	for _, m := range moments(tr) {
		for i := range m.Snap.Battlefield {
			o := m.Snap.Battlefield[i]
			if !o.Copying() || o.Copiable == nil {
				continue
			}
			printed, ok := printedValues(o.CopyOf)
			if o.CopyOf == "" {
				printed, ok = faceDownValues(), true // it copies a face-down permanent (CR 708.2a)
			}
			if !ok {
				continue
			}
			v.Reach("every-state")
			got := *o.Copiable
			want := printed
			// Exceptions may add subtypes and abilities and take Legendary away (707.9).
			want.Subtypes = appendMissing(want.Subtypes, got.Subtypes)
			if !slices.Contains(got.Supertypes, "Legendary") {
				want.Supertypes = slices.DeleteFunc(slices.Clone(want.Supertypes), func(s string) bool { return s == "Legendary" })
			}
			want.Abilities = nil
			if c, _ := cards.ByName(o.CopyOf); c.SizeX {
				// Its size is the X of the effect that created what it copies (CR 111.3),
				// which the table doesn't hold.
				want.Power, want.Toughness = got.Power, got.Toughness
			}
			if d := copyValueDiff(want, got); d != "" {
				v.Violations = append(v.Violations, Violation{Step: m.Step, Ruling: ruling, Rule: "707.2", Clause: "every-state",
					Message: fmt.Sprintf("%s copies %s: expected: the copiable values of %s's printed card, without counters, status or other effects (ruling %s, CR 707.2); got: %s",
						describe(o), copiedName(o.CopyOf), copiedName(o.CopyOf), ruling, d)})
			}
			checkLandTypeAbilities(tr, m.Step, o, &v)
		}
	}
	return v
}

// appendMissing is list with the strings of more it lacks.
func appendMissing(list, more []string) []string {
	out := slices.Clone(list)
	for _, s := range more {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// checkCopyEvents judges every copy event of the trace that clause names a clause for
// (given the event and the copied object's copiable values): the copy's copy_of and
// copiable values against the copied object's, with the exceptions of its copy ability.
func checkCopyEvents(tr *gen.Trace, ruling, rule string, clause func(e *copyEvent, src harness.Characteristics) string) Verdict {
	var v Verdict
	for _, e := range copyEvents(tr) {
		if e.Src == nil || e.Obj.Copiable == nil {
			continue
		}
		src, ok := harness.Characteristics{}, true
		if e.SrcValues != nil {
			src = *e.SrcValues
		} else {
			src, ok = copiableOf(e.Src)
		}
		if !ok {
			continue
		}
		name := clause(&e, src)
		if name == "" {
			continue
		}
		v.Reach(name)
		what := fmt.Sprintf("%s became a copy of %s", describe(e.Obj), describe(e.Src))
		// What it copies is chosen by its controller: "you" of its copy ability, the player
		// it enters under (CR 707.5, 614.12), whoever's ability put it there.
		if e.Step >= 0 && e.ChosenBy != harness.NoPlayer && e.ChosenBy != e.Obj.Controller {
			v.Violations = append(v.Violations, clauseViolation(e.Step, ruling, "707.5", name, what,
				"its controller, "+e.Obj.Controller.String()+", chose what it copies (CR 707.5, 614.12)", e.ChosenBy.String()+" chose"))
			continue
		}
		wantOf := e.Src.Name
		if e.Src.CopyOf != "" {
			wantOf = e.Src.CopyOf
		}
		if e.Obj.CopyOf != wantOf {
			v.Violations = append(v.Violations, clauseViolation(e.Step, ruling, "707.3", name, what,
				"a copy of "+copiedName(wantOf)+", what "+describe(e.Src)+" is (CR 707.3, 708.2a)", "a copy of "+copiedName(e.Obj.CopyOf)))
			continue
		}
		want := expectedCopy(src, e.Ability)
		if d := copyValueDiff(want, *e.Obj.Copiable); d != "" {
			v.Violations = append(v.Violations, clauseViolation(e.Step, ruling, rule, name, what,
				"the copied object's copiable values (CR 707.2), with the exceptions of \""+e.Ability+"\" (CR 707.9)", d))
		}
	}
	return v
}

// basicLandMana is the mana symbol of each basic land type's intrinsic ability (CR 305.6).
var basicLandMana = [...]struct{ subtype, symbol string }{
	{"Plains", "W"}, {"Island", "U"}, {"Swamp", "B"}, {"Mountain", "R"}, {"Forest", "G"},
}

// checkLandTypeAbilities: the land-type-ability clause. A copy that is a land with a basic
// land type has "({T}: Add {symbol}.)" from that type (CR 305.6) once, whether the type came
// with the copiable values or not (707.2): one ability, not one copied and one given. A
// copy that shows no abilities at all has had them removed, and is not judged.
func checkLandTypeAbilities(tr *gen.Trace, step int, o *harness.Object, v *Verdict) {
	if !o.HasType("Land") || len(o.Abilities) == 0 {
		return
	}
	for _, b := range basicLandMana {
		if !hasSubtype(o, b.subtype) {
			continue
		}
		v.Reach("land-type-ability")
		text := "({T}: Add {" + b.symbol + "}.)"
		if n := countOf(o.Abilities, text); n != 1 {
			v.Violations = append(v.Violations, Violation{Step: step, Ruling: "copy.copiable-values", Rule: "305.6", Clause: "land-type-ability",
				Message: fmt.Sprintf("%s copies %s and is a %s: expected: the ability %q once, from its land type (ruling copy.copiable-values, CR 305.6, 707.2); got: it %d times",
					describe(o), o.CopyOf, b.subtype, text, n)})
		}
	}
}
