package props

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// etbX checks ruling x.etb-uses-spell-x: an enters-the-battlefield replacement effect or
// trigger that refers to X uses the X of the spell that became the permanent, though the
// permanent's own X is 0 (CR 107.3m, an exception to 107.3i; 107.3g). The situation: a
// permanent spell with X > 0 whose card says "enters with X <kind> counters" (Walking
// Ballista, Hangarback Walker) resolves; the X is read from the StackObject in the Before
// snapshot, and the permanent must then have exactly that many counters. With X > 0 the
// permanent can't die to its own toughness, so finding the card in a graveyard instead
// also means it entered with too few. The other half of 107.3m: the value of X for the
// permanent is 0, so its mana value is its printed mana cost's with X as 0.
func etbX() *Property {
	return &Property{
		ID:      "x.etb-uses-spell-x",
		Rulings: []string{"x.etb-uses-spell-x"},
		Rules:   []string{"107.3m", "107.3i", "107.3g", "202.3"},
		Description: "A permanent spell with X that \"enters with X +1/+1 counters\" (Walking Ballista, Hangarback " +
			"Walker) enters with the spell's X counters, not the permanent's own X (0).",
		Needs: Needs{Actions: []harness.ActionKind{harness.Cast, harness.Pay}},
		Steer: gen.Steer{
			Name: "x.etb-uses-spell-x",
			Recipes: []gen.Recipe{
				{Name: "x creatures and lands", Weight: 4,
					Mine:  []gen.Pick{{Card: "Forest", Weight: 20}, {Card: "Wastes", Weight: 20}, {Card: "Swamp"}, {Card: "Gaea's Cradle"}, {Card: "Mana Reflection"}},
					Hand:  []gen.Pick{{Card: "Walking Ballista", Weight: 40}, {Card: "Hangarback Walker", Weight: 40}},
					Steps: []harness.Step{harness.Main1, harness.Main2}},
			},
			Actions: &gen.ActionWeights{Pass: 1, Preferred: 40, Mana: 4, Land: 1, Cast: 4, Pay: 6, Activate: 1, Attack: 1, Choose: 4, Cancel: 1},
			Prefer:  preferSpending(func(_ *harness.Snapshot, a harness.Action) bool { return a.X > 0 }),
		},
		Check: checkETBX,
		Clauses: []Clause{
			{Name: "counters", Rules: []string{"107.3m"},
				Description: "The permanent a spell with X > 0 became enters with X counters, the spell's X."},
			{Name: "mana-value", Rules: []string{"107.3m", "107.3g", "202.3"},
				Description: "The value of X for that permanent is 0: its mana value is its mana cost's with X as 0, not the spell's."},
			{Name: "every-object", Rules: []string{"202.3", "107.3g"},
				Description: "Every object outside the stack has the mana value of the mana cost it shows, X counted as 0 (a transformed permanent's is its front face's: rules.transform's)."},
		},
	}
}

var reEntersWithX = regexp.MustCompile(`enters with X (\S+) counters?`)

func checkETBX(eng harness.Engine, tr *gen.Trace) Verdict {
	const ruling, rule = "x.etb-uses-spell-x", "107.3m"
	var v Verdict
	for i := range tr.Steps {
		st := &tr.Steps[i]
		top, ok := resolvedSpell(st)
		if !ok {
			continue
		}
		card := st.After.Find(top.Card)
		if card == nil {
			continue
		}
		kind := ""
		for _, t := range card.Abilities {
			if m := reEntersWithX.FindStringSubmatch(t); m != nil {
				kind = m[1]
			}
		}
		if kind == "" || card.CopyOf != "" && strings.Contains(copyAbilityText(top.Name), "counter") {
			// (A spell that entered as a copy of such a permanent got its "enters with X"
			// ability from the copy, and its copy ability's exceptions may put counters of
			// their own on it, CR 707.9: Spark Double as a Walking Ballista, X 0, enters
			// with the additional +1/+1 counter.)
			continue
		}
		what := fmt.Sprintf("%s resolved with X=%d", top.Name, top.X)
		expected := fmt.Sprintf("%d %s counters on it, the spell's X (the permanent's own X is 0, CR 107.3m)", top.X, kind)
		if top.X > 0 {
			v.Reach("counters")
		}
		switch {
		case card.Zone == harness.Battlefield:
			if got := card.Counters[kind]; got != top.X {
				v.add("counters", violation(i, ruling, rule, what, expected,
					fmt.Sprintf("%d %s counters", got, kind)))
			}
			if want, ok := manaValueXZero(card.ManaCost); ok && top.X > 0 {
				v.Reach("mana-value")
				if card.ManaValue != want {
					v.add("mana-value", violation(i, ruling, rule, fmt.Sprintf("%s: the mana value of %s", what, describe(card)),
						fmt.Sprintf("%d, its mana cost %s with X as 0: the value of X for the permanent is 0 (CR 107.3m, 202.3; the spell's was %d)", want, card.ManaCost, top.ManaValue),
						fmt.Sprint(card.ManaValue)))
				}
			}
		case card.Zone == harness.Graveyard && top.X > 0:
			v.add("counters", violation(i, ruling, rule, what,
				expected+", so it stays on the battlefield",
				"it is in the graveyard: it entered with too few counters and died to its toughness (CR 704.5f)"))
		}
	}
	for i := range tr.Steps {
		checkManaValues(i, tr.Steps[i].After, &v)
	}
	return v
}

// checkManaValues judges every object of s, the board after step i, under every-object:
// its mana value is the total of the mana cost it shows, X counted as 0 off the stack (CR
// 202.3, 107.3g); no mana cost, 0. A transformed permanent's is its front face's (712.8e),
// which rules.transform judges.
func checkManaValues(i int, s *harness.Snapshot, v *Verdict) {
	v.Reach("every-object")
	for _, o := range s.Objects() {
		want, ok := manaValueXZero(o.ManaCost)
		if !ok || o.Transformed || o.ManaValue == want {
			continue
		}
		v.add("every-object", violation(i, "x.etb-uses-spell-x", "202.3", "the mana value of "+describe(o),
			fmt.Sprintf("%d, the total of its mana cost %q with X as 0 (CR 202.3, 107.3g)", want, o.ManaCost), fmt.Sprint(o.ManaValue)))
		return // one object tells it
	}
}
