package props

import (
	"fmt"
	"slices"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// beganDrawStep reports whether step st began a draw step: the game was before the draw
// step of a turn and is now at it or later in that turn, or it moved on to a later turn
// and is at that turn's draw step or later (no player gets priority in an untap step, CR
// 502.4, so a step can cross into the next turn's upkeep and go no further).
func beganDrawStep(st *gen.TraceStep) bool {
	b, a := st.Before, st.After
	draw := harness.Draw.Index()
	if a.Turn == b.Turn {
		return b.Step.Index() < draw && a.Step.Index() >= draw
	}
	return a.Turn > b.Turn && a.Step.Index() >= draw
}

// checkDraw judges a step that began a draw step (CR 504.1, 103.8a): the active player
// drew exactly one card, the top of their library, unless it is the game's first turn,
// whose player skips that draw; the other player's library stays as it was. Only a
// step that resolved nothing is judged: a resolving spell or ability may draw or mill.
func checkDraw(tr *gen.Trace, i int, v *Verdict) {
	st := &tr.Steps[i]
	if !beganDrawStep(st) || resolvedSomething(st) || st.After.GameOver {
		return
	}
	b, a := st.Before, st.After
	p := a.Active
	lib := b.Players[p].Library
	if len(lib) == 0 && a.Turn > 1 {
		return // drawing from an empty library loses the game instead (CR 704.5b): rules.sba's
	}
	v.Reach("draw")
	want, rule := len(lib)-1, "504.1"
	if a.Turn == 1 {
		want, rule = len(lib), "103.8a"
	}
	what := fmt.Sprintf("%s's library as turn %d's draw step began", p, a.Turn)
	if got := len(a.Players[p].Library); got != want {
		exp := fmt.Sprintf("%d cards: the active player draws a card as the draw step begins (CR 504.1)", want)
		if rule == "103.8a" {
			exp = fmt.Sprintf("%d cards, as before: the player who plays first skips the draw of the game's first turn (CR 103.8a)", want)
		}
		v.add("draw", violation(i, "rules.turn", rule, what, exp, fmt.Sprintf("%d cards (%d before)", got, len(lib))))
		return
	}
	if rule == "504.1" && !slices.ContainsFunc(a.Players[p].Hand, func(o *harness.Object) bool { return o.Card == lib[0].Card }) {
		v.add("draw", violation(i, "rules.turn", rule, what,
			fmt.Sprintf("the top card, %s (card %d), drawn into %s's hand (CR 504.1, 121.1)", lib[0].Name, lib[0].Card, p),
			"another card left the library"))
	}
	o := p.Opponent()
	if got, was := len(a.Players[o].Library), len(b.Players[o].Library); got != was {
		v.add("draw", violation(i, "rules.turn", "504.1", fmt.Sprintf("%s's library as %s's draw step began", o, p),
			fmt.Sprintf("%d cards, as before: only the active player draws (CR 504.1)", was), fmt.Sprintf("%d cards", got)))
	}
}
