package engine

import h "github.com/mtgfuzz/mtgfuzz/harness"

// Sagas (CR 714): chapter abilities, lore counters, and the tokens they create.

func init() {
	knight := define("Knight", keyword("Vigilance"))
	define("History of Benalia",
		chapter([]int{1, 2}, func(r *resolution) { r.CreateTokens(knight, r.Controller(), 1) }),
		chapter([]int{3}, func(r *resolution) {
			// The Knights are those its controller controls as it resolves (CR 611.2c).
			var knights []h.ObjectID
			for _, id := range r.s.Battlefield {
				if r.s.obj(id).Controller == r.Controller() && hasCreatureType(r.Chars(id), "Knight") {
					knights = append(knights, id)
				}
			}
			if len(knights) > 0 {
				r.AddEffect(untilEndOfTurn, []modification{modifyPT{2, 1}}, knights...)
			}
		}))
}

// hasCreatureType reports whether c is a creature with creature type t, which a creature
// with all creature types has (CR 205.3m).
func hasCreatureType(c *chars, t string) bool {
	return c.HasType("Creature") && (c.HasSubtype(t) || c.AllCreatureTypes)
}
