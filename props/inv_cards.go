package props

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// cardsInvariant checks that cards are neither lost nor duplicated: every object is in a
// zone (CR 400.1), and an object that moves leaves one zone for another (400.7), so each
// card of the game is in exactly one place at every moment: the battlefield, the stack
// (as a spell), or a hand, library, graveyard or exile. No card of the pool leaves the
// game. A card that goes to a hand, library or graveyard goes to its owner's (400.3).
// Tokens are not cards (111.1) and may cease to exist (704.5d): they are left out. (No card
// of the pool copies a spell: a copy would be a spell with its original's card.)
//
//   - each-once: after every action, the cards in the game are those of the game's start,
//     each once;
//   - owners-zone: a card that arrives in a hand, library or graveyard arrives in its
//     owner's;
//   - graveyard-order: a card put into a graveyard goes on top of it (404.1), and the
//     cards already there keep their order (404.2);
//   - battlefield-order: every snapshot lists the battlefield by card ID.
func cardsInvariant() *Property {
	return &Property{
		ID:      "invariant.cards",
		Rulings: []string{"invariant.cards"},
		Rules:   []string{"400.1", "400.3", "400.7", "404.1", "404.2"},
		Description: "Every card of the game is in exactly one zone at every moment: an action moves cards and never " +
			"loses or duplicates one; a card put into a hand, library or graveyard is put into its owner's, into a " +
			"graveyard on top of the cards there.",
		Clauses: []Clause{
			{Name: "each-once", Rules: []string{"400.1", "400.7"},
				Description: "after every action, the cards in all zones are those the game started with, each in one place"},
			{Name: "owners-zone", Rules: []string{"400.3"},
				Description: "a card that arrives in a hand, library or graveyard is in its owner's"},
			{Name: "graveyard-order", Rules: []string{"404.1", "404.2"},
				Description: "a card put into a graveyard goes on top of the cards there, which keep their order"},
			{Name: "battlefield-order", Rules: []string{"-"},
				Description: "every snapshot lists the battlefield by card ID (docs/protocol.md: a permanent has no place in the zone, CR 400.5, so the snapshot fixes one), each card once"},
		},
		Steer: gen.Steer{
			Name: "invariant.cards",
			Recipes: []gen.Recipe{
				// Cards moved to the top of a library, milled, discarded, exiled and returned.
				{Name: "cards on the move", Weight: 1,
					Mine: []gen.Pick{{Card: "Academy Ruins", Weight: 30}, {Card: "Island", Weight: 20}, {Card: "Jace Beleren", Weight: 10},
						{Card: "Oblivion Ring", Weight: 10}, {Card: "Astral Slide", Weight: 10}},
					Graveyard: gen.Cards("Ornithopter", "Mana Vault", "Chrome Mox"), Hand: gen.Cards("Ornithopter", "Grizzly Bears"),
					MinLibrary: 3, Steps: []harness.Step{harness.Main1}},
			},
		},
		Check: checkCards,
	}
}

func checkCards(_ harness.Engine, tr *gen.Trace) Verdict {
	var v Verdict
	start := cardPlaces(&tr.Start)
	before := start
	for i := range tr.Steps {
		st := &tr.Steps[i]
		v.Reach("each-once")
		after := cardPlaces(st.After)
		var wrong []string
		for _, c := range sortedCards(start, after) {
			switch n := len(after[c]); {
			case len(start[c]) == 0:
				wrong = append(wrong, fmt.Sprintf("card %d, not in the game at its start, is in %s", c, placesText(after[c])))
			case n == 0:
				wrong = append(wrong, fmt.Sprintf("card %d (in %s before) is in no zone", c, placesText(before[c])))
			case n > 1:
				wrong = append(wrong, fmt.Sprintf("card %d is in %s at once", c, placesText(after[c])))
			}
		}
		if len(wrong) > 0 {
			v.add("each-once", violation(i, "invariant.cards", "400.1", "the cards after the action",
				"each card of the game in exactly one zone (CR 400.1, 400.7)", strings.Join(wrong, "; ")))
		}
		checkOwnersZones(st, i, before, &v)
		checkGraveyardOrder(st, i, &v)
		checkBattlefieldOrder(st.After, i, &v)
		before = after
	}
	return v
}

