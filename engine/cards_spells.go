package engine

import h "github.com/mtgfuzz/mtgfuzz/harness"

// Instants and sorceries of the pool (cards.md).
func init() {
	register(
		&CardDef{Name: "Dark Ritual", Cost: cost(0, "B", 0), Types: []string{"Instant"},
			Spell: &Ability{Text: "Add {B}{B}{B}.", Kind: SpellAbility,
				Resolve: func(r *Resolution) { r.AddMana(r.Controller(), h.Of(h.Black, 3)) }}},
		&CardDef{Name: "Giant Growth", Cost: cost(0, "G", 0), Types: []string{"Instant"},
			Spell: &Ability{Text: "Target creature gets +3/+3 until end of turn.", Kind: SpellAbility, Targets: []TargetSpec{targetCreature},
				Resolve: func(r *Resolution) {
					if t, ok := r.Target(0); ok {
						r.AddEffect(Effect{Layer: LayerPTModify, Duration: Duration{Kind: UntilEndOfTurn}, ModPT: [2]int{3, 3}}, t.Object)
					}
				}}},
		&CardDef{Name: "Twiddle", Cost: cost(0, "U", 0), Types: []string{"Instant"},
			Spell: &Ability{Text: "You may tap or untap target artifact, creature, or land.", Kind: SpellAbility, Targets: []TargetSpec{targetArtifactCreatureOrLand},
				Resolve: func(r *Resolution) {
					t, ok := r.Target(0)
					if !ok {
						return
					}
					switch r.Choose([]string{"do nothing", "tap it", "untap it"}) {
					case "tap it":
						r.SetTapped(t.Object, true)
					case "untap it":
						r.SetTapped(t.Object, false)
					}
				}}},
	)
}
