package props

import (
	"fmt"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props/internal/manaoracle"
)

// outcomeCheck compares, in the situation a property is about, what the engine offers for a
// mana ability (ManaOutcomes) and what an activation actually added with what the oracle
// says the rules give. The mana properties share it; each brings its situation and its words.
type outcomeCheck struct {
	ruling, rule string
	// situation says whether ability a of p, in the state the oracle describes, is one the
	// property is about.
	situation func(or *manaoracle.Oracle, p *harness.Object, a manaoracle.Ability) bool
	// why explains the expectation for a message ("Mana Reflection ×2 applies: ...").
	why func(or *manaoracle.Oracle, p *harness.Object, a manaoracle.Ability) string
	// classify, if set, names the ruling and rule a violation about ability a of p is
	// about, overriding ruling and rule.
	classify func(or *manaoracle.Oracle, p *harness.Object, a manaoracle.Ability) (ruling, rule string)
	// clause names the property's clause a moment about ability a of p reaches: an
	// offered-outcomes query, or an activation (activated).
	clause func(or *manaoracle.Oracle, p *harness.Object, a manaoracle.Ability, activated bool) string
}

// about is the ruling and rule of a violation about ability a of p.
func (c outcomeCheck) about(or *manaoracle.Oracle, p *harness.Object, a manaoracle.Ability) (string, string) {
	if c.classify != nil {
		return c.classify(or, p, a)
	}
	return c.ruling, c.rule
}

// run judges the trace: every mana ability in the situation is asked about once per
// distinct battlefield (the offered outcomes), and every activation of one is checked
// against the oracle (what was added).
func (c outcomeCheck) run(eng harness.Engine, tr *gen.Trace) Verdict {
	var v Verdict
	ors := newOracles(tr)
	for m, key := range distinctBoards(tr) {
		or := ors.atKey(m.Snap, key)
		for i := range m.Snap.Battlefield {
			p := m.Snap.Battlefield[i]
			for _, ai := range manaoracle.ManaAbilities(p) {
				c.query(eng, tr, m, or, p, ai, &v)
			}
		}
	}
	for _, act := range activations(tr) {
		if !act.Abil.Mana {
			continue
		}
		got, paid, resolved := activationAdded(tr, act)
		if !resolved {
			continue
		}
		// Judged on the board as it resolved: once it was paid.
		or := ors.at(paid.Before)
		src := paid.Before.Permanent(act.Source.Card)
		if src == nil || src.Object != act.Source.Object || !c.situation(or, src, act.Abil) {
			continue
		}
		want, ok := or.Outcomes(act.Source.Card, act.Step.Action.Ability)
		if !ok {
			continue
		}
		clause := c.clause(or, src, act.Abil, true)
		v.Reach(clause)
		if !manaoracle.ContainsMana(want, got) {
			ruling, rule := c.about(or, act.Source, act.Abil)
			v.add(clause, violation(act.Index, ruling, rule,
				fmt.Sprintf("activating %s added to %s's pool", abilityName(act.Source, act.Step.Action.Ability), act.Source.Controller),
				oneOf(want)+" ("+c.why(or, act.Source, act.Abil)+")", manaOrNone(got)))
		}
	}
	return v
}

// query asks the engine what ability ai of p would offer in moment m, if it is in the
// situation, and compares with the oracle.
func (c outcomeCheck) query(eng harness.Engine, tr *gen.Trace, m moment, or *manaoracle.Oracle, p *harness.Object, ai int, v *Verdict) {
	a := manaoracle.ParseAbility(p.Abilities[ai])
	if !c.situation(or, p, a) {
		return
	}
	want, ok := or.Outcomes(p.Card, ai)
	if !ok {
		return
	}
	mq, ok := harness.ManaQueriesOf(eng)
	if !ok {
		return
	}
	clause := c.clause(or, p, a, false)
	v.Reach(clause)
	what := fmt.Sprintf("the outcomes offered for %s", abilityName(p, ai))
	ruling, rule := c.about(or, p, a)
	got, err := mq.ManaOutcomes(m.State, p.Card, ai)
	if err != nil {
		v.add(clause, queryError(m.Step, ruling, rule, what, err))
		return
	}
	if !manaoracle.SameMana(want, got) {
		v.add(clause, violation(m.Step, ruling, rule, what,
			"exactly "+manaoracle.ManaList(want)+" ("+c.why(or, p, a)+")", manaoracle.ManaList(manaoracle.ManaSet(got))))
	}
}

// activationAdded is what a mana ability's activation added to its controller's pool, and
// the step in which it resolved: the activation itself, or, when the activation waited for
// its mana cost (a proposal), the Pay that completed it. What it added is the pool's change
// over that step plus the mana spent on the ability's own mana cost (Pili-Pala's {2}). It
// reports false when the trace never paid the proposal.
func activationAdded(tr *gen.Trace, act activation) (harness.Mana, *gen.TraceStep, bool) {
	j := payStep(tr, act)
	if j < 0 {
		return harness.Mana{}, nil, false
	}
	st := &tr.Steps[j]
	return poolDelta(st, act.Source.Controller).Add(st.Action.Payment), st, true
}

