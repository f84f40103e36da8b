package props

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// sagaRules checks Sagas (CR 714) by relating what the game shows across each step: the
// lore counters on each Saga, the chapter abilities on the stack, and whether the Saga is
// still on the battlefield. A Saga's chapters are read from its ability texts ("I, II —
// ..."), its final chapter number is the greatest of them (714.2d).
func sagaRules() *Property {
	return &Property{
		ID:      "rules.sagas",
		Rulings: []string{"rules.sagas"},
		Rules:   []string{"714.2b", "714.2c", "714.3a", "714.3c", "714.4", "704.5s", "505.4"},
		Description: "A Saga gets a lore counter as it enters and one as its controller's precombat main phase begins, and no other " +
			"time; each chapter number its lore counters reach triggers that chapter ability once; it is sacrificed once its " +
			"lore counters reach its final chapter number and no chapter ability of it is waiting to resolve, not before.",
		Clauses: []Clause{
			{Name: "precombat-main", Rules: []string{"714.3c", "505.4"},
				Description: "As the active player's precombat main phase begins, each Saga they control with chapter abilities gets exactly one lore counter, and the other player's Sagas none."},
			{Name: "other-steps", Rules: []string{"714.3c"},
				Description: "A step or phase beginning other than the precombat main phase puts no lore counter on any Saga."},
			{Name: "chapters", Rules: []string{"714.2b", "714.2c", "714.3a"},
				Description: "Lore counters put on a Saga, or that it entered with, trigger each chapter ability once for each of its chapter numbers they reach (more than the Saga had, at most as many as it now has), and no other."},
			{Name: "stays-with-chapter", Rules: []string{"714.4", "704.5s"},
				Description: "A Saga whose lore counters reach its final chapter number stays on the battlefield while the chapter ability that triggered waits on the stack."},
			{Name: "sacrificed", Rules: []string{"714.4", "704.5s"},
				Description: "Once the last chapter ability of a Saga with lore counters at or past its final chapter has left the stack, the Saga is gone from the battlefield the next time a player has priority."},
		},
		Steer: sagaSteer(),
		Check: checkSagas,
	}
}

// sagaSteer builds boards with Sagas at every number of lore counters, Knights and
// creatures to pump, cards to draw, and History of Benalia in hand with the mana for it;
// the games start before the precombat main phase or in the other player's turn, so the
// turn-based action comes soon.
func sagaSteer() gen.Steer {
	lands := []gen.Pick{{Card: "Plains", Weight: 40}, {Card: "Island", Weight: 10}}
	return gen.Steer{
		Name: "rules.sagas",
		Recipes: []gen.Recipe{
			{Name: "sagas on the board", Weight: 12,
				Mine:      slices.Concat([]gen.Pick{{Card: "History of Benalia", Weight: 60}, {Card: "Grizzly Bears", Weight: 10}}, lands),
				Theirs:    slices.Concat([]gen.Pick{{Card: "History of Benalia", Weight: 30}}, lands),
				Hand:      []gen.Pick{{Card: "History of Benalia", Weight: 30}, {Card: "Stifle", Weight: 10}},
				AvoidMine: gen.Planeswalker, AvoidTheirs: gen.Planeswalker,
				MinPermanents: 3, MinLibrary: 3,
				Steps: []harness.Step{harness.Upkeep, harness.Draw, harness.Main2, harness.End}, StepWeight: 60},
			{Name: "cast a saga", Weight: 6,
				Mine: lands, AvoidMine: gen.Permanent,
				Hand:    []gen.Pick{{Card: "History of Benalia", Weight: 80}, {Card: "Clever Impersonator", Weight: 10}},
				Pool:    harness.Of(harness.White, 2).Add(harness.Of(harness.Colorless, 1)),
				MinHand: 1, MinPermanents: 2, MinLibrary: 2, Steps: []harness.Step{harness.Main1, harness.Main2}},
		},
		Actions: &gen.ActionWeights{Pass: 20, Mana: 2, Land: 2, Cast: 4, Pay: 6, Activate: 1, Attack: 2, Choose: 4, Cancel: 1},
	}
}

