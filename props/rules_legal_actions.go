package props

import (
	"fmt"
	"slices"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// legalActionRules checks that the engine refuses what the rules don't allow (CR 733.1:
// an illegal action is reversed entirely; harness.Engine: Apply returns an error and
// leaves the state as it was). The harness only ever applies actions the engine listed,
// so no other property reaches the engine's own tests of an action: an engine that
// trusts its caller (any player may act, any card may be played as a land, a payment
// may spend mana the pool doesn't hold) passes all of them. At each step this property
// makes actions from the one taken and from the board that no rule allows, whatever
// the engine's listing looks like, and requires each to be refused, the state given
// unchanged. An action whose identity (harness.Action.Key) the engine listed is never
// tried: the listing is the engine's word on what is legal, judged by the other
// properties.
func legalActionRules() *Property {
	const id = "rules.legal-actions"
	return &Property{
		ID:      id,
		Rulings: []string{id},
		Rules:   []string{"733.1", "104.1", "117.1", "305.1", "601.2b", "601.2c", "601.2h", "602.2", "508.1a", "509.1a", "608.2d"},
		Description: "An action no rule allows is refused and changes nothing: the other player acting, a pass that isn't offered, a " +
			"card or target that doesn't exist, an ability the object lacks or its controller doesn't own, a land play of a " +
			"nonland card, a payment of mana the pool doesn't hold, of more or less than the cost or of the wrong colour, a " +
			"choice that isn't offered or is missing, sacrifices no cost allows, an option that isn't offered, an " +
			"opponent's creature attacking or blocking, a creature attacking or blocking itself, a creature declared twice " +
			"as an attacker or as a blocker of two, a negative X or an X for a cost without one, a land cast as a spell, " +
			"the opponent's face-down permanent turned up, an option of the pending decision the listing doesn't offer; and " +
			"an activation, cast or land play of a card the listing offers in no form; an action listed before the last one " +
			"that the listing no longer offers, unless it does just what a form of it still listed does; any action once the game is over.",
		Clauses: []Clause{
			{Name: "listed-once", Rules: []string{"-"},
				Description: "No action is listed twice: the listing is every legal action once (docs/protocol.md, legal), and the same action twice shows an enumeration that went one past its end."},
			{Name: "other-player", Rules: []string{"117.1", "601.2", "101.4"},
				Description: "The action taken, made by the other player (who has neither priority nor the decision), is refused."},
			{Name: "pass-not-offered", Rules: []string{"117.3", "601.2", "508.1", "509.1"},
				Description: "A pass while a decision or a payment waits (no pass listed) is refused."},
			{Name: "no-such-card", Rules: []string{"601.2a", "602.2", "305.1"},
				Description: "Casting, playing or activating a card that isn't in the game is refused."},
			{Name: "no-such-ability", Rules: []string{"602.1", "602.2a"},
				Description: "Activating an ability past the source's last one (or before its first) is refused."},
			{Name: "not-controlled", Rules: []string{"602.2"},
				Description: "Activating an ability of a permanent the opponent controls is refused."},
			{Name: "land-of-nonland", Rules: []string{"305.1"}, Needs: Needs{Actions: []harness.ActionKind{harness.PlayLand}},
				Description: "Playing a nonland card from one's hand as a land is refused."},
			{Name: "no-such-target", Rules: []string{"601.2c", "115.1"},
				Description: "A spell or ability targeting a card that isn't in the game is refused."},
			{Name: "overpay", Rules: []string{"601.2h", "106.4"}, Needs: needsCasting,
				Description: "Paying with one more mana of a type than the pool holds beyond the payment is refused."},
			{Name: "more-than-the-cost", Rules: []string{"601.2h", "602.2b", "106.4"}, Needs: needsCasting,
				Description: "A payment of the cost with one more mana, of a type the pool holds, is refused, and so is any payment with a mana ability that costs no mana: the total cost is paid, no more."},
			{Name: "option-not-offered", Rules: []string{"608.2d", "603.3b"}, Needs: Needs{Actions: []harness.ActionKind{harness.Choose}},
				Description: "Answering a pending decision with an option it doesn't offer is refused."},
			{Name: "attacker-not-own", Rules: []string{"508.1a"}, Needs: Needs{Actions: []harness.ActionKind{harness.Attack}},
				Description: "Declaring an opponent's creature as an attacker is refused."},
			{Name: "blocks-itself", Rules: []string{"509.1a"}, Needs: Needs{Actions: []harness.ActionKind{harness.Block}},
				Description: "Declaring a creature as blocking itself (no attacking creature) is refused."},
			{Name: "blocker-not-own", Rules: []string{"509.1a"}, Needs: Needs{Actions: []harness.ActionKind{harness.Block}},
				Description: "Declaring a creature of the attacking player as a blocker is refused."},
			{Name: "unlisted-activation", Rules: []string{"602.2", "601.2g", "606.3"},
				Description: "Activating an ability of a permanent or card in hand that no listed action activates, in any form, is refused."},
			{Name: "unlisted-cast", Rules: []string{"601.2", "117.1a", "307.1"}, Needs: needsCasting,
				Description: "Casting a card from one's hand that no listed action casts, in any form, is refused."},
			{Name: "unlisted-land", Rules: []string{"305.1", "305.2"}, Needs: Needs{Actions: []harness.ActionKind{harness.PlayLand}},
				Description: "Playing a land card from one's hand that no listed action plays is refused."},
			{Name: "less-than-the-cost", Rules: []string{"601.2h", "602.2b"}, Needs: needsCasting,
				Description: "A payment of the cost with one mana fewer (of a spell or ability being paid, or of a mana ability's cost paid as it is activated) is refused: the total cost is paid, no less."},
			{Name: "wrong-colour", Rules: []string{"601.2h", "106.1a", "107.4"}, Needs: needsCasting,
				Description: "A payment of the cost being paid with one mana of a coloured part it pays exactly changed for another type the pool holds is refused."},
			{Name: "choice-not-offered", Rules: []string{"601.2b", "602.2b", "605.3b"},
				Description: "A cast or activation whose first choice (a colour of mana, a face, what to sacrifice) is one no rule offers, or that names one more such choice after those it was taken with, is refused."},
			{Name: "choice-missing", Rules: []string{"601.2b", "602.2b"},
				Description: "A cast or activation made with none of the choices it was taken with, in no form the listing offers, is refused."},
			{Name: "attacks-itself", Rules: []string{"508.1b"}, Needs: Needs{Actions: []harness.ActionKind{harness.Attack}},
				Description: "Declaring a creature as attacking itself, or a card not in the game (not the defending player nor a planeswalker they control), is refused."},
			{Name: "bad-sacrifice", Rules: []string{"118.3", "701.21a"},
				Description: "An activation whose sacrifices are one fewer, name a creature twice, or name a card not in the game, the opponent's creature or a noncreature permanent is refused."},
			{Name: "negative-x", Rules: []string{"107.1", "107.3", "601.2b"},
				Description: "Casting, activating or turning a permanent face up with a negative X is refused: no number in the game is negative."},
			{Name: "x-without-x", Rules: []string{"107.3", "601.2b"},
				Description: "Casting a spell whose mana cost has no X, activating an ability whose cost has none, or turning face up a permanent whose morph cost has none, with X announced as 1 is refused (turning face up paying its cost, or one mana less)."},
			{Name: "attacker-twice", Rules: []string{"508.1a"}, Needs: Needs{Actions: []harness.ActionKind{harness.Attack}},
				Description: "Declaring the same creature twice as an attacker is refused."},
			{Name: "blocker-twice", Rules: []string{"509.1a"}, Needs: Needs{Actions: []harness.ActionKind{harness.Block}},
				Description: "Declaring one creature as blocking two attackers (no card of the pool lets one block more than one) is refused."},
			{Name: "cast-a-land", Rules: []string{"305.1", "305.9"}, Needs: needsCasting,
				Description: "Casting a land card from one's hand as a spell is refused: a land is played, never cast."},
			{Name: "turn-up-not-own", Rules: []string{"702.37e", "116.2b"}, Needs: Needs{Actions: []harness.ActionKind{harness.TurnFaceUp}},
				Description: "Turning face up a face-down permanent the opponent controls is refused, paid from the player's pool or not."},
			{Name: "option-not-listed", Rules: []string{"608.2d", "118.3"}, Needs: Needs{Actions: []harness.ActionKind{harness.Choose}},
				Description: "Answering a pending decision with one of its own options that the listing doesn't offer (an option to pay mana that can't be paid) is refused."},
			{Name: "game-over", Rules: []string{"104.1", "104.2a"},
				Description: "Once the game is over, the last action taken again, or a pass, is refused."},
			{Name: "taken-again", Rules: []string{"733.1", "117.1", "601.2", "602.2", "305.2"},
				Description: "The action just taken, taken again when the listing no longer offers it (a land played twice, a card cast from where it no longer is, a {T} ability of a tapped permanent), is refused, or has the result of a form of it the listing offers."},
			{Name: "x-every-payable", Rules: []string{"107.3a", "601.2b", "601.2g"}, Needs: needsManaQueries,
				Description: "A spell whose mana cost is X and generic mana, offered to cast, is offered with every X its controller could pay with the pool and each permanent's best mana ability that costs no mana (the engine's own mana outcomes)."},
			{Name: "no-longer-listed", Rules: []string{"733.1", "117.1", "601.2", "602.2"},
				Description: "An action the listing offered before the action taken and no longer offers, fully formed as it was listed, is refused, or has the result of a form of it the listing offers (the listing keeps one choice per distinct outcome, and which one may change)."},
		},
		Steer: gen.Steer{Name: id, Plain: 2, Recipes: []gen.Recipe{combatRecipe, faceDownRecipe,
			// Several blockers for several attackers: one creature declared blocking two.
			{Name: "wide combat", Weight: 3, Mine: gen.Cards("Grizzly Bears", "Hill Giant"), Theirs: gen.Cards("Grizzly Bears", "Hill Giant"),
				Steps: []harness.Step{harness.BeginCombat}, MinPermanents: 4},
			// Westvale Abbey and five creatures: sacrifices to name.
			weighted(abbeyRecipe, 1),
			// "You may pay {4}" at the next player's upkeep, with little mana to pay it.
			// (And the other player's Pili-Pala: an ability not controlled that waits for its cost.)
			{Name: "a payment beyond the mana", Theirs: []gen.Pick{{Card: "Mana Vault", Weight: 30}, {Card: "Pili-Pala", Weight: 15}},
				Steps: []harness.Step{harness.End}},
			// An X spell in hand beside lands under Mana Reflection and Contamination, whose
			// order the player chooses (616.1): a land then adds {B} or {B}{B}, outcomes of
			// two sizes, and every X up to the larger is to be offered.
			{Name: "x under mana effects", Weight: 2,
				Mine: []gen.Pick{{Card: "Mana Reflection", Weight: 60}, {Card: "Contamination", Weight: 60}, {Card: "Forest", Weight: 40},
					{Card: "Wastes", Weight: 30}, {Card: "Llanowar Elves", Weight: 20}},
				Hand: gen.Cards("Hangarback Walker", "Walking Ballista"), MinHand: 1, MinPermanents: 3,
				Steps: []harness.Step{harness.Main1, harness.Main2}}},
			Prefer: func(_ *harness.Snapshot, a harness.Action) bool { return len(a.Attackers) > 1 || len(a.Blocks) > 1 }},
		Check: checkLegalActions,
	}
}

// illegalAction is an action no rule allows at a step, and the clause it tries.
type illegalAction struct {
	clause string
	action harness.Action
}

func checkLegalActions(eng harness.Engine, tr *gen.Trace) Verdict {
	var v Verdict
	names := map[harness.CardID]string{} // a face-down card's, for its morph cost
	tr.Setup.EachCard(func(c *harness.CardSpec) { names[c.ID] = c.Name })
	for i, st := range recordedSteps(tr) {
		listed := map[string]bool{}
		v.Reach("listed-once")
		for _, a := range st.Legal {
			k := a.Key()
			if listed[k] {
				v.add("listed-once", violation(i-1, "rules.legal-actions", "-", "", "every legal action listed once (docs/protocol.md: legal)",
					fmt.Sprintf("%q is listed twice", a.Text)))
			}
			listed[k] = true
		}
		checkEveryPayableX(eng, st, i-1, &v)
		nowhere := unusedCard(st.Before)
		tries := append(illegalActions(st, nowhere), illegalForms(st, nowhere, names)...)
		tries = append(tries, unlistedActions(st, i)...)
		if i > 0 {
			tries = append(tries, staleActions(&tr.Steps[i-1], st.Legal, i)...)
		}
		for _, ill := range tries {
			if listed[ill.action.Key()] {
				continue // the engine says it is legal: the other properties judge that
			}
			what := fmt.Sprintf("applying %s before action %d, instead of %s", ill.action, i+1, st.Action)
			if ill.clause == "taken-again" || ill.clause == "no-longer-listed" {
				tryStale(eng, &v, i-1, st, ill, what)
				continue
			}
			tryRefused(eng, &v, i-1, st.BeforeState, st.Before, ill, what)
		}
	}
	// Once the game is over no action is legal (CR 104.1): the last one again, or a pass.
	if n := len(tr.Steps); n > 0 && tr.Steps[n-1].AfterState != nil && tr.Steps[n-1].After.GameOver {
		last := &tr.Steps[n-1]
		for _, a := range []harness.Action{last.Action, {Player: last.Action.Player, Kind: harness.Pass}} {
			tryRefused(eng, &v, n-1, last.AfterState, last.After, illegalAction{"game-over", a},
				fmt.Sprintf("applying %s after the game ended", a))
		}
	}
	return v
}

// tryRefused applies ill to the state st (whose snapshot is before), after action
// after, and adds to v a violation unless the engine refuses it and leaves st as it was.
func tryRefused(eng harness.Engine, v *Verdict, after int, st harness.State, before *harness.Snapshot, ill illegalAction, what string) {
	const ruling = "rules.legal-actions"
	v.Reach(ill.clause)
	if _, _, err := eng.Apply(st, ill.action); err == nil {
		v.add(ill.clause, violation(after, ruling, ruleOf(legalActionRules(), ill.clause), what,
			"an error: no rule allows this action (CR 733.1)", "accepted"))
		return
	}
	got, err := eng.Observe(st)
	if err != nil {
		v.add(ill.clause, queryError(after, ruling, "733.1", "observing the state after refusing "+ill.action.String(), err))
		return
	}
	if d := snapDiff(*before, got); d != "" {
		v.add(ill.clause, violation(after, ruling, "733.1", what,
			"the state as it was: a refused action is reversed entirely",
			"changed (-before +after the refusal):\n"+d))
	}
}

// tryStale tries an action the listing offered at an earlier step and no longer offers,
// as tryRefused does, but accepts one more answer: the action taken as one of its forms
// the listing now offers (the same player, kind, card and ability) is taken, with the
// same result. The listing offers a mana ability once per distinct outcome and a cost
// once per distinct payment (docs/protocol.md: legal), so the form it keeps may change as
// the board does while the old one stays legal: Meteor Crater's choice of black under
// Contamination listed as the choice of blue once a blue permanent joins the board, both
// adding {B}. A stale form that does anything no listed form does is still a violation.
func tryStale(eng harness.Engine, v *Verdict, after int, st *gen.TraceStep, ill illegalAction, what string) {
	next, _, err := eng.Apply(st.BeforeState, ill.action)
	if err != nil {
		tryRefused(eng, v, after, st.BeforeState, st.Before, ill, what)
		return
	}
	v.Reach(ill.clause)
	if got, err := eng.Observe(next); err == nil && sameAsListedForm(eng, st, ill.action, got) {
		return
	}
	v.add(ill.clause, violation(after, "rules.legal-actions", ruleOf(legalActionRules(), ill.clause), what,
		"an error: no rule allows this action (CR 733.1), or the result of a form of it the listing offers",
		"accepted, with a result no listed form of it has"))
}

// sameAsListedForm reports whether taking one of the listed forms of a (the same player,
// kind, card and ability, whatever the choices, payment and X) at st gives the snapshot
// got.
func sameAsListedForm(eng harness.Engine, st *gen.TraceStep, a harness.Action, got harness.Snapshot) bool {
	for _, l := range st.Legal {
		if l.Player != a.Player || l.Kind != a.Kind || l.Card != a.Card || l.Ability != a.Ability {
			continue
		}
		next, _, err := eng.Apply(st.BeforeState, l)
		if err != nil {
			continue
		}
		if want, err := eng.Observe(next); err == nil && snapDiff(want, got) == "" {
			return true
		}
	}
	return false
}

// tries collects illegal actions made from the one taken, without its words (Text,
// Name): they would not be the engine's.
type tries []illegalAction

func (t *tries) add(clause string, x harness.Action) {
	x.Text, x.Name = "", ""
	*t = append(*t, illegalAction{clause, x})
}

// ruleOf is the first rule the clause of p cites.
func ruleOf(p *Property, clause string) string {
	for _, c := range p.Clauses {
		if c.Name == clause && len(c.Rules) > 0 {
			return c.Rules[0]
		}
	}
	return "733.1"
}

// illegalActions are actions no rule allows at step st, made from the action taken and
// from the board before it. None depends on how the engine lists actions, only on the
// rules and on what the snapshot shows.
func illegalActions(st *gen.TraceStep, nowhere harness.CardID) []illegalAction {
	b, a := st.Before, st.Action
	p := a.Player
	var out tries
	add := out.add
	other := a
	other.Player = p.Opponent()
	add("other-player", other)
	if !slices.ContainsFunc(st.Legal, func(l harness.Action) bool { return l.Player == p && l.Kind == harness.Pass }) {
		add("pass-not-offered", harness.Action{Player: p, Kind: harness.Pass})
	}
	switch a.Kind {
	case harness.Cast, harness.PlayLand, harness.Activate, harness.TurnFaceUp:
		x := a
		x.Card = nowhere
		add("no-such-card", x)
	}
	if a.Kind == harness.Activate {
		if src := b.Find(a.Card); src != nil {
			for _, ab := range []int{len(src.Abilities), -1} {
				x := a
				x.Ability = ab
				add("no-such-ability", x)
			}
		}
		// Each ability of the first such permanent: a mana ability with a mana cost
		// (Pili-Pala's) waits for its payment, and that path must refuse it too.
		for _, o := range b.Battlefield {
			if o.Controller != p && len(o.Abilities) > 0 {
				for ab := range o.Abilities {
					add("not-controlled", harness.Action{Player: p, Kind: harness.Activate, Card: o.Card, Ability: ab})
				}
				break
			}
		}
	}
	if b.Priority == p && b.Pending == nil && b.Casting == nil {
		for _, o := range b.Players[p].Hand {
			if !o.HasType("Land") {
				add("land-of-nonland", harness.Action{Player: p, Kind: harness.PlayLand, Card: o.Card})
				break
			}
		}
	}
	if len(a.Targets) > 0 {
		x := a
		x.Targets = slices.Clone(a.Targets)
		x.Targets[0] = harness.CardTarget(nowhere)
		add("no-such-target", x)
	}
	illegalPayments(b, a, add)
	if a.Kind == harness.Choose {
		x := a
		x.Choices = []string{harness.Choice(harness.ChoiceOption, "no such option")}
		add("option-not-offered", x)
	}
	if a.Kind == harness.Attack {
		for _, o := range b.Battlefield {
			if o.Controller != p && o.HasType("Creature") {
				x := a
				x.Attackers = append(slices.Clone(a.Attackers), o.Card) // attacking the player (Attacking has no entry)
				add("attacker-not-own", x)
				break
			}
		}
	}
	if a.Kind == harness.Block {
		for _, o := range b.Battlefield {
			if o.Controller == p && o.HasType("Creature") && !o.Tapped {
				x := a
				x.Blocks = append(slices.Clone(a.Blocks), harness.Blocking{Blocker: o.Card, Attacker: o.Card})
				add("blocks-itself", x)
				break
			}
		}
		if len(a.Blocks) > 0 {
			for _, o := range b.Battlefield {
				if o.Controller != p && o.HasType("Creature") {
					x := a
					x.Blocks = slices.Clone(a.Blocks)
					x.Blocks[0].Blocker = o.Card
					add("blocker-not-own", x)
					break
				}
			}
		}
	}
	return out
}

// unlistedActions are actions of the acting player on cards the listing of step i offers
// in no form for that kind of action: an ability of a permanent (or of a card in hand)
// that no listed action activates, a card in hand that none casts, a land card that none
// plays. The listing is every legal action, fully formed (harness.Engine.Legal), so no
// form of these is legal, and the barest is refused. One of each a step, taken in turn
// among the candidates as the steps go, so that a case tries many.
func unlistedActions(st *gen.TraceStep, i int) []illegalAction {
	b, p := st.Before, st.Action.Player
	type use struct {
		kind    harness.ActionKind
		card    harness.CardID
		ability int // -1: any
	}
	offered := map[use]bool{}
	for _, l := range st.Legal {
		if l.Player == p {
			offered[use{l.Kind, l.Card, l.Ability}] = true
			offered[use{l.Kind, l.Card, -1}] = true
		}
	}
	var activations, casts, lands []harness.Action
	sources := append(slices.Clone(b.Battlefield), b.Players[p].Hand...)
	for _, o := range sources {
		for ab := range o.Abilities {
			if !offered[use{harness.Activate, o.Card, ab}] {
				activations = append(activations, harness.Action{Player: p, Kind: harness.Activate, Card: o.Card, Ability: ab})
			}
		}
	}
	for _, o := range b.Players[p].Hand {
		if !offered[use{harness.Cast, o.Card, -1}] && !o.HasType("Land") {
			casts = append(casts, harness.Action{Player: p, Kind: harness.Cast, Card: o.Card})
		}
		if !offered[use{harness.PlayLand, o.Card, -1}] && o.HasType("Land") {
			lands = append(lands, harness.Action{Player: p, Kind: harness.PlayLand, Card: o.Card})
		}
	}
	var out []illegalAction
	for _, c := range []struct {
		clause string
		of     []harness.Action
	}{{"unlisted-activation", activations}, {"unlisted-cast", casts}, {"unlisted-land", lands}} {
		if len(c.of) > 0 {
			out = append(out, illegalAction{c.clause, c.of[i%len(c.of)]})
		}
	}
	return out
}

// staleActions are actions fully formed as the listing of the step before (prev) gave
// them: the action taken then, and one of the others (in turn among them as the steps
// go), of those the listing no longer offers in any payment. The listing being every
// legal action (harness.Engine.Legal), they are legal no more. This reaches the engine's
// tests of a well-formed action whose moment has passed (the land already played, the
// card no longer in hand, the source tapped), which the barest forms of unlistedActions
// may fail for another reason. The payment and X are left out of the comparison: an
// activation may be listed paid from the pool when the pool can pay it and unpaid (paid
// once proposed, CR 601.2g-h) when it can't, its X then bounded by the mana at hand, and
// an engine may accept a proposal in either form.
func staleActions(prev *gen.TraceStep, now []harness.Action, i int) []illegalAction {
	unpaid := func(a harness.Action) string {
		a.Payment, a.X = harness.Mana{}, 0
		return a.Key()
	}
	listed := map[string]bool{}
	for _, a := range now {
		listed[unpaid(a)] = true
	}
	var out []illegalAction
	taken := unpaid(prev.Action)
	if !listed[taken] {
		out = append(out, illegalAction{"taken-again", prev.Action})
	}
	var others []harness.Action
	for _, l := range prev.Legal {
		if k := unpaid(l); k != taken && !listed[k] {
			others = append(others, l)
		}
	}
	if len(others) > 0 {
		out = append(out, illegalAction{"no-longer-listed", others[i%len(others)]})
	}
	return out
}

// unusedCard is a card ID no object of the snapshot has.
func unusedCard(b *harness.Snapshot) harness.CardID {
	var top harness.CardID
	for _, o := range b.Objects() {
		top = max(top, o.Card)
	}
	for _, so := range b.Stack {
		top = max(top, so.Card)
	}
	return top + 1000
}
