package props

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props/internal/manaoracle"
)

// costRules relates the mana costs the engine asks for to the texts it shows:
//
//   - a spell cast or an ability activated is proposed at the cost printed: the mana cost
//     of the card (X as announced, CR 107.3, 601.2f), or the mana symbols of the
//     ability's cost, before its colon or after its keyword (Cycling {2}, Equip {1},
//     602.2b); no card of the pool changes a cost, so none is added or taken away. A
//     face-down spell (708.4) and a cost the reader doesn't know (hybrid mana) are left
//     alone;
//   - while a proposal waits for its cost (601.2g-h), its controller may only activate
//     mana abilities (605.3a), pay, or cancel: nothing else is listed;
//   - a decision's option to pay mana ("pay {4}", 118.3, 608.2d) is listed exactly when
//     the player's mana pool covers it: mana abilities come first (608.2g), so until then
//     it isn't, and once the pool holds the mana it is;
//   - paying an ability's total cost pays the other costs its text prints, exactly: life
//     (119.4), counters removed from the source, the creatures chosen sacrificed
//     (701.21a); see checkOtherCostsPaid;
//   - an activation asking life or counters is listed exactly when they can be paid: none
//     that asks more life than its controller has (119.4) or more counters than its source
//     has (118.3), and each untargeted one that asks no mana and whose whole cost the
//     snapshot shows payable (checkPayableOffered).
func costRules() *Property {
	return &Property{
		ID:      "rules.costs",
		Rulings: []string{"rules.costs"},
		Rules:   []string{"601.2f", "602.2b", "107.3", "601.2g", "601.2h", "605.3a", "118.3", "608.2d", "119.4", "701.21a", "606.3", "606.6"},
		Description: "A spell or ability is proposed at the mana cost its text prints, X as announced; while its cost waits, " +
			"only mana abilities, paying and cancelling are offered; a decision's option to pay mana is offered " +
			"exactly when the mana pool covers it; paying an ability's cost pays the life, counters and creatures its text asks, " +
			"and an ability asking life or counters is offered exactly when they can be paid; " +
			"and a planeswalker's loyalty abilities are offered together, each exactly when its loyalty counters cover its cost.",
		Clauses: []Clause{
			{Name: "printed-cost", Rules: []string{"601.2f", "602.2b", "107.3"}, Needs: needsCasting,
				Description: "The cost locked in for a spell cast or an ability activated is the mana cost its text prints, X as announced."},
			{Name: "while-paying", Rules: []string{"601.2g", "601.2h", "605.3a"}, Needs: needsCasting,
				Description: "While a proposal waits for its cost, the legal actions are its controller's mana abilities, paying and cancelling."},
			{Name: "pay-offered", Rules: []string{"118.3", "608.2d", "608.2g"}, Needs: Needs{Actions: []harness.ActionKind{harness.Choose}},
				Description: "A decision's option to pay mana is offered exactly when the mana pool covers it."},
			{Name: "other-costs-paid", Rules: []string{"601.2h", "119.4", "701.21a"}, Needs: needsActivation,
				Description: "Paying an ability's total cost takes the life, the counters of its source and the creatures chosen that its text prints, exactly."},
			{Name: "other-costs-offered", Rules: []string{"605.3a", "118.3", "119.4"}, Needs: needsActivation,
				Description: "An ability of the player with priority whose cost asks life or counters besides {T}, and no mana, is listed when they can pay it all (the source untapped and not summoning-sick, the life, the counters), unless it needs a target or waits for a moment."},
			{Name: "other-costs-unpaid", Rules: []string{"118.3", "119.4", "602.2b"}, Needs: needsActivation,
				Description: "No activation is listed whose cost asks more life than its controller has, or more counters than its source has."},
			{Name: "loyalty", Rules: []string{"606.3", "606.6"}, Needs: needsActivation,
				Description: "When a loyalty ability of a permanent is offered, so is each of its loyalty abilities whose cost its loyalty counters cover (and needs no target but a player), and none whose cost they don't."},
		},
		Steer: gen.Steer{
			Name: "rules.costs",
			Recipes: []gen.Recipe{
				{Name: "cycling and activated costs", Weight: 2,
					Mine: []gen.Pick{{Card: "Mountain", Weight: 20}, {Card: "Swamp", Weight: 20}, {Card: "Walking Ballista", Weight: 10}, {Card: "Bonesplitter", Weight: 10}, {Card: "Grizzly Bears"}},
					Hand: []gen.Pick{{Card: "Decree of Pain", Weight: 20}, {Card: "Spark Spray", Weight: 10}, {Card: "Walking Ballista", Weight: 10}}, MinHand: 1},
				// Cycling with a "you may pay {1}" trigger on the battlefield, mana floating or not.
				// Jace with few loyalty counters: its -1 and -10 at and past what it has.
				{Name: "loyalty", Weight: 1,
					Mine:  []gen.Pick{{Card: "Jace Beleren", Weight: 40}, {Card: "Island", Weight: 20}},
					Steps: []harness.Step{harness.Main1, harness.Main2}},
				// Westvale Abbey among four to six creatures, with its {5}: "Sacrifice
				// five creatures" payable or one creature short.
				{Name: "five to sacrifice", Weight: 2,
					Mine: []gen.Pick{{Card: "Westvale Abbey", Weight: 30}, {Card: "Grizzly Bears", Weight: 20}, {Card: "Ornithopter", Weight: 20},
						{Card: "Llanowar Elves", Weight: 15}, {Card: "Pili-Pala", Weight: 10}},
					Pool: harness.Of(harness.Colorless, 5), MinPermanents: 6,
					Steps: []harness.Step{harness.Main1, harness.Main2}},
				{Name: "may pay", Weight: 3,
					Mine: []gen.Pick{{Card: "Lightning Rift", Weight: 40}, {Card: "Drake Haven", Weight: 30}, {Card: "Mountain", Weight: 20}},
					Hand: []gen.Pick{{Card: "Spark Spray", Weight: 40}, {Card: "Decree of Pain", Weight: 10}}, MinHand: 1,
					Pool: harness.Mana{harness.Red: 1}},
			},
			Prefer: preferCycling(false),
		},
		Check: checkCosts,
	}
}

