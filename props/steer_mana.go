package props

import (
	"slices"
	"strconv"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props/internal/manaoracle"
)

// Guesses about mana that steers use to pick actions a walk can carry through: whether a
// cost is affordable now, and which mana abilities help pay the cost being paid. They
// only steer generation; no property judges anything by them.

// affordable guesses, for steering only, whether player p could pay the leading mana cost
// of text ("{2}{U} (...)", X as x) now: from the pool and one mana from each untapped
// permanent of theirs with a "{T}: Add" mana ability (a creature only when it isn't
// summoning sick), each of the types that ability adds, coloured symbols first.
func affordable(s *harness.Snapshot, p harness.Player, text string, x int) bool {
	colored, generic := leadingCost(text)
	generic += x
	pool := s.Players[p].Pool
	var lacks harness.Mana
	for _, t := range harness.ManaTypes {
		use := min(pool[t], colored[t])
		lacks[t] = colored[t] - use
		pool[t] -= use
	}
	spare := pool.Total()
	var sources []harness.TypeSet // what each untapped mana source can add
	for i := range s.Battlefield {
		o := s.Battlefield[i]
		if o.Controller != p || o.Tapped || o.Sick && isCreature(o) {
			continue
		}
		for _, ai := range manaoracle.ManaAbilities(o) {
			if ab := manaoracle.ParseAbility(o.Abilities[ai]); ab.HasT {
				sources = append(sources, prodTypes(ab.Prod))
				break
			}
		}
	}
	// Sources that can add fewer types go first, so a flexible one is left for the colour
	// nothing else adds.
	slices.SortStableFunc(sources, func(a, b harness.TypeSet) int { return a.Len() - b.Len() })
	for _, ts := range sources {
		spent := false
		for _, t := range harness.ManaTypes {
			if lacks[t] > 0 && ts.Has(t) {
				lacks[t]--
				spent = true
				break
			}
		}
		if !spent {
			spare++
		}
	}
	return lacks.IsZero() && spare >= generic
}

// prodTypes is the set of types a production may add: every type when it depends on
// other permanents or isn't recognised.
func prodTypes(pr manaoracle.Production) harness.TypeSet {
	if pr.Kind == manaoracle.ProdFixed || pr.Kind == manaoracle.ProdPerCreature {
		return pr.Fixed.Types()
	}
	return harness.AllTypes
}

// leadingCost reads the leading mana cost of text ("{2}{U} (...)"): its coloured and
// colourless symbols by type and its generic amount, {X} as 0.
func leadingCost(text string) (colored harness.Mana, generic int) {
	for len(text) > 0 && text[0] == '{' {
		end := strings.IndexByte(text, '}')
		if end < 0 {
			break
		}
		sym := text[1:end]
		text = text[end+1:]
		if k, err := strconv.Atoi(sym); err == nil {
			generic += k
		} else if t, err := harness.ParseManaType(sym); err == nil {
			colored[t]++
		}
	}
	return colored, generic
}

// helpsPay guesses, for steering, whether mana ability activation a brings the proposal
// being paid closer to paid: the pool doesn't cover its cost yet, a costs no mana itself
// (one that does turns mana into as much or less), and it adds a colour the cost still
// lacks (or any mana, once only generic mana is lacking).
func helpsPay(s *harness.Snapshot, a harness.Action) bool {
	if !gen.IsManaAbility(s, &a) || !a.Payment.IsZero() {
		return false
	}
	ab, known := manaoracle.AbilityOf(s.Permanent(a.Card), a.Ability)
	if colored, generic := leadingCost(ab.Cost); colored.Total()+generic > 0 {
		return false
	}
	c := s.Casting
	pool := s.Players[c.Player].Pool
	lacks := c.Cost.Sub(pool)
	colourLacking := false
	for _, t := range harness.ManaTypes {
		colourLacking = colourLacking || lacks[t] > 0
	}
	if !colourLacking {
		return pool.Total() < c.Cost.Total()+c.Generic
	}
	for _, ch := range a.Choices {
		if k, v := harness.SplitChoice(ch); k == harness.ChoiceType {
			t, err := harness.ParseManaType(v)
			return err == nil && lacks[t] > 0
		}
	}
	if !known || ab.Prod.Kind != manaoracle.ProdFixed && ab.Prod.Kind != manaoracle.ProdPerCreature {
		return true // it may add what is lacking
	}
	for _, t := range harness.ManaTypes {
		if ab.Prod.Fixed[t] > 0 && lacks[t] > 0 {
			return true
		}
	}
	return false
}

// advancesPayment marks, while a spell or ability waits for its cost, paying it and the
// mana abilities that help pay it (helpsPay).
func advancesPayment(s *harness.Snapshot, a harness.Action) bool {
	return a.Kind == harness.Pay || helpsPay(s, a)
}
