package props

import (
	"slices"
	"strconv"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/cards"
	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props/internal/manaoracle"
)

// illegalForms are actions made from the one taken at step st by changing what it
// declares: its X, the attackers and blockers it names, the option it answers, the
// face-down permanent it turns up. Like illegalActions, they depend only on the rules
// and the snapshot, never on how the engine lists actions.
func illegalForms(st *gen.TraceStep, nowhere harness.CardID, names map[harness.CardID]string) []illegalAction {
	b, a := st.Before, st.Action
	p := a.Player
	var out tries
	add := out.add
	if a.Kind == harness.Cast || a.Kind == harness.Activate || a.Kind == harness.TurnFaceUp {
		x := a
		x.X = -1
		add("negative-x", x) // CR 107.1: no number in the game is negative
		if src := b.Find(a.Card); src != nil && !hasX(src, a, names[a.Card]) {
			x := a
			x.X = 1
			add("x-without-x", x)
			if less, ok := lessOneGeneric(a, names[a.Card]); ok {
				x.Payment = less
				add("x-without-x", x) // as if the X took one mana off the cost
			}
		}
	}
	if a.Kind == harness.Attack && len(a.Attackers) > 0 {
		x := a
		x.Attackers = append(slices.Clone(a.Attackers), a.Attackers[0])
		add("attacker-twice", x)
		x.Attackers = append(slices.Clone(a.Attackers), nowhere)
		add("no-such-card", x)
		y := a
		y.Attacking = make([]harness.CardID, len(a.Attackers))
		copy(y.Attacking, a.Attacking)
		y.Attacking[0] = a.Attackers[0] // a creature attacking itself: no planeswalker of the defending player
		add("attacks-itself", y)
		z := y
		z.Attacking = slices.Clone(y.Attacking)
		z.Attacking[0] = nowhere // attacking a card that isn't in the game
		add("attacks-itself", z)
	}
	if a.Kind == harness.Block && len(a.Blocks) > 0 {
		x := a
		x.Blocks = slices.Clone(a.Blocks)
		x.Blocks[0].Blocker = nowhere
		add("no-such-card", x)
		y := a
		y.Blocks = slices.Clone(a.Blocks)
		y.Blocks[0].Attacker = nowhere // blocking a creature that isn't there
		add("no-such-card", y)
		for i := 1; i < len(a.Blocks); i++ {
			if a.Blocks[i].Attacker != a.Blocks[0].Attacker && a.Blocks[i].Blocker != a.Blocks[0].Blocker {
				x := a
				x.Blocks = slices.Clone(a.Blocks)
				x.Blocks[i].Blocker = a.Blocks[0].Blocker
				add("blocker-twice", x)
				break
			}
		}
		// And a later blocker named again last, after another: a check that compares each
		// pair only with the first before it would let this one through.
		if n := len(a.Blocks); n >= 3 && a.Blocks[n-1].Attacker != a.Blocks[n-2].Attacker && a.Blocks[n-1].Blocker != a.Blocks[n-2].Blocker {
			x := a
			x.Blocks = slices.Clone(a.Blocks)
			x.Blocks[n-1].Blocker = a.Blocks[n-2].Blocker
			add("blocker-twice", x)
		}
	}
	if b.Priority == p && b.Pending == nil && b.Casting == nil {
		for _, o := range b.Players[p].Hand {
			if o.HasType("Land") {
				add("cast-a-land", harness.Action{Player: p, Kind: harness.Cast, Card: o.Card})
				break
			}
		}
		for _, o := range b.Battlefield {
			if o.FaceDown && o.Controller != p {
				add("turn-up-not-own", harness.Action{Player: p, Kind: harness.TurnFaceUp, Card: o.Card})
				if pay, ok := morphPayment(b.Players[p].Pool, names[o.Card]); ok {
					// Paid in full from p's pool: refused for whose it is, not for the mana.
					add("turn-up-not-own", harness.Action{Player: p, Kind: harness.TurnFaceUp, Card: o.Card, Payment: pay})
				}
				break
			}
		}
	}
	if a.Kind != harness.Choose && len(a.Choices) > 0 {
		x := a
		x.Choices = slices.Clone(a.Choices)
		kind, _, _ := strings.Cut(x.Choices[0], ":")
		x.Choices[0] = harness.Choice(kind, "no such choice")
		add("choice-not-offered", x)
		// And one more after those it was taken with: every choice is read, not only the
		// first, and none is left over unasked.
		z := a
		z.Choices = append(slices.Clone(a.Choices), harness.Choice(kind, "no such choice"))
		add("choice-not-offered", z)
		y := a
		y.Choices = nil
		add("choice-missing", y)
	}
	for _, x := range badSacrifices(b, a, nowhere) {
		add("bad-sacrifice", x)
	}
	if x, ok := unlistedOption(st); ok {
		add("option-not-listed", x)
	}
	return out
}

