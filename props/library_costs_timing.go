package props

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// libraryCostsAndTiming checks ruling library.costs-and-timing: a permission to cast or
// play the top card of the library changes where the card may come from, nothing else
// (CR 601.3): the spell keeps its timing (307.1, 304.1, flash 702.8a) and its costs
// (601.2f-h), the legendary sorcery rule still applies (205.4e), a land is still the
// turn's one land play (305.2), and an attempt given up is rewound, the card back on top
// of the library as before (601.2, 733). The relations checked:
//
//   - at the start, the ways the engine offers to cast or play the top card under a
//     permission are exactly those it offers for the same card in the hand of the same
//     board (a new game whose only difference is that zone), and casting it locks in the
//     same cost both ways;
//   - after a land is played from the top, no land may be played that turn;
//   - a cast from the top that is cancelled leaves the library's order as it was.
func libraryCostsAndTiming() *Property {
	return &Property{
		ID:      "library.costs-and-timing",
		Rulings: []string{"library.costs-and-timing"},
		Rules:   []string{"601.3", "601.2f", "601.2h", "307.1", "305.2", "205.4e"},
		Description: "A card cast or played from the top of the library under a permission is offered exactly when, and as, the same " +
			"card in the hand would be, costs the same, uses the turn's land play, and a cancelled cast puts it back where it was.",
		Needs: Needs{Actions: []harness.ActionKind{harness.Cast, harness.PlayLand, harness.Pay, harness.Cancel}},
		Clauses: []Clause{
			{Name: "cast-as-from-hand", Rules: []string{"601.3", "307.1", "205.4e"},
				Description: "at the start, the casts offered for the top card under a permission are those offered for it in the hand"},
			{Name: "land-as-from-hand", Rules: []string{"305.1", "305.2"},
				Description: "at the start, playing the top card, a land, under a permission is offered exactly when it is from the hand"},
			{Name: "cost-as-from-hand", Rules: []string{"601.2f", "601.2h"},
				Description: "casting the top card locks in the same total cost as casting it from the hand"},
			{Name: "land-drop", Rules: []string{"305.2"},
				Description: "after a land is played from the top, no other land may be played that turn"},
			{Name: "cancel-keeps-order", Rules: []string{"601.2", "733"},
				Description: "a cast from the top that is cancelled leaves the library in the order it had before"},
			{Name: "only-permitted", Rules: []string{"601.3", "401.5"},
				Description: "the top card of a library is offered to be cast or played only when a permanent its player controls has a permission (by its text) that admits it"},
			{Name: "legendary-sorcery", Rules: []string{"205.4e"},
				Description: "a legendary sorcery, from the hand or the top, is offered only to a player who controls a legendary creature or planeswalker"},
			{Name: "legend-allows", Rules: []string{"205.4e", "307.1"}, Needs: needsCasting,
				Description: "a player who controls a legendary creature or planeswalker, with priority at sorcery speed and paying nothing, is offered each legendary sorcery in their hand that targets nothing and that they can afford"},
		},
		Steer: historicSteer("library.costs-and-timing", "top out of turn"),
		Check: checkCostsAndTiming,
	}
}

// topPermissions are the abilities that let their controller cast or play the top card of
// their library, by text, and which cards each allows (CR 601.3), as data.
var topPermissions = []struct {
	text   string
	allows func(o *harness.Object, land bool) bool
}{
	{"You may play historic lands and cast historic spells from the top of your library.",
		func(o *harness.Object, _ bool) bool { return len(historicQualities(o)) > 0 }},
	{"You may cast artifact spells and colorless spells from the top of your library.",
		func(o *harness.Object, land bool) bool { return !land && (o.HasType("Artifact") || o.Colors == "") }},
	{"You may cast creature spells from the top of your library.",
		func(o *harness.Object, land bool) bool { return !land && o.HasType("Creature") }},
}

// topPermitted reports whether a permanent p controls in s lets p cast or play o, the
// top card of p's library.
func topPermitted(s *harness.Snapshot, p harness.Player, o *harness.Object) bool {
	land := o.HasType("Land")
	for _, pm := range s.Battlefield {
		if pm.Controller != p {
			continue
		}
		for _, t := range topPermissions {
			if slices.Contains(pm.Abilities, t.text) && t.allows(o, land) {
				return true
			}
		}
	}
	return false
}

