package props

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/cards"
	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// planeswalkerLoyalty checks ruling copy.planeswalker-loyalty: loyalty counters come
// from entering, and only from entering (CR 306.5b: "This permanent enters with a number
// of loyalty counters on it equal to its printed loyalty number" is a replacement effect),
// so a permanent that becomes a planeswalker later gets none; and the loyalty abilities
// that spend them follow 606. Its clauses:
//
//   - starting-loyalty: a planeswalker spell that resolves is on the battlefield with as
//     many loyalty counters as the printed loyalty of its card (the cards table), not in
//     a graveyard for having none (704.5i).
//   - once-per-turn: after a loyalty ability of a permanent has been activated this turn
//     (as the trace shows), no loyalty ability of it is offered again that turn (606.3).
//   - cost: an offered loyalty ability is offered only when its controller could cast a
//     sorcery (606.3) and, for a negative cost, with at least that many loyalty counters
//     (606.6); paying it adds or removes exactly that many (606.4).
//   - becomes-copy: a permanent that becomes a copy of a planeswalker without entering (a
//     Crystalline Resonance) has as many loyalty counters as before, and with none it is
//     in the graveyard once state-based actions are done (704.5i, 707.4).
//   - enters-as-copy: a permanent that enters as a copy of a planeswalker (Clever
//     Impersonator, Spark Double) has the copied loyalty in counters (306.5b: its
//     copiable values' loyalty, 707.2), plus one if its copy ability says "an additional
//     loyalty counter" (707.9b).
//
// Loyalty abilities are once per turn per permanent whatever it copies: once-per-turn
// follows the object (CR 400.7), so a copy and its original each have their own turn.
func planeswalkerLoyalty() *Property {
	return &Property{
		ID:      "copy.planeswalker-loyalty",
		Rulings: []string{"copy.planeswalker-loyalty"},
		Rules:   []string{"306.5b", "704.5i", "606.3", "606.4", "606.6"},
		Description: "A planeswalker enters with loyalty counters equal to its printed loyalty, and only entering gives " +
			"them; its loyalty abilities are sorcery-speed, once per turn per permanent, and cost exactly their loyalty.",
		Clauses: []Clause{
			{Name: "starting-loyalty", Rules: []string{"306.5b", "704.5i"}, Needs: needsCasting, Description: "a resolving planeswalker spell enters with its printed loyalty in counters"},
			{Name: "once-per-turn", Rules: []string{"606.3"}, Needs: needsAbilities, Description: "no loyalty ability of a permanent is offered again in a turn one of them was activated"},
			{Name: "each-turn", Rules: []string{"606.3"}, Needs: needsAbilities, Description: "at sorcery speed, a permanent none of whose loyalty abilities was activated this turn has each one with a cost of 0 or more offered (and no target but a player): in a later turn too"},
			{Name: "cost", Rules: []string{"606.3", "606.4", "606.6"}, Needs: needsAbilities, Description: "loyalty abilities are offered at sorcery speed with enough counters, and paying one changes the counters by its cost"},
			{Name: "becomes-copy", Rules: []string{"306.5b", "704.5i", "707.4"}, Needs: needsCasting, Description: "becoming a copy of a planeswalker gives no loyalty counters; with none it dies"},
			{Name: "enters-as-copy", Rules: []string{"306.5b", "707.2", "707.9b"}, Needs: needsCasting, Description: "entering as a copy of a planeswalker gives the copied loyalty (and an additional counter if the copy says so)"},
		},
		Steer: gen.Steer{
			Name: "copy.planeswalker-loyalty",
			Recipes: []gen.Recipe{
				{Name: "jace used", Weight: 1,
					Mine:  []gen.Pick{{Card: "Island", Weight: 30}, {Card: "Jace Beleren", Weight: 20}},
					Hand:  []gen.Pick{{Card: "Jace Beleren", Weight: 20}},
					Steps: []harness.Step{harness.Main1, harness.Main2}},
				{Name: "jace cast", Weight: 6,
					Mine:  []gen.Pick{{Card: "Island", Weight: 60}},
					Hand:  []gen.Pick{{Card: "Jace Beleren", Weight: 200}},
					Steps: []harness.Step{harness.Main1, harness.Main2}, StepWeight: 200, AvoidMine: gen.Permanent, AvoidTheirs: gen.Enchantment,
					MinHand: 1, MinPermanents: 5},
				// Cycling under a Crystalline Resonance with only planeswalkers to copy.
				{Name: "resonance and jace", Weight: 22,
					Mine:      []gen.Pick{{Card: "Crystalline Resonance", Weight: 40}, {Card: "Mountain", Weight: 30}, {Card: "Island", Weight: 20}},
					Theirs:    []gen.Pick{{Card: "Jace Beleren", Weight: 40}},
					Hand:      []gen.Pick{{Card: "Spark Spray", Weight: 60}, {Card: "Drifting Meadow", Weight: 20}},
					AvoidMine: gen.Creature, AvoidTheirs: gen.Land | gen.Creature | gen.Artifact | gen.Enchantment,
					MinHand: 1, MinPermanents: 4, Steps: []harness.Step{harness.Main1, harness.Main2}},
				// Mana Flare doubles the Islands' mana: four mana for the copy from fewer lands.
				// One Jace a side mostly, so that the legend rule takes few of the walk's decisions.
				{Name: "copies entering as jace", Weight: 21,
					Mine:      []gen.Pick{{Card: "Island", Weight: 60}, {Card: "Jace Beleren", Weight: 10}, {Card: "Mana Flare", Weight: 25}},
					Theirs:    []gen.Pick{{Card: "Jace Beleren", Weight: 8}, {Card: "Plains", Weight: 40}},
					Hand:      []gen.Pick{{Card: "Spark Double", Weight: 30}, {Card: "Clever Impersonator", Weight: 50}},
					AvoidMine: gen.Permanent | gen.Land, AvoidTheirs: gen.Permanent | gen.Land, MinHand: 1, MinPermanents: 5,
					Steps: []harness.Step{harness.Main1, harness.Main2}, StepWeight: 200},
			},
			// Mana abilities and casts mostly when preferred: for a cost being paid, or a spell
			// the lands can pay for.
			Actions: &gen.ActionWeights{Pass: 2, Preferred: 100, Mana: 1, Land: 1, Cast: 1, Pay: 8, Activate: 4, Attack: 1, Choose: 4, Cancel: 1},
			Prefer: func(before *harness.Snapshot, a harness.Action) bool {
				switch {
				case before == nil:
					return false
				case before.Casting != nil:
					return advancesPayment(before, a)
				}
				if a.Kind == harness.Choose {
					return choosesCard(before, a, func(o *harness.Object) bool { return o.HasType("Planeswalker") })
				}
				if _, ok := loyaltyCost(gen.AbilityText(before, &a)); ok || preferCopying(before, a) || a.Kind == harness.Activate && preferCycling(false)(before, a) {
					return true
				}
				return preferSpending(func(b *harness.Snapshot, a harness.Action) bool {
					o := b.Find(a.Card)
					return o != nil && o.HasType("Planeswalker") && affordable(b, a.Player, o.ManaCost, a.X)
				})(before, a)
			},
			// A run of passes stops where a copy spell or Jace can be cast, or a loyalty
			// ability activated.
			StopForPreferred: true,
		},
		Check: checkLoyalty,
	}
}

