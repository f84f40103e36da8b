package props

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/cards"
	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// faceDownNotHistoric checks ruling historic.face-down-not-historic and the face-down
// rules it rests on: a face-down spell or permanent has only the characteristics 708.2a
// lists (a nameless, colourless 2/2 creature with no mana cost, supertype or subtype), so a
// historic card with morph isn't historic face down (CR 700.6); turning it face up is a
// special action that doesn't use the stack and keeps the object (116.2b, 702.37e, 708.8);
// what it is shows to its controller only (708.5); and every face-down cast or turning
// face up the engine offers, it accepts.
func faceDownNotHistoric() *Property {
	const ruling = "historic.face-down-not-historic"
	return &Property{
		ID:      ruling,
		Rulings: []string{ruling},
		Rules:   []string{"601.3e", "708.2", "702.37c", "700.6"},
		Description: "A face-down spell or permanent (Akroma, Angel of Fury cast face down with morph) is a nameless, colourless 2/2 " +
			"creature with no mana cost, supertype or subtype, so it isn't historic; turning it face up keeps the object and uses no stack; " +
			"only its controller knows what it is.",
		Steer: gen.Steer{
			Name: ruling,
			Recipes: []gen.Recipe{
				{Name: "morph in hand", Weight: 3, Mine: []gen.Pick{{Card: "Mountain", Weight: 40}, {Card: "Wastes", Weight: 20}},
					Hand: []gen.Pick{{Card: "Akroma, Angel of Fury", Weight: 80}}, MinHand: 1, MinPermanents: 3,
					TheirHand: gen.Cards("Cancel"), Steps: []harness.Step{harness.Main1, harness.Main2}},
				{Name: "morph under watchers", Weight: 3,
					Mine: []gen.Pick{{Card: "Jhoira, Weatherlight Captain", Weight: 40}, {Card: "Daring Archaeologist", Weight: 40},
						{Card: "Mystic Forge", Weight: 20}, {Card: "Vizier of the Menagerie", Weight: 20}, {Card: "Wastes", Weight: 30}},
					AvoidMine: gen.Permanent, Hand: []gen.Pick{{Card: "Akroma, Angel of Fury", Weight: 60}},
					Library: []gen.Pick{{Card: "Akroma, Angel of Fury", Weight: 60}}, MinLibrary: 1,
					Pool: harness.Mana{harness.Colorless: 3}, MinPermanents: 3, Steps: []harness.Step{harness.Main1, harness.Main2}},
				// Face-down Akromas on both sides and what makes them leave (CR 708.9):
				// Oblivion Ring and Helvault exile them, Walking Ballista's damage kills one.
				{Name: "face down leaving", Weight: 3,
					Mine: []gen.Pick{{Card: "Akroma, Angel of Fury", Weight: 50}, {Card: "Helvault", Weight: 40}, {Card: "Walking Ballista", Weight: 20},
						{Card: "Plains", Weight: 40}},
					Theirs: []gen.Pick{{Card: "Akroma, Angel of Fury", Weight: 60}}, AvoidMine: gen.Permanent, AvoidTheirs: gen.Permanent,
					Hand: []gen.Pick{{Card: "Oblivion Ring", Weight: 60}}, MinHand: 1, Pool: harness.Mana{harness.White: 1, harness.Colorless: 2},
					FaceDown: 90, MinPermanents: 3, Steps: []harness.Step{harness.Main1, harness.Main2}},
				faceDownRecipe,
			},
			Actions:          &gen.ActionWeights{Pass: 3, Preferred: 30, Mana: 4, Land: 2, Cast: 3, Pay: 8, Activate: 2, Attack: 2, Choose: 4, Cancel: 1},
			Prefer:           preferFaceDown,
			StopForPreferred: true,
		},
		Check: checkFaceDown,
		Clauses: []Clause{
			{Name: "characteristics", Rules: []string{"708.2a", "613.2b"},
				Description: "A face-down permanent has no name, mana cost, colour or subtype and no type but creature; a face-down spell no name, mana value or ability."},
			{Name: "not-historic", Rules: []string{"700.6", "708.2a"},
				Description: "A face-down spell or permanent is not legendary, not an artifact and not a Saga, whatever its card: it isn't historic."},
			{Name: "cast-triggers-nothing", Rules: []string{"700.6", "708.2a", "601.2i"},
				Description: "A spell cast face down under \"whenever you cast a historic spell\" abilities (Jhoira, Daring Archaeologist) triggers none of them: it isn't historic."},
			{Name: "face-up", Rules: []string{"116.2b", "702.37e", "708.8"}, Needs: Needs{Actions: []harness.ActionKind{harness.TurnFaceUp}},
				Description: "Turning a face-down permanent face up puts nothing on the stack, keeps the object and its controller's priority, and shows its card."},
			{Name: "face-up-every-way", Rules: []string{"702.37e", "601.2h"}, Needs: Needs{Actions: []harness.ActionKind{harness.TurnFaceUp}},
				Description: "Turning a face-down permanent face up is offered for every way the pool pays its morph cost: each offered payment with one mana of the generic part exchanged for another type the pool holds is offered too."},
			{Name: "offered-accepted", Rules: []string{"702.37c", "702.37e", "601.3e"}, Needs: Needs{Actions: []harness.ActionKind{harness.Cast, harness.TurnFaceUp}},
				Description: "Every face-down cast and turning face up the engine offers, it accepts."},
			{Name: "identity-hidden", Rules: []string{"708.5"}, Needs: needsViews,
				Description: "Replacing the card an opponent's face-down permanent is changes neither a player's view nor their legal actions, and no view names a face-down spell or permanent its player doesn't control."},
			{Name: "identity-known", Rules: []string{"708.5"}, Needs: needsViews,
				Description: "A player's view tells what each face-down permanent they control is."},
			{Name: "revealed-leaving", Rules: []string{"708.9"}, Needs: needsViews,
				Description: "A face-down spell or permanent that leaves the stack or the battlefield for a graveyard or exile is revealed: the other player's view shows its card there."},
		},
	}
}

