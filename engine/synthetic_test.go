package engine

import "testing"

// withCard registers a card definition the pool doesn't have, for one test: a way to test
// a rule before any card of the pool needs it. The definition is built as define builds
// one, from printed characteristics.
func withCard(t *testing.T, printed Chars, abilities ...*Ability) {
	t.Helper()
	if _, dup := registry[printed.Name]; dup {
		t.Fatalf("%s is already a card of the pool", printed.Name)
	}
	d := &CardDef{printed: printed}
	if d.printed.Cost == (ManaCost{}) {
		d.printed.Cost = ManaCost{None: true}
	}
	d.printed.costText = d.printed.Cost.String()
	for i, a := range abilities {
		d.printed.Abilities = append(d.printed.Abilities, AbilityInstance{Ability: a, ID: AbilityID{Origin: Printed, Index: i}})
	}
	addIntrinsicLandAbilities(&d.printed)
	registry[printed.Name] = d
	t.Cleanup(func() { delete(registry, printed.Name) })
}
