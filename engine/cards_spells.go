package engine

import h "github.com/mtgfuzz/mtgfuzz/harness"

// Instants and sorceries of the pool.
func init() {
	define("Dark Ritual",
		spell(nil, func(r *resolution) { r.AddMana(r.Controller(), h.Of(h.Black, 3)) }))
	define("Giant Growth",
		spell([]targetSpec{targetCreature}, func(r *resolution) {
			if t, ok := r.Target(0); ok {
				r.AddEffect(untilEndOfTurn, []modification{modifyPT{3, 3}}, t.Object)
			}
		}))
	define("Twiddle",
		spell([]targetSpec{targetArtifactCreatureOrLand}, func(r *resolution) {
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
		}))
	define("Disenchant",
		spell([]targetSpec{targetArtifactOrEnchantment}, func(r *resolution) {
			if t, ok := r.Target(0); ok {
				r.Destroy(t.Object)
			}
		}))
}
