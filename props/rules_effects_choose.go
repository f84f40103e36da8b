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

// reMayFromHand reads an optional instruction that moves a card of a kind from the hand:
// "you may put a creature card from your hand onto the battlefield" (Sneak Attack), "you
// may exile a nonartifact, nonland card from your hand" (Chrome Mox): any card of that
// kind there may be the one. The kind is card types, each maybe "non".
var reMayFromHand = regexp.MustCompile(`(?:^|[.,:—] )[Yy]ou may (?:put|exile) an? ((?:non)?[a-z]+(?:, (?:non)?[a-z]+)*) card from your hand`)

// ofKind reports whether o is of kind, as reMayFromHand reads it: "creature",
// "nonartifact, nonland".
func ofKind(o *harness.Object, kind string) bool {
	for _, w := range strings.Split(kind, ", ") {
		not := strings.HasPrefix(w, "non")
		w = strings.TrimPrefix(w, "non")
		if o.HasType(strings.ToUpper(w[:1])+w[1:]) == not {
			return false
		}
	}
	return true
}

// reThatGains reads what a creature put onto the battlefield gains ("You may put a
// creature card from your hand onto the battlefield. That creature gains haste.").
var reThatGains = regexp.MustCompile(`onto the battlefield\. That creature gains (\w+)\.`)

