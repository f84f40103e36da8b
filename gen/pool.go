package gen

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Kind is a set of facts about a card that the board generator needs: where the card may
// go and what status makes sense on it. It is not the engine's type system; the engine
// computes the real characteristics.
type Kind uint32

const (
	Land Kind = 1 << iota
	Creature
	Artifact
	Enchantment
	Planeswalker
	Instant
	Sorcery
	Basic
	Legendary
	Aura
	Equipment
	// ChargeCounters: the card uses charge counters (Vivid Crag).
	ChargeCounters
	// PlusCounters: the card uses +1/+1 counters beyond being a creature (Walking Ballista).
	PlusCounters
	// ChoosesColor: a colour is chosen as it enters (Gauntlet of Power, CR 614.12).
	ChoosesColor
	// Copier: it has an ability that makes it a copy of another permanent (CR 707).
	Copier
	// CopiesCreatures: what it copies must be a creature (or planeswalker): Clone.
	CopiesCreatures
	// CopiesNonland: what it copies must not be a land: Clever Impersonator.
	CopiesNonland
	// ExilesLinked: an ability of it refers to the cards another exiled ("the exiled card",
	// "exiled with it": Oblivion Ring, Helvault, Chrome Mox; CR 607.2a).
	ExilesLinked
	// Morph: it may be cast face down and so be a face-down permanent (CR 702.37, 708).
	Morph
	// Transforms: a double-faced card with an ability that transforms it, so it may be on
	// the battlefield with its back face up (Westvale Abbey; CR 701.27, 712).
	Transforms
	// Saga: it has lore counters and chapter abilities (CR 714).
	Saga

	// Permanent is every permanent card type (CR 110.4).
	Permanent = Land | Creature | Artifact | Enchantment | Planeswalker
)

// Has reports whether every fact in o is in k.
func (k Kind) Has(o Kind) bool { return k&o == o }

// Any reports whether some fact in o is in k.
func (k Kind) Any(o Kind) bool { return k&o != 0 }

// Card is one card of the pool as the generator sees it.
type Card struct {
	Name string
	Kind Kind
	// Enchant is what an Aura may enchant (Land, Creature); zero for other cards.
	Enchant Kind
}

// Pool is the set of cards generators draw from, ordered simplest first (basic lands,
// then other lands, creatures, other permanents, then spells), so that a draw of 0, where
// shrinking heads, is the plainest card.
type Pool struct {
	cards  []Card
	byName map[string]int
	steps  []harness.Step // the steps a board may start in; nil: any
}

// NewPool builds a pool from cards, reordering them simplest first (stably). Duplicate or
// empty names are an error.
func NewPool(cards []Card) (*Pool, error) {
	p := &Pool{cards: slices.Clone(cards), byName: map[string]int{}}
	slices.SortStableFunc(p.cards, func(a, b Card) int { return rank(a) - rank(b) })
	for i, c := range p.cards {
		if c.Name == "" {
			return nil, fmt.Errorf("gen: pool card %d has no name", i)
		}
		if _, dup := p.byName[c.Name]; dup {
			return nil, fmt.Errorf("gen: pool lists %q twice", c.Name)
		}
		p.byName[c.Name] = i
	}
	return p, nil
}

func rank(c Card) int {
	switch k := c.Kind; {
	case k.Has(Basic | Land):
		return 0
	case k.Has(Land):
		return 1
	case k.Has(Creature):
		return 2
	case k.Any(Permanent):
		return 3
	}
	return 4
}

// Restrict is the part of p that an engine supports (s): only its cards, and boards that
// start only in its steps. It also returns the names of p's cards left out, in p's order.
// A support naming no card of p is an error: nothing could be generated.
func (p *Pool) Restrict(s harness.Support) (*Pool, []string, error) {
	var kept []Card
	var left []string
	for _, c := range p.cards {
		if s.Card(c.Name) {
			kept = append(kept, c)
		} else {
			left = append(left, c.Name)
		}
	}
	if len(kept) == 0 {
		return nil, left, fmt.Errorf("gen: the engine supports none of the pool's %d cards", len(p.cards))
	}
	var steps []harness.Step
	if s.Steps != nil {
		for _, st := range harness.Steps {
			if s.Step(st) && st != harness.Untap && st != harness.Cleanup { // no priority there (CR 502.4, 514.3)
				steps = append(steps, st)
			}
		}
		if len(steps) == 0 {
			return nil, left, fmt.Errorf("gen: the engine supports no step a game can start in (%v)", s.Steps)
		}
	}
	q, err := NewPool(kept)
	if err != nil {
		return nil, left, err
	}
	q.steps = steps
	return q, left, nil
}

// allowsStep reports whether a board may start in st.
func (p *Pool) allowsStep(st harness.Step) bool {
	return p.steps == nil || slices.Contains(p.steps, st)
}

// Cards lists the pool, simplest first. The slice is the pool's own.
func (p *Pool) Cards() []Card { return p.cards }

