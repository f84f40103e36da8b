package props

import (
	"fmt"
	"slices"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// needsSBAQueries is what the clauses judged on the board of each check need.
var needsSBAQueries = Needs{Queries: []harness.Query{harness.QuerySBA}}

// checkSBAChecks judges every check of state-based actions made during the game's actions
// against the game just before it, as the engine shows it (harness.SBAQueries): the
// snapshots around an action don't show that board when the action does more (a spell
// resolves and deals damage, the check puts the creature into a graveyard, a trigger goes
// on the stack). Both ways (CR 704.3): every permanent or player the check acted on had
// a condition that held for it on that board (704.5), and every condition that held there
// was acted on by that check, all at once. It reports false when the engine doesn't show
// the checks, so that the caller judges by the snapshots instead.
func checkSBAChecks(eng harness.Engine, tr *gen.Trace, v *Verdict) bool {
	q, ok := harness.SBAQueriesOf(eng)
	if !ok {
		return false
	}
	for i := range tr.Steps {
		st := &tr.Steps[i]
		checks, err := q.SBAChecks(st.BeforeState, st.Action)
		if err != nil {
			v.Violations = append(v.Violations, queryError(i, "rules.sba", "704.3", "asking for the checks of state-based actions", err))
			return true
		}
		for k := range checks {
			judgeSBACheck(tr, i, &checks[k], v)
		}
	}
	return true
}

// judgeSBACheck judges one check made during step i.
func judgeSBACheck(tr *gen.Trace, i int, c *harness.SBACheck, v *Verdict) {
	b := &c.Board
	acted := map[harness.CardID]bool{}
	losers := map[harness.Player]bool{}
	what := "a check of state-based actions"
	for _, e := range c.Events {
		if e.Kind != "sba" {
			continue
		}
		if e.Card == 0 {
			losers[e.Player] = true
			if e.Rule == "704.5a" {
				checkLoserLife(tr, i, b, e.Player, v)
			}
			continue
		}
		acted[e.Card] = true
		o := b.Permanent(e.Card)
		if o == nil {
			continue // not a permanent (704.5d: a token that left the battlefield)
		}
		switch e.Rule {
		case "704.5g":
			v.Reach("damage-mid-game")
			if !isCreature(o) || o.Toughness == nil || *o.Toughness <= 0 || o.Damage < *o.Toughness || hasKeyword(o, "Indestructible") {
				v.add("damage-mid-game", violation(i, "rules.sba", "704.5g", what,
					fmt.Sprintf("%s stays on the battlefield: only a creature with damage at least its toughness is destroyed for lethal damage (CR 704.5g, 120.3)", describe(o)),
					"it was put into a graveyard; on the board just before the check "+ptDamage(o)))
			}
		case "704.5f":
			v.Reach("toughness-mid-game")
			if !isCreature(o) || o.Toughness == nil || *o.Toughness > 0 {
				v.add("toughness-mid-game", violation(i, "rules.sba", "704.5f", what,
					fmt.Sprintf("%s stays on the battlefield: only a creature with toughness 0 or less is put into its owner's graveyard for it (CR 704.5f)", describe(o)),
					"it was put into a graveyard; on the board just before the check "+ptDamage(o)))
			}
		case "704.5j":
			checkLegendKept(tr, i, o, o.Controller, legendKept(b, c), nil, v)
		case "704.5m", "704.5n":
			if host := b.Permanent(o.AttachedTo); host != nil {
				checkAttachmentRemoved(tr, i, o, host, v)
			}
		}
	}
	for _, p := range append(sbaProblems(b), tokenProblems(b)...) {
		v.Reach("all-performed")
		var left []harness.CardID
		for _, card := range p.cards {
			if !acted[card] {
				left = append(left, card)
			}
		}
		if len(left) == 0 || p.rule == "704.5j" && len(left) == 1 {
			continue
		}
		v.add("all-performed", violation(i, "rules.sba", "704.3", what,
			fmt.Sprintf("the check to leave %s: it performs every state-based action that applies just before it, all at once (CR 704.3)", p.expected),
			fmt.Sprintf("%s, and the check left %s as it was", p.got, cardList(left))))
	}
	for pl := range b.Players {
		if p := harness.Player(pl); b.Players[pl].Life <= 0 && !b.Players[pl].Lost {
			v.Reach("all-performed")
			if !losers[p] {
				v.add("all-performed", violation(i, "rules.sba", "704.5a", what,
					fmt.Sprintf("%s loses the game in this check: a player with 0 or less life loses (CR 704.5a, 704.3)", p),
					fmt.Sprintf("%s has %d life just before it and the check didn't make them lose", p, b.Players[pl].Life)))
			}
		}
	}
}

// checkLoserLife: a player a check made lose for their life total had 0 or less life on
// the board just before it (CR 704.5a).
// The loss is counted as reached by checkLosses, which judges it by the snapshots.
func checkLoserLife(tr *gen.Trace, i int, b *harness.Snapshot, p harness.Player, v *Verdict) {
	if life := b.Players[p].Life; life > 0 {
		v.add("player-loses", violation(i, "rules.sba", "704.5a", "a check of state-based actions",
			fmt.Sprintf("%s still in the game: a player loses for their life total only at 0 or less (CR 704.5a)", p),
			fmt.Sprintf("%s lost with %d life on the board just before the check", p, life)))
	}
}

// legendKept is the board of a check without the permanents the legend rule put into a
// graveyard in it: what their controllers keep (one kept may die of another state-based
// action in the same check, 704.3).
func legendKept(b *harness.Snapshot, c *harness.SBACheck) *harness.Snapshot {
	out := *b
	out.Battlefield = slices.DeleteFunc(slices.Clone(b.Battlefield), func(o *harness.Object) bool {
		return slices.ContainsFunc(c.Events, func(e harness.Event) bool {
			return e.Kind == "sba" && e.Card == o.Card && e.Rule == "704.5j"
		})
	})
	return &out
}

// ptDamage writes what a permanent's toughness and damage were: "it had toughness 2 and
// 1 damage".
func ptDamage(o *harness.Object) string {
	if !isCreature(o) || o.Toughness == nil {
		return "it was not a creature"
	}
	s := fmt.Sprintf("it had toughness %d and %d damage", *o.Toughness, o.Damage)
	if hasKeyword(o, "Indestructible") {
		s += ", and indestructible"
	}
	return s
}
