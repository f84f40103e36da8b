package engine

import "testing"

// withCard registers a card definition the pool doesn't have, for one test: a way to test
// a rule before any card of the pool needs it. The definition is built as define builds
// one, from printed characteristics (with no mana cost unless they give one).
func withCard(t *testing.T, printed chars, abilities ...*ability) {
	t.Helper()
	if _, dup := registry[printed.Name]; dup {
		t.Fatalf("%s is already a card of the pool", printed.Name)
	}
	if printed.Cost == (manaCost{}) {
		printed.Cost = manaCost{None: true}
	}
	registry[printed.Name] = newCardDef(printed, abilities)
	t.Cleanup(func() { delete(registry, printed.Name) })
}