// printedLoyalty is the printed loyalty of the card named name (CR 306.5a), from the cards
// table.
func printedLoyalty(name string) (int, bool) {
	c, ok := cards.ByName(name)
	if !ok || c.Loyalty == nil {
		return 0, false
	}
	return *c.Loyalty, true
}

// checkLoyalty judges each clause of copy.planeswalker-loyalty along the trace.
func checkLoyalty(eng harness.Engine, tr *gen.Trace) Verdict {
	var v Verdict
	checkEntersAsCopyLoyalty(tr, &v)
	checkSetUpCopyLoyalty(tr, &v)
	pay := loyaltyPayments{activated: map[harness.ObjectID]int{}}
	for i := range tr.Steps {
		checkBecomesCopyLoyalty(tr, i, &v)
		checkStartingLoyalty(tr, i, &v)
		checkOfferedLoyalty(tr, i, pay.activated, &v)
		pay.follow(tr, i, &v)
	}
	return v
}

// checkStartingLoyalty: a planeswalker spell resolving at step i enters with its printed
// loyalty (CR 306.5b).
func checkStartingLoyalty(tr *gen.Trace, i int, v *Verdict) {
	const ruling = "copy.planeswalker-loyalty"
	st := &tr.Steps[i]
	top, ok := resolvedSpell(st)
	if !ok {
		return
	}
	want, ok := printedLoyalty(top.Name)
	if o := printedObject(top.Name); !ok || o == nil || !o.HasType("Planeswalker") || want <= 0 {
		return
	}
	v.Reach("starting-loyalty")
	what := fmt.Sprintf("planeswalker spell %s resolved", top.Name)
	expected := fmt.Sprintf("it enters with %d loyalty counters, its printed loyalty (CR 306.5b)", want)
	switch card := st.After.Find(top.Card); {
	case card == nil:
	case card.Zone == harness.Battlefield && card.Counters["loyalty"] != want:
		v.Violations = append(v.Violations, clauseViolation(i, ruling, "306.5b", "starting-loyalty", what, expected,
			fmt.Sprintf("%d loyalty counters", card.Counters["loyalty"])))
	case card.Zone == harness.Graveyard:
		v.Violations = append(v.Violations, clauseViolation(i, ruling, "306.5b", "starting-loyalty", what, expected,
			"it is in the graveyard: it entered with no loyalty and died (CR 704.5i)"))
	}
}

