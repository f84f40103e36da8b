package props

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestReadEffect: each instruction of the pool's texts that rules.effects judges reads as
// what it prints, and an instruction with a choice or condition in it reads as nothing.
func TestReadEffect(t *testing.T) {
	for _, tc := range []struct {
		text, name string
		want       effect
	}{
		{"+2: Each player draws a card.", "Jace Beleren", effect{draw: 1, drawWho: "each player"}},
		{"−1: Target player draws a card.", "Jace Beleren", effect{draw: 1, drawWho: "target player"}},
		{"−10: Target player mills twenty cards.", "Jace Beleren", effect{mill: 20, millWho: "target player"}},
		{"Cycling {3}{B}{B} ({3}{B}{B}, Discard this card: Draw a card.)", "Decree of Pain", effect{draw: 1}},
		{"Whenever you cast a historic spell, draw a card. (Artifacts, legendaries, and Sagas are historic.)", "Jhoira, Weatherlight Captain", effect{draw: 1}},
		{"Destroy all creatures. They can't be regenerated. Draw a card for each creature destroyed this way.", "Decree of Pain",
			effect{draw: 1, drawSwept: true, sweep: "destroy creatures"}},
		{"Exile all nonland permanents that aren't legendary.", "Urza's Ruinous Blast", effect{sweep: "exile nonlegendary nonland"}},
		{"{T}, Pay 1 life: Exile the top card of your library.", "Mystic Forge", effect{exileTop: true}},
		{"{1}, {T}: Put a +1/+1 counter on this creature.", "Hangarback Walker", effect{counters: 1}},
		{"{5}, {T}, Pay 1 life: Create a 1/1 white and black Human Cleric creature token.", "Westvale Abbey",
			effect{tokens: 1, tokenSub: []string{"Human", "Cleric"}}},
		{"I, II — Create a 2/2 white Knight creature token with vigilance.", "History of Benalia", effect{tokens: 1, tokenSub: []string{"Knight"}}},
		{"III — Knights you control get +2/+1 until end of turn.", "History of Benalia", effect{pumpWho: "Knight", pumpP: 2, pumpT: 1, hasPump: true}},
		{"Target creature gets +3/+3 until end of turn.", "Giant Growth", effect{pumpWho: "target", pumpP: 3, pumpT: 3, hasPump: true}},
		{"{R}: Akroma, Angel of Fury gets +1/+0 until end of turn.", "Akroma, Angel of Fury", effect{pumpWho: "source", pumpP: 1, hasPump: true}},
		{"When you cycle this card, all creatures get -2/-2 until end of turn.", "Decree of Pain", effect{pumpWho: "all creatures", pumpP: -2, pumpT: -2, hasPump: true}},
		// Left alone: a choice, a condition, a number read elsewhere.
		{"Whenever you cycle or discard a card, you may pay {1}. If you do, create a 2/2 blue Drake creature token with flying.", "Drake Haven", effect{}},
		{"At the beginning of your draw step, if this artifact is tapped, it deals 1 damage to you.", "Mana Vault", effect{}},
		{"When you cycle this card, create an X/X blue Shark creature token with flying.", "Shark Typhoon", effect{}},
		{"When this creature dies, create a 1/1 colorless Thopter artifact creature token with flying for each +1/+1 counter on this creature.", "Hangarback Walker", effect{}},
		{"Equipped creature has \"{3}, {Q}: This creature gets +2/+2 until end of turn.\"", "Umbral Mantle", effect{}},
	} {
		got := readEffect(tc.text, tc.name)
		if len(got.tokenSub) == 0 {
			got.tokenSub = nil
		}
		assert.Equal(t, tc.want, got, tc.text)
	}
}