// preferFaceDown favours casting face down, turning face up, and paying for either.
func preferFaceDown(before *harness.Snapshot, a harness.Action) bool {
	return a.Kind == harness.TurnFaceUp || preferSpending(func(_ *harness.Snapshot, a harness.Action) bool { return a.CastsFaceDown() })(before, a)
}

func checkFaceDown(eng harness.Engine, tr *gen.Trace) Verdict {
	const ruling = "historic.face-down-not-historic"
	var v Verdict
	names := map[harness.CardID]string{}
	tr.Setup.EachCard(func(c *harness.CardSpec) { names[c.ID] = c.Name })
	q, views := harness.ViewQueriesOf(eng)
	for i := -1; i < len(tr.Steps); i++ {
		snap, st := &tr.Start, tr.StartState
		if i >= 0 {
			snap, st = tr.Steps[i].After, tr.Steps[i].AfterState
			checkFaceUp(tr, i, &v)
			checkFaceDownOffers(eng, tr, i, &v)
			checkFaceUpEveryWay(tr, i, names, &v)
			checkFaceDownSpell(tr, i, names, &v)
			checkFaceDownCastTriggers(tr, i, &v)
		}
		for _, o := range snap.Battlefield {
			if o.FaceDown {
				checkFaceDownChars(tr, i, o, names[o.Card], &v)
			}
		}
		if views {
			checkIdentityKnown(q, tr, i, snap, st, names, &v)
			if i >= 0 {
				checkRevealedLeaving(q, tr, i, names, &v)
			}
		}
	}
	if !views {
		return v
	}
	// What each player knows in the game first: a resampled game's start releases the
	// game's states.
	var games [2][]knowledge
	var renamed [2]*resampled
	for _, p := range []harness.Player{harness.A, harness.B} {
		if renamed[p] = renameFaceDown(tr.Setup, p.Opponent()); renamed[p] == nil {
			continue
		}
		game, err := gameKnowledge(eng, q, tr, p)
		if err != nil {
			v.add("identity-hidden", queryError(-1, ruling, "708.5", fmt.Sprintf("%s's view", p), err))
			return v
		}
		games[p] = game
	}
	for _, p := range []harness.Player{harness.A, harness.B} {
		checkResampled(eng, tr, p, games[p], renamed[p], &v, "identity-hidden", ruling, "708.5",
			fmt.Sprintf("the cards %s's face-down permanents are replaced", p.Opponent()))
	}
	return v
}

