package props

import (
	"fmt"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// topChangesWhileCasting checks ruling library.top-changes-while-casting: "If the top card
// of your library changes while you're casting a spell, playing a land, or activating an
// ability, you can't look at the new top card until you finish doing so" (CR 401.5). The
// moments it judges are those between 601.2a, which moves a spell cast from the top of the
// library to the stack, and 601.2i, when it becomes cast: the engine waits for the cost to
// be paid (a trace's Casting), and the player may activate mana abilities meanwhile
// (601.2g). The relations, for a player who controls a look effect (Crystal Skull, Mystic
// Forge, Vizier of the Menagerie):
//
//   - while they cast or activate, a top card other than the one on top as they began is
//     hidden from their view, and an unchanged top card stays in it;
//   - at the first moment they aren't casting any more (the spell became cast, or the
//     cast was cancelled and the card went back, 733), the top card is in their view
//     again: not earlier, not later (real engines have erred on both sides).
//
// Playing a land is a special action with no moment in between (305.1, 116.2a), and no
// activated ability of the pool has a cost that changes the library (costs are mana,
// {T}, {Q}, life, counters, loyalty and discarding the card itself), so only casting
// changes the top here; an activation while the top is unchanged is judged like a cast.
func topChangesWhileCasting() *Property {
	const ruling = "library.top-changes-while-casting"
	steer := historicSteer(ruling, "")
	steer.Recipes = append(steer.Recipes, gen.Recipe{Name: "cast from the top", Weight: 8,
		Mine: []gen.Pick{{Card: "Crystal Skull, Isu Spyglass", Weight: 40}, {Card: "Mystic Forge", Weight: 30}, {Card: "Vizier of the Menagerie", Weight: 30},
			{Card: "Pili-Pala", Weight: 10}, {Card: "Island", Weight: 30}, {Card: "Forest", Weight: 20}, {Card: "Wastes", Weight: 20}},
		AvoidMine: gen.Permanent,
		Library: []gen.Pick{{Card: "Ornithopter", Weight: 30}, {Card: "Grizzly Bears", Weight: 20}, {Card: "Helvault", Weight: 10},
			{Card: "Isamaru, Hound of Konda", Weight: 14}, {Card: "Pili-Pala", Weight: 10}, {Card: "Walking Ballista", Weight: 8},
			{Card: "Akroma, Angel of Fury", Weight: 10}, {Card: "Llanowar Elves", Weight: 10}},
		Pool:       harness.Of(harness.Green, 1).Add(harness.Of(harness.Colorless, 2)),
		MinLibrary: 2, MinPermanents: 3, Steps: []harness.Step{harness.Main1, harness.Main2}})
	favourRecipe(steer.Recipes, "cast from the top")
	actions := *steer.Actions
	actions.Cancel, actions.Mana = 6, 5 // casts given up, mana abilities in the middle of one
	steer.Actions = &actions
	return &Property{
		ID:      ruling,
		Rulings: []string{ruling},
		Rules:   []string{"401.5", "601.2a", "601.2i"},
		Description: "While a player casts a spell from the top of their library, the new top card is hidden from them though they " +
			"may look at the top card any time; as soon as casting ends (cast, or cancelled) they see the top card again.",
		Needs: Needs{Queries: needsViews.Queries, Actions: []harness.ActionKind{harness.Cast, harness.Pay}},
		Steer: steer,
		Check: checkTopWhileCasting,
		Clauses: []Clause{
			{Name: "hidden-while-casting", Rules: []string{"401.5", "601.2a"},
				Description: "While a player with a look effect casts a spell, a top card of their library other than the one on top as they began is not in their view."},
			{Name: "unchanged-seen-while-casting", Rules: []string{"401.5"},
				Description: "While a player with a look effect casts a spell or activates an ability, the top card they began with, still on top, stays in their view."},
			{Name: "seen-after-casting", Rules: []string{"401.5", "601.2i", "733"},
				Description: "As soon as casting ends (the spell became cast, or the cast was cancelled), a player with a look effect sees the top card again."},
		},
	}
}

// casting is what the check remembers of one player's spell or ability in progress.
type casting struct {
	on      bool
	began   harness.CardID // the top card of their library as it began (0: none)
	changed bool           // the top card was another at some moment since
}

func checkTopWhileCasting(eng harness.Engine, tr *gen.Trace) Verdict {
	var v Verdict
	q, ok := harness.ViewQueriesOf(eng)
	if !ok {
		return v
	}
	var c [2]casting // a proposal already waiting at the start began unseen: not judged
	for i := range tr.Steps {
		st := &tr.Steps[i]
		for _, p := range []harness.Player{harness.A, harness.B} {
			was, now := castingBy(st.Before, p), castingBy(st.After, p)
			switch {
			case !was && now:
				c[p] = casting{on: true, began: topCard(st.Before, p)}
			case was && !now:
				if c[p].on && c[p].changed && !judgeTop(q, tr, i, p, "seen-after-casting", false, &v) {
					return v
				}
				c[p] = casting{}
			}
			if !now || !c[p].on {
				continue
			}
			top := topCard(st.After, p)
			clause := "unchanged-seen-while-casting"
			if top != c[p].began {
				c[p].changed, clause = true, "hidden-while-casting"
			}
			if !judgeTop(q, tr, i, p, clause, clause == "hidden-while-casting", &v) {
				return v
			}
		}
	}
	return v
}

// castingBy reports whether p is casting a spell or activating an ability in s.
func castingBy(s *harness.Snapshot, p harness.Player) bool {
	return s.Casting != nil && s.Casting.Player == p
}

// topCard is the card on top of p's library in s, 0 if it is empty.
func topCard(s *harness.Snapshot, p harness.Player) harness.CardID {
	if lib := s.Players[p].Library; len(lib) > 0 {
		return lib[0].Card
	}
	return 0
}

// judgeTop checks p's view of the top card of p's library after step i, if p controls a
// look effect then: hidden, or seen as it is. It reports false when the engine didn't
// answer (the check stops).
func judgeTop(q harness.ViewQueries, tr *gen.Trace, i int, p harness.Player, clause string, hidden bool, v *Verdict) bool {
	const ruling, rule = "library.top-changes-while-casting", "401.5"
	snap := tr.Steps[i].After
	lib := snap.Players[p].Library
	if len(lib) == 0 || !controlsLookEffect(snap, p) {
		return true
	}
	view, err := q.PlayerView(tr.Steps[i].AfterState, p)
	if err != nil {
		v.add(clause, queryError(i, ruling, rule, fmt.Sprintf("%s's view", p), err))
		return false
	}
	v.Reach(clause)
	what := fmt.Sprintf("%s's view of the top card of %s's library, %s", p, p, describe(lib[0]))
	seen := view.Board.Players[p].Library
	switch {
	case len(seen) == 0:
		v.add(clause, violation(i, ruling, rule, what, "a card in its place", "an empty library"))
	case hidden && !seen[0].IsHidden():
		v.add(clause, violation(i, ruling, rule, what,
			fmt.Sprintf("hidden: it became the top card while %s casts %s, who may not look at it until done", p, snap.Casting.Name),
			"shown as "+describe(seen[0])))
	case !hidden && (seen[0].Card != lib[0].Card || seen[0].Name != lib[0].Name):
		want := fmt.Sprintf("shown: %s controls a permanent that says %q", p, lookAtTopText)
		if clause == "seen-after-casting" {
			want += ", and is done casting"
		}
		v.add(clause, violation(i, ruling, rule, what, want, "hidden"))
	}
	return true
}