// illegalPayments adds the payments of action a no rule allows: one more mana of a type
// than the pool holds beyond the payment (a Pay: overpay); one more of a type it holds
// (any action paying: more than the cost); one fewer (a Pay, or an activation paying a
// mana ability's cost: less than the cost), or one of a coloured part changed for
// another type (a Pay: the wrong colour). The total cost is paid,
// no more and no less, each coloured part in its colour (CR 601.2h, 106.4).
func illegalPayments(b *harness.Snapshot, a harness.Action, add func(string, harness.Action)) {
	pool := b.Players[a.Player].Pool
	// changed is a with one more (+1) or one fewer (-1) mana of the first type ok accepts.
	changed := func(by int, ok func(t int) bool) (harness.Action, bool) {
		for t := range harness.NumManaTypes {
			if ok(t) {
				x := a
				x.Payment[t] += by
				return x, true
			}
		}
		return a, false
	}
	if a.Kind == harness.Pay {
		if x, ok := changed(+1, func(t int) bool { return pool[t] <= a.Payment[t] }); ok {
			add("overpay", x)
		}
	}
	if !a.Payment.IsZero() || a.Kind == harness.Activate && costsNoMana(b, a) {
		if x, ok := changed(+1, func(t int) bool { return pool[t] > a.Payment[t] }); ok {
			add("more-than-the-cost", x)
		}
	}
	if a.Kind == harness.Activate && a.Payment.Total() > 1 {
		// A mana ability's own mana cost, paid with its activation (Pili-Pala's {2}): one
		// mana fewer. (None at all is another form, not a payment: the activation then
		// waits for a Pay, CR 601.2g-h.)
		if x, ok := changed(-1, func(t int) bool { return a.Payment[t] > 0 }); ok {
			add("less-than-the-cost", x)
		}
	}
	if a.Kind == harness.Pay {
		if x, ok := changed(-1, func(t int) bool { return a.Payment[t] > 0 }); ok {
			add("less-than-the-cost", x)
		}
		if x, ok := wrongColour(b, a); ok {
			add("wrong-colour", x)
		}
	}
}

// wrongColour is the payment a pays for the cost being paid (the snapshot's Casting),
// with one mana of a coloured part of the cost it pays exactly changed for another type
// the pool holds: the same total, a coloured requirement unmet (CR 601.2h, 106.1a).
func wrongColour(b *harness.Snapshot, a harness.Action) (harness.Action, bool) {
	c := b.Casting
	if c == nil || c.Player != a.Player {
		return harness.Action{}, false
	}
	pool := b.Players[a.Player].Pool
	for t := range harness.NumManaTypes {
		if c.Cost[t] == 0 || a.Payment[t] != c.Cost[t] {
			continue
		}
		for u := range harness.NumManaTypes {
			if u != t && pool[u] > a.Payment[u] {
				x := a
				x.Payment[t]--
				x.Payment[u]++
				return x, true
			}
		}
	}
	return harness.Action{}, false
}

// badSacrifices are activation a with its sacrifices ("sacrifice:CARD" choices) changed
// into ones no rule allows (CR 118.3, 701.21a: a player sacrifices only permanents they
// control, each once, as many as the cost says, of the kind it says): one fewer, the first
// named twice, the first replaced by a card not in the game, by the opponent's creature,
// or by a noncreature permanent of the player's.
func badSacrifices(b *harness.Snapshot, a harness.Action, nowhere harness.CardID) []harness.Action {
	if a.Kind != harness.Activate {
		return nil
	}
	var at []int
	for i, c := range a.Choices {
		if strings.HasPrefix(c, harness.ChoiceSacrifice+":") {
			at = append(at, i)
		}
	}
	if len(at) == 0 {
		return nil
	}
	with := func(i int, c string) harness.Action {
		x := a
		x.Choices = slices.Clone(a.Choices)
		if c == "" {
			x.Choices = slices.Delete(x.Choices, i, i+1)
		} else {
			x.Choices[i] = c
		}
		return x
	}
	sacrifice := func(c harness.CardID) string { return harness.Choice(harness.ChoiceSacrifice, strconv.Itoa(int(c))) }
	out := []harness.Action{with(at[len(at)-1], ""), with(at[0], sacrifice(nowhere))}
	if len(at) > 1 {
		out = append(out, with(at[1], a.Choices[at[0]]))
	}
	theirs := slices.IndexFunc(b.Battlefield, func(o *harness.Object) bool { return o.Controller != a.Player && o.HasType("Creature") })
	if theirs >= 0 {
		out = append(out, with(at[0], sacrifice(b.Battlefield[theirs].Card)))
	}
	noncreature := slices.IndexFunc(b.Battlefield, func(o *harness.Object) bool { return o.Controller == a.Player && !o.HasType("Creature") })
	if noncreature >= 0 {
		out = append(out, with(at[0], sacrifice(b.Battlefield[noncreature].Card)))
	}
	return out
}

