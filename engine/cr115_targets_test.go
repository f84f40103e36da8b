package engine

import (
	"testing"

	h "github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAnyTargetIncludesPlaneswalkers: "any target" is a creature, player, planeswalker or
// battle (CR 115.4), and damage to a planeswalker removes loyalty counters (120.3c).
func TestAnyTargetIncludesPlaneswalkers(t *testing.T) {
	withCard(t, chars{Name: "Test Walker", Supertypes: []string{"Legendary"}, Types: []string{"Planeswalker"},
		Subtypes: []string{"Jace"}, Loyalty: 3, HasLoyalty: true})
	setup := board([]string{"Walking Ballista"}, []string{"Test Walker", "Fellwar Stone"})
	setup.Players[0].Battlefield[0].Counters = map[string]int{"+1/+1": 1}
	setup.Players[1].Battlefield[0].Counters = map[string]int{"loyalty": 3}
	s := start(t, setup)
	var targets []h.Target
	for _, a := range legalActions(s) {
		if a.Kind == h.Activate && a.Card == 100 && a.Ability == 2 {
			targets = append(targets, a.Targets...)
		}
	}
	assert.Equal(t, []h.Target{h.PlayerTarget(h.A), h.PlayerTarget(h.B), h.CardTarget(100), h.CardTarget(200)}, targets,
		"both players, the creature and the planeswalker; not the noncreature artifact (CR 115.4)")

	s = apply(t, s, h.Action{Player: h.A, Kind: h.Activate, Card: 100, Ability: 2, Targets: []h.Target{h.CardTarget(200)}})
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Pay})
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Pass})
	s = apply(t, s, h.Action{Player: h.B, Kind: h.Pass})
	snap := snapshot(s)
	walker := snap.Permanent(200)
	require.NotNil(t, walker)
	require.NotNil(t, walker.Loyalty)
	assert.Equal(t, 2, *walker.Loyalty, "1 damage removes 1 loyalty counter (CR 120.3c)")
	assert.Equal(t, 0, walker.Damage, "damage isn't marked on a noncreature planeswalker")
}
