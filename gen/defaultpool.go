package gen

import (
	"sync"

	"github.com/mtgfuzz/mtgfuzz/cards"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

var defaultPool = sync.OnceValue(func() *Pool {
	p, err := NewPool(PoolOf(cards.All()))
	if err != nil {
		panic(err) // the cards table is a constant of the program
	}
	return p
})

// DefaultPool is the reference engine's pool, derived from the printed card data of the
// cards package: every card of the table (not the tokens), classified by [KindOf] from its
// type line and Oracle text, in table order. It is immutable and shared.
func DefaultPool() *Pool { return defaultPool() }

// PoolOf classifies printed cards for the generator, leaving out tokens (which are
// created, not drawn).
func PoolOf(printed []cards.Card) []Card {
	out := make([]Card, 0, len(printed))
	for _, c := range printed {
		if c.Token {
			continue
		}
		k, enchant := KindOf(&harness.Object{Name: c.Name, Supertypes: c.Supertypes, Types: c.Types, Subtypes: c.Subtypes, Abilities: c.Oracle})
		out = append(out, Card{Name: c.Name, Kind: k, Enchant: enchant})
	}
	return out
}