// checkOfferedLoyalty judges the loyalty abilities listed as legal before step i: one per
// permanent per turn, at sorcery speed (CR 606.3), and a negative cost only with the
// counters to pay it (606.6). activated maps a permanent to the turn one of its loyalty
// abilities was last activated.
func checkOfferedLoyalty(tr *gen.Trace, i int, activated map[harness.ObjectID]int, v *Verdict) {
	const ruling = "copy.planeswalker-loyalty"
	st := &tr.Steps[i]
	b := st.Before
	if b.Pending == nil && b.Casting == nil && b.Priority != harness.NoPlayer {
		for j := range b.Battlefield {
			o := b.Battlefield[j]
			if o.Controller != b.Priority || !sorceryTime(b, o.Controller) || !hasLoyaltyAbility(o) {
				continue
			}
			if activated[o.Object] == b.Turn {
				v.Reach("once-per-turn")
			} else {
				checkLoyaltyEachTurn(i, st, o, activated[o.Object], v)
			}
		}
	}
	reported := map[harness.CardID]bool{} // one violation per permanent and state
	for _, a := range st.Legal {
		n, ok := loyaltyCost(gen.AbilityText(b, &a))
		if a.Kind != harness.Activate || !ok {
			continue
		}
		o := b.Permanent(a.Card)
		if o == nil || reported[o.Card] {
			continue
		}
		before := len(v.Violations)
		what := fmt.Sprintf("%s listed as legal", a)
		switch {
		case activated[o.Object] == b.Turn:
			v.Violations = append(v.Violations, clauseViolation(i-1, ruling, "606.3", "once-per-turn", what,
				"no loyalty ability of a permanent whose loyalty ability was activated this turn (CR 606.3)",
				describe(o)+" already activated one this turn"))
		case !sorceryTime(b, a.Player):
			v.Violations = append(v.Violations, clauseViolation(i-1, ruling, "606.3", "cost", what,
				"loyalty abilities only in their controller's main phase with an empty stack (CR 606.3)",
				fmt.Sprintf("offered in %s's %s with %d objects on the stack", b.Active, b.Step, len(b.Stack))))
		case n < 0 && o.Counters["loyalty"] < -n:
			v.Violations = append(v.Violations, clauseViolation(i-1, ruling, "606.6", "cost", what,
				fmt.Sprintf("a cost of %d loyalty only with at least %d loyalty counters (CR 606.6)", n, -n),
				fmt.Sprintf("%d loyalty counters", o.Counters["loyalty"])))
		}
		reported[o.Card] = len(v.Violations) > before
	}
}

