package props

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// reScryOne reads "scry 1" (CR 701.22a): look at the top card of your library, then put
// it on the bottom or leave it on top.
var reScryOne = regexp.MustCompile(`(?i)\bscry 1\.`)

// checkScry judges top, the top of the stack before step i, whose text has its controller
// scry 1 (701.22a), when their library holds two cards or more (with one, both answers
// leave it as it is). The choice is theirs, so they are asked; and of the answers
// offered, one leaves the library as it was and another puts its top card on the bottom,
// the rest in the same order, and none does anything else to it. Answers are told apart
// by what they do, never by their words: the game is replayed with each other answer
// (answerGames), as for a "you may".
func checkScry(eng harness.Engine, tr *gen.Trace, i int, top *harness.StackObject, v *Verdict) {
	ctl := top.Controller
	lib := libraryCards(tr.Steps[i].Before, ctl)
	if len(lib) < 2 {
		return
	}
	j, unasked := answerAtResolution(tr, i, top, top.Text)
	if unasked {
		v.Reach("scry")
		v.add("scry", clauseViolation(i, "rules.effects", "701.22a", "scry", stackName(*top)+" resolving",
			fmt.Sprintf("%s asked whether to put the top card of their library (%d cards) on the bottom (CR 701.22a: scry 1)", ctl, len(lib)),
			"it resolved without asking"))
		return
	}
	if j < 0 {
		return
	}
	answers, all := answerGames(eng, tr, j, ctl)
	v.Reach("scry")
	var keeps, bottoms bool
	var seen []string
	for _, g := range answers {
		was, now := libraryCards(g.before, ctl), libraryCards(g.after, ctl)
		what := fmt.Sprintf("library %v", now)
		switch {
		case slices.Equal(was, now):
			keeps, what = true, "library as it was"
		case len(was) > 0 && slices.Equal(now, append(slices.Clone(was[1:]), was[0])):
			bottoms, what = true, "top card on the bottom"
		default:
			v.add("scry", clauseViolation(j, "rules.effects", "701.22a", "scry", stackName(*top)+" resolving",
				fmt.Sprintf("%s's answer %q to leave their library %v as it was, or to put its top card on the bottom (CR 701.22a)", ctl, g.answer, was),
				fmt.Sprintf("their library is %v", now)))
			return
		}
		seen = append(seen, fmt.Sprintf("%q: %s", g.answer, what))
	}
	if all && !(keeps && bottoms) {
		v.add("scry", clauseViolation(j, "rules.effects", "701.22a", "scry", stackName(*top)+" resolving",
			fmt.Sprintf("of %s's answers to scry 1, one that leaves the top card on top and one that puts it on the bottom (CR 701.22a: the choice is theirs)", ctl),
			"replayed with each answer: "+strings.Join(seen, "; ")))
	}
}

// libraryCards is player p's library in s, top first, by card.
func libraryCards(s *harness.Snapshot, p harness.Player) []harness.CardID {
	var out []harness.CardID
	for _, o := range s.Players[p].Library {
		out = append(out, o.Card)
	}
	return out
}