func checkCosts(eng harness.Engine, tr *gen.Trace) Verdict {
	var v Verdict
	for i := range tr.Steps {
		st := &tr.Steps[i]
		if (st.Action.Kind == harness.Cast || st.Action.Kind == harness.Activate) && startsProposal(st) {
			checkPrintedCost(i, st, &v)
		}
		if b := st.Before; b.Casting != nil && b.Pending == nil && !b.GameOver {
			checkWhilePaying(i, st, &v)
		}
		if st.Before.Pending != nil && st.Before.Casting == nil { // not while a mana ability's own cost waits
			checkPayOffered(i, st, &v)
		}
		checkOtherCostsPaid(tr, i, &v)
		checkUnpayableListed(i, st, &v)
		checkLoyaltyOffered(tr, i, &v)
	}
	checkPayableOffered(tr, &v, "other-costs-offered", "rules.costs", func(cost string) bool {
		return strings.Contains(cost, "life") || strings.Contains(cost, "counter")
	})
	return v
}

// proposedText is the cost text step st's cast or activation prints, and what it is, or
// "" when it can't be read: the card's mana cost for a spell, the part of the ability's
// text that is its cost for an ability.
func proposedText(st *gen.TraceStep) (cost, what string) {
	a := st.Action
	src := st.Before.Find(a.Card)
	if src == nil || a.CastsFaceDown() {
		return "", ""
	}
	if a.Kind == harness.Cast {
		return src.ManaCost, fmt.Sprintf("%s's mana cost %s", describe(src), src.ManaCost)
	}
	if a.Ability < 0 || a.Ability >= len(src.Abilities) {
		return "", ""
	}
	text := src.Abilities[a.Ability]
	if m := reKeywordCost.FindStringSubmatch(text); m != nil {
		return m[2], abilityName(src, a.Ability)
	}
	if ab := manaoracle.ParseAbility(text); ab.Activated {
		return ab.Cost, abilityName(src, a.Ability)
	}
	return "", ""
}

// checkPrintedCost: the proposal step i left has the cost its text prints (CR 601.2f,
// 602.2b).
func checkPrintedCost(i int, st *gen.TraceStep, v *Verdict) {
	cost, what := proposedText(st)
	if what == "" {
		return
	}
	colored, generic, ok := printedCost(cost, st.Action.X)
	if !ok {
		return
	}
	v.Reach("printed-cost")
	p := st.After.Casting
	wrong := p.Cost != colored || p.Generic != generic
	if spendsAsAnyType(st.Before, st.Action.Player) {
		// Mana spent as though it were of any type (Vizier of the Menagerie): the engine may
		// lock in the coloured part as generic, which costs the same; the total must agree.
		wrong = p.Cost.Total()+p.Generic != colored.Total()+generic
	}
	if wrong {
		v.add("printed-cost", violation(i, "rules.costs", "601.2f", "",
			fmt.Sprintf("the cost printed by %s, X=%d: %s and %d generic (CR 601.2f, 602.2b, 107.3)", what, st.Action.X, colored, generic),
			fmt.Sprintf("the proposal asks %s and %d generic", p.Cost, p.Generic)))
	}
}

