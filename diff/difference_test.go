package diff

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// TestAnObjectElsewhereIsOneRow: when one engine has a permanent on the battlefield and
// the other in the graveyard, the difference is where it is, named first, and the
// graveyard's order; when one engine doesn't have it at all, only its zone differs; and
// the mana answers only one engine gives for it are no difference of their own.
func TestAnObjectElsewhereIsOneRow(t *testing.T) {
	ballista := harness.Object{Card: 1, Object: 1, Name: "Walking Ballista", Zone: harness.Battlefield, Types: []string{"Artifact", "Creature"}}
	onBattlefield := harness.Snapshot{Turn: 1, Battlefield: []*harness.Object{&ballista}}
	dead := ballista
	dead.Zone = harness.Graveyard
	inGraveyard := harness.Snapshot{Turn: 1}
	inGraveyard.Players[1].Graveyard = []*harness.Object{&dead}

	observed := func(s harness.Snapshot, outcomes bool) *observation {
		o := &observation{groups: map[string]group{}}
		o.addSnapshot(s)
		if outcomes {
			o.single("7 outcomes 00000001 000", field{kind: outcomesField, of: "Walking Ballista [1]'s ability 0", name: "Walking Ballista", value: "error", zero: "none"})
		}
		return o
	}
	assert.Equal(t, []Difference{
		{What: "Walking Ballista [1]: zone", Part: "zone", Cards: []string{"Walking Ballista"}, A: "battlefield", B: "graveyard"},
		{What: "B's graveyard (bottom first)", Part: "graveyard order", A: "empty", B: "[1]"},
	}, differences(observed(onBattlefield, true), observed(inGraveyard, false)))

	assert.Equal(t, []Difference{
		{What: "Walking Ballista [1]: zone", Part: "zone", Cards: []string{"Walking Ballista"}, A: "battlefield", B: "nowhere"},
	}, differences(observed(onBattlefield, true), observed(harness.Snapshot{Turn: 1}, false)))
}
