package props

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// blockRules checks the general rule rules.blocks: the blocks the engine offers respect
// evasion (CR 509.1b: a block that breaks a restriction is illegal). An attacker with
// flying can't be blocked except by creatures with flying or reach (702.9b, 702.17b): no
// offered declaration pairs them, judged from the keywords the snapshot gives each
// creature (its computed abilities), not from a second engine. And every block no such
// restriction forbids is in some offered declaration (509.1a: rules_blocks_offered.go),
// however many declarations there are.
func blockRules() *Property {
	const id = "rules.blocks"
	return &Property{
		ID:      id,
		Rulings: []string{id},
		Rules:   []string{"702.9b", "702.17b", "509.1b", "509.1a", "506.4"},
		Description: "A creature with flying can't be blocked except by creatures with flying or reach: " +
			"no declaration of blockers the engine offers has a creature with neither block one with flying; " +
			"and every block no restriction forbids is in some declaration offered.",
		Needs: Needs{Actions: []harness.ActionKind{harness.Attack, harness.Block}},
		Clauses: []Clause{
			{Name: "flying", Rules: []string{"702.9b", "702.17b", "509.1b"},
				Description: "an attacker with flying faces an untapped creature with neither flying nor reach: no offered block pairs them"},
			{Name: "each-offered", Rules: []string{"509.1a", "509.1b"},
				Description: "each untapped creature of the defending player blocks each attacker no restriction (flying, protection, \"can't block\") forbids in some offered declaration"},
			{Name: "tapped-blocker", Rules: []string{"509.1a"},
				Description: "no offered declaration has a tapped creature block"},
			{Name: "no-block", Rules: []string{"509.1a"},
				Description: "when blockers are to be declared, declaring none is offered"},
			{Name: "can-block", Rules: []string{"509.1a", "509.1b", "506.4"},
				Description: "each blocker in an offered declaration is a creature of the defending player that no Aura keeps from blocking, blocks one attacker only, and blocks a creature declared as an attacker"},
			{Name: "left-combat", Rules: []string{"506.4", "509.1a"},
				Description: "an attacker that is no longer a creature on the battlefield (a Crystalline Resonance that became a copy of a land) was removed from combat: no offered declaration blocks it"},
		},
		Steer: gen.Steer{
			Name: id,
			Recipes: []gen.Recipe{
				{Name: "flyers into ground blockers", Weight: 1,
					Mine: []gen.Pick{{Card: "Ornithopter", Weight: 30}, {Card: "Pili-Pala", Weight: 30}, {Card: "Raff Capashen, Ship's Mage", Weight: 20},
						{Card: "Grizzly Bears", Weight: 20}},
					Theirs: []gen.Pick{{Card: "Grizzly Bears", Weight: 30}, {Card: "Hill Giant", Weight: 30}, {Card: "Llanowar Elves", Weight: 20},
						{Card: "Ornithopter", Weight: 20}},
					AvoidMine: gen.Permanent, AvoidTheirs: gen.Permanent, MinPermanents: 2,
					Steps: []harness.Step{harness.BeginCombat}, StepWeight: 200},
				// Boards of creatures, more blocks possible than an engine lists one by
				// one (each-offered: every creature's every block is still offered).
				{Name: "crowded combat", Weight: 1,
					Mine: []gen.Pick{{Card: "Grizzly Bears", Weight: 30}, {Card: "Hill Giant", Weight: 30}, {Card: "Ornithopter", Weight: 10}},
					Theirs: []gen.Pick{{Card: "Grizzly Bears", Weight: 30}, {Card: "Hill Giant", Weight: 20}, {Card: "Llanowar Elves", Weight: 20},
						{Card: "Ornithopter", Weight: 10}, {Card: "Pacifism", Weight: 5}},
					AvoidMine: gen.Permanent, AvoidTheirs: gen.Permanent, MinPermanents: 6,
					Steps: []harness.Step{harness.BeginCombat}, StepWeight: 200},
				// Attackers leave combat before blockers (left-combat): a Crystalline
				// Resonance that is a copy of a creature attacks and a card cycled makes
				// it a copy of a land, no longer a creature; or the defending player's
				// Spark Spray kills an attacking Llanowar Elves.
				{Name: "an attacker leaves combat", Weight: 3,
					Mine: []gen.Pick{{Card: "Crystalline Resonance", Weight: 15}, {Card: "Grizzly Bears", Weight: 40}, {Card: "Llanowar Elves", Weight: 20},
						{Card: "Hill Giant", Weight: 10}, {Card: "Mountain", Weight: 40}},
					Theirs: []gen.Pick{{Card: "Grizzly Bears", Weight: 30}, {Card: "Llanowar Elves", Weight: 20}, {Card: "Mountain", Weight: 30}},
					Hand:   []gen.Pick{{Card: "Spark Spray", Weight: 60}, {Card: "Drifting Meadow", Weight: 20}}, MinHand: 1,
					TheirHand: []gen.Pick{{Card: "Spark Spray", Weight: 60}}, TheirMinHand: 1,
					AvoidMine: gen.Permanent, AvoidTheirs: gen.Permanent, MinPermanents: 3, ExtraSteps: 12,
					Steps: []harness.Step{harness.BeginCombat}, StepWeight: 200},
			},
			Actions:          &gen.ActionWeights{Pass: 6, Preferred: 30, Mana: 4, Land: 1, Cast: 1, Pay: 8, Activate: 2, Attack: 6, Choose: 4, Cancel: 1},
			Prefer:           preferLeavingCombat,
			StopForPreferred: true,
		},
		Check: checkBlocks,
	}
}