// checkFaceDownChars: a face-down permanent's characteristics are 708.2a's.
func checkFaceDownChars(tr *gen.Trace, i int, o *harness.Object, card string, v *Verdict) {
	const ruling = "historic.face-down-not-historic"
	what := fmt.Sprintf("face-down %s, which is %s", describe(o), card)
	v.Reach("characteristics")
	var wrong []string
	if o.Name != "" {
		wrong = append(wrong, "name "+o.Name)
	}
	if o.ManaCost != "" {
		wrong = append(wrong, "mana cost "+o.ManaCost)
	}
	if o.Colors != "" {
		wrong = append(wrong, "colours "+o.Colors)
	}
	if len(o.Subtypes) > 0 {
		wrong = append(wrong, "subtypes "+strings.Join(o.Subtypes, " "))
	}
	if !slices.Contains(o.Types, "Creature") {
		wrong = append(wrong, "no creature type")
	}
	if len(wrong) > 0 {
		v.add("characteristics", violation(i, ruling, "708.2a", what,
			"a 2/2 creature with no name, mana cost, colour or subtype (CR 708.2a)", strings.Join(wrong, ", ")))
	}
	v.Reach("not-historic")
	if h := historicBy(o.Supertypes, o.Types, o.Subtypes); h != "" {
		v.add("not-historic", violation(i, ruling, "708.2a", what,
			"not historic: no supertype, no type but creature, no subtype (CR 708.2a, 700.6)", h))
	}
}

// historicBy names what makes an object with these types historic (CR 700.6), or "".
func historicBy(supertypes, types, subtypes []string) string {
	switch {
	case slices.Contains(supertypes, "Legendary"):
		return "legendary"
	case slices.Contains(types, "Artifact"):
		return "an artifact"
	case slices.Contains(subtypes, "Saga"):
		return "a Saga"
	}
	return ""
}

// checkFaceDownSpell: after a face-down cast, the spell on the stack has no name, no mana
// value and no ability (CR 708.2a: it has no mana cost, 202.3a).
func checkFaceDownSpell(tr *gen.Trace, i int, names map[harness.CardID]string, v *Verdict) {
	const ruling = "historic.face-down-not-historic"
	st := &tr.Steps[i]
	if !st.Action.CastsFaceDown() {
		return
	}
	for _, so := range st.After.Stack {
		if so.Kind != "spell" || so.Card != st.Action.Card {
			continue
		}
		v.Reach("characteristics")
		what := fmt.Sprintf("the face-down spell (card %d, which is %s)", so.Card, names[so.Card])
		if so.Name != "" || so.ManaValue != 0 || len(so.Abilities) > 0 {
			v.add("characteristics", violation(i, ruling, "708.2a", what, "no name, mana value 0, no ability (CR 708.2a, 202.3a)",
				fmt.Sprintf("name %q, mana value %d, abilities %q", so.Name, so.ManaValue, so.Abilities)))
		}
	}
}

// checkFaceDownCastTriggers: a spell cast face down, once it becomes cast (CR 601.2i), sets
// off none of its caster's "whenever you cast a historic spell" abilities: it is a
// nameless colourless creature spell with no supertype (708.2a), so not historic (700.6),
// whatever its card is (Akroma, Angel of Fury is legendary).
func checkFaceDownCastTriggers(tr *gen.Trace, i int, v *Verdict) {
	st := &tr.Steps[i]
	b := st.Before
	if st.Action.Kind != harness.Pay || b.Casting == nil || st.After.Casting != nil || !isSpellOnTop(b, b.Casting.Card) {
		return
	}
	k := castStep(tr, i, b.Casting.Card)
	if k < 0 || !tr.Steps[k].Action.CastsFaceDown() || historicWatchers(b, b.Casting.Player) == 0 {
		return
	}
	spell := b.Stack[len(b.Stack)-1] // as the spell is: no name, no type but creature
	m := historicMoment{step: i, how: becameCast, player: b.Casting.Player, spell: spell.Object,
		obj: &harness.Object{Card: spell.Card, Object: spell.Object, Owner: spell.Controller, Controller: spell.Controller, Zone: harness.Stack}}
	if ms := appendCounted(nil, tr, m); len(ms) == 1 {
		judgeHistoricTriggers(v, tr, ms[0], "historic.face-down-not-historic", "700.6", "cast-triggers-nothing",
			"a face-down spell isn't historic (CR 708.2a, 700.6)", 0)
	}
}

