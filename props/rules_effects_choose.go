package props

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// reMayDo reads an optional instruction ("you may exile target creature", "you may
// return target artifact card", "you may put a creature card from your hand onto the
// battlefield", "you may tap or untap target ..."); checkEffects gives may-pay's "you may
// pay {N}. If you do" to checkMayPay first.
var reMayDo = regexp.MustCompile(`(?:^|[.,:—] )[Yy]ou may `)

// reMayMove reads an optional instruction that moves a card, which something must then
// do when it is taken: "you may exile", "you may return", "you may put". (Becoming a copy
// of what it already copies, or untapping what is untapped, may change nothing.)
var reMayMove = regexp.MustCompile(`(?:^|[.,:—] )[Yy]ou may (?:exile|return|put) `)

// reMayOnTarget reads an optional instruction that acts on its target alone ("you may
// exile target creature", "you may tap or untap target ..."): with the target legal, it
// has something to do. ("You may have this creature become a copy of another target
// creature" also needs its source where it was.)
var reMayOnTarget = regexp.MustCompile(`(?:^|[.,:—] )[Yy]ou may \w+(?: or \w+)? target `)

// maxAnswersReplayed bounds the games replayed for one decision: each other answer is one.
const maxAnswersReplayed = 4

// checkMayChoose judges top, the top of the stack before step i, whose text lets its
// controller choose whether to do something as it resolves (608.2d: "you may" makes the
// choice theirs, and it is made as the instruction is carried out). If step i begins its
// resolution with its targets still legal:
//   - acting on its target alone, its controller is asked (there is something to do:
//     the choice can't be taken from them);
//   - of the answers offered, one does nothing (declining: no card moves but from the
//     stack, no permanent comes, goes, taps, untaps or gets counters, no life changes),
//     and, for an instruction that moves a card, another does something (the choice is
//     honoured).
//
// The answers are told apart by what they do, never by their words (each engine words
// its own options): the game is replayed from its setup with the same actions and each
// other answer in place of the one taken, which is the relation between two games
// differing in that one choice.
func checkMayChoose(eng harness.Engine, tr *gen.Trace, i int, top *harness.StackObject, text string, v *Verdict) {
	st := &tr.Steps[i]
	b, a := st.Before, st.After
	if st.Action.Kind != harness.Pass || b.Casting != nil || !targetsLegal(tr, i, top, text) {
		return
	}
	ctl := top.Controller
	if a.Pending == nil {
		if stillOnStack(a, top.Object) || len(top.Targets) == 0 || !reMayOnTarget.MatchString(text) {
			return // the first pass; or nothing may have been there to do
		}
		v.Reach("may-choose")
		v.add("may-choose", clauseViolation(i, "rules.effects", "608.2d", "may-choose", stackName(*top)+" resolving",
			fmt.Sprintf("%s asked whether to do what it says to its target, which is still legal (CR 608.2d: \"you may\")", ctl),
			"it resolved without asking"))
		return
	}
	if a.Pending.Player != ctl || !stillOnStack(a, top.Object) {
		return
	}
	j := answerOf(tr, i+1, ctl)
	if j < 0 {
		return
	}
	answers := answerGames(eng, tr, j, ctl)
	if len(answers) < 2 {
		return // one answer offered (or the others couldn't be replayed): nothing to relate
	}
	v.Reach("may-choose")
	var declines, does bool
	var seen []string
	for _, g := range answers {
		changed := changesBesidesTheStack(g.before, g.after)
		// An answer after which the resolution asks more (where the creature put onto
		// the battlefield enters as a copy) has yet to finish doing what it does.
		asksMore := g.after.Pending != nil && stillOnStack(g.after, top.Object)
		declines = declines || len(changed) == 0 && !asksMore
		does = does || len(changed) > 0 || asksMore
		what := "nothing besides the stack"
		switch {
		case len(changed) > 0:
			what = strings.Join(changed, "; ")
		case asksMore:
			what = fmt.Sprintf("asked %q", g.after.Pending.Prompt)
		}
		seen = append(seen, fmt.Sprintf("%q: %s", g.answer, what))
	}
	var want string
	switch {
	case !declines:
		want = "one answer that does nothing but finish the resolution (CR 608.2d: \"you may\" lets them not do it)"
	case !does && reMayMove.MatchString(text):
		want = "one answer that moves what it says (CR 608.2d: the choice is theirs, and taken it is carried out)"
	default:
		return
	}
	v.add("may-choose", clauseViolation(j, "rules.effects", "608.2d", "may-choose", stackName(*top)+" resolving",
		fmt.Sprintf("of %s's answers to %q, %s", ctl, text, want),
		"replayed with each answer: "+strings.Join(seen, "; ")))
}

// answerGame is the game before and after one answer to a decision.
type answerGame struct {
	answer        string
	before, after *harness.Snapshot
}

// answerGames is the trace's own answer at step j, then the games replayed with each
// other answer the engine offered player there (up to maxAnswersReplayed). A replay that
// doesn't reach the same decision (an engine that isn't deterministic) is left out.
func answerGames(eng harness.Engine, tr *gen.Trace, j int, player harness.Player) []answerGame {
	st := &tr.Steps[j]
	out := []answerGame{{answer: answerText(st.Action), before: st.Before, after: st.After}}
	prefix := tr.Actions()[:j]
	for _, alt := range st.Legal {
		if alt.Kind != harness.Choose || alt.Player != player || sameTree(alt, st.Action) || len(out) > maxAnswersReplayed {
			continue
		}
		other := gen.Replay(eng, tr.Setup, append(slices.Clip(prefix), alt))
		if other.Err != nil || len(other.Steps) <= j || !sameTree(*other.Steps[j].Before, *st.Before) {
			continue
		}
		out = append(out, answerGame{answer: answerText(alt), before: other.Steps[j].Before, after: other.Steps[j].After})
	}
	return out
}
