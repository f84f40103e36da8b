package props

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// legendRule checks ruling copy.legend-rule: when a player controls two or more legendary
// permanents with the same name, that player chooses one of them, and the rest are put
// into their owners' graveyards (CR 704.5j). The judge is the engine itself, asked again:
// at each moment where such a group waits on a decision, every option offered is taken
// in turn (Apply from the same state), and the results are compared with each other.
//
//   - keep-one: each option leaves exactly one permanent of the group on the battlefield,
//     and puts the others into their owners' graveyards.
//   - choice: the decision is the group's controller's, and each permanent of the group is
//     the one kept by some option: the player chooses which (not the engine).
//   - copies: a copy of a legendary permanent is legendary with the same name (CR 707.2), so
//     a group with a copy in it is settled by the legend rule like any other: no state
//     where players get priority has one.
//   - not-legendary: a copy whose copy ability says "it isn't legendary" (Spark Double,
//     707.9b) is not legendary, so it and the permanent it copied stay.
func legendRule() *Property {
	return &Property{
		ID:      "copy.legend-rule",
		Rulings: []string{"copy.legend-rule"},
		Rules:   []string{"704.5j"},
		Description: "Two or more legendary permanents with one name under one controller: that player chooses one to keep, " +
			"each of them can be the one, and the rest go to their owners' graveyards.",
		Needs: Needs{Actions: []harness.ActionKind{harness.Choose}},
		Clauses: []Clause{
			{Name: "keep-one", Rules: []string{"704.5j"}, Description: "every option keeps exactly one of the group and puts the rest into graveyards"},
			{Name: "choice", Rules: []string{"704.5j"}, Description: "the group's controller chooses, and any of the group can be kept"},
			{Name: "copies", Rules: []string{"704.5j", "707.2"}, Description: "a group with a copy of a legend in it is settled by the legend rule too"},
			{Name: "not-legendary", Rules: []string{"707.9b", "704.5j"}, Description: "a copy that \"isn't legendary\" escapes the legend rule"},
		},
		Steer: gen.Steer{
			Name: "copy.legend-rule",
			Recipes: []gen.Recipe{
				{Name: "a second legend", Weight: 4,
					Mine: []gen.Pick{{Card: "Plains", Weight: 20}, {Card: "Island", Weight: 20}, {Card: "Isamaru, Hound of Konda", Weight: 20},
						{Card: "Jace Beleren"}, {Card: "Gaea's Cradle"}, {Card: "Academy Ruins"}},
					Hand:  []gen.Pick{{Card: "Isamaru, Hound of Konda", Weight: 40}, {Card: "Jace Beleren", Weight: 10}, {Card: "Gaea's Cradle", Weight: 10}, {Card: "Academy Ruins", Weight: 10}},
					Steps: []harness.Step{harness.Main1, harness.Main2}},
				// Copies of a legend its controller has: entering (Clone, Spark Double), becoming
				// (Mirage Mirror, a Resonance as a card is cycled).
				{Name: "copies of a legend", Weight: 4,
					Mine: []gen.Pick{{Card: "Island", Weight: 40}, {Card: "Mountain", Weight: 10}, {Card: "Isamaru, Hound of Konda", Weight: 25},
						{Card: "Mirage Mirror", Weight: 15}, {Card: "Crystalline Resonance", Weight: 10}},
					Hand: []gen.Pick{{Card: "Clone", Weight: 20}, {Card: "Spark Double", Weight: 25}, {Card: "Clever Impersonator", Weight: 15},
						{Card: "Phantasmal Image", Weight: 20}, {Card: "Spark Spray", Weight: 15}},
					AvoidMine: gen.Permanent, MinHand: 1, Steps: []harness.Step{harness.Main1, harness.Main2}},
				// Four lands for Spark Double and a legend to copy, in a main phase.
				{Name: "spark double and a legend", Weight: 8,
					Mine:      []gen.Pick{{Card: "Island", Weight: 60}, {Card: "Isamaru, Hound of Konda", Weight: 25}, {Card: "Jace Beleren", Weight: 10}},
					Hand:      []gen.Pick{{Card: "Spark Double", Weight: 80}},
					AvoidMine: gen.Permanent, AvoidTheirs: gen.Enchantment, MinHand: 1, MinPermanents: 5, Steps: []harness.Step{harness.Main1, harness.Main2}, StepWeight: 200},
			},
			// Mana abilities and casts mostly when preferred: for a cost being paid, or a spell
			// the lands can pay for.
			Actions: &gen.ActionWeights{Pass: 2, Preferred: 60, Mana: 1, Land: 4, Cast: 1, Pay: 8, Activate: 1, Attack: 1, Choose: 6, Cancel: 1},
			Prefer: func(b *harness.Snapshot, a harness.Action) bool {
				legendary := func(o *harness.Object) bool { return o.HasSupertype("Legendary") }
				switch {
				case b == nil:
					return false
				case b.Casting != nil:
					return advancesPayment(b, a)
				case a.Kind == harness.Choose:
					return choosesCard(b, a, legendary)
				case a.Kind == harness.Activate && !gen.IsManaAbility(b, &a):
					return preferCopying(b, a) || preferCycling(false)(b, a)
				}
				return preferCopying(b, a) || preferSpending(func(b *harness.Snapshot, a harness.Action) bool {
					o := b.Find(a.Card)
					return o != nil && legendary(o) && affordable(b, a.Player, o.ManaCost, a.X)
				})(b, a)
			},
		},
		Check: checkLegendRule,
	}
}