// checkLoyaltyEachTurn: o, a permanent of the player with priority at sorcery speed, has
// activated no loyalty ability this turn (the trace shows every activation: a setup
// can't say one was made before it), so each of its loyalty abilities that adds counters
// or costs none, and targets nothing but a player, is offered (CR 606.3: once each turn,
// so again in a later one). last is the turn of its last activation, 0 for none.
func checkLoyaltyEachTurn(i int, st *gen.TraceStep, o *harness.Object, last int, v *Verdict) {
	for k, t := range o.Abilities {
		if n, ok := loyaltyCost(t); !ok || n < 0 || needsNonPlayerTarget(t) {
			continue
		}
		v.Reach("each-turn")
		if slices.ContainsFunc(st.Legal, func(a harness.Action) bool {
			return a.Kind == harness.Activate && a.Card == o.Card && a.Ability == k
		}) {
			continue
		}
		since := "none of its loyalty abilities has been activated in the game"
		if last > 0 {
			since = fmt.Sprintf("the last one was activated in turn %d", last)
		}
		v.Violations = append(v.Violations, clauseViolation(i-1, "copy.planeswalker-loyalty", "606.3", "each-turn",
			fmt.Sprintf("%s's %q in %s's %s", describe(o), t, st.Before.Active, st.Before.Step),
			"offered: a loyalty ability may be activated once each turn at sorcery speed, and "+since+" (CR 606.3)",
			"not offered"))
	}
}

// loyaltyPayments follows loyalty abilities from activation to payment.
type loyaltyPayments struct {
	activated map[harness.ObjectID]int // permanent -> turn a loyalty ability of it was activated
	pending   *loyaltyProposal
}

// loyaltyProposal is a loyalty ability being activated, its cost not yet paid.
type loyaltyProposal struct {
	object harness.ObjectID
	card   harness.CardID
	cost   int
}

// follow takes step i: an activation starts a proposal, a cancel drops it, and the Pay
// that completes it pays the loyalty cost, which changes the counters by the cost
// (CR 606.4).
func (l *loyaltyPayments) follow(tr *gen.Trace, i int, v *Verdict) {
	const ruling = "copy.planeswalker-loyalty"
	st := &tr.Steps[i]
	b := st.Before
	switch a := st.Action; a.Kind {
	case harness.Activate:
		if n, ok := loyaltyCost(gen.AbilityText(b, &a)); ok {
			if o := b.Permanent(a.Card); o != nil {
				l.pending = &loyaltyProposal{o.Object, o.Card, n}
			}
		}
	case harness.Cancel:
		if b.Casting != nil && l.pending != nil && b.Casting.Card == l.pending.card {
			l.pending = nil
		}
	case harness.Pay:
		// A mana ability with a mana cost, activated while paying, is paid first.
		if l.pending == nil || b.Casting == nil || b.Casting.Card != l.pending.card {
			return
		}
		p := l.pending
		l.pending = nil
		l.activated[p.object] = b.Turn
		before := objectOnBattlefield(b, p.object)
		if before == nil {
			return
		}
		v.Reach("cost")
		want := before.Counters["loyalty"] + p.cost
		what := fmt.Sprintf("loyalty cost %+d paid from %d counters", p.cost, before.Counters["loyalty"])
		expected := fmt.Sprintf("%d loyalty counters (CR 606.4)", want)
		switch after := objectOnBattlefield(st.After, p.object); {
		case after != nil && after.Counters["loyalty"] != want:
			v.Violations = append(v.Violations, clauseViolation(i, ruling, "606.4", "cost", what, expected,
				fmt.Sprintf("%d", after.Counters["loyalty"])))
		case after == nil && want > 0:
			v.Violations = append(v.Violations, clauseViolation(i, ruling, "606.4", "cost", what, expected+", so it stays on the battlefield",
				"it left the battlefield"))
		}
	}
}

func hasLoyaltyAbility(o *harness.Object) bool {
	for _, t := range o.Abilities {
		if _, ok := loyaltyCost(t); ok {
			return true
		}
	}
	return false
}