func checkCostsAndTiming(eng harness.Engine, tr *gen.Trace) Verdict {
	const ruling = "library.costs-and-timing"
	var v Verdict
	checkStartAsFromHand(eng, tr, &v, ruling)
	for i := range tr.Steps {
		st := &tr.Steps[i]
		checkListedCasts(st, i, &v, ruling)
		checkLegendAllows(st, i, &v, ruling)
		switch st.Action.Kind {
		case harness.PlayLand:
			if _, top := beforeMoving(st.Before, st.Action.Card); top {
				checkLandDrop(tr, i, &v, ruling)
			}
		case harness.Cancel:
			if c := st.Before.Casting; c != nil {
				if k := castStep(tr, i, c.Card); k >= 0 && isSpellOnTop(st.Before, c.Card) {
					if _, top := beforeMoving(tr.Steps[k].Before, c.Card); top {
						checkCancelOrder(tr, k, i, c.Player, &v, ruling)
					}
				}
			}
		}
	}
	return v
}

// checkListedCasts judges each cast and land play listed at step i by the board: one of
// the top card of a library only under a permission that admits it (601.3), and a
// legendary sorcery only for a player who controls a legendary creature or planeswalker
// (205.4e). A face-down cast is of a colourless 2/2 creature spell with no name or
// supertype (708.2a), whatever the card.
func checkListedCasts(st *gen.TraceStep, i int, v *Verdict, ruling string) {
	b := st.Before
	for _, l := range st.Legal {
		if l.Kind != harness.Cast && l.Kind != harness.PlayLand {
			continue
		}
		o := b.Find(l.Card)
		if o == nil {
			continue
		}
		spell := o
		if l.CastsFaceDown() {
			spell = &harness.Object{Card: o.Card, Types: []string{"Creature"}}
		}
		if lib := b.Players[l.Player].Library; len(lib) > 0 && lib[0].Card == l.Card {
			v.Reach("only-permitted")
			if !topPermitted(b, l.Player, spell) {
				v.add("only-permitted", violation(i-1, ruling, "601.3", "the legal actions of "+l.Player.String(),
					"the top card offered only under a permission of a permanent the player controls that admits it",
					fmt.Sprintf("%s offered, and no such permission admits %s", l, o.Name)))
			}
		}
		if spell.HasSupertype("Legendary") && spell.HasType("Sorcery") {
			v.Reach("legendary-sorcery")
			if !controlsLegend(b, l.Player) {
				v.add("legendary-sorcery", violation(i-1, ruling, "205.4e", "the legal actions of "+l.Player.String(),
					"a legendary sorcery offered only to a player who controls a legendary creature or planeswalker",
					fmt.Sprintf("%s offered, and %s controls none", l, l.Player)))
			}
		}
	}
}

// checkLegendAllows: the player with priority at sorcery speed, paying for nothing and
// asked nothing, who controls a legendary creature or planeswalker (a legendary
// planeswalker is enough, CR 205.4e), has a cast listed for each legendary sorcery in
// their hand that targets nothing and that they can afford.
func checkLegendAllows(st *gen.TraceStep, i int, v *Verdict, ruling string) {
	b := st.Before
	p := b.Priority
	if p == harness.NoPlayer || b.GameOver || b.Pending != nil || !sorceryTime(b, p) || !controlsLegend(b, p) {
		return
	}
	for _, o := range b.Players[p].Hand {
		if !o.HasSupertype("Legendary") || !o.HasType("Sorcery") || o.FaceDown || !affordable(b, p, o.ManaCost, 0) ||
			slices.ContainsFunc(o.Abilities, func(t string) bool { return strings.Contains(t, "target") }) {
			continue
		}
		v.Reach("legend-allows")
		if !slices.ContainsFunc(st.Legal, func(a harness.Action) bool { return a.Kind == harness.Cast && a.Card == o.Card }) {
			v.add("legend-allows", violation(i-1, ruling, "205.4e", fmt.Sprintf("%s in %s's hand", describe(o), p),
				fmt.Sprintf("a cast of it listed: %s controls a legendary creature or planeswalker, has priority at sorcery speed and can pay %s (CR 205.4e, 307.1)", p, o.ManaCost),
				"none listed"))
		}
	}
}