// checkBattlefieldOrder: the snapshot after step i lists the battlefield in increasing
// card IDs, as the protocol fixes it: the rules give the zone no order (CR 400.5), and
// properties that compare two snapshots' battlefields read them in that order.
func checkBattlefieldOrder(s *harness.Snapshot, i int, v *Verdict) {
	v.Reach("battlefield-order")
	for j := 1; j < len(s.Battlefield); j++ {
		if s.Battlefield[j-1].Card >= s.Battlefield[j].Card {
			v.add("battlefield-order", violation(i, "invariant.cards", "-", "the battlefield after the action",
				"its permanents by increasing card ID (docs/protocol.md)",
				fmt.Sprintf("card %d listed after card %d", s.Battlefield[j].Card, s.Battlefield[j-1].Card)))
			return
		}
	}
}

// checkOwnersZones: each card that is in a hand, library or graveyard after step i and
// was elsewhere before it is in its owner's (CR 400.3).
func checkOwnersZones(st *gen.TraceStep, i int, before map[harness.CardID][]place, v *Verdict) {
	for p := range st.After.Players {
		ps := &st.After.Players[p]
		for _, z := range []struct {
			zone harness.Zone
			objs []*harness.Object
		}{{harness.Hand, ps.Hand}, {harness.Library, ps.Library}, {harness.Graveyard, ps.Graveyard}} {
			where := place{z.zone, harness.Player(p)}
			for _, o := range z.objs {
				if o.Token || slices.Contains(before[o.Card], where) {
					continue
				}
				v.Reach("owners-zone")
				if o.Owner != where.player {
					v.add("owners-zone", violation(i, "invariant.cards", "400.3", fmt.Sprintf("%s, put into %s", describe(o), where),
						fmt.Sprintf("a card put into a hand, library or graveyard goes to its owner's, %s's (CR 400.3)", o.Owner),
						fmt.Sprintf("it is in %s", where)))
				}
			}
		}
	}
}

// place is a zone a card is in, and whose (a hand, library, graveyard or exile).
type place struct {
	zone   harness.Zone
	player harness.Player
}

func (p place) String() string {
	if p.zone == harness.Battlefield || p.zone == harness.Stack {
		return "the " + string(p.zone)
	}
	return fmt.Sprintf("%s's %s", p.player, p.zone)
}

func placesText(ps []place) string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.String()
	}
	return strings.Join(out, " and ")
}

// cardPlaces lists where each card of s is (a card twice is listed twice). Tokens are no
// cards (CR 111.1).
func cardPlaces(s *harness.Snapshot) map[harness.CardID][]place {
	out := make(map[harness.CardID][]place, 64)
	add := func(objs []*harness.Object, where place) {
		for _, o := range objs {
			if !o.Token {
				out[o.Card] = append(out[o.Card], where)
			}
		}
	}
	add(s.Battlefield, place{zone: harness.Battlefield})
	for _, it := range s.Stack {
		if it.Kind == "spell" {
			out[it.Card] = append(out[it.Card], place{zone: harness.Stack})
		}
	}
	for p := range s.Players {
		ps, who := &s.Players[p], harness.Player(p)
		add(ps.Hand, place{harness.Hand, who})
		add(ps.Library, place{harness.Library, who})
		add(ps.Graveyard, place{harness.Graveyard, who})
		add(ps.Exile, place{harness.Exile, who})
	}
	return out
}

// checkGraveyardOrder: the cards of each graveyard after step i begin with those that were
// there before and stayed, in the same order; the cards put there come after them, on top
// (CR 404.1: put on top of its owner's graveyard; 404.2: the order can't be changed).
// Several put there at once may come in any order among themselves.
func checkGraveyardOrder(st *gen.TraceStep, i int, v *Verdict) {
	for p := range st.After.Players {
		was, now := cardIDs(st.Before.Players[p].Graveyard), cardIDs(st.After.Players[p].Graveyard)
		stayed := slices.DeleteFunc(slices.Clone(was), func(c harness.CardID) bool { return !slices.Contains(now, c) })
		if len(stayed) == 0 || len(now) == len(stayed) {
			continue // nothing under the new cards, or nothing new: no order to judge
		}
		v.Reach("graveyard-order")
		if !slices.Equal(now[:len(stayed)], stayed) {
			v.add("graveyard-order", violation(i, "invariant.cards", "404.1", fmt.Sprintf("%s's graveyard (bottom first)", harness.Player(p)),
				fmt.Sprintf("the cards that stayed, %v, at the bottom in that order, and the cards put there on top of them (CR 404.1, 404.2)", stayed),
				fmt.Sprintf("%v", now)))
		}
	}
}

// cardIDs is the cards of a zone's objects, in the zone's order.
func cardIDs(zone []*harness.Object) []harness.CardID {
	out := make([]harness.CardID, len(zone))
	for i, o := range zone {
		out[i] = o.Card
	}
	return out
}