// oneOf writes the expected amounts of an activation.
func oneOf(ms []harness.Mana) string {
	if len(ms) == 1 {
		return manaOrNone(ms[0])
	}
	return "one of " + manaoracle.ManaList(ms)
}

// manaOrNone writes an amount, "no mana" for none.
func manaOrNone(m harness.Mana) string {
	if m.IsZero() {
		return "no mana"
	}
	return m.String()
}

// explainEffects says which "tapped for mana" effects apply to ability a of p and why the
// others don't, for messages.
func explainEffects(or *manaoracle.Oracle, p *harness.Object, a manaoracle.Ability) string {
	var parts []string
	if b := or.Base(p, a); len(b) > 0 && !(len(b) == 1 && b[0].IsZero()) {
		parts = append(parts, "before any replacement it adds "+oneOf(b)+baseWhy(or, p, a))
	}
	if a.HasT {
		parts = append(parts, "its cost has {T}, so it taps "+p.Name+" for mana (CR 106.12)")
	} else {
		parts = append(parts, "its cost has no {T}, so it doesn't tap "+p.Name+" for mana and no \"tapped for mana\" effect applies (CR 106.12)")
	}
	if reps := or.Effects.ReplacementsFor(p, a.HasT); len(reps) > 0 {
		var rs []string
		for _, r := range reps {
			if r.Factor > 0 {
				rs = append(rs, fmt.Sprintf("%s (card %d) ×%d", r.Name, r.Source, r.Factor))
			} else {
				rs = append(rs, fmt.Sprintf("%s (card %d) → %s", r.Name, r.Source, r.Instead))
			}
		}
		parts = append(parts, "replacement effects, each applied once in every order the player may choose: "+
			strings.Join(rs, ", ")+" (CR 106.12b, 614.5, 616.1)")
	}
	if trs := or.Effects.TriggersFor(p, a.HasT); len(trs) > 0 {
		var ts []string
		for _, t := range trs {
			s := fmt.Sprintf("%s (card %d)", t.Name, t.Source)
			if t.Kind == manaoracle.TrigGauntlet {
				s += " for " + t.Color.String()
			}
			ts = append(ts, s)
		}
		parts = append(parts, "triggered mana abilities, only if the ability produced mana (of the named type): "+
			strings.Join(ts, ", ")+" (CR 106.12a, 605.4a)")
	}
	if b := or.Base(p, a); len(b) == 1 && b[0].IsZero() {
		parts = append(parts, "it would produce no mana, so nothing is replaced or triggered (CR 106.5, 106.12a-b)")
	}
	return strings.Join(parts, "; ")
}

// baseWhy says where an ability's production comes from, when it depends on the board.
func baseWhy(or *manaoracle.Oracle, p *harness.Object, a manaoracle.Ability) string {
	switch a.Prod.Kind {
	case manaoracle.ProdPerCreature:
		n := 0
		for i := range or.Snapshot().Battlefield {
			if c := or.Snapshot().Battlefield[i]; isCreature(c) && c.Controller == p.Controller {
				n++
			}
		}
		return fmt.Sprintf(" (one for each of the %d creatures %s controls)", n, p.Controller)
	case manaoracle.ProdLandYouType:
		return fmt.Sprintf(" (the types the lands %s controls could produce, CR 106.7)", p.Controller)
	case manaoracle.ProdLandOppColor:
		return fmt.Sprintf(" (the colours the lands %s controls could produce, CR 106.7)", p.Controller.Opponent())
	case manaoracle.ProdPermColor:
		return fmt.Sprintf(" (the colours of the permanents %s controls)", p.Controller)
	case manaoracle.ProdExiledColor:
		return fmt.Sprintf(" (the colours of the cards exiled with it: %v)", p.ExiledWith)
	}
	return ""
}

// undefinedWhy says why an ability's type is undefined now.
func undefinedWhy(p *harness.Object, a manaoracle.Ability) string {
	switch a.Prod.Kind {
	case manaoracle.ProdLandYouType:
		return fmt.Sprintf("no land %s controls could produce any type of mana (CR 106.7), so the type is undefined and it produces no mana (CR 106.5)", p.Controller)
	case manaoracle.ProdLandOppColor:
		return fmt.Sprintf("no land %s's opponent controls could produce a colour (CR 106.7), so the colour is undefined and it produces no mana (CR 106.5)", p.Controller)
	case manaoracle.ProdPermColor:
		return fmt.Sprintf("no permanent %s controls has a colour, so the colour is undefined and it produces no mana (CR 106.5)", p.Controller)
	case manaoracle.ProdExiledColor:
		return "no card exiled with it has a colour, so the colour is undefined and it produces no mana (CR 607.2a, 106.5)"
	}
	return "its type of mana is undefined, so it produces no mana (CR 106.5)"
}
