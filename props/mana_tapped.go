package props

import (
	"fmt"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props/internal/manaoracle"
)

// The three rulings about "tapped for mana" (CR 106.12) share one check (outcomeCheck):
// the offered outcomes and the mana actually added must be what the oracle computes from
// the battlefield. They differ in the situation each is about and in what a message
// stresses.

// tapForMana checks ruling mana.tap-for-mana: "tapping a permanent for mana" means
// activating a mana ability with {T} in its cost (CR 106.12, 605.1a, 107.5). The situation
// is any mana ability of a permanent that some "tapped for mana" effect would touch, and
// those without {T} (Pili-Pala's {Q} ability) are the contrast: no such effect applies to
// them. A spell that adds mana (Dark Ritual) isn't a mana ability and taps nothing
// (605.1a), so it adds exactly what it says.
func tapForMana() *Property {
	return &Property{
		ID:      "mana.tap-for-mana",
		Rulings: []string{"mana.tap-for-mana"},
		Rules:   []string{"106.12", "605.1a", "107.5"},
		Description: "\"Tapped for mana\" effects (Mana Reflection, Nyxbloom Ancient, Contamination, Mana Flare, Wild " +
			"Growth, Gauntlet of Power) apply exactly to mana abilities with {T} in their cost: not to Pili-Pala's " +
			"{Q} ability, and not to a spell that adds mana (Dark Ritual).",
		Steer: gen.Steer{
			Name: "mana.tap-for-mana",
			Recipes: []gen.Recipe{
				{Name: "reflection and pili-pala", Weight: 2, Mine: gen.Cards("Mana Reflection", "Pili-Pala", "Llanowar Elves", "Thousand-Year Elixir"),
					Hand: gen.Cards("Dark Ritual", "Twiddle")},
				{Name: "nyxbloom and ritual", Mine: gen.Cards("Nyxbloom Ancient", "Pili-Pala", "Swamp", "Mana Flare"),
					Hand: gen.Cards("Dark Ritual")},
				{Name: "ritual under reflection", Weight: 2,
					Mine: []gen.Pick{{Card: "Mana Reflection", Weight: 20}, {Card: "Swamp", Weight: 30}, {Card: "Mana Flare", Weight: 6}, {Card: "Nyxbloom Ancient", Weight: 6}},
					Hand: []gen.Pick{{Card: "Dark Ritual", Weight: 40}}, AvoidMine: gen.Permanent, MinHand: 1, MinPermanents: 3},
			},
			Actions: gen.PreferMana(),
			Prefer: func(before *harness.Snapshot, a harness.Action) bool {
				return preferAbilityKind(func(a manaoracle.Ability) bool { return a.Mana && !a.HasT })(before, a) ||
					preferSpending(func(_ *harness.Snapshot, a harness.Action) bool { return a.Name == "Dark Ritual" })(before, a)
			},
		},
		Check: func(eng harness.Engine, tr *gen.Trace) Verdict {
			v := outcomeCheck{ruling: "mana.tap-for-mana", rule: "106.12",
				situation: func(or *manaoracle.Oracle, p *harness.Object, a manaoracle.Ability) bool {
					return a.Mana && or.Effects.Touches(p)
				},
				why: explainEffects,
				clause: func(_ *manaoracle.Oracle, _ *harness.Object, a manaoracle.Ability, _ bool) string {
					if a.HasT {
						return "tap-ability"
					}
					return "no-tap-ability"
				}}.run(eng, tr)
			manaSpells(tr, &v)
			return v
		},
		Clauses: []Clause{
			{Name: "tap-ability", Rules: []string{"106.12", "107.5"}, Needs: needsActivation,
				Description: "A mana ability with {T} whose source a \"tapped for mana\" effect touches: the effect applies."},
			{Name: "no-tap-ability", Rules: []string{"106.12", "107.6"}, Needs: needsActivation,
				Description: "A mana ability without {T} (Pili-Pala's {Q} ability) whose source such an effect would touch: none applies."},
			{Name: "mana-spell", Rules: []string{"605.1a", "106.12"}, Needs: needsCasting,
				Description: "A spell that adds mana (Dark Ritual) resolves beside such an effect: it adds exactly what it says."},
		},
	}
}

