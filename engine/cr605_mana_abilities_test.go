package engine

import (
	"testing"

	h "github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// find returns the first legal action that matches, failing the test if there is none.
func find(t *testing.T, s *state, what string, match func(a h.Action) bool) h.Action {
	t.Helper()
	for _, a := range legalActions(s) {
		if match(a) {
			return a
		}
	}
	t.Fatalf("no legal action to %s; legal: %v", what, legalActions(s))
	return h.Action{}
}

func activates(card h.CardID, choice string) func(h.Action) bool {
	return func(a h.Action) bool {
		return a.Kind == h.Activate && a.Card == card && (choice == "" || len(a.Choices) == 1 && a.Choices[0] == choice)
	}
}

// TestManaAbilityCostPaidByManaAbilities: Pili-Pala's "{2}, {Q}: Add one mana of any
// color" with an empty pool and two untapped Islands. Activating it follows CR 602.2b and
// 601.2b-i, and 601.2g / 605.3a let its controller activate the Islands' mana abilities
// while paying its {2}; then it resolves at once and priority stays (605.3b).
func TestManaAbilityCostPaidByManaAbilities(t *testing.T) {
	s := start(t, board([]string{"Pili-Pala*", "Island", "Island"}, nil))
	pili, island1, island2 := s.Battlefield[0], s.Battlefield[1], s.Battlefield[2]
	pc := s.obj(pili).Card
	s = apply(t, s, find(t, s, "activate Pili-Pala for {R}", activates(pc, "type:R")))
	require.NotNil(t, s.Proposal, "the activation waits for its {2}")
	snap := snapshot(s)
	require.NotNil(t, snap.Casting)
	assert.Equal(t, "Pili-Pala", snap.Casting.Name)
	assert.Equal(t, 2, snap.Casting.Generic)
	assert.True(t, s.obj(pili).Tapped, "{Q} is paid with the mana, not before (CR 601.2h)")

	// No other Pili-Pala activation waits inside this one: Legal lists none without a payment.
	for _, a := range legalActions(s) {
		assert.False(t, a.Kind == h.Activate && a.Card == pc && a.Payment.IsZero(), "nested activation listed: %s", a)
	}
	for _, id := range []h.ObjectID{island1, island2} {
		s = apply(t, s, find(t, s, "tap an Island", activates(s.obj(id).Card, "")))
	}
	assert.Equal(t, h.Of(h.Blue, 2), s.Players[h.A].Pool)
	s = apply(t, s, find(t, s, "pay {2}", func(a h.Action) bool { return a.Kind == h.Pay }))

	assert.Nil(t, s.Proposal)
	assert.Equal(t, h.Of(h.Red, 1), s.Players[h.A].Pool, "the {U}{U} paid for the {2}; it added {R}")
	assert.False(t, s.obj(pili).Tapped, "{Q} untapped it")
	assert.True(t, s.obj(island1).Tapped && s.obj(island2).Tapped)
	assert.Equal(t, h.A, s.Priority, "CR 605.3b: priority stays")
	assert.Empty(t, s.Stack, "a mana ability doesn't use the stack")
}

// TestManaAbilityCostPaidWhileCasting: while a spell is being cast, a mana ability with a
// mana cost may be activated and paid with other mana abilities; once it is paid, the
// spell's payment is back (CR 601.2g).
func TestManaAbilityCostPaidWhileCasting(t *testing.T) {
	setup := board([]string{"Pili-Pala*", "Island", "Island", "Grizzly Bears"}, nil)
	setup.Players[0].Hand = []h.CardSpec{{ID: 1, Name: "Giant Growth"}}
	s := start(t, setup)
	s = apply(t, s, find(t, s, "cast Giant Growth", func(a h.Action) bool { return a.Kind == h.Cast }))
	pc := s.obj(s.Battlefield[0]).Card
	s = apply(t, s, find(t, s, "activate Pili-Pala for {G}", activates(pc, "type:G")))
	for _, id := range s.Battlefield[1:3] {
		s = apply(t, s, find(t, s, "tap an Island", activates(s.obj(id).Card, "")))
	}
	s = apply(t, s, find(t, s, "pay Pili-Pala's {2}", func(a h.Action) bool { return a.Kind == h.Pay }))
	require.NotNil(t, s.Proposal)
	assert.Equal(t, "Giant Growth", snapshot(s).Casting.Name, "the spell's proposal is back")
	s = apply(t, s, find(t, s, "pay {G}", func(a h.Action) bool { return a.Kind == h.Pay && a.Payment == h.Of(h.Green, 1) }))
	assert.Nil(t, s.Proposal)
	assert.Len(t, s.Stack, 1, "Giant Growth is cast")
}

// TestManaAbilityCancelled: cancelling a waiting mana ability returns the game to the
// moment before it, Islands untapped (CR 733).
func TestManaAbilityCancelled(t *testing.T) {
	s := start(t, board([]string{"Pili-Pala*", "Island"}, nil))
	before := snapshot(s)
	s = apply(t, s, find(t, s, "activate Pili-Pala", activates(s.obj(s.Battlefield[0]).Card, "type:W")))
	s = apply(t, s, find(t, s, "tap the Island", activates(s.obj(s.Battlefield[1]).Card, "")))
	s = apply(t, s, find(t, s, "cancel", func(a h.Action) bool { return a.Kind == h.Cancel }))
	assert.Equal(t, before, snapshot(s))
}

// TestManaOutcomesInOneOrder: the outcomes of a mana ability come in one order, the
// amounts' (compareMana: the smaller total first, then W, U, B, R, G, C), whether they
// are read straight from the production or found by exploring its resolutions because
// some permanent modifies mana: Fellwar Stone offers {U} before {G} beside a Forest and
// an Island of the opponent's, alone or with a Mana Flare, which touches only lands.
func TestManaOutcomesInOneOrder(t *testing.T) {
	for _, mine := range [][]string{{"Fellwar Stone"}, {"Fellwar Stone", "Mana Flare"}} {
		s := start(t, board(mine, []string{"Forest", "Island"}))
		v := s.projected()
		stone := cardNamed(t, s, "Fellwar Stone")
		var got []h.Mana
		for _, oc := range manaOutcomes(s, v, stone, v.Of(stone.ID).Abilities[0].ability) {
			got = append(got, oc.mana)
		}
		assert.Equal(t, []h.Mana{h.Of(h.Blue, 1), h.Of(h.Green, 1)}, got, "%v", mine)
		assert.Equal(t, len(mine) > 1, v.manaModifiers(), "%v: the outcomes explored only with the Flare", mine)
	}
}
