package gen

import (
	"cmp"
	"fmt"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Generator is a Steer compiled against a Pool: the weighted tables every draw uses,
// built once so that generating a case allocates little. It is immutable and safe for
// concurrent use.
type Generator struct {
	pool    *Pool
	steer   Steer
	actions ActionWeights
	maxPerm int
	// attaching: the pool has Auras or Equipment, so attachments are part of the game and
	// boards may also attach what the state-based actions must undo (CR 704.5p).
	attaching bool
	plain     recipe
	recipes   []recipe
	pick      table // over recipe indexes; len(recipes) stands for plain
}

// recipe is a compiled Recipe: one table per zone.
type recipe struct {
	mine, theirs       table // battlefields
	hand, library, gy  table // active player's zones
	otherHand, otherLb table // the other player's hand and library
	steps              table
	minHand            [2]int // by side: the active player's, the other's
	minPerm            int
	pool               harness.Mana // the active player's starting pool (Recipe.Pool)
	minLibrary         int          // Recipe.MinLibrary
	extraSteps         int          // Recipe.ExtraSteps
	faceDown           int          // Recipe.FaceDown
	transformed        int          // Recipe.Transformed
}

// New compiles steer against pool (nil: DefaultPool). Picks naming cards outside the pool,
// or non-permanents on a battlefield, are left out and reported in the error; the
// Generator is usable either way.
func New(pool *Pool, steer Steer) (*Generator, error) {
	if pool == nil {
		pool = DefaultPool()
	}
	g := &Generator{pool: pool, steer: steer, maxPerm: steer.MaxPermanents}
	for _, c := range pool.cards {
		g.attaching = g.attaching || c.Kind.Any(Aura|Equipment)
	}
	if g.maxPerm <= 0 {
		g.maxPerm = 12
	}
	if steer.Actions != nil {
		g.actions = *steer.Actions
	} else {
		g.actions = *DefaultActions()
	}
	var bad []string
	g.plain = g.compile(Recipe{}, &bad)
	for i, r := range steer.Recipes {
		g.recipes = append(g.recipes, g.compile(r, &bad))
		g.pick.add(i, max(r.Weight, 1))
	}
	g.pick.add(len(steer.Recipes), max(steer.Plain, 1))
	if len(bad) > 0 {
		return g, fmt.Errorf("gen: steer %q: %s", steer.Name, strings.Join(bad, "; "))
	}
	return g, nil
}

// mustNew is New for the package-level helpers: it drops bad picks silently.
func mustNew(pool *Pool, steer Steer) *Generator {
	g, _ := New(pool, steer)
	return g
}

// Pool is the generator's pool.
func (g *Generator) Pool() *Pool { return g.pool }

// Steer is the steer the generator was compiled from.
func (g *Generator) Steer() Steer { return g.steer }

func (g *Generator) compile(r Recipe, bad *[]string) recipe {
	c := recipe{minHand: [2]int{min(max(r.MinHand, 0), maxRecipeHand), min(max(r.TheirMinHand, 0), maxRecipeHand)},
		minPerm: min(max(r.MinPermanents, 0), g.maxPerm), pool: r.Pool,
		minLibrary: min(max(r.MinLibrary, 0), 10), extraSteps: max(r.ExtraSteps, 0),
		faceDown: min(max(r.FaceDown, 0), 100), transformed: min(max(r.Transformed, 0), 100)}
	zone := func(t *table, picks []Pick, where string, permanentsOnly bool, avoid Kind) {
		for _, p := range picks {
			i := g.pool.index(p.Card)
			switch {
			case i < 0:
				*bad = append(*bad, fmt.Sprintf("recipe %q: %s: %q is not in the pool", r.Name, where, p.Card))
				continue
			case permanentsOnly && !g.pool.cards[i].Kind.Any(Permanent):
				*bad = append(*bad, fmt.Sprintf("recipe %q: %s: %q is not a permanent card", r.Name, where, p.Card))
				continue
			}
			w := p.Weight
			if w == 0 {
				w = DefaultPickWeight
			}
			t.add(i, w)
		}
		for i, card := range g.pool.cards {
			if permanentsOnly && !card.Kind.Any(Permanent) || card.Kind.Any(avoid) {
				continue
			}
			t.add(i, 1)
		}
		if t.empty() { // everything avoided: fall back to every card the zone may hold
			for i, card := range g.pool.cards {
				if !permanentsOnly || card.Kind.Any(Permanent) {
					t.add(i, 1)
				}
			}
		}
	}
	zone(&c.mine, r.Mine, "Mine", true, r.AvoidMine)
	zone(&c.theirs, r.Theirs, "Theirs", true, r.AvoidTheirs)
	zone(&c.hand, r.Hand, "Hand", false, 0)
	zone(&c.library, r.Library, "Library", false, 0)
	zone(&c.gy, r.Graveyard, "Graveyard", false, 0)
	zone(&c.otherHand, r.TheirHand, "TheirHand", false, 0)
	zone(&c.otherLb, nil, "", false, 0)
	for _, s := range r.Steps {
		switch i := s.Index(); {
		case i < 0:
			*bad = append(*bad, fmt.Sprintf("recipe %q: unknown step %q", r.Name, s))
		case g.pool.allowsStep(s):
			c.steps.add(i, cmp.Or(max(r.StepWeight, 0), DefaultStepWeight))
		}
	}
	for _, sw := range stepWeights {
		if g.pool.allowsStep(sw.step) {
			c.steps.add(sw.step.Index(), sw.weight)
		}
	}
	if c.steps.empty() { // the pool allows only steps outside the usual mix
		for _, s := range g.pool.steps {
			c.steps.add(s.Index(), 1)
		}
	}
	return c
}

// stepWeights is the usual mix of starting steps: mostly main phases, where lands are
// played and spells cast; sometimes upkeep, draw, combat or the end step, where triggers
// and instant-speed mana matter. Untap and cleanup have no priority (CR 502.4, 514.3).
var stepWeights = []struct {
	step   harness.Step
	weight int
}{
	{harness.Main1, 60}, {harness.Main2, 12}, {harness.Upkeep, 8}, {harness.End, 6},
	{harness.Draw, 4}, {harness.BeginCombat, 4}, {harness.DeclareAttackers, 3},
	{harness.EndCombat, 3},
}

// Board generates a setup with g (see [Generator.Board]); a convenience for one-off use:
// it compiles steer against DefaultPool on every call.
func Board(src Source, steer Steer) harness.Setup {
	return mustNew(nil, steer).Board(src)
}
