package props

import (
	"fmt"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props/internal/manaoracle"
)

// symbolRule is what one cost symbol demands of its source (CR 107.5 for {T}, 107.6 for
// {Q}): the status it must have before paying, the status it has after, and the same
// summoning-sickness rule for creatures (302.6).
type symbolRule struct {
	ruling, symbol, rule string
	has                  func(manaoracle.Ability) bool
	wantTapped           bool // the status the source must have to pay the cost
}

var (
	tapSymbol   = symbolRule{ruling: "cost.tap-symbol", symbol: "{T}", rule: "107.5", has: func(a manaoracle.Ability) bool { return a.HasT }, wantTapped: false}
	untapSymbol = symbolRule{ruling: "cost.untap-symbol", symbol: "{Q}", rule: "107.6", has: func(a manaoracle.Ability) bool { return a.HasQ }, wantTapped: true}
)

func (r symbolRule) status(tapped bool) string { return tapStatus(tapped) }

// tapSymbolProp checks ruling cost.tap-symbol (CR 107.5, 302.6, 702.10).
func tapSymbolProp() *Property {
	return &Property{
		ID:      "cost.tap-symbol",
		Rulings: []string{"cost.tap-symbol"},
		Rules:   []string{"107.5", "302.6", "702.10c"},
		Description: "An ability with {T} in its cost is offered only while its source is untapped and, for a creature, " +
			"only if its controller has controlled it since their most recent turn began, unless it has haste or " +
			"they control Thousand-Year Elixir; paying {T} taps it. A permanent's summoning sickness follows its " +
			"controller's turns.",
		Steer: gen.Steer{
			Name: "cost.tap-symbol",
			Recipes: []gen.Recipe{
				{Name: "sick elves", Weight: 2, Mine: gen.Cards("Llanowar Elves", "Hangarback Walker", "Mutavault", "Thousand-Year Elixir", "Fellwar Stone")},
				{Name: "tapped sources", Mine: gen.Cards("Llanowar Elves", "Fellwar Stone", "Mutavault", "Academy Ruins"), Hand: gen.Cards("Twiddle")},
			},
			Actions: &gen.ActionWeights{Pass: 5, Preferred: 10, Mana: 8, Land: 2, Cast: 3, Pay: 8, Activate: 8, Attack: 2, Choose: 4, Cancel: 1},
			Prefer:  preferAbilityKind(func(a manaoracle.Ability) bool { return a.HasT }),
		},
		Check: func(eng harness.Engine, tr *gen.Trace) Verdict {
			v := checkSymbol(tr, tapSymbol)
			checkSickness(tr, &v)
			checkReadyOffered(tr, &v)
			return v
		},
		Clauses: append(symbolClauses(tapSymbol),
			Clause{Name: "sickness-status", Rules: []string{"302.6"},
				Description: "A permanent's summoning sickness, as the engine reports it, follows its controller's turns in the trace."},
			Clause{Name: "ready-offered", Rules: []string{"107.5", "302.6", "605.3a"}, Needs: needsActivation,
				Description: "The player with priority controls an untapped permanent with an ability whose cost is {T} alone " +
					"(a mana ability, or one with no target, nothing being cast), and it is no creature, or one its controller has " +
					"controlled since their most recent turn began, or has haste or Thousand-Year Elixir's help: the ability is listed."}),
	}
}

// symbolClauses are the clauses of a cost-symbol property: a source in the wrong status,
// a summoning-sick creature, and paying.
func symbolClauses(r symbolRule) []Clause {
	return []Clause{
		{Name: "wrong-status", Rules: []string{r.rule}, Needs: needsActivation,
			Description: fmt.Sprintf("The player with priority controls a %s source of a %s ability: it isn't listed.", r.status(!r.wantTapped), r.symbol)},
		{Name: "sick-creature", Rules: []string{"302.6", "702.10c"}, Needs: needsActivation,
			Description: fmt.Sprintf("They control a summoning-sick creature with a %s ability, no haste and no Thousand-Year Elixir: it isn't listed.", r.symbol)},
		{Name: "paid", Rules: []string{r.rule}, Needs: needsActivation,
			Description: fmt.Sprintf("Paying %s leaves the source %s.", r.symbol, r.status(r.wantTapped == false))},
	}
}