// sagaMoment is a Saga on the battlefield at one moment.
type sagaMoment struct {
	obj      *harness.Object
	chapters map[string][]int // chapter ability text -> its chapter numbers
	final    int
}

// sagasOn lists the Sagas on s's battlefield with one or more chapter abilities.
func sagasOn(s *harness.Snapshot) []sagaMoment {
	var out []sagaMoment
	for _, o := range s.Battlefield {
		if !slices.Contains(o.Subtypes, "Saga") {
			continue
		}
		m := sagaMoment{obj: o, chapters: map[string][]int{}}
		for _, t := range o.Abilities {
			if ns := chapterNumbers(t); len(ns) > 0 {
				m.chapters[t] = ns
				m.final = max(m.final, slices.Max(ns))
			}
		}
		if m.final > 0 {
			out = append(out, m)
		}
	}
	return out
}

// chapterNumbers reads a chapter ability's chapter numbers from its text, "I, II — ..."
// (CR 714.2a, 714.2c); nil for another ability.
func chapterNumbers(text string) []int {
	head, _, ok := strings.Cut(text, " — ")
	if !ok {
		return nil
	}
	var out []int
	for _, r := range strings.Split(head, ", ") {
		n := romanValue(r)
		if n == 0 {
			return nil
		}
		out = append(out, n)
	}
	return out
}

// romanValue is the value of a Roman numeral of I, V and X (I to XXXIX), 0 for anything
// else.
func romanValue(r string) int {
	vals := map[byte]int{'I': 1, 'V': 5, 'X': 10}
	n := 0
	for i := 0; i < len(r); i++ {
		v := vals[r[i]]
		if v == 0 {
			return 0
		}
		if i+1 < len(r) && vals[r[i+1]] > v {
			n -= v
		} else {
			n += v
		}
	}
	return n
}

// lore is the number of lore counters on o.
func lore(o *harness.Object) int { return o.Counters["lore"] }

// chapterOnStack counts the instances of Saga card c's chapter abilities on s's stack.
func chapterOnStack(s *harness.Snapshot, c harness.CardID) int {
	n := 0
	for _, so := range s.Stack {
		if so.Kind == "ability" && so.Card == c && len(chapterNumbers(so.Text)) > 0 {
			n++
		}
	}
	return n
}

func checkSagas(_ harness.Engine, tr *gen.Trace) Verdict {
	var v Verdict
	for i := range tr.Steps {
		st := &tr.Steps[i]
		b, a := st.Before, st.After
		checkLoreTurnAction(tr, i, b, a, &v)
		if !settled(a) {
			continue
		}
		checkChapters(i, b, a, &v)
		checkSacrifice(i, b, a, &v)
	}
	return v
}

// checkLoreTurnAction: a step beginning puts one lore counter on each of the active
// player's Sagas if it is the precombat main phase (CR 714.3c), and none otherwise. The
// Sagas judged are those on the battlefield before and after, the same objects.
func checkLoreTurnAction(tr *gen.Trace, i int, b, a *harness.Snapshot, v *Verdict) {
	if a.Turn == b.Turn && a.Step == b.Step {
		return
	}
	main := a.Step == harness.Main1 && (b.Step != harness.Main1 || a.Turn != b.Turn)
	for _, s := range sagasOn(b) {
		now := a.Permanent(s.obj.Card)
		if now == nil || now.Object != s.obj.Object {
			continue
		}
		got := lore(now) - lore(s.obj)
		what := fmt.Sprintf("as turn %d's %s begins", a.Turn, a.Step)
		switch {
		case main:
			v.Reach("precombat-main")
			want := 0
			if now.Controller == a.Active {
				want = 1
			}
			if got != want {
				v.Violations = append(v.Violations, clauseViolation(i, "rules.sagas", "714.3c", "precombat-main", what,
					fmt.Sprintf("%d lore counter(s) put on %s, controlled by %s with %s active (CR 714.3c, 505.4)", want, describe(now), now.Controller, a.Active),
					fmt.Sprintf("%d (from %d to %d)", got, lore(s.obj), lore(now))))
			}
		default:
			v.Reach("other-steps")
			if got != 0 {
				v.Violations = append(v.Violations, clauseViolation(i, "rules.sagas", "714.3c", "other-steps", what,
					fmt.Sprintf("no lore counter put on %s: only the precombat main phase beginning adds one (CR 714.3c)", describe(now)),
					fmt.Sprintf("%d (from %d to %d)", got, lore(s.obj), lore(now))))
			}
		}
	}
}

