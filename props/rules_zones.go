package props

import (
	"fmt"
	"slices"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// zoneRules checks object identity across zone changes (CR 400.7): an object that moves
// from one zone to another becomes a new object with no memory of its previous existence,
// and one that stays where it is remains the same object. A permanent that has just
// entered the battlefield is therefore affected by no continuous effect from a resolved
// spell or ability (its characteristics are those of its fresh board, fresh.go) and
// nothing that was attached to the object it used to be is attached to it. And a spell or
// ability whose target card changed zones after it was targeted does nothing to the
// card's new object, even one back in the zone it was targeted in (608.2b,
// rules_zones_targets.go).
func zoneRules() *Property {
	return &Property{
		ID:      "rules.zones",
		Rulings: []string{"rules.zones"},
		Rules:   []string{"400.7", "611.2c", "301.5", "303.4", "608.2b", "614.1c", "614.12"},
		Description: "An object that changes zones is a new object with a new ID, and one that stays on the battlefield keeps its " +
			"ID; a permanent that has just entered is changed by no effect and wears nothing that was attached to the object it was before; " +
			"a spell or ability does nothing to a target card that has become a new object since it was targeted; the zone changes an engine reports are the moves its snapshots show; a permanent whose own text says it enters tapped or with counters does.",
		Clauses: []Clause{
			{Name: "new-object", Rules: []string{"400.7"}, Description: "A card that moved to another zone (the stack included) has a new object ID."},
			{Name: "same-object", Rules: []string{"400.7"}, Description: "A permanent that stayed on the battlefield keeps its object ID."},
			{Name: "no-carryover", Rules: []string{"400.7", "611.2c"}, Description: "A permanent that has just entered looks as on its fresh board, with nothing attached that was attached to its previous object."},
			{Name: "left-behind", Rules: []string{"611.2c", "400.7"}, Description: "A permanent that has just entered, whose card left the battlefield changed by an effect of a resolved spell or ability that is still in force (its turn's cleanup step not yet come), is changed by none: the effect stays with the old object."},
			{Name: "old-target", Rules: []string{"400.7", "608.2b"}, Description: "A spell or ability leaving the stack does nothing to a target card that has changed zones since it was targeted, wherever the card is now."},
			{Name: "enters-as-printed", Rules: []string{"614.1c", "614.1d", "614.12"}, Description: "A permanent that has just entered whose own text says it \"enters tapped\" or \"enters with N <kind> counters on it\" (Drifting Meadow, Vivid Crag) is tapped, and has exactly N of them."},
			{Name: "moves-reported", Rules: []string{"400.7"}, Needs: Needs{Reports: []harness.Report{harness.ReportZoneChanges}},
				Description: "The zone_change events an engine reports tell every move of a card in order: each leaves the zone the card was in, the first the one it was in before the action, and the last enters the zone it is in after."},
		},
		Steer: gen.Steer{
			Name: "rules.zones",
			Recipes: []gen.Recipe{
				{Name: "permanents in hand", Weight: 4, Mine: gen.Cards("Forest", "Forest", "Swamp", "Walking Ballista", "Academy Ruins", "Island"),
					Hand:      gen.Cards("Grizzly Bears", "Llanowar Elves", "Giant Growth", "Wild Growth", "Umbral Mantle", "Vivid Crag", "Drifting Meadow"),
					Graveyard: gen.Cards("Walking Ballista")},
				{Name: "targets that die in response", Weight: 4,
					Mine:   []gen.Pick{{Card: "Walking Ballista", Weight: 30}, {Card: "Llanowar Elves", Weight: 20}, {Card: "Forest"}, {Card: "Mountain"}},
					Theirs: gen.Cards("Llanowar Elves", "Grizzly Bears"),
					Hand:   []gen.Pick{{Card: "Giant Growth", Weight: 30}, {Card: "Spark Spray", Weight: 20}, {Card: "Twiddle"}}, MinHand: 2},
				slidRecipe,
				// A hand over the maximum as the turn ends: the discards of the cleanup step
				// (514.1) are moves the engine reports too (moves-reported).
				{Name: "a hand to discard", Weight: 1, Mine: gen.Cards("Forest", "Grizzly Bears"),
					Hand: gen.Cards("Giant Growth", "Grizzly Bears", "Forest"), MinHand: 9, MinLibrary: 2,
					Steps: []harness.Step{harness.End, harness.Main2}},
			},
			Prefer:           preferSlidingPumped,
			Actions:          preferredOften(60),
			StopForPreferred: true,
		},
		Check: checkZones,
	}
}

// preferredOften is the usual mix with the Preferred actions much more likely: weight w.
func preferredOften(w int) *gen.ActionWeights {
	a := gen.DefaultActions()
	a.Preferred = w
	return a
}

func checkZones(eng harness.Engine, tr *gen.Trace) Verdict {
	var v Verdict
	fresh := newFreshBoards(eng, tr)
	// changedWhenLeft are the cards that left the battlefield changed by an effect of a
	// resolved spell or ability, since the last cleanup step: one that lasts until end of
	// turn is in force until then (CR 514.2), but applies to the old object only (611.2c).
	var changedWhenLeft []harness.CardID
	for i := range tr.Steps {
		st := &tr.Steps[i]
		b, a := st.Before, st.After
		if crossedCleanup(st) {
			changedWhenLeft = changedWhenLeft[:0]
		}
		entered := false
		before, after := cardObjects(b), cardObjects(a)
		checkMovesReported(i, st, before, after, &v)
		checkEnteredAsPrinted(i, b, a, &v)
		for _, c := range sortedCards(before) {
			old := before[c]
			now, ok := after[old.card]
			if !ok {
				continue
			}
			switch {
			case now.zone != old.zone:
				v.Reach("new-object")
				if now.id == old.id {
					v.Violations = append(v.Violations, clauseViolation(i, "rules.zones", "400.7", "new-object", "",
						fmt.Sprintf("card %d (%s) a new object as it moves from the %s to the %s (CR 400.7)", old.card, now.name, old.zone, now.zone),
						fmt.Sprintf("object %d, as before", now.id)))
				}
				entered = entered || now.zone == harness.Battlefield
				if old.zone == harness.Battlefield && changedOnLeaving(b, old.card, fresh) {
					changedWhenLeft = append(changedWhenLeft, old.card)
				}
			case now.zone == harness.Battlefield:
				v.Reach("same-object")
				if now.id != old.id {
					v.Violations = append(v.Violations, clauseViolation(i, "rules.zones", "400.7", "same-object", "",
						fmt.Sprintf("card %d (%s) the same object: it stayed on the battlefield (CR 400.7)", old.card, now.name),
						fmt.Sprintf("object %d, where it was %d", now.id, old.id)))
				}
			}
		}
		if entered {
			checkEntered(eng, tr, i, fresh, changedWhenLeft, &v)
		}
		checkOldTargets(tr, i, &v)
	}
	return v
}

// changedOnLeaving reports whether card c, a permanent in b about to leave the
// battlefield, is changed there by an effect of a resolved spell or ability: it differs
// from its fresh board. A board without a fresh board says no: the permanent that
// enters is then judged under no-carryover, which expects the same (no effect on it).
func changedOnLeaving(b *harness.Snapshot, c harness.CardID, fresh *freshBoards) bool {
	o := b.Permanent(c)
	if o == nil || o.CopyOf != "" || o.Token {
		return false
	}
	f, skip := fresh.of(b)
	return skip == nil && f[c] != nil && effectDelta(o, f[c]) != ""
}

// checkEntered judges the permanents that entered the battlefield in step i; those among
// changedWhenLeft under the clause left-behind.
func checkEntered(eng harness.Engine, tr *gen.Trace, i int, fresh *freshBoards, changedWhenLeft []harness.CardID, v *Verdict) {
	st := &tr.Steps[i]
	b, a := st.Before, st.After
	f, skip := fresh.of(a)
	for j := range a.Battlefield {
		o := a.Battlefield[j]
		if b.Permanent(o.Card) != nil || b.Find(o.Card) == nil && !onStack(b, o.Card) {
			continue // it was a permanent already, or it is new to the game (a token)
		}
		clause, rule, why := "no-carryover", "400.7", ""
		if slices.Contains(changedWhenLeft, o.Card) {
			clause, rule, why = "left-behind", "611.2c", "; the effects in force on its card's previous object stay with that object (CR 611.2c)"
		}
		if skip != nil {
			// Its characteristics can't be compared; what is attached to it needs no
			// fresh board.
			if freshJudged(o) {
				skip.skipIn(v, clause)
			}
			checkNothingCarried(tr, i, o, v)
			continue
		}
		fo := f[o.Card]
		if fo == nil {
			continue
		}
		if putWithEffect(st) {
			v.Skip(clause, "the ability that put it onto the battlefield gives it an effect as it resolves (\"That creature gains haste\", CR 611.2c)")
			checkNothingCarried(tr, i, o, v)
			continue
		}
		v.Reach(clause)
		if d := effectDelta(o, fo); d != "" {
			v.Violations = append(v.Violations, clauseViolation(i, "rules.zones", rule, clause, "",
				fmt.Sprintf("%s, which has just entered the battlefield, changed by no effect: it is a new object (CR 400.7, 611.2c)%s", describe(o), why),
				d))
		}
		checkNothingCarried(tr, i, o, v)
	}
}

// checkNothingCarried judges o, a permanent that entered in step i: nothing attached to
// the object its card was before is attached to it (CR 400.7).
func checkNothingCarried(tr *gen.Trace, i int, o *harness.Object, v *Verdict) {
	b, a := tr.Steps[i].Before, tr.Steps[i].After
	for k := range b.Battlefield {
		att := b.Battlefield[k]
		if att.AttachedTo != o.Card {
			continue
		}
		if now := a.Permanent(att.Card); now != nil && now.AttachedTo == o.Card {
			v.Violations = append(v.Violations, clauseViolation(i, "rules.zones", "400.7", "no-carryover", "",
				fmt.Sprintf("%s attached to nothing new: it was attached to the object card %d was before it left the battlefield (CR 400.7)", describe(now), o.Card),
				"attached to the new object"))
		}
	}
}

// onStack reports whether card c is a spell on the stack.
func onStack(s *harness.Snapshot, c harness.CardID) bool { return spellOf(s, c) != nil }
