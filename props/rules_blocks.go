package props

import (
	"fmt"

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
				Description: "each blocker in an offered declaration is a creature of the defending player that no Aura keeps from blocking, blocks one attacker only, and blocks a creature declared as an attacker that is still a creature"},
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
			},
		},
		Check: checkBlocks,
	}
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