// manaSpells checks that a resolving spell that adds a fixed amount of mana (Dark Ritual)
// adds exactly that, whatever "tapped for mana" effects are around: it is not a mana
// ability and taps nothing (CR 605.1a, 106.12). Only resolutions with such an effect on the
// battlefield count as reaching the situation; a resolution that added nothing (the spell
// was countered) is not judged.
func manaSpells(tr *gen.Trace, v *Verdict) {
	for i := range tr.Steps {
		st := &tr.Steps[i]
		top, ok := resolvedSpell(st)
		if !ok {
			continue
		}
		fixed, ok := spellMana(top)
		if !ok {
			continue
		}
		fx := manaoracle.ScanEffects(st.Before, nil)
		if len(fx.Replacements) == 0 && len(fx.Triggers) == 0 {
			continue
		}
		got := poolDelta(st, top.Controller)
		if got.IsZero() {
			continue
		}
		v.Reach("mana-spell")
		if got != fixed {
			v.add("mana-spell", violation(i, "mana.tap-for-mana", "605.1a",
				fmt.Sprintf("%s (a spell) resolved and added to %s's pool", top.Name, top.Controller),
				fixed.String()+": a spell that adds mana is not a mana ability and taps no permanent, so no \"tapped for mana\" effect applies (CR 605.1a, 106.12)",
				manaOrNone(got)))
		}
	}
}

// spellMana reads a fixed "Add {B}{B}{B}." from the spell's card text, as the stack object
// shows it.
func spellMana(so harness.StackObject) (harness.Mana, bool) {
	return manaoracle.FixedMana(so.Abilities)
}

// tappedTrigger checks ruling mana.tapped-trigger: "whenever ... is tapped for mana [of
// type T]" triggers when such an ability resolves and produces mana [of type T]
// (CR 106.12a), as a triggered mana ability that resolves at once, off the stack (605.1b,
// 605.4a). The situation is a mana ability of a land that Mana Flare, Heartbeat of
// Spring, Wild Growth or Gauntlet of Power would trigger on; the oracle adds their mana
// only when the production qualifies (none when it produced nothing, Gauntlet only for
// its colour after replacement effects), and the stack must not change.
func tappedTrigger() *Property {
	return &Property{
		ID:      "mana.tapped-trigger",
		Rulings: []string{"mana.tapped-trigger"},
		Rules:   []string{"106.12a", "605.1b", "605.4a"},
		Description: "A \"whenever ... is tapped for mana\" trigger (Mana Flare, Heartbeat of Spring, Wild Growth, " +
			"Gauntlet of Power) adds its mana only when the land's ability produced mana (of the named type), " +
			"at once and without using the stack.",
		Needs: needsActivation,
		Steer: gen.Steer{
			Name: "mana.tapped-trigger",
			Recipes: []gen.Recipe{
				{Name: "flare and pools", Weight: 2, Mine: gen.Cards("Mana Flare", "Reflecting Pool", "Gaea's Cradle", "Forest", "Wild Growth"),
					AvoidMine: gen.Creature},
				{Name: "gauntlet and basics", Mine: gen.Cards("Gauntlet of Power", "Heartbeat of Spring", "Swamp", "Forest", "Island", "Contamination")},
				{Name: "wild growth", Mine: gen.Cards("Wild Growth", "Forest", "Meteor Crater", "Exotic Orchard")},
			},
			Actions: gen.PreferMana(),
		},
		Check: func(eng harness.Engine, tr *gen.Trace) Verdict {
			v := outcomeCheck{ruling: "mana.tapped-trigger", rule: "106.12a",
				situation: func(or *manaoracle.Oracle, p *harness.Object, a manaoracle.Ability) bool {
					return a.Mana && len(or.Effects.TriggersFor(p, true)) > 0
				},
				why:    explainEffects,
				clause: triggerClause}.run(eng, tr)
			triggersOffStack(tr, &v)
			return v
		},
		Clauses: []Clause{
			{Name: "produced-mana", Rules: []string{"106.12a"},
				Description: "A land's mana ability that a \"tapped for mana\" trigger watches produces mana the trigger accepts: it adds its mana."},
			{Name: "produced-nothing", Rules: []string{"106.12a", "106.5"},
				Description: "Such an ability would produce no mana (its type is undefined): nothing triggers."},
			{Name: "other-type", Rules: []string{"106.12a"},
				Description: "A basic land under Gauntlet of Power produces mana not of the chosen colour (after replacement effects): the Gauntlet doesn't trigger on it."},
			{Name: "off-the-stack", Rules: []string{"605.4a", "605.1b"},
				Description: "Activating an ability whose triggers fire leaves the stack unchanged."},
		},
	}
}