// spendsAsAnyType reports whether player p controls a permanent that lets them spend mana
// as though it were mana of any type (CR 609.4b).
func spendsAsAnyType(s *harness.Snapshot, p harness.Player) bool {
	for _, o := range s.Battlefield {
		if o.Controller == p && slices.ContainsFunc(o.Abilities, func(t string) bool { return strings.Contains(t, "as though it were mana of any") }) {
			return true
		}
	}
	return false
}

// checkWhilePaying: while a proposal waits, only its controller's mana abilities, paying
// and cancelling are listed (CR 601.2g-h, 605.3a).
func checkWhilePaying(i int, st *gen.TraceStep, v *Verdict) {
	v.Reach("while-paying")
	p := st.Before.Casting
	for _, a := range st.Legal {
		if a.Player == p.Player && (a.Kind == harness.Pay || a.Kind == harness.Cancel || a.Kind == harness.Activate && isManaAbility(st.Before, a)) {
			continue
		}
		v.add("while-paying", violation(i, "rules.costs", "601.2g", "",
			fmt.Sprintf("while %s's cost for %s waits, only %s's mana abilities, pay and cancel (CR 601.2g-h, 605.3a)", p.Player, p.Name, p.Player),
			fmt.Sprintf("%s is listed", a)))
		return
	}
}

// isManaAbility reports whether activation a is of a mana ability, by its text (CR 605.1a).
func isManaAbility(s *harness.Snapshot, a harness.Action) bool {
	src := s.Find(a.Card)
	return src != nil && a.Ability >= 0 && a.Ability < len(src.Abilities) && manaoracle.ParseAbility(src.Abilities[a.Ability]).Mana
}

// rePayOption reads a decision's option to pay mana: "pay {4}".
var rePayOption = regexp.MustCompile(`^pay ((?:\{[^}]+\})+)$`)

// checkPayOffered: an option to pay mana of the pending decision is listed exactly when
// the deciding player's pool covers it (CR 118.3, 608.2g).
func checkPayOffered(i int, st *gen.TraceStep, v *Verdict) {
	d := st.Before.Pending
	for _, o := range d.Options {
		m := rePayOption.FindStringSubmatch(o)
		if m == nil {
			continue
		}
		colored, generic, ok := printedCost(m[1], 0)
		if !ok {
			continue
		}
		pool := st.Before.Players[d.Player].Pool
		payable := pool.Covers(colored) && pool.Total() >= colored.Total()+generic
		listed := false
		for _, a := range st.Legal {
			if a.Kind == harness.Choose && len(a.Choices) == 1 && a.Choices[0] == harness.Choice(harness.ChoiceOption, o) {
				listed = true
			}
		}
		v.Reach("pay-offered")
		if listed != payable {
			v.add("pay-offered", violation(i, "rules.costs", "118.3", "",
				fmt.Sprintf("the option %q listed exactly when %s's pool covers it (CR 118.3, 608.2g)", o, d.Player),
				fmt.Sprintf("listed %v with %s in the pool", listed, pool)))
		}
	}
}

// paidActivation is the activation whose costs step i of tr pays, and the step it was
// begun in, or ok false: a mana ability that resolves at once pays them as it is
// activated (CR 605.3b); any other activation with the Pay that completes its proposal
// (601.2h), the proposal begun by the latest step that left that same proposal.
func paidActivation(tr *gen.Trace, i int) (act harness.Action, at int, ok bool) {
	st := &tr.Steps[i]
	switch st.Action.Kind {
	case harness.Activate:
		return st.Action, i, !startsProposal(st)
	case harness.Pay:
		p := st.Before.Casting
		if p == nil {
			return harness.Action{}, 0, false
		}
		for j := i - 1; j >= 0; j-- {
			if b := &tr.Steps[j]; startsProposal(b) && *b.After.Casting == *p {
				return b.Action, j, b.Action.Kind == harness.Activate
			}
		}
	}
	return harness.Action{}, 0, false
}