// untapSymbolProp checks ruling cost.untap-symbol (CR 107.6, 302.6).
func untapSymbolProp() *Property {
	preferQ := preferAbilityKind(func(a manaoracle.Ability) bool { return a.HasQ })
	return &Property{
		ID:      "cost.untap-symbol",
		Rulings: []string{"cost.untap-symbol"},
		Rules:   []string{"107.6", "302.6", "702.10c"},
		Description: "An ability with {Q} in its cost (Pili-Pala, a creature wearing Umbral Mantle) is offered only " +
			"while its source is tapped and, for a creature, only if its controller has controlled it since their " +
			"most recent turn began, unless it has haste or they control Thousand-Year Elixir; paying {Q} untaps it.",
		Needs: needsActivation,
		Steer: gen.Steer{
			Name: "cost.untap-symbol",
			Recipes: []gen.Recipe{
				{Name: "pili-pala and mantle", Weight: 2, Mine: gen.Cards("Pili-Pala", "Umbral Mantle", "Thousand-Year Elixir", "Llanowar Elves", "Forest"),
					Hand: gen.Cards("Twiddle")},
				{Name: "sick pili-pala", Mine: gen.Cards("Pili-Pala", "Wastes", "Mountain"), Theirs: gen.Cards("Thousand-Year Elixir")},
				// Pili-Palas (a quarter of them tapped) among the lands to pay their {2}.
				{Name: "pili-palas and lands", Mine: []gen.Pick{{Card: "Pili-Pala", Weight: 40}, {Card: "Wastes", Weight: 40}, {Card: "Mountain", Weight: 20},
					{Card: "Thousand-Year Elixir", Weight: 10}}, AvoidMine: gen.Permanent, MinPermanents: 4, Steps: []harness.Step{harness.Main1, harness.Main2}},
			},
			Actions: &gen.ActionWeights{Pass: 5, Preferred: 12, Mana: 8, Land: 2, Cast: 4, Pay: 8, Activate: 8, Attack: 2, Choose: 4, Cancel: 1},
			Prefer: func(before *harness.Snapshot, a harness.Action) bool {
				if before != nil && before.Casting != nil { // paying, say, a Pili-Pala's {2}
					return advancesPayment(before, a)
				}
				return preferQ(before, a)
			},
		},
		Check:   func(eng harness.Engine, tr *gen.Trace) Verdict { return checkSymbol(tr, untapSymbol) },
		Clauses: symbolClauses(untapSymbol),
	}
}

// checkSymbol judges every listed activation of an ability with the symbol, and every
// activation taken, against CR 107.5/107.6 and 302.6.
func checkSymbol(tr *gen.Trace, r symbolRule) Verdict {
	var v Verdict
	for i := range tr.Steps {
		st := &tr.Steps[i]
		b := st.Before
		status, sick := symbolAtRisk(b, r)
		if status {
			v.Reach("wrong-status")
		}
		if sick {
			v.Reach("sick-creature")
		}
		for _, a := range st.Legal {
			if a.Kind != harness.Activate {
				continue
			}
			src := b.Permanent(a.Card)
			ab, ok := manaoracle.AbilityOf(src, a.Ability)
			if !ok || !r.has(ab) {
				continue
			}
			what := fmt.Sprintf("%s listed as legal", a)
			if src.Tapped != r.wantTapped {
				v.add("wrong-status", violation(i-1, r.ruling, r.rule, what,
					fmt.Sprintf("not legal: %s is %s, and %s can't be paid by an already %s permanent (CR %s)",
						describe(src), r.status(src.Tapped), r.symbol, r.status(src.Tapped), r.rule),
					"listed"))
			}
			if sicknessBlocks(b, src) {
				v.add("sick-creature", violation(i-1, r.ruling, "302.6", what,
					fmt.Sprintf("not legal: %s is a creature its controller hasn't controlled since their most recent turn began, with no haste and no \"as though it had haste\" effect, so its %s abilities can't be activated (CR 302.6)",
						describe(src), r.symbol),
					"listed"))
			}
		}
	}
	for _, act := range activations(tr) {
		if !r.has(act.Abil) {
			continue
		}
		paid := payStep(tr, act)
		if paid < 0 {
			continue
		}
		after := tr.Steps[paid].After.Permanent(act.Source.Card)
		if after == nil || after.Object != act.Source.Object {
			continue // it left the battlefield (sacrificed, died): nothing to see
		}
		v.Reach("paid")
		if after.Tapped == r.wantTapped {
			v.add("paid", violation(paid, r.ruling, r.rule,
				fmt.Sprintf("%s after paying %s for %s", describe(after), r.symbol, abilityName(act.Source, act.Step.Action.Ability)),
				fmt.Sprintf("%s: paying %s %s it (CR %s)", r.status(!r.wantTapped), r.symbol, map[bool]string{false: "taps", true: "untaps"}[r.wantTapped], r.rule),
				r.status(after.Tapped)))
		}
	}
	return v
}

// checkReadyOffered: an ability whose whole cost is {T} can be activated whenever its
// controller has priority (CR 605.3a, 602.2) if its source is untapped (107.5) and summoning
// sickness doesn't stop it (302.6), as the engine reports the source's status: it must be
// listed then. The other clauses catch an ability listed when it mustn't be; this one, an
// ability that is never offered (a creature taken for sick at every turn).
func checkReadyOffered(tr *gen.Trace, v *Verdict) {
	checkPayableOffered(tr, v, "ready-offered", "cost.tap-symbol", func(cost string) bool { return cost == "{T}" })
}

// symbolAtRisk reports whether the player with priority controls a source of an ability
// with the symbol that can't pay it now, because of its status or of summoning sickness:
// the engine must then leave it out of the legal actions.
func symbolAtRisk(b *harness.Snapshot, r symbolRule) (status, sick bool) {
	if b.Priority == harness.NoPlayer {
		return false, false
	}
	for i := range b.Battlefield {
		o := b.Battlefield[i]
		if o.Controller != b.Priority {
			continue
		}
		for _, t := range o.Abilities {
			if a := manaoracle.ParseAbility(t); a.Activated && r.has(a) {
				status = status || o.Tapped != r.wantTapped
				sick = sick || sicknessBlocks(b, o)
			}
		}
	}
	return status, sick
}