// checkBecomesCopyLoyalty: the becomes-copy clause, on step i.
func checkBecomesCopyLoyalty(tr *gen.Trace, i int, v *Verdict) {
	const ruling = "copy.planeswalker-loyalty"
	st := &tr.Steps[i]
	b, ok := becameCopy(st)
	if !ok || !b.Src.HasType("Planeswalker") {
		return
	}
	v.Reach("becomes-copy")
	what := fmt.Sprintf("%s became a copy of %s", describe(b.Was), describe(b.Src))
	had := b.Was.Counters["loyalty"]
	switch {
	case !b.stillThere():
	case b.Now.Counters["loyalty"] != had:
		v.Violations = append(v.Violations, clauseViolation(i, ruling, "306.5b", "becomes-copy", what,
			fmt.Sprintf("no loyalty counters for becoming a planeswalker without entering: %d, as before (CR 306.5b, 707.4)", had),
			fmt.Sprintf("%d loyalty counters", b.Now.Counters["loyalty"])))
	case had == 0 && settled(st.After) && b.Now.HasType("Planeswalker"):
		v.Violations = append(v.Violations, clauseViolation(i, ruling, "704.5i", "becomes-copy", what,
			"a planeswalker with no loyalty counters is put into its owner's graveyard (CR 704.5i)", "it is on the battlefield with none"))
	}
}

// checkEntersAsCopyLoyalty: the enters-as-copy clause, on the trace's copy events.
func checkEntersAsCopyLoyalty(tr *gen.Trace, v *Verdict) {
	const ruling = "copy.planeswalker-loyalty"
	for _, e := range copyEvents(tr) {
		if e.Step < 0 || e.Was != nil || e.Src == nil || !e.Obj.HasType("Planeswalker") {
			continue
		}
		cv, ok := copiableOf(e.Src)
		if !ok || cv.Loyalty == nil {
			continue
		}
		want := *cv.Loyalty
		if strings.Contains(e.Ability, "additional loyalty counter") {
			want++
		}
		v.Reach("enters-as-copy")
		if got := e.Obj.Counters["loyalty"]; got != want {
			v.Violations = append(v.Violations, clauseViolation(e.Step, ruling, "306.5b", "enters-as-copy",
				fmt.Sprintf("%s entered as a copy of %s", describe(e.Obj), describe(e.Src)),
				fmt.Sprintf("%d loyalty counters: the copied loyalty %d (CR 306.5b, 707.2), with the copy's exceptions (707.9b)", want, *cv.Loyalty),
				fmt.Sprintf("%d", got)))
		}
	}
}

// checkSetUpCopyLoyalty: the becomes-copy clause at the start, for a permanent the setup
// has copying a planeswalker (its newest copy effect's): it became a copy before the game
// began without entering, so it has only the loyalty counters the setup gives it, and with
// none it is in the graveyard once the start's state-based actions are done (CR 704.5i).
func checkSetUpCopyLoyalty(tr *gen.Trace, v *Verdict) {
	const ruling = "copy.planeswalker-loyalty"
	if !settled(&tr.Start) {
		return
	}
	for p := range tr.Setup.Players {
		for _, pm := range tr.Setup.Players[p].Battlefield {
			if len(pm.Copying) == 0 || pm.Counters["loyalty"] > 0 {
				continue
			}
			if cv, ok := setupCopiable(&tr.Setup, &pm); !ok || !slices.Contains(cv.Types, "Planeswalker") {
				continue
			}
			v.Reach("becomes-copy")
			now := tr.Start.Find(pm.ID)
			if now == nil || now.Zone != harness.Battlefield {
				continue
			}
			v.Violations = append(v.Violations, clauseViolation(-1, ruling, "704.5i", "becomes-copy",
				fmt.Sprintf("the start: %s, set up copying card %d with no loyalty counters", describe(now), pm.Copying[len(pm.Copying)-1]),
				"a copy of a planeswalker that didn't enter as one has no loyalty counters and is put into the graveyard (CR 306.5b, 704.5i)",
				fmt.Sprintf("it is on the battlefield with %d loyalty counters", now.Counters["loyalty"])))
		}
	}
}