// legendGroups lists the groups of two or more legendary permanents with one name under one
// controller, each sorted by card ID, in a fixed order.
func legendGroups(s *harness.Snapshot) [][]harness.CardID {
	byKey := map[string][]harness.CardID{}
	for i := range s.Battlefield {
		o := s.Battlefield[i]
		if o.HasSupertype("Legendary") && o.Name != "" {
			k := o.Controller.String() + "\x00" + o.Name
			byKey[k] = append(byKey[k], o.Card)
		}
	}
	var out [][]harness.CardID
	for _, k := range harness.SortedKeys(byKey) {
		if g := byKey[k]; len(g) > 1 {
			sort.Slice(g, func(i, j int) bool { return g[i] < g[j] })
			out = append(out, g)
		}
	}
	return out
}

// checkLegendRule judges each clause of copy.legend-rule along the trace.
func checkLegendRule(eng harness.Engine, tr *gen.Trace) Verdict {
	var v Verdict
	var prev *harness.Snapshot
	checkNotLegendaryCopies(tr, &v)
	for _, m := range moments(tr) {
		before := prev
		prev = m.Snap
		checkLegendCopies(tr, m, &v)
		checkLegendChoice(eng, tr, m, before, &v)
	}
	return v
}

// legendOutcome is what the options of one decision do to one group of legendary
// permanents sharing a name and a controller.
type legendOutcome struct {
	decided bool                    // some option settles the group
	kept    map[harness.CardID]bool // the permanents some option keeps
	first   harness.CardID          // the one the first settling option keeps
	varies  bool                    // options keep different ones
}

// checkLegendChoice judges the decision pending at moment m, if the legend rule may be
// what it is about (CR 704.5j): taking every option from that state, the group's
// controller chooses, and may keep any one of them. before is the previous moment's
// snapshot.
func checkLegendChoice(eng harness.Engine, tr *gen.Trace, m moment, before *harness.Snapshot, v *Verdict) {
	const ruling, rule = "copy.legend-rule", "704.5j"
	s := m.Snap
	if s.Pending == nil || m.State == nil {
		return
	}
	groups := legendGroups(s)
	if len(groups) == 0 {
		return
	}
	legal, err := eng.Legal(m.State)
	if err != nil {
		v.Violations = append(v.Violations, queryError(m.Step, ruling, rule, "legal actions", err))
		return
	}
	var options []harness.Action
	for _, a := range legal {
		if a.Kind == harness.Choose {
			options = append(options, a)
		}
	}
	results := legendOutcomes(eng, tr, m, groups, options, v)
	anyDecided, anyVaries, unclear := false, false, false
	for _, r := range results {
		anyDecided = anyDecided || r.decided
		anyVaries = anyVaries || r.varies
		// A group that no option leaves a survivor of (all die anyway) may be the one
		// this decision is about, without showing it.
		unclear = unclear || r.decided && len(r.kept) == 0
	}
	if !anyDecided || !anyVaries && unclear {
		return
	}
	// The first decision after the group formed is the legend rule's (CR 704.3: the
	// state-based actions' choices come before triggers are put on the stack); a later
	// one may be another (the order of triggers those actions caused).
	fresh := m.Step == -1 || before == nil || before.Pending == nil
	if !anyVaries && !fresh {
		return
	}
	v.Reach("choice")
	for k, g := range groups {
		if !results[k].decided || anyVaries && !results[k].varies {
			continue // decided by an earlier choice, or not yet
		}
		judgeLegendKeeps(tr, m, g, results[k], len(options), v)
	}
}