// controlsLegend reports whether p controls a legendary creature or planeswalker in s.
func controlsLegend(s *harness.Snapshot, p harness.Player) bool {
	return slices.ContainsFunc(s.Battlefield, func(o *harness.Object) bool {
		return o.Controller == p && o.HasSupertype("Legendary") && (o.HasType("Creature") || o.HasType("Planeswalker"))
	})
}

// checkStartAsFromHand compares, at the start, what the engine offers for the top card
// of the library of the player with priority with what it offers for that card in the
// hand of the same board.
func checkStartAsFromHand(eng harness.Engine, tr *gen.Trace, v *Verdict, ruling string) {
	s := &tr.Start
	p := s.Priority
	if p == harness.NoPlayer || s.Casting != nil || s.Pending != nil || len(s.Players[p].Library) == 0 {
		return
	}
	top := s.Players[p].Library[0]
	if !topPermitted(s, p, top) {
		return
	}
	clause := "cast-as-from-hand"
	if top.HasType("Land") {
		clause = "land-as-from-hand"
	}
	var legal []harness.Action
	if len(tr.Steps) > 0 {
		legal = tr.Steps[0].Legal
	} else {
		var err error
		if legal, err = eng.Legal(tr.StartState); err != nil {
			return
		}
	}
	// The proposal from the top is made before the hand's board starts: a port keeps the
	// states of one game only, until the next start (docs/engines.md).
	cast, fromTopProposal := startCastProposal(eng, tr.StartState, legal, top.Card)
	setup := tr.Setup.Clone()
	ps := &setup.Players[p]
	if len(ps.Library) == 0 || ps.Library[0].ID != top.Card {
		v.Skip(clause, "the setup's library doesn't match the start")
		return
	}
	ps.Hand = append(ps.Hand, ps.Library[0])
	ps.Library = ps.Library[1:]
	st, err := eng.Start(setup)
	var handLegal []harness.Action
	if err == nil {
		handLegal, err = eng.Legal(st)
	}
	if err != nil {
		v.Skip(clause, "the engine could not start the board with the top card in hand: "+err.Error())
		return
	}
	// Cast face up, the spell has the card's characteristics wherever the card is, so the
	// permission that admits the card admits it as it is in the hand. Cast face down it has
	// 708.2a's, which another permission may refuse (Crystal Skull's "historic spells"):
	// the face-down casts from the top are some of those from the hand (CR 601.3e).
	fromTop, fromHand := actionsFor(legal, top.Card, false), actionsFor(handLegal, top.Card, false)
	downTop, downHand := actionsFor(legal, top.Card, true), actionsFor(handLegal, top.Card, true)
	v.Reach(clause)
	if !slices.Equal(fromTop, fromHand) || slices.ContainsFunc(downTop, func(a string) bool { return !slices.Contains(downHand, a) }) {
		fromTop, fromHand = append(fromTop, downTop...), append(fromHand, downHand...)
		v.Violations = append(v.Violations, clauseViolation(-1, ruling, "601.3", clause,
			fmt.Sprintf("at the start: what %s may do with %s, the top card of their library, under a permission", p, describe(top)),
			"what the same board offers for it in the hand: "+orNothing(fromHand), orNothing(fromTop)))
		return
	}
	if clause == "cast-as-from-hand" && fromTopProposal != nil {
		checkStartCost(eng, cast, fromTopProposal, st, p, v, ruling)
	}
}

// startCastProposal is the first face-up cast of card among legal, and what applying it
// to st proposes (the cost locked in, CR 601.2f), or nil.
func startCastProposal(eng harness.Engine, st harness.State, legal []harness.Action, card harness.CardID) (harness.Action, *harness.Proposal) {
	i := slices.IndexFunc(legal, func(a harness.Action) bool {
		return a.Kind == harness.Cast && a.Card == card && !a.CastsFaceDown()
	})
	if i < 0 || st == nil {
		return harness.Action{}, nil
	}
	return legal[i], proposalOf(eng, st, legal[i])
}

