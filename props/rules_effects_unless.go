package props

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// reSacrificeUnless reads "sacrifice this <type> unless you sacrifice a creature"
// (Contamination's upkeep trigger). CR 118.12a: it means "you may sacrifice a creature; if
// you don't, sacrifice this".
var reSacrificeUnless = regexp.MustCompile(`(?i)\bsacrifice this \w+ unless you sacrifice a creature\.`)

// checkSacrificeUnless judges top, the top of the stack before step i, whose text says
// "sacrifice this unless you sacrifice a creature" (118.12a), as it resolves with its
// source still on the battlefield. Its controller with no creature isn't asked, and the
// source goes to the graveyard. Otherwise they are asked, and each answer offered
// (replayed from the setup, answerGames) sacrifices one of the creatures they control or
// the source, the source only when no creature; no two answers the same; and, every
// answer replayed, every one of those creatures and the source is sacrificed by one.
func checkSacrificeUnless(eng harness.Engine, tr *gen.Trace, i int, top *harness.StackObject, v *Verdict) {
	ctl := top.Controller
	b := tr.Steps[i].Before
	if src := b.Permanent(top.Card); src == nil || src.Controller != ctl {
		return // the source left, or changed hands: the instruction may do less
	}
	var choices []harness.CardID // what may be sacrificed: the creatures, then the source
	for _, o := range b.Battlefield {
		if o.Controller == ctl && isCreature(o) && o.Card != top.Card {
			choices = append(choices, o.Card)
		}
	}
	choices = append(choices, top.Card)
	what := stackName(*top) + " resolving"
	j, unasked := answerAtResolution(tr, i, top, top.Text)
	if unasked {
		v.Reach("sacrifice-unless")
		st := &tr.Steps[i]
		if got := sacrificed(st.Before, st.After, ctl); len(choices) > 1 || !slices.Equal(got, []harness.CardID{top.Card}) {
			v.add("sacrifice-unless", clauseViolation(i, "rules.effects", "118.12a", "sacrifice-unless", what,
				fmt.Sprintf("with %d creature(s) to sacrifice, %s asked which, or (with none) the source sacrificed alone (CR 118.12a)", len(choices)-1, ctl),
				fmt.Sprintf("it resolved without asking, sacrificing %v", got)))
		}
		return
	}
	if j < 0 {
		return
	}
	answers, all := answerGames(eng, tr, j, ctl)
	v.Reach("sacrifice-unless")
	var seen []string
	var sets [][]harness.CardID
	fail := func(want, bad string) {
		v.add("sacrifice-unless", clauseViolation(j, "rules.effects", "118.12a", "sacrifice-unless", what,
			fmt.Sprintf("%s (CR 118.12a: %s may sacrifice any creature of theirs, %v, and the source only if they don't)", want, ctl, choices[:len(choices)-1]),
			bad+"; replayed with each answer: "+strings.Join(seen, "; ")))
	}
	for _, g := range answers {
		// What leaves for a graveyard besides may have died of the sacrifice (an Aura on
		// it, a creature its anthem kept alive): only the source and the creatures that
		// could be chosen are read.
		got := slices.DeleteFunc(sacrificed(g.before, g.after, ctl), func(c harness.CardID) bool { return !slices.Contains(choices, c) })
		seen = append(seen, fmt.Sprintf("%q: %v", g.answer, got))
		sourceGone := slices.Contains(got, top.Card)
		switch {
		case len(got) == 0:
			fail("each answer to sacrifice a creature of theirs or the source", fmt.Sprintf("%q sacrifices neither", g.answer))
			return
		case sourceGone && len(got) > 1:
			fail("the source sacrificed only by an answer that sacrifices no creature", fmt.Sprintf("%q sacrifices the source and %v", g.answer, got))
			return
		}
		for k, other := range sets {
			if slices.Equal(other, got) {
				fail("no two answers to sacrifice the same", fmt.Sprintf("%q and %q both sacrifice %v", answers[k].answer, g.answer, got))
				return
			}
		}
		sets = append(sets, got)
	}
	if !all {
		return
	}
	for _, c := range choices {
		if !slices.ContainsFunc(sets, func(set []harness.CardID) bool { return slices.Contains(set, c) }) {
			fail(fmt.Sprintf("an answer that sacrifices card %d", c), "none does")
			return
		}
	}
}

// sacrificed is the cards of player p's permanents in b that are in a graveyard in a, or
// gone (a token ceases to exist there, 704.5d).
func sacrificed(b, a *harness.Snapshot, p harness.Player) []harness.CardID {
	var out []harness.CardID
	for _, o := range b.Battlefield {
		if now := a.Find(o.Card); o.Controller == p && (now == nil || now.Zone == harness.Graveyard) {
			out = append(out, o.Card)
		}
	}
	return out
}