// legendOutcomes takes every option from moment m's state and sees, for each group,
// what each option keeps.
func legendOutcomes(eng harness.Engine, tr *gen.Trace, m moment, groups [][]harness.CardID, options []harness.Action, v *Verdict) []legendOutcome {
	const ruling, rule = "copy.legend-rule", "704.5j"
	results := make([]legendOutcome, len(groups))
	for k := range results {
		results[k].kept = map[harness.CardID]bool{}
	}
	for _, a := range options {
		next, _, err := eng.Apply(m.State, a)
		if err != nil {
			v.Violations = append(v.Violations, queryError(m.Step, ruling, rule, a.String(), err))
			continue
		}
		after, err := eng.Observe(next)
		if err != nil {
			continue
		}
		for k, g := range groups {
			keptNow, done := judgeLegendGroup(tr, m, m.Snap, &after, g, a, v)
			if !done {
				continue
			}
			r := &results[k]
			if r.decided && keptNow != r.first {
				r.varies = true
			}
			if !r.decided {
				r.first = keptNow
			}
			r.decided = true
			if keptNow != 0 {
				r.kept[keptNow] = true
			}
		}
	}
	return results
}

// judgeLegendKeeps: group g's controller is the one to choose, and some option keeps
// each permanent of g that doesn't die anyway (CR 704.5j).
func judgeLegendKeeps(tr *gen.Trace, m moment, g []harness.CardID, r legendOutcome, options int, v *Verdict) {
	const ruling, rule = "copy.legend-rule", "704.5j"
	s := m.Snap
	first := s.Permanent(g[0])
	what := fmt.Sprintf("%s controls %d legendary permanents named %s (%s)", first.Controller, len(g), first.Name, cardList(g))
	if s.Pending.Player != first.Controller {
		v.Violations = append(v.Violations, clauseViolation(m.Step, ruling, rule, "choice", what,
			first.Controller.String()+" chooses which to keep (CR 704.5j)", s.Pending.Player.String()+" is to choose"))
		return
	}
	var never []harness.CardID
	for _, c := range g {
		if o := s.Permanent(c); !r.kept[c] && o != nil && !diesAnyway(o) {
			never = append(never, c)
		}
	}
	if len(never) > 0 {
		v.Violations = append(v.Violations, clauseViolation(m.Step, ruling, rule, "choice", what,
			"the player may keep any one of them (CR 704.5j: that player chooses)",
			fmt.Sprintf("no option keeps %s (%d options)", cardList(never), options)))
	}
}

// judgeLegendGroup judges the keep-one clause for group g of s in after, the state an
// option a led to. It returns the card kept (0 for none) and whether the group was settled
// (some of it left the battlefield).
func judgeLegendGroup(tr *gen.Trace, m moment, s, after *harness.Snapshot, g []harness.CardID, a harness.Action, v *Verdict) (harness.CardID, bool) {
	const ruling, rule = "copy.legend-rule", "704.5j"
	var stay, lost []harness.CardID
	doomed := false // one that dies anyway (lethal damage, no loyalty) may be the one kept
	for _, c := range g {
		if o := s.Permanent(c); o != nil && diesAnyway(o) {
			doomed = true
		}
		switch o := after.Find(c); {
		case o != nil && o.Zone == harness.Battlefield:
			stay = append(stay, c)
		case o == nil || o.Zone != harness.Graveyard:
			lost = append(lost, c)
		}
	}
	if len(stay) == len(g) {
		return 0, false // not settled by this option: another decision comes first
	}
	v.Reach("keep-one")
	first := s.Permanent(g[0])
	what := fmt.Sprintf("%s controls %d legendary permanents named %s (%s); choosing %s", first.Controller, len(g), first.Name, cardList(g), a)
	switch {
	case len(stay) > 1 || len(stay) == 0 && !doomed:
		v.Violations = append(v.Violations, clauseViolation(m.Step, ruling, rule, "keep-one", what,
			"exactly one of them stays on the battlefield (CR 704.5j)", fmt.Sprintf("%d stay (%s)", len(stay), cardList(stay))))
	case len(lost) > 0:
		v.Violations = append(v.Violations, clauseViolation(m.Step, ruling, rule, "keep-one", what,
			"the others are put into their owners' graveyards (CR 704.5j)", "not in a graveyard: "+cardList(lost)))
	case len(stay) == 1:
		return stay[0], true
	}
	return 0, true
}