// preferLeavingCombat steers "an attacker leaves combat": an attack with a creature that
// has Crystalline Resonance's cycling trigger or that 1 damage kills, a card its controller cycles while it is
// tapped in the declare attackers step (with what pays for it), and the trigger's target
// and copy choices naming a permanent that isn't a creature; or, in that step, the
// defending player's spell targeting a tapped creature of the attacking player.
func preferLeavingCombat(before *harness.Snapshot, a harness.Action) bool {
	if before.Casting != nil {
		return advancesPayment(before, a)
	}
	switch a.Kind {
	case harness.Attack:
		return slices.ContainsFunc(a.Attackers, func(c harness.CardID) bool {
			o := before.Permanent(c)
			return copiesOnCycling(o) || o != nil && o.Toughness != nil && *o.Toughness == 1
		})
	case harness.Cast:
		return before.Step == harness.DeclareAttackers && a.Player != before.Active && slices.ContainsFunc(a.Targets, func(t harness.Target) bool {
			o := before.Permanent(t.Card)
			return o != nil && o.Controller == before.Active && o.Tapped && isCreature(o)
		})
	case harness.Activate:
		src := before.Find(a.Card)
		return before.Step == harness.DeclareAttackers && src != nil && a.Ability >= 0 && a.Ability < len(src.Abilities) &&
			isCyclingText(src.Abilities[a.Ability]) &&
			slices.ContainsFunc(before.Battlefield, func(o *harness.Object) bool {
				return o.Controller == a.Player && o.Tapped && isCreature(o) && copiesOnCycling(o)
			})
	case harness.Choose:
		if len(a.Choices) == 0 {
			return false
		}
		_, option := harness.SplitChoice(a.Choices[0])
		m := reCardOption.FindStringSubmatch(option)
		if m == nil {
			return false
		}
		n, _ := strconv.Atoi(m[1])
		o := before.Permanent(harness.CardID(n))
		return o != nil && !isCreature(o)
	}
	return false
}

// copiesOnCycling reports whether o has Crystalline Resonance's "Whenever you cycle a
// card, you may have this ... become a copy of" ability (its own, or kept by the copy's
// exception).
func copiesOnCycling(o *harness.Object) bool {
	return o != nil && slices.ContainsFunc(o.Abilities, func(t string) bool {
		return strings.HasPrefix(t, "Whenever you cycle a card") && strings.Contains(t, "become a copy of")
	})
}

func checkBlocks(_ harness.Engine, tr *gen.Trace) Verdict {
	var v Verdict
	for i := range tr.Steps {
		checkFlyingBlocks(tr, i, &v)
		checkBlocksOffered(tr, i, &v)
		checkBlocksLegal(tr, i, &v)
	}
	return v
}

// checkFlyingBlocks: the blockings offered before step i pair no attacker with flying
// with a creature that has neither flying nor reach.
func checkFlyingBlocks(tr *gen.Trace, i int, v *Verdict) {
	reached, found := forbiddenBlocks(tr, i, func(at, bl *harness.Object) bool {
		return hasKeyword(at, "Flying") && !hasKeyword(bl, "Flying") && !hasKeyword(bl, "Reach")
	})
	if !reached {
		return
	}
	v.Reach("flying")
	for _, f := range found {
		v.add("flying", violation(i-1, "rules.blocks", "702.9b", fmt.Sprintf("the offered action %s", f.offered),
			"no block of an attacker with flying by a creature with neither flying nor reach (CR 702.9b, 702.17b)",
			fmt.Sprintf("%s blocks %s, which has flying", describe(f.blocker), describe(f.attacker))))
	}
}