// reNextEndStep reads a delayed triggered ability an instruction creates (603.7): "Sacrifice
// the creature at the beginning of the next end step", "If you do, return that card to
// the battlefield ... at the beginning of the next end step".
var reNextEndStep = regexp.MustCompile(`at the beginning of the next end step`)

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
//     honoured), and for "a creature card from your hand" (or "a nonartifact, nonland
//     card") every such card is taken by one answer (any may be chosen); a creature an answer puts onto the battlefield has what "That creature
//     gains" gives it (611.2c: from the effect, as it arrives); and where the answer
//     taken moved a card and the text creates a delayed trigger "at the beginning of
//     the next end step" (603.7a), that step begins with an ability of the source on
//     the stack, while the card is still where it was moved to.
//
// The answers are told apart by what they do, never by their words (each engine words
// its own options): the game is replayed from its setup with the same actions and each
// other answer in place of the one taken, which is the relation between two games
// differing in that one choice.
func checkMayChoose(eng harness.Engine, tr *gen.Trace, i int, top *harness.StackObject, text string, v *Verdict) {
	ctl := top.Controller
	j, unasked := answerAtResolution(tr, i, top, text)
	if unasked {
		if len(top.Targets) == 0 || !reMayOnTarget.MatchString(text) {
			return // nothing may have been there to do
		}
		v.Reach("may-choose")
		v.add("may-choose", clauseViolation(i, "rules.effects", "608.2d", "may-choose", stackName(*top)+" resolving",
			fmt.Sprintf("%s asked whether to do what it says to its target, which is still legal (CR 608.2d: \"you may\")", ctl),
			"it resolved without asking"))
		return
	}
	if j < 0 {
		return
	}
	answers, all := answerGames(eng, tr, j, ctl)
	if len(answers) < 2 {
		return // one answer offered (or the others couldn't be replayed): nothing to relate
	}
	v.Reach("may-choose")
	var declines, does, anyAsks bool
	var seen []string
	for _, g := range answers {
		changed := changesBesidesTheStack(g.before, g.after)
		// An answer after which the resolution asks more (where the creature put onto
		// the battlefield enters as a copy) has yet to finish doing what it does.
		asksMore := g.after.Pending != nil && stillOnStack(g.after, top.Object)
		anyAsks = anyAsks || asksMore
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
		if m := reThatGains.FindStringSubmatch(text); m != nil && !asksMore {
			for _, o := range newCreatures(g.before, g.after) {
				if !slices.ContainsFunc(o.Abilities, func(t string) bool { return strings.EqualFold(t, m[1]) }) {
					v.add("may-choose", clauseViolation(j, "rules.effects", "611.2c", "may-choose", describe(o),
						fmt.Sprintf("put onto the battlefield by %s answering %q, it has %s (%q)", ctl, g.answer, m[1], text),
						fmt.Sprintf("its abilities are %q", o.Abilities)))
					return
				}
			}
		}
	}
	checkDelayed(tr, j, top, text, answers[0], v)
	if m := reMayFromHand.FindStringSubmatch(text); m != nil && all && !anyAsks { // an answer that asks more has yet to move its card
		if missing := cardsNotTaken(ctl, answers, m[1]); len(missing) > 0 {
			v.add("may-choose", clauseViolation(j, "rules.effects", "608.2d", "may-choose", stackName(*top)+" resolving",
				fmt.Sprintf("of %s's answers to %q, one that takes each %s card in their hand (CR 608.2d: any one may be chosen)", ctl, text, m[1]),
				fmt.Sprintf("none takes %v; replayed with each answer: %s", missing, strings.Join(seen, "; "))))
			return
		}
	}
	var want string
	switch {
	case !declines && all: // the answer that declines may be one not replayed
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

// cardsNotTaken is the cards of kind in player p's hand when they answered that no
// answer takes from it.
func cardsNotTaken(p harness.Player, answers []answerGame, kind string) []harness.CardID {
	var missing []harness.CardID
	for _, o := range answers[0].before.Players[p].Hand {
		if !ofKind(o, kind) {
			continue
		}
		// Taken, it leaves the hand (a 0/0 put onto the battlefield dies at once, 704.5f:
		// the battlefield need not keep it).
		leaves := func(g answerGame) bool { now := g.after.Find(o.Card); return now == nil || now.Zone != harness.Hand }
		if !slices.ContainsFunc(answers, leaves) {
			missing = append(missing, o.Card)
		}
	}
	return missing
}

// checkDelayed judges the delayed trigger the answer taken at step j created, if the text
// makes one at the next end step and the answer moved a card: when the next end step
// begins (the first step after j that enters it), an ability of top's source is on the
// stack (603.7a, 603.3), if the cards it moved are still where they went. A beginning
// that asks first (an order of triggers) is not judged.
func checkDelayed(tr *gen.Trace, j int, top *harness.StackObject, text string, own answerGame, v *Verdict) {
	if !reNextEndStep.MatchString(text) {
		return
	}
	moved := map[harness.CardID]harness.ObjectID{}
	for _, o := range own.after.Objects() {
		// Where a delayed ability of the pool acts on it: the battlefield (sacrifice it) or
		// exile (return it); a creature that died as it entered is out of its reach.
		if was := own.before.Find(o.Card); was != nil && was.Zone != o.Zone && (o.Zone == harness.Battlefield || o.Zone == harness.Exile) {
			moved[o.Card] = o.Object
		}
	}
	if len(moved) == 0 {
		return
	}
	for k := j + 1; k < len(tr.Steps); k++ {
		b, a := tr.Steps[k].Before, tr.Steps[k].After
		if b.Step == harness.End || a.Step != harness.End {
			continue
		}
		if a.Pending != nil {
			return
		}
		for c, id := range moved {
			if o := b.Find(c); o == nil || o.Object != id {
				return // it moved again: the delayed ability may do nothing, and need not be judged
			}
		}
		v.Reach("may-choose")
		at := slices.IndexFunc(a.Stack, func(so harness.StackObject) bool { return so.Kind != "spell" && so.Card == top.Card })
		if at < 0 {
			v.add("may-choose", clauseViolation(k, "rules.effects", "603.7a", "may-choose", stackName(*top)+"'s delayed trigger",
				fmt.Sprintf("as the next end step begins, an ability of %s (card %d) on the stack: answering %q at action %d created one (%q)", top.Name, top.Card, own.answer, j+1, text),
				"none on the stack"))
			return
		}
		checkDelayedResolves(tr, k+1, a.Stack[at], moved, v)
		return
	}
}

// checkDelayedResolves judges the delayed ability d as it resolves (from step k on), with
// every card in moved still the object it was: "Sacrifice the creature." moves each off
// the battlefield (701.21a), "Return that card to the battlefield" out of exile. Where it
// went is not judged: a creature returned may die at once to a state-based action (a
// Hangarback Walker with no counters).
func checkDelayedResolves(tr *gen.Trace, k int, d harness.StackObject, moved map[harness.CardID]harness.ObjectID, v *Verdict) {
	from, to := harness.Battlefield, harness.Graveyard
	switch {
	case strings.HasPrefix(d.Text, "Sacrifice the creature"):
	case strings.HasPrefix(d.Text, "Return that card to the battlefield"):
		from, to = harness.Exile, harness.Battlefield
	default:
		return
	}
	for ; k < len(tr.Steps); k++ {
		st := &tr.Steps[k]
		b := st.Before
		if len(b.Stack) == 0 || b.Stack[len(b.Stack)-1].Object != d.Object {
			if !stillOnStack(b, d.Object) {
				return // gone without resolving (countered: Stifle)
			}
			continue
		}
		if st.Action.Kind != harness.Pass || b.Pending != nil || stillOnStack(st.After, d.Object) || st.After.Pending != nil {
			continue
		}
		for c, id := range moved {
			was, now := b.Find(c), st.After.Find(c)
			if was == nil || was.Object != id || was.Zone != from {
				return // moved since, or never where the ability acts (it died as it entered)
			}
			if now != nil && now.Object == was.Object {
				v.add("may-choose", clauseViolation(k, "rules.effects", "603.7a", "may-choose", describe(was),
					fmt.Sprintf("%q, resolving, to put it %s", d.Text, inZone(to)), "it stayed "+inZone(now.Zone)))
				return
			}
		}
		return
	}
}

// newCreatures are the creatures on the battlefield in a that weren't in b (new objects).
func newCreatures(b, a *harness.Snapshot) []*harness.Object {
	var out []*harness.Object
	for _, o := range a.Battlefield {
		if was := b.Permanent(o.Card); (was == nil || was.Object != o.Object) && isCreature(o) {
			out = append(out, o)
		}
	}
	return out
}

// answerGame is the game before and after one answer to a decision.
type answerGame struct {
	answer        string
	before, after *harness.Snapshot
}

// answerGames is the trace's own answer at step j, then the games replayed with each
// other answer the engine offered player there (up to maxAnswersReplayed); all reports
// whether every answer offered is among them. A replay that doesn't reach the same
// decision (an engine that isn't deterministic) is left out.
func answerGames(eng harness.Engine, tr *gen.Trace, j int, player harness.Player) (out []answerGame, all bool) {
	st := &tr.Steps[j]
	out = []answerGame{{answer: answerText(st.Action), before: st.Before, after: st.After}}
	prefix := tr.Actions()[:j]
	all = true
	for _, alt := range st.Legal {
		if alt.Kind != harness.Choose || alt.Player != player || sameTree(alt, st.Action) {
			continue
		}
		if len(out) > maxAnswersReplayed {
			all = false
			continue
		}
		other := gen.Replay(eng, tr.Setup, append(slices.Clip(prefix), alt))
		if other.Err != nil || len(other.Steps) <= j || !sameTree(*other.Steps[j].Before, *st.Before) {
			all = false
			continue
		}
		out = append(out, answerGame{answer: answerText(alt), before: other.Steps[j].Before, after: other.Steps[j].After})
	}
	return out, all
}