// proposalOf is what applying cast to st proposes, or nil.
func proposalOf(eng harness.Engine, st harness.State, cast harness.Action) *harness.Proposal {
	next, _, err := eng.Apply(st, cast)
	if err != nil {
		return nil
	}
	snap, err := eng.Observe(next)
	if err != nil {
		return nil
	}
	return snap.Casting
}

// checkStartCost compares the cost locked in as the top card begins to be cast (a, made
// before the hand's board started) with the cost of the same cast from the hand.
func checkStartCost(eng harness.Engine, cast harness.Action, a *harness.Proposal, handState harness.State, p harness.Player, v *Verdict, ruling string) {
	b := proposalOf(eng, handState, cast)
	if b == nil {
		return
	}
	v.Reach("cost-as-from-hand")
	if a.Cost != b.Cost || a.Generic != b.Generic {
		v.Violations = append(v.Violations, clauseViolation(-1, ruling, "601.2f", "cost-as-from-hand",
			fmt.Sprintf("at the start: the cost locked in as %s begins %s from the top of their library", p, cast),
			fmt.Sprintf("%s plus {%d}, as from the hand", b.Cost, b.Generic), fmt.Sprintf("%s plus {%d}", a.Cost, a.Generic)))
	}
}

// actionsFor lists the cast and play actions for card among legal, as text, sorted.
func actionsFor(legal []harness.Action, card harness.CardID, faceDown bool) []string {
	var out []string
	for _, a := range legal {
		if (a.Kind == harness.Cast || a.Kind == harness.PlayLand) && a.Card == card && a.CastsFaceDown() == faceDown {
			out = append(out, a.String())
		}
	}
	slices.Sort(out)
	return out
}

func orNothing(list []string) string {
	if len(list) == 0 {
		return "nothing"
	}
	return strings.Join(list, "; ")
}

// checkLandDrop: after step i played a land from the top, no later step of that turn
// offers its player a land to play (CR 305.2).
func checkLandDrop(tr *gen.Trace, i int, v *Verdict, ruling string) {
	p, turn := tr.Steps[i].Action.Player, tr.Steps[i].Before.Turn
	reached := false
	for j := i + 1; j < len(tr.Steps) && tr.Steps[j].Before.Turn == turn; j++ {
		if !reached {
			v.Reach("land-drop")
			reached = true
		}
		for _, a := range tr.Steps[j].Legal {
			if a.Kind == harness.PlayLand && a.Player == p {
				v.Violations = append(v.Violations, clauseViolation(j, ruling, "305.2", "land-drop",
					fmt.Sprintf("what %s may do, having played a land from the top of their library at action %d", p, i+1),
					"no land to play: that land was the turn's land play", a.String()))
				return
			}
		}
	}
}

// checkCancelOrder: a cast begun at step k from the top of p's library and cancelled at
// step i leaves p's library in the order it had before step k.
func checkCancelOrder(tr *gen.Trace, k, i int, p harness.Player, v *Verdict, ruling string) {
	v.Reach("cancel-keeps-order")
	before, after := libraryOrder(tr.Steps[k].Before, p), libraryOrder(tr.Steps[i].After, p)
	if !slices.Equal(before, after) {
		v.Violations = append(v.Violations, clauseViolation(i, ruling, "601.2", "cancel-keeps-order",
			fmt.Sprintf("%s's library, after cancelling the cast from its top begun at action %d", p, k+1),
			"the order it had before: "+fmt.Sprint(before), fmt.Sprint(after)))
	}
}

// libraryOrder is p's library in s, top first, as card IDs.
func libraryOrder(s *harness.Snapshot, p harness.Player) []harness.CardID {
	out := make([]harness.CardID, 0, len(s.Players[p].Library))
	for _, o := range s.Players[p].Library {
		out = append(out, o.Card)
	}
	return out
}