// checkChapters: the new instances of a Saga's chapter abilities on the stack, the next
// time a player has priority, are one for each chapter number its lore counters passed
// since the moment before (from 0 for a Saga that has just entered), CR 714.2b, 714.2c.
// A step with a decision in it is judged at its end only when the Saga's counters and
// the stack both settle there; a Saga whose counters didn't change has no new chapter.
func checkChapters(i int, b, a *harness.Snapshot, v *Verdict) {
	for _, s := range sagasOn(a) {
		from := 0
		if was := b.Permanent(s.obj.Card); was != nil && was.Object == s.obj.Object {
			from = lore(was)
		}
		to := lore(s.obj)
		if to == from {
			continue
		}
		got := map[string]int{}
		for _, so := range a.Stack {
			if so.Kind == "ability" && so.Card == s.obj.Card && !stillOnStack(b, so.Object) {
				got[so.Text]++
			}
		}
		v.Reach("chapters")
		for _, t := range s.obj.Abilities {
			ns, ok := s.chapters[t]
			if !ok {
				continue
			}
			want := 0
			for _, n := range ns {
				if from < n && n <= to {
					want++
				}
			}
			if got[t] != want {
				v.Violations = append(v.Violations, clauseViolation(i, "rules.sagas", "714.2b", "chapters", fmt.Sprintf("with %s to act", a.Priority),
					fmt.Sprintf("%d new instance(s) of %s's %q: its lore counters went from %d to %d (CR 714.2b, 714.2c)", want, describe(s.obj), t, from, to),
					fmt.Sprintf("%d on the stack", got[t])))
				return
			}
		}
	}
}

// checkSacrifice: a Saga whose lore counters reached its final chapter number in this
// step, from an empty stack (a step beginning: nothing could have removed it), stays
// while that chapter ability waits on the stack; one whose last waiting chapter ability
// left the stack in this step, with lore counters at or past its final chapter, is gone
// (CR 714.4, 704.5s).
func checkSacrifice(i int, b, a *harness.Snapshot, v *Verdict) {
	what := fmt.Sprintf("with %s to act", a.Priority)
	for _, s := range sagasOn(b) {
		var now *sagaMoment
		for _, n := range sagasOn(a) {
			if n.obj.Object == s.obj.Object {
				now = &n
			}
		}
		switch {
		case lore(s.obj) < s.final && len(b.Stack) == 0 && newFinalChapter(b, a, s):
			v.Reach("stays-with-chapter")
			if now == nil {
				v.Violations = append(v.Violations, clauseViolation(i, "rules.sagas", "714.4", "stays-with-chapter", what,
					fmt.Sprintf("%s stays on the battlefield while its final chapter ability waits on the stack (CR 714.4, 704.5s)", describe(s.obj)),
					"it left the battlefield"))
			}
		case lore(s.obj) >= s.final && chapterOnStack(b, s.obj.Card) > 0 && chapterOnStack(a, s.obj.Card) == 0:
			v.Reach("sacrificed")
			if now != nil && lore(now.obj) >= now.final {
				v.Violations = append(v.Violations, clauseViolation(i, "rules.sagas", "714.4", "sacrificed", what,
					fmt.Sprintf("%s, with %d lore counter(s) and final chapter %d, sacrificed once its last chapter ability left the stack (CR 714.4, 704.5s)", describe(s.obj), lore(now.obj), now.final),
					"it is still on the battlefield"))
			}
		}
	}
}

// newFinalChapter: a's stack holds an instance of Saga s's chapter ability for its final
// chapter number that b's didn't.
func newFinalChapter(b, a *harness.Snapshot, s sagaMoment) bool {
	for _, so := range a.Stack {
		if so.Kind == "ability" && so.Card == s.obj.Card && !stillOnStack(b, so.Object) && slices.Contains(chapterNumbers(so.Text), s.final) {
			return true
		}
	}
	return false
}
