package engine

import (
	"reflect"
	"testing"

	h "github.com/mtgfuzz/mtgfuzz/harness"
	"pgregory.net/rapid"
)

// TestArbitraryActionsNeverPanic: whatever action a port or a hand-written scenario sends,
// applyAction answers with a new state or an error naming a CR rule; it never panics, and it
// never changes its input. Random actions are mixed with legal ones so that the states
// visited go beyond the start.
func TestArbitraryActionsNeverPanic(t *testing.T) {
	kinds := []h.ActionKind{h.Pass, h.PlayLand, h.Cast, h.Activate, h.Pay, h.Cancel, h.Choose, h.Attack, "bogus"}
	rapid.Check(t, func(t *rapid.T) {
		s, err := newGame(twentyPermanents(), nil)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 30; i++ {
			var a h.Action
			if legal := legalActions(s); len(legal) > 0 && rapid.Bool().Draw(t, "legal") {
				a = legal[rapid.IntRange(0, len(legal)-1).Draw(t, "which")]
			} else {
				a = h.Action{
					Player:  h.Player(rapid.IntRange(0, 2).Draw(t, "player")),
					Kind:    rapid.SampledFrom(kinds).Draw(t, "kind"),
					Card:    h.CardID(rapid.IntRange(0, 25).Draw(t, "card")),
					Ability: rapid.IntRange(-1, 4).Draw(t, "ability"),
					X:       rapid.IntRange(-1, 5).Draw(t, "x"),
					Choices: rapid.SliceOfN(rapid.SampledFrom([]string{"type:G", "type:Q", "replace:Mana Reflection", "option:pay {4}", "nonsense", ":"}), 0, 2).Draw(t, "choices"),
					Payment: h.Mana{rapid.IntRange(-1, 2).Draw(t, "payW"), 0, 0, 0, rapid.IntRange(0, 3).Draw(t, "payG"), rapid.IntRange(0, 3).Draw(t, "payC")},
				}
				if rapid.Bool().Draw(t, "targets") {
					a.Targets = []h.Target{h.CardTarget(h.CardID(rapid.IntRange(0, 25).Draw(t, "target")))}
				}
				if a.Kind == h.Attack {
					a.Attackers = []h.CardID{h.CardID(rapid.IntRange(0, 25).Draw(t, "attacker"))}
				}
			}
			before := snapshot(s)
			next, _, err := applyAction(s, a)
			if after := snapshot(s); !reflect.DeepEqual(before, after) {
				t.Fatalf("Step changed its input on %s", a)
			}
			if err == nil {
				s = next
			}
		}
	})
}