// Card returns the named card.
func (p *Pool) Card(name string) (Card, bool) {
	i, ok := p.byName[name]
	if !ok {
		return Card{}, false
	}
	return p.cards[i], true
}

// index returns the named card's index, or -1.
func (p *Pool) index(name string) int {
	if i, ok := p.byName[name]; ok {
		return i
	}
	return -1
}

// KindOf classifies a card from its computed characteristics, as an engine reports them
// in a Snapshot: what [ProbePool] uses to learn a pool from the engine itself.
func KindOf(o *harness.Object) (Kind, Kind) {
	var k, enchant Kind
	for _, t := range o.Types {
		k |= typeKind(t)
	}
	for _, t := range o.Supertypes {
		k |= supertypeKinds[t]
	}
	for _, t := range o.Subtypes {
		k |= subtypeKinds[t]
	}
	for _, ab := range o.Abilities {
		low := strings.ToLower(ab)
		switch {
		case strings.HasPrefix(low, "enchant "):
			enchant |= typeKind(strings.TrimSpace(ab[len("enchant "):]))
		case strings.Contains(low, "charge counter"):
			k |= ChargeCounters
		case strings.Contains(low, "+1/+1 counter"):
			k |= PlusCounters
		case strings.Contains(low, "choose a color") && strings.Contains(low, "enters"):
			k |= ChoosesColor
		case strings.HasPrefix(low, "morph "):
			k |= Morph
		case strings.Contains(low, "transform this"):
			k |= Transforms
		case strings.Contains(low, "exiled card"), strings.Contains(low, "exiled with"):
			k |= ExilesLinked
		case strings.Contains(low, "a copy of"):
			k |= Copier
			switch {
			case strings.Contains(low, "nonland permanent"):
				k |= CopiesNonland
			case strings.Contains(low, "creature on the battlefield"), strings.Contains(low, "target creature"),
				strings.Contains(low, "a creature or planeswalker"):
				k |= CopiesCreatures
			}
		}
	}
	return k, enchant
}

// The parts of a type line the generator cares about (CR 205), each with its Kind: card
// types in any case (an Aura's "Enchant land" names one in lower case), supertypes and
// subtypes as a Snapshot writes them.
var (
	cardTypeKinds = map[string]Kind{"land": Land, "creature": Creature, "artifact": Artifact,
		"enchantment": Enchantment, "planeswalker": Planeswalker, "instant": Instant, "sorcery": Sorcery}
	supertypeKinds = map[string]Kind{"Basic": Basic, "Legendary": Legendary}
	subtypeKinds   = map[string]Kind{"Aura": Aura, "Equipment": Equipment, "Saga": Saga}
)

// typeKind is the Kind of a card type name; 0 for one the generator doesn't know.
func typeKind(t string) Kind { return cardTypeKinds[strings.ToLower(t)] }

// ProbePool learns a pool from an engine: it starts a game with every named card in A's
// hand and classifies each from the snapshot ([KindOf]). A card the engine refuses is left
// out; a card it reports without types falls back to [DefaultPool]'s entry. The error
// names the cards left out (the pool is still usable).
func ProbePool(eng harness.Engine, names []string) (*Pool, error) {
	known := DefaultPool()
	var cards []Card
	var refused []string
	classify := func(batch []string) bool {
		setup := harness.Setup{Turn: 1, Step: harness.Main1}
		for _, n := range batch {
			setup.Players[harness.A].Hand = append(setup.Players[harness.A].Hand, harness.CardSpec{Name: n})
		}
		for p := range setup.Players {
			setup.Players[p].Life = harness.DefaultLife
		}
		if setup.Normalize() != nil {
			return false
		}
		st, err := eng.Start(setup)
		if err != nil {
			return false
		}
		snap, err := eng.Observe(st)
		if err != nil || len(snap.Players[harness.A].Hand) != len(batch) {
			return false
		}
		// Normalize numbered the hand 1..n in order, so card i+1 is batch[i].
		found := make([]Card, len(batch))
		for _, o := range snap.Players[harness.A].Hand {
			j := int(o.Card) - 1
			if j < 0 || j >= len(batch) || found[j].Name != "" {
				return false
			}
			k, ench := KindOf(o)
			if k == 0 {
				if c, ok := known.Card(batch[j]); ok {
					k, ench = c.Kind, c.Enchant
				}
			}
			found[j] = Card{Name: batch[j], Kind: k, Enchant: ench}
		}
		cards = append(cards, found...)
		return true
	}
	if !classify(names) {
		for _, n := range names {
			if !classify([]string{n}) {
				refused = append(refused, n)
			}
		}
	}
	p, err := NewPool(cards)
	if err != nil {
		return nil, err
	}
	if len(refused) > 0 {
		return p, fmt.Errorf("gen: engine %s refused %d cards: %s", eng.Name(), len(refused), strings.Join(refused, ", "))
	}
	return p, nil
}