// triggerClause names the clause of mana.tapped-trigger an ability of a watched land
// reaches: it produces nothing, or mana of a type a Gauntlet of Power that watches it
// ignores, or mana its triggers accept.
func triggerClause(or *manaoracle.Oracle, p *harness.Object, a manaoracle.Ability, _ bool) string {
	if or.Undefined(p, a) {
		return "produced-nothing"
	}
	for _, t := range or.Effects.TriggersFor(p, a.HasT) {
		if t.Kind != manaoracle.TrigGauntlet || !t.ColorKnown {
			continue
		}
		for _, b := range or.Base(p, a) {
			for _, r := range or.Replaced(p, a, b) {
				if !r.IsZero() && r[t.Color] == 0 {
					return "other-type"
				}
			}
		}
	}
	return "produced-mana"
}

// triggersOffStack checks that activating a mana ability whose triggers fire changes
// nothing on the stack: triggered mana abilities resolve at once (CR 605.4a).
func triggersOffStack(tr *gen.Trace, v *Verdict) {
	for _, act := range activations(tr) {
		if !act.Abil.Mana {
			continue
		}
		fx := manaoracle.ScanEffects(act.Step.Before, nil)
		if len(fx.TriggersFor(act.Source, act.Abil.HasT)) == 0 {
			continue
		}
		v.Reach("off-the-stack")
		if d := stackDiff(act.Step.Before, act.Step.After); d != "" {
			v.add("off-the-stack", violation(act.Index, "mana.tapped-trigger", "605.4a",
				fmt.Sprintf("the stack after activating %s", abilityName(act.Source, act.Step.Action.Ability)),
				"unchanged: the triggered mana abilities it triggers resolve at once, without the stack (CR 605.4a)", d))
		}
	}
}

// tappedReplacement checks ruling mana.tapped-replacement: a replacement effect on "tapped
// for mana" modifies the mana production event as the ability resolves (CR 106.12b, 614),
// each effect once (614.5), and the affected player chooses the order (616.1), so the
// outcomes offered cover every order. The situation is a mana ability with {T} whose
// source Mana Reflection, Nyxbloom Ancient (its controller's) or Contamination (a land)
// would modify.
func tappedReplacement() *Property {
	return &Property{
		ID:      "mana.tapped-replacement",
		Rulings: []string{"mana.tapped-replacement"},
		Rules:   []string{"106.12b", "614.5", "616.1"},
		Description: "Replacement effects on \"tapped for mana\" (Mana Reflection ×2, Nyxbloom Ancient ×3, " +
			"Contamination → exactly {B}) modify what a {T} mana ability produces, each exactly once, and the " +
			"outcomes offered cover every order the player may apply them in.",
		Needs: needsActivation,
		Steer: gen.Steer{
			Name: "mana.tapped-replacement",
			Recipes: []gen.Recipe{
				{Name: "contamination and reflection", Weight: 2, Mine: gen.Cards("Contamination", "Mana Reflection", "Forest", "Gaea's Cradle", "Pili-Pala")},
				{Name: "nyxbloom", Mine: gen.Cards("Nyxbloom Ancient", "Mana Reflection", "Llanowar Elves", "Reflecting Pool", "Vivid Crag"),
					Theirs: gen.Cards("Contamination")},
			},
			Actions: gen.PreferMana(),
		},
		Check: func(eng harness.Engine, tr *gen.Trace) Verdict {
			return outcomeCheck{ruling: "mana.tapped-replacement", rule: "106.12b",
				situation: func(or *manaoracle.Oracle, p *harness.Object, a manaoracle.Ability) bool {
					return a.Mana && a.HasT && len(or.Effects.ReplacementsFor(p, true)) > 0
				},
				why: explainEffects,
				clause: func(or *manaoracle.Oracle, p *harness.Object, _ manaoracle.Ability, activated bool) string {
					switch {
					case activated:
						return "added"
					case len(or.Effects.ReplacementsFor(p, true)) == 1:
						return "one-effect"
					}
					return "several-effects"
				}}.run(eng, tr)
		},
		Clauses: []Clause{
			{Name: "one-effect", Rules: []string{"106.12b", "614.5"},
				Description: "The outcomes offered for a {T} mana ability one replacement effect modifies: applied exactly once."},
			{Name: "several-effects", Rules: []string{"106.12b", "614.5", "616.1"},
				Description: "The outcomes offered for a {T} mana ability several replacement effects modify: each once, in every order."},
			{Name: "added", Rules: []string{"106.12b", "616.1"},
				Description: "What activating such an ability added is one of those outcomes."},
		},
	}
}