// checkFaceUp: turning a face-down permanent face up is a special action (CR 116.2b,
// 702.37e): nothing goes on the stack, priority stays with its controller (116.3), and it
// is the same object (708.8), now with its card's characteristics.
func checkFaceUp(tr *gen.Trace, i int, v *Verdict) {
	const ruling = "historic.face-down-not-historic"
	st := &tr.Steps[i]
	a := st.Action
	if a.Kind != harness.TurnFaceUp {
		return
	}
	before, after := st.Before.Permanent(a.Card), st.After.Permanent(a.Card)
	if before == nil {
		return
	}
	v.Reach("face-up")
	what := fmt.Sprintf("card %d turned face up", a.Card)
	var wrong []string
	switch {
	case after == nil:
		wrong = append(wrong, "it left the battlefield")
	case after.Object != before.Object:
		wrong = append(wrong, fmt.Sprintf("a new object %d (was %d)", after.Object, before.Object))
	case after.FaceDown || after.Name == "":
		wrong = append(wrong, "it is still face down")
	}
	if len(st.After.Stack) > len(st.Before.Stack) {
		wrong = append(wrong, fmt.Sprintf("the stack grew from %d to %d objects", len(st.Before.Stack), len(st.After.Stack)))
	}
	if st.After.Pending == nil && st.After.Priority != a.Player { // (a decision may follow: the legend rule)
		wrong = append(wrong, fmt.Sprintf("priority went to %s", st.After.Priority))
	}
	if len(wrong) > 0 {
		v.add("face-up", violation(i, ruling, "702.37e", what,
			"the same object, face up, nothing on the stack, priority kept (CR 116.2b, 702.37e, 708.8, 116.3)", strings.Join(wrong, "; ")))
	}
}

// checkFaceDownOffers: every face-down cast and turning face up listed before step i is
// accepted (offered equals accepted, at the face-down boundary).
func checkFaceDownOffers(eng harness.Engine, tr *gen.Trace, i int, v *Verdict) {
	const ruling = "historic.face-down-not-historic"
	st := &tr.Steps[i]
	for _, a := range st.Legal {
		if !a.CastsFaceDown() && a.Kind != harness.TurnFaceUp {
			continue
		}
		v.Reach("offered-accepted")
		if _, _, err := eng.Apply(st.BeforeState, a); err != nil {
			v.add("offered-accepted", violation(i, ruling, "702.37c", fmt.Sprintf("the offered action %s", a),
				"accepted, as it was offered", "refused: "+err.Error()))
			return
		}
	}
}

// checkRevealedLeaving: a face-down spell or permanent that leaves the stack or the
// battlefield for another zone is revealed (CR 708.9): in a graveyard or in exile, public
// zones, it is its card, face up, which the other player's view shows. A face-down spell
// is the only spell without a name (708.2a). No card of the pool moves a face-down object
// to a hidden zone (a hand or a library: nothing returns a permanent or a spell there),
// where 708.9's reveal would be for a moment only, so only public destinations are judged.
func checkRevealedLeaving(q harness.ViewQueries, tr *gen.Trace, i int, names map[harness.CardID]string, v *Verdict) {
	const ruling, rule = "historic.face-down-not-historic", "708.9"
	st := &tr.Steps[i]
	type left struct {
		card       harness.CardID
		controller harness.Player
	}
	var gone []left
	for _, o := range st.Before.Battlefield {
		if o.FaceDown {
			gone = append(gone, left{o.Card, o.Controller})
		}
	}
	for _, so := range st.Before.Stack {
		if so.Kind == "spell" && so.Name == "" {
			gone = append(gone, left{so.Card, so.Controller})
		}
	}
	for _, g := range gone {
		now := st.After.Find(g.card)
		if now == nil || now.Zone != harness.Graveyard && now.Zone != harness.Exile {
			continue // still there, resolved onto the battlefield, or a token gone
		}
		other := g.controller.Opponent()
		view, err := q.PlayerView(st.AfterState, other)
		if err != nil {
			v.add("revealed-leaving", queryError(i, ruling, rule, fmt.Sprintf("%s's view", other), err))
			return
		}
		v.Reach("revealed-leaving")
		ps := &view.Board.Players[now.Owner]
		zone := ps.Graveyard
		if now.Zone == harness.Exile {
			zone = ps.Exile
		}
		k := slices.IndexFunc(zone, func(o *harness.Object) bool { return o.Card == g.card })
		if k < 0 || zone[k].Name != names[g.card] || zone[k].FaceDown {
			got := "not there"
			if k >= 0 {
				got = describe(zone[k])
				if zone[k].FaceDown {
					got += ", face down"
				}
			}
			v.add("revealed-leaving", violation(i, ruling, rule, fmt.Sprintf("%s's view of card %d, face down until it went to %s's %s", other, g.card, now.Owner, now.Zone),
				fmt.Sprintf("%s, face up: a face-down object leaving for another zone is revealed (CR 708.9)", names[g.card]), got))
		}
	}
}

