package props

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/cards"
	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// transformRules checks transforming double-faced permanents (CR 712, 701.27) by relating
// the snapshots just before and just after a permanent turned over: it is the same object
// (712.18: same object ID, controller, owner, counters, damage, attachment, and summoning
// sickness, since its controller has controlled it continuously, 302.6); it has the
// characteristics of its other face as the cards table prints them (712.8d, 712.8e); and
// its mana value is unchanged, the front face's (712.8e, 202.3b).
func transformRules() *Property {
	return &Property{
		ID:      "rules.transform",
		Rulings: []string{"rules.transform"},
		Rules:   []string{"712.18", "701.27a", "712.8d", "712.8e", "202.3b", "302.6"},
		Description: "A permanent that transforms is the same object, with the same counters, damage, attachment and summoning sickness; " +
			"it has the printed characteristics of its other face, and keeps its front face's mana value.",
		Needs: Needs{Actions: []harness.ActionKind{harness.Activate, harness.Pay}},
		Clauses: []Clause{
			{Name: "same-object", Rules: []string{"712.18", "302.6"},
				Description: "after it transforms it has the same object ID, controller, owner, counters, damage and attachment, and is summoning sick only if it was"},
			{Name: "other-face", Rules: []string{"712.8d", "712.8e", "701.27a"},
				Description: "after it transforms, with no copy effect on it, its name, mana cost, colours, type line and abilities are its other face's as printed"},
			{Name: "mana-value", Rules: []string{"712.8e", "202.3b"},
				Description: "after it transforms, with no copy effect on it, its mana value is what it was: its front face's"},
		},
		Steer: transformSteer("rules.transform"),
		Check: checkTransform,
	}
}

func checkTransform(_ harness.Engine, tr *gen.Trace) Verdict {
	const ruling = "rules.transform"
	var v Verdict
	for _, m := range transformMoments(tr) {
		b, a := m.before, m.after
		what := fmt.Sprintf("%s as it transformed into %s", describe(b), describe(a))
		v.Reach("same-object")
		if diff := identityDiff(b, a); diff != "" {
			v.add("same-object", clauseViolation(m.step, ruling, "712.18", "same-object", what,
				"the same object, with what it had (CR 712.18; controlled continuously, 302.6)", diff))
		}
		if b.CopyOf != "" || a.CopyOf != "" {
			continue // a copy effect decides its characteristics (CR 707.8)
		}
		face, ok := otherFace(b)
		if !ok {
			continue
		}
		v.Reach("other-face")
		if diff := faceDiff(face, a); diff != "" {
			v.add("other-face", clauseViolation(m.step, ruling, "712.8e", "other-face", what,
				fmt.Sprintf("the printed characteristics of %s (CR 712.8d, 712.8e)", face.Name), diff))
		}
		v.Reach("mana-value")
		if a.ManaValue != b.ManaValue {
			v.add("mana-value", clauseViolation(m.step, ruling, "712.8e", "mana-value", what,
				fmt.Sprintf("mana value %d, its front face's, as before (CR 712.8e, 202.3b)", b.ManaValue), fmt.Sprint(a.ManaValue)))
		}
	}
	return v
}

// identityDiff lists what differs between a permanent before and after it transformed
// among what stays with the object (CR 712.18), or "".
func identityDiff(b, a *harness.Object) string {
	d := fieldDiff{sep: "was"}
	d.check("object", b.Object, a.Object)
	d.check("controller", b.Controller, a.Controller)
	d.check("owner", b.Owner, a.Owner)
	d.check("counters", countersText(b.Counters), countersText(a.Counters))
	d.check("damage", b.Damage, a.Damage)
	d.check("attached to", b.AttachedTo, a.AttachedTo)
	if a.Sick && !b.Sick {
		d.out = append(d.out, "summoning sick, was not")
	}
	return d.String()
}

// fieldDiff collects the fields whose values differ, each as "FIELD GOT, SEP WANT".
type fieldDiff struct {
	sep string
	out []string
}

func (d *fieldDiff) check(field string, want, got any) {
	if fmt.Sprint(want) != fmt.Sprint(got) {
		d.out = append(d.out, fmt.Sprintf("%s %v, %s %v", field, got, d.sep, want))
	}
}

func (d *fieldDiff) String() string { return strings.Join(d.out, "; ") }

// countersText writes counters in a fixed order.
func countersText(c map[string]int) string {
	if len(c) == 0 {
		return "none"
	}
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(c)) {
		parts = append(parts, fmt.Sprintf("%d %s", c[k], k))
	}
	return strings.Join(parts, ", ")
}

// otherFace is the printed face a permanent turns into from the face b shows: the back
// of a card named b.Name, or the front of the card whose back b is.
func otherFace(b *harness.Object) (cards.Card, bool) {
	if !b.Transformed {
		c, ok := cards.ByName(b.Name)
		if !ok || c.Back == nil {
			return cards.Card{}, false
		}
		return *c.Back, true
	}
	front, ok := cards.FrontOf(b.Name)
	if !ok {
		return cards.Card{}, false
	}
	c, _ := cards.ByName(front)
	c.Back = nil
	return c, true
}

// faceDiff lists how a's characteristics differ from the printed face's, or "".
func faceDiff(face cards.Card, a *harness.Object) string {
	d := fieldDiff{sep: "not"}
	d.check("name", face.Name, a.Name)
	d.check("mana cost", face.ManaCost, a.ManaCost)
	d.check("colours", strings.Join(face.Colors, ""), a.Colors)
	d.check("supertypes", face.Supertypes, a.Supertypes)
	d.check("types", face.Types, a.Types)
	d.check("subtypes", face.Subtypes, a.Subtypes)
	d.check("abilities", face.Oracle, a.Abilities)
	return d.String()
}