// morphPayment is a payment of card name's morph cost from pool, if the pool can pay it:
// the coloured part, then the generic part from what is left, type by type.
func morphPayment(pool harness.Mana, name string) (harness.Mana, bool) {
	colored, generic, ok := printedMorphParts(name)
	if !ok {
		return harness.Mana{}, false
	}
	pay := colored
	for t := range pool {
		if pool[t] < colored[t] {
			return harness.Mana{}, false
		}
		take := min(pool[t]-colored[t], generic)
		pay[t] += take
		generic -= take
	}
	return pay, generic == 0
}

// lessOneGeneric is the payment of a, turning card name face up, with one mana less
// that paid the generic part of its morph cost, if it paid any.
func lessOneGeneric(a harness.Action, name string) (harness.Mana, bool) {
	colored, _, ok := printedMorphParts(name)
	if a.Kind != harness.TurnFaceUp || !ok {
		return harness.Mana{}, false
	}
	for t := range a.Payment {
		if a.Payment[t] > colored[t] {
			less := a.Payment
			less[t]--
			return less, true
		}
	}
	return harness.Mana{}, false
}

// hasX reports whether the spell a casts, the ability it activates or the morph cost it
// pays to turn card name face up may have X in its cost as the card shows it (its mana
// cost, the ability's text, the morph cost its card prints); true when that isn't shown
// (no mana cost or no such ability text reported, a card not in the pool).
func hasX(src *harness.Object, a harness.Action, name string) bool {
	switch a.Kind {
	case harness.TurnFaceUp: // the morph cost its card prints (CR 702.37e); face down, it has none
		card, ok := cards.ByName(name)
		if !ok {
			return true
		}
		cost, ok := printedMorphCost(card)
		return !ok || strings.Contains(cost, "{X}")
	case harness.Cast:
		return src.ManaCost == "" || strings.Contains(src.ManaCost, "X")
	}
	return a.Ability < 0 || a.Ability >= len(src.Abilities) || strings.Contains(src.Abilities[a.Ability], "{X}")
}

// unlistedOption answers the decision pending at step st with one of its own options
// that the listing doesn't offer (an option to pay mana the player can't pay, say): the
// listing is every legal answer, so it is refused (CR 608.2d, 118.3).
func unlistedOption(st *gen.TraceStep) (harness.Action, bool) {
	d := st.Before.Pending
	if d == nil {
		return harness.Action{}, false
	}
	kind, listed := "", map[string]bool{}
	for _, l := range st.Legal {
		if l.Kind == harness.Choose && l.Player == d.Player && len(l.Choices) == 1 {
			k, v, _ := strings.Cut(l.Choices[0], ":")
			kind, listed[v] = k, true
		}
	}
	if kind == "" {
		return harness.Action{}, false
	}
	for _, o := range d.Options {
		if !listed[o] {
			return harness.Action{Player: d.Player, Kind: harness.Choose, Choices: []string{harness.Choice(kind, o)}}, true
		}
	}
	return harness.Action{}, false
}

// costsNoMana reports whether activation a is of a mana ability whose cost asks no mana
// ("{T}: Add {G}"): any payment with it is more than its cost.
func costsNoMana(b *harness.Snapshot, a harness.Action) bool {
	ab, ok := manaoracle.AbilityOf(b.Find(a.Card), a.Ability)
	if !ok || !ab.Mana {
		return false
	}
	return !strings.Contains(strings.NewReplacer("{T}", "", "{Q}", "").Replace(ab.Cost), "{")
}