// diesAnyway: another state-based action puts it into the graveyard (CR 704.5f, g, i).
func diesAnyway(o *harness.Object) bool {
	if isCreature(o) && o.Toughness != nil && (*o.Toughness <= 0 || o.Damage >= *o.Toughness && !hasKeyword(o, "Indestructible")) {
		return true
	}
	return o.HasType("Planeswalker") && o.Counters["loyalty"] <= 0
}

// otherNamesake reports whether s holds a legendary permanent with legend's name under its
// controller other than legend and copy.
func otherNamesake(s *harness.Snapshot, legend, copy *harness.Object) bool {
	for _, o := range s.Battlefield {
		if o.Card != legend.Card && o.Card != copy.Card && o.Name == legend.Name && o.Controller == legend.Controller && o.HasSupertype("Legendary") {
			return true
		}
	}
	return false
}

// checkLegendCopies: the copies clause, at moment m.
func checkLegendCopies(tr *gen.Trace, m moment, v *Verdict) {
	const ruling, rule = "copy.legend-rule", "704.5j"
	s := m.Snap
	for _, g := range legendGroups(s) {
		var copies []harness.CardID
		for _, c := range g {
			if o := s.Permanent(c); o != nil && o.CopyOf != "" {
				copies = append(copies, c)
			}
		}
		if len(copies) == 0 {
			continue
		}
		v.Reach("copies")
		if settled(s) {
			first := s.Permanent(g[0])
			v.Violations = append(v.Violations, clauseViolation(m.Step, ruling, rule, "copies",
				fmt.Sprintf("%s controls %d legendary permanents named %s (%s), %s of them copies", first.Controller, len(g), first.Name, cardList(g), cardList(copies)),
				"the legend rule has its controller keep one before anyone gets priority (CR 704.5j, 704.3): a copy of a legend is legendary with its name (707.2)",
				"all of them on the battlefield, "+s.Priority.String()+" has priority"))
		}
	}
}

// checkNotLegendaryCopies: the not-legendary clause, on the trace's copy events: the copy
// isn't legendary, and once the decisions that follow it are made, neither it nor the
// legend it copied has left the battlefield for the legend rule (it has no other way to
// leave without an action; one that dies anyway is not judged, and nor is the legend when
// another legendary permanent of its name is its controller's: the legend rule applies to
// those two whatever the copy is, CR 704.5j).
func checkNotLegendaryCopies(tr *gen.Trace, v *Verdict) {
	const ruling = "copy.legend-rule"
	for _, e := range copyEvents(tr) {
		if e.Step < 0 || e.Src == nil || !strings.Contains(e.Ability, "isn't legendary") {
			continue
		}
		cv, ok := copiableOf(e.Src)
		if !ok || !slices.Contains(cv.Supertypes, "Legendary") {
			continue
		}
		v.Reach("not-legendary")
		what := fmt.Sprintf("%s became a copy of legendary %s with \"it isn't legendary\"", describe(e.Obj), describe(e.Src))
		if e.Obj.HasSupertype("Legendary") {
			v.Violations = append(v.Violations, clauseViolation(e.Step, ruling, "707.9b", "not-legendary", what,
				"it isn't legendary (CR 707.9b), so the legend rule doesn't apply to it", "it is legendary"))
			continue
		}
		j := decided(tr, e.Step)
		after := tr.Steps[j].After
		if !settled(after) {
			continue
		}
		for _, o := range []*harness.Object{e.Obj, e.Src} {
			if o.Controller != e.Obj.Controller || diesAnyway(o) || o == e.Src && otherNamesake(tr.Steps[e.Step].After, e.Src, e.Obj) {
				continue
			}
			if now := after.Permanent(o.Card); now == nil || now.Object != o.Object {
				v.Violations = append(v.Violations, clauseViolation(j, ruling, "704.5j", "not-legendary", what+" ("+where(tr, e.Step)+")",
					"it and the legend it copied both stay: the legend rule applies only to legendary permanents (CR 704.5j, 707.9b)",
					describe(o)+" has left the battlefield"))
			}
		}
	}
}