// checkIdentityKnown: each face-down permanent a player controls is named in their view
// (CR 708.5), as the card it is.
func checkIdentityKnown(q harness.ViewQueries, tr *gen.Trace, i int, snap *harness.Snapshot, st harness.State, names map[harness.CardID]string, v *Verdict) {
	const ruling = "historic.face-down-not-historic"
	anyFaceDown := slices.ContainsFunc(snap.Battlefield, func(o *harness.Object) bool { return o.FaceDown }) ||
		slices.ContainsFunc(snap.Stack, func(so harness.StackObject) bool { return so.Kind == "spell" && so.Name == "" })
	for _, p := range []harness.Player{harness.A, harness.B} {
		// p's face-down permanents, and p's face-down spells: a spell with no name (CR
		// 708.2a; every card of the pool has one).
		var mine []harness.CardID
		for _, o := range snap.Battlefield {
			if o.FaceDown && o.Controller == p {
				mine = append(mine, o.Card)
			}
		}
		for _, so := range snap.Stack {
			if so.Kind == "spell" && so.Name == "" && so.Controller == p {
				mine = append(mine, so.Card)
			}
		}
		if !anyFaceDown {
			continue
		}
		view, err := q.PlayerView(st, p)
		if err != nil {
			v.add("identity-known", queryError(i, ruling, "708.5", fmt.Sprintf("%s's view", p), err))
			return
		}
		// Only its controller may look at a face-down spell or permanent (708.5): the
		// view names no other, the opponent's face-down spells included.
		for _, id := range view.FaceDown {
			if !slices.Contains(mine, id.Card) {
				v.add("identity-hidden", violation(i, ruling, "708.5", fmt.Sprintf("%s's view", p),
					fmt.Sprintf("no identity of a face-down card %s doesn't control (CR 708.5)", p),
					fmt.Sprintf("it names card %d as %s", id.Card, id.Name)))
			}
		}
		for _, card := range mine {
			v.Reach("identity-known")
			want := harness.Identity{Card: card, Name: names[card]}
			if !slices.Contains(view.FaceDown, want) {
				v.add("identity-known", violation(i, ruling, "708.5", fmt.Sprintf("%s's view of face-down card %d", p, card),
					fmt.Sprintf("it is %s (CR 708.5: its controller may look at it)", want.Name), fmt.Sprintf("the view's identities: %v", view.FaceDown)))
			}
		}
	}
}

// checkFaceUpEveryWay: the turnings face up offered before step i, for each face-down
// permanent, are closed under exchanging one mana of the generic part of its morph cost
// (read from its card, names) for another type the pool holds (missingPayment): turning
// it face up is offered for every way the pool pays that cost (702.37e, 601.2h).
func checkFaceUpEveryWay(tr *gen.Trace, i int, names map[harness.CardID]string, v *Verdict) {
	st := &tr.Steps[i]
	offered := map[harness.CardID][]harness.Mana{}
	var order []harness.CardID
	player := map[harness.CardID]harness.Player{}
	for _, a := range st.Legal {
		if a.Kind != harness.TurnFaceUp {
			continue
		}
		if _, ok := offered[a.Card]; !ok {
			order = append(order, a.Card)
		}
		offered[a.Card] = append(offered[a.Card], a.Payment)
		player[a.Card] = a.Player
	}
	for _, c := range order {
		card, ok := cards.ByName(names[c])
		if !ok {
			continue
		}
		var colored harness.Mana
		generic := 0
		cost, ok := printedMorphCost(card)
		if ok {
			colored, generic, ok = printedCost(cost, 0)
		}
		if !ok || generic == 0 {
			continue
		}
		v.Reach("face-up-every-way")
		pool := st.Before.Players[player[c]].Pool
		if from, miss, found := missingPayment(offered[c], colored, pool); found {
			v.add("face-up-every-way", violation(i-1, "historic.face-down-not-historic", "702.37e",
				fmt.Sprintf("turning card %d (%s) face up for %s from the pool %s", c, names[c], cost, pool),
				fmt.Sprintf("offered paying %s too: %s with one mana of the generic part paid with another type the pool holds (CR 702.37e, 601.2h)", miss, from),
				"it is not offered"))
		}
	}
}
