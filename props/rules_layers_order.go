package props

import (
	"fmt"
	"regexp"
	"strconv"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// The order of layers 7b and 7c (CR 613.4b-c, 613.7): every effect that modifies power and
// toughness applies after every effect that sets them, whatever their timestamps, so a pump
// adds exactly its printed amount whether it came before or after a setting effect. The
// relation is checked by playing the game on from a moment of the trace where a permanent
// with an ability that sets its own P/T (Mutavault's "becomes a 2/2 creature", layer 7b)
// is a creature, its controller has priority, and a pump of it (a "target creature gets
// +N/+N until end of turn" spell, or its own "gets +N/+N" ability) can be taken: once with
// the setting ability alone, then with the pump after it, then with the pump before it.
// A copy effect also gives P/T, but in layer 1 (CR 707.2, 613.2): "becomes a copy" is not a
// setting ability here.

// setsPT matches an ability that sets its source's power and toughness (layer 7b).
var setsPT = regexp.MustCompile(`^[^:"]*: This [a-z]+ becomes an? \d+/\d+ [^"]*until end of turn`)

// pumpText matches what a pump does: "gets +N/+M until end of turn" (layer 7c).
var pumpText = regexp.MustCompile(`gets ([+-]\d+)/([+-]\d+) until end of turn`)

// ptOrder is a found pair of actions on one permanent at one moment of a trace.
type ptOrder struct {
	from     played // where the games part
	animated bool   // the setting ability was taken once to get there
	subject  *harness.Object
	set      harness.Action
	pump     harness.Action
	dp, dt   int // the pump's printed amount
}

// checkPTOrder judges the first moment of the trace where a setting ability and a pump of
// the same permanent can both be taken by its controller from there. A permanent that is
// not yet a creature (nothing could pump it) is first made one by its setting ability, in
// every game alike.
func checkPTOrder(eng harness.Engine, tr *gen.Trace, v *Verdict) {
	const tries = 2 // moments asked about at most: one that looks right may not be
	asked := 0
	for _, m := range moments(tr) {
		if asked == tries {
			return
		}
		subject := ptOrderSubject(m)
		if subject == nil {
			continue
		}
		asked++
		if o, ok := findPTOrder(eng, m, subject); ok {
			judgePTOrder(eng, tr, m.Step, o, v)
			return
		}
	}
}

// ptOrderSubject is the permanent of a moment whose controller has priority and which has
// an ability that sets its P/T, or nil.
func ptOrderSubject(m moment) *harness.Object {
	s := m.Snap
	if m.State == nil || s.Pending != nil || s.Casting != nil || s.GameOver || s.Priority == harness.NoPlayer {
		return nil
	}
	for i := range s.Battlefield {
		o := s.Battlefield[i]
		if o.Controller != s.Priority {
			continue
		}
		for _, text := range o.Abilities {
			if setsPT.MatchString(text) {
				return o
			}
		}
	}
	return nil
}

// findPTOrder finds the subject's setting ability among the legal actions and, once the
// subject is a creature, a pump of it with its printed amount.
func findPTOrder(eng harness.Engine, m moment, subject *harness.Object) (ptOrder, bool) {
	o := ptOrder{subject: subject, from: played{m.State, m.Snap}}
	legal, err := eng.Legal(m.State)
	if err != nil {
		return o, false
	}
	haveSet := false
	for _, a := range legal {
		if a.Player == subject.Controller && a.Kind == harness.Activate && a.Card == subject.Card &&
			a.Ability < len(subject.Abilities) && setsPT.MatchString(subject.Abilities[a.Ability]) {
			o.set, haveSet = a, true
			break
		}
	}
	if !haveSet {
		return o, false
	}
	if !isCreature(subject) {
		first, ok := playOn(eng, o.from, o.set)
		if !ok {
			return o, false
		}
		if o.subject = first.snap.Permanent(subject.Card); !samePermanent(o.subject, subject) {
			return o, false
		}
		o.from, o.animated = first, true
		if legal, err = eng.Legal(first.state); err != nil {
			return o, false
		}
	}
	for _, a := range legal {
		if dp, dt, ok := pumpOf(o.from.snap, o.subject, a); ok && a.Player == subject.Controller {
			o.pump, o.dp, o.dt = a, dp, dt
			return o, true
		}
	}
	return o, false
}

// pumpOf reads the printed amount of action a when it pumps subject: a spell whose text is
// "Target creature gets +N/+M until end of turn" cast targeting it, or an ability of its
// own saying it gets +N/+M.
func pumpOf(s *harness.Snapshot, subject *harness.Object, a harness.Action) (dp, dt int, ok bool) {
	var text string
	switch a.Kind {
	case harness.Cast:
		card := s.Find(a.Card)
		if card == nil || len(card.Abilities) == 0 || len(a.Targets) != 1 || a.Targets[0] != harness.CardTarget(subject.Card) {
			return 0, 0, false
		}
		text = card.Abilities[len(card.Abilities)-1]
		if !pumpSpell.MatchString(text) {
			return 0, 0, false
		}
	case harness.Activate:
		if a.Card != subject.Card || a.Ability >= len(subject.Abilities) || len(a.Targets) != 0 {
			return 0, 0, false
		}
		text = subject.Abilities[a.Ability]
	default:
		return 0, 0, false
	}
	mt := pumpText.FindStringSubmatch(text)
	if mt == nil {
		return 0, 0, false
	}
	dp, _ = strconv.Atoi(mt[1])
	dt, _ = strconv.Atoi(mt[2])
	return dp, dt, true
}

func judgePTOrder(eng harness.Engine, tr *gen.Trace, step int, o ptOrder, v *Verdict) {
	card := o.subject.Card
	setOnly, ok := playOn(eng, o.from, o.set)
	if !ok {
		return
	}
	setThenPump, ok1 := playOn(eng, setOnly, o.pump)
	pumped, ok2 := playOn(eng, o.from, o.pump)
	if !ok1 || !ok2 {
		return
	}
	pumpThenSet, ok3 := playOn(eng, pumped, o.set)
	if !ok3 {
		return
	}
	base := setOnly.snap.Permanent(card)
	from := "" // the game after step, which the violation's place names
	if o.animated {
		from = "then " + o.set.String() + ": "
	}
	for _, g := range []struct {
		clause, order string
		game          played
	}{
		{"pump-after-setting", fmt.Sprintf("%s, then %s", o.set, o.pump), setThenPump},
		{"pump-before-setting", fmt.Sprintf("%s, then %s", o.pump, o.set), pumpThenSet},
	} {
		got := g.game.snap.Permanent(card)
		if !samePermanent(base, o.subject) || !samePermanent(got, o.subject) || base.Power == nil || got.Power == nil {
			continue
		}
		v.Reach(g.clause)
		dp, dt := *got.Power-*base.Power, *got.Toughness-*base.Toughness
		if dp == o.dp && dt == o.dt {
			continue
		}
		v.Violations = append(v.Violations, clauseViolation(step, "rules.layers", "613.4c", g.clause,
			fmt.Sprintf("%s%s after %s", from, describe(got), g.order),
			fmt.Sprintf("%+d/%+d over the game with the setting ability alone: the pump applies in layer 7c, after every P/T-setting effect of layer 7b whatever their timestamps (CR 613.4b-c, 613.7)",
				o.dp, o.dt),
			fmt.Sprintf("%d/%d, and %d/%d with the setting ability alone (%+d/%+d)", *got.Power, *got.Toughness, *base.Power, *base.Toughness, dp, dt)))
	}
}

// samePermanent reports whether o is still on the battlefield as the object was.
func samePermanent(o, was *harness.Object) bool {
	return o != nil && o.Object == was.Object && o.Toughness != nil
}

// played is a game played on: its state and snapshot.
type played struct {
	state harness.State
	snap  *harness.Snapshot
}

// playOn takes action a from a game, pays its cost (activating mana abilities as the engine
// lists them when the pool lacks it) and lets the players pass until what it put on the
// stack has resolved. It answers decisions with their first option. ok is false when that
// can't be done: the moves of another game, not a verdict on this one.
func playOn(eng harness.Engine, from played, a harness.Action) (played, bool) {
	const most = 16
	base := len(from.snap.Stack)
	next, _, err := eng.Apply(from.state, a)
	if err != nil {
		return played{}, false
	}
	for range most {
		s, err := eng.Observe(next)
		if err != nil || s.GameOver {
			return played{}, false
		}
		if s.Casting == nil && s.Pending == nil && len(s.Stack) <= base {
			return played{next, &s}, true
		}
		legal, err := eng.Legal(next)
		if err != nil {
			return played{}, false
		}
		move, ok := nextMove(&s, legal)
		if !ok {
			return played{}, false
		}
		if next, _, err = eng.Apply(next, move); err != nil {
			return played{}, false
		}
	}
	return played{}, false
}

// nextMove is how playOn carries a game on: pay, else make mana; answer a decision; pass.
func nextMove(s *harness.Snapshot, legal []harness.Action) (harness.Action, bool) {
	want := harness.Pass
	switch {
	case s.Casting != nil:
		want = harness.Pay
	case s.Pending != nil:
		want = harness.Choose
	}
	for _, a := range legal {
		if a.Kind == want {
			return a, true
		}
	}
	if s.Casting != nil {
		for _, a := range legal {
			if gen.IsManaAbility(s, &a) {
				return a, true
			}
		}
	}
	return harness.Action{}, false
}