// checkOtherCostsPaid: step i, paying an activation's total cost, pays the life, counters
// and creatures its text prints, exactly (CR 601.2h, 119.4, 701.21a).
func checkOtherCostsPaid(tr *gen.Trace, i int, v *Verdict) {
	act, at, ok := paidActivation(tr, i)
	if !ok {
		return
	}
	src := tr.Steps[at].Before.Find(act.Card)
	if src == nil || act.Ability < 0 || act.Ability >= len(src.Abilities) {
		return
	}
	ab := manaoracle.ParseAbility(src.Abilities[act.Ability])
	if !ab.Activated {
		return
	}
	st := &tr.Steps[i]
	what := fmt.Sprintf("%s's cost %q", describe(src), ab.Cost)
	for _, part := range strings.Split(ab.Cost, ", ") {
		if m := reLifeCost.FindStringSubmatch(part); m != nil {
			n, _ := strconv.Atoi(m[1])
			had, has := st.Before.Players[act.Player].Life, st.After.Players[act.Player].Life
			v.Reach("other-costs-paid")
			if has != had-n {
				v.add("other-costs-paid", violation(i, "rules.costs", "119.4", "",
					fmt.Sprintf("paying %s to take %d life from %s: %d left of %d (CR 601.2h, 119.4)", what, n, act.Player, had-n, had),
					fmt.Sprintf("%s has %d life", act.Player, has)))
			}
		}
		if m := reCounterCost.FindStringSubmatch(part); m != nil {
			was, now := st.Before.Permanent(act.Card), st.After.Permanent(act.Card)
			if was == nil || now == nil || was.Object != now.Object {
				continue
			}
			n, kind := costNumber(m[1]), m[2]
			v.Reach("other-costs-paid")
			if now.Counters[kind] != was.Counters[kind]-n {
				v.add("other-costs-paid", violation(i, "rules.costs", "601.2h", "",
					fmt.Sprintf("paying %s to remove %d %s counters from it: %d left of %d (CR 601.2h)", what, n, kind, was.Counters[kind]-n, was.Counters[kind]),
					fmt.Sprintf("%d %s counters", now.Counters[kind], kind)))
			}
		}
		if m := reSacCost.FindStringSubmatch(part); m != nil {
			checkSacrificed(i, st, act, costNumber(m[1]), what, v)
		}
	}
}

// checkUnpayableListed: no activation listed before step i asks life its controller
// doesn't have (CR 119.4: a player can pay life only up to their life total) or counters
// its source doesn't have (118.3: a cost can't be paid without the resources).
func checkUnpayableListed(i int, st *gen.TraceStep, v *Verdict) {
	b := st.Before
	for _, a := range st.Legal {
		if a.Kind != harness.Activate {
			continue
		}
		src := b.Permanent(a.Card)
		ab, ok := manaoracle.AbilityOf(src, a.Ability)
		if !ok || !ab.Activated {
			continue
		}
		for _, part := range strings.Split(ab.Cost, ", ") {
			lack := ""
			if m := reLifeCost.FindStringSubmatch(part); m != nil {
				v.Reach("other-costs-unpaid")
				if n, _ := strconv.Atoi(m[1]); b.Players[a.Player].Life < n {
					lack = fmt.Sprintf("%s has %d life, less than the %d it asks (CR 119.4)", a.Player, b.Players[a.Player].Life, n)
				}
			}
			if m := reCounterCost.FindStringSubmatch(part); m != nil {
				v.Reach("other-costs-unpaid")
				if n := costNumber(m[1]); src.Counters[m[2]] < n {
					lack = fmt.Sprintf("%s has %d %s counters, fewer than the %d it asks (CR 118.3)", describe(src), src.Counters[m[2]], m[2], n)
				}
			}
			if lack != "" {
				v.add("other-costs-unpaid", violation(i-1, "rules.costs", "118.3", fmt.Sprintf("%s listed as legal", a),
					"not listed: "+lack, "listed"))
			}
		}
	}
}

// checkSacrificed: paying a "Sacrifice N creatures" cost takes off the battlefield each
// of the N creatures the activation chose (CR 701.21a, 118.3).
func checkSacrificed(i int, st *gen.TraceStep, act harness.Action, n int, what string, v *Verdict) {
	var chosen []harness.CardID
	for _, c := range act.Choices {
		if kind, val := harness.SplitChoice(c); kind == harness.ChoiceSacrifice {
			if id, err := strconv.Atoi(val); err == nil {
				chosen = append(chosen, harness.CardID(id))
			}
		}
	}
	v.Reach("other-costs-paid")
	var stayed []string
	for _, c := range chosen {
		if o := st.After.Permanent(c); o != nil {
			stayed = append(stayed, describe(o))
		}
	}
	if len(chosen) != n || len(stayed) > 0 {
		v.add("other-costs-paid", violation(i, "rules.costs", "701.21a", "",
			fmt.Sprintf("paying %s to sacrifice the %d creatures chosen for it (CR 601.2h, 701.21a)", what, n),
			fmt.Sprintf("%d chosen (%v); still on the battlefield: %s", len(chosen), chosen, strings.Join(stayed, ", "))))
	}
}
