package gen_test

import (
	"slices"
	"testing"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func newGen(t testing.TB, steer gen.Steer) *gen.Generator {
	t.Helper()
	g, err := gen.New(nil, steer)
	require.NoError(t, err)
	return g
}

func TestZeroTapeIsTheEmptyBoard(t *testing.T) {
	s := newGen(t, gen.Steer{}).Board(gen.ReplayTape(nil))
	want := harness.Setup{Turn: 1, Active: harness.A, Step: harness.Main1}
	want.Players[0].Life, want.Players[1].Life = 20, 20
	assert.Equal(t, want, s, "every draw at 0 is the simplest case: turn 1, A active, main 1, nothing anywhere")
}

func TestBoardsAreWellFormed(t *testing.T) {
	g := newGen(t, gen.Steer{})
	pool := gen.DefaultPool()
	legal, stray := 0, 0
	for seed := uint64(0); seed < 1000; seed++ {
		s := g.Board(gen.NewTapeSource(seed))
		ids := map[harness.CardID]string{}
		for _, c := range s.Cards() {
			require.NotZero(t, c.ID, "seed %d: normalized", seed)
			ids[c.ID] = c.Name
		}
		n := s.Clone()
		require.NoError(t, n.Normalize(), "seed %d", seed)
		require.Equal(t, s, n, "seed %d: Board numbers as Normalize does", seed)
		assert.NotEqual(t, harness.Untap, s.Step, "no priority in untap (CR 502.4)")
		assert.NotEqual(t, harness.Cleanup, s.Step, "no priority in cleanup (CR 514.3)")
		for _, ps := range s.Players {
			assert.LessOrEqual(t, len(ps.Battlefield), 12, "seed %d: default cap", seed)
			assert.True(t, ps.Life >= 1 && ps.Life <= 20, "seed %d: life %d", seed, ps.Life)
			for _, pm := range ps.Battlefield {
				c, ok := pool.Card(pm.Name)
				require.True(t, ok, pm.Name)
				assert.True(t, c.Kind.Any(gen.Permanent), "seed %d: %s is not a permanent card", seed, pm.Name)
				if pm.AttachedTo == 0 {
					continue
				}
				host, _ := pool.Card(ids[pm.AttachedTo])
				switch {
				case c.Kind.Has(gen.Aura) && host.Kind.Any(c.Enchant), c.Kind.Has(gen.Equipment) && host.Kind.Has(gen.Creature):
					legal++
				default:
					stray++ // an Aura or Equipment on any host, or anything else attached (704.5p)
				}
			}
		}
	}
	assert.Positive(t, stray, "some boards attach what the state-based actions must undo")
	assert.Less(t, stray, legal, "most attachments look legal")
}

// TestBoardsCoverThePool checks that plain generation reaches every card and every kind
// of status: a generator that never makes a tapped Vivid Crag can't find its bugs.
func TestBoardsCoverThePool(t *testing.T) {
	g := newGen(t, gen.Steer{})
	seen := map[string]bool{}
	steps := map[harness.Step]bool{}
	var tapped, sick, stolen, counters, attached, damaged, chose, floating, hurt bool
	for seed := uint64(0); seed < 3000; seed++ {
		s := g.Board(gen.NewTapeSource(seed))
		steps[s.Step] = true
		for _, ps := range s.Players {
			floating = floating || !ps.Pool.IsZero()
			hurt = hurt || ps.Life < 20
			for _, pm := range ps.Battlefield {
				seen["bf:"+pm.Name] = true
				tapped, sick, stolen = tapped || pm.Tapped, sick || pm.Sick, stolen || pm.Owner != nil
				counters = counters || len(pm.Counters) > 0
				attached, damaged = attached || pm.AttachedTo != 0, damaged || pm.Damage > 0
				chose = chose || pm.Choices["color"] != ""
			}
			for _, c := range ps.Hand {
				seen["hand:"+c.Name] = true
			}
		}
	}
	for _, c := range gen.DefaultPool().Cards() {
		if c.Kind.Any(gen.Permanent) {
			assert.True(t, seen["bf:"+c.Name], "%s never on a battlefield", c.Name)
		}
		assert.True(t, seen["hand:"+c.Name], "%s never in a hand", c.Name)
	}
	for _, st := range []harness.Step{harness.Main1, harness.Main2, harness.Upkeep, harness.Draw, harness.End, harness.BeginCombat, harness.DeclareAttackers} {
		assert.True(t, steps[st], "never starts in %s", st)
	}
	assert.True(t, tapped && sick && stolen && counters && attached && damaged && chose && floating && hurt,
		"status coverage: tapped %v sick %v stolen %v counters %v attached %v damaged %v color %v pool %v life %v",
		tapped, sick, stolen, counters, attached, damaged, chose, floating, hurt)
}

func countBoards(g *gen.Generator, n int, pred func(*harness.Setup) bool) int {
	hits := 0
	for seed := uint64(0); seed < uint64(n); seed++ {
		s := g.Board(gen.NewTapeSource(seed))
		if pred(&s) {
			hits++
		}
	}
	return hits
}

func activeHas(name string) func(*harness.Setup) bool {
	return func(s *harness.Setup) bool {
		for _, pm := range s.Players[s.Active].Battlefield {
			if pm.Name == name {
				return true
			}
		}
		return false
	}
}

func TestSteerFavoursItsCards(t *testing.T) {
	plain := countBoards(newGen(t, gen.Steer{}), 1000, activeHas("Reflecting Pool"))
	steer := gen.Steer{Recipes: []gen.Recipe{{Mine: gen.Cards("Reflecting Pool")}}}
	steered := countBoards(newGen(t, steer), 1000, activeHas("Reflecting Pool"))
	t.Logf("Reflecting Pool on the active side: plain %d/1000, steered %d/1000", plain, steered)
	assert.Greater(t, steered, 2*plain, "the steer at least doubles the hit rate")
	assert.Greater(t, plain, 0, "a plain board can hold it too: steering changes odds only")
}

func TestSteerAvoidKeepsOtherLandsOut(t *testing.T) {
	steer := gen.Steer{Recipes: []gen.Recipe{{Weight: 1000, Mine: gen.Cards("Reflecting Pool"), AvoidMine: gen.Land}}}
	g := newGen(t, steer)
	pool := gen.DefaultPool()
	otherLand := countBoards(g, 1000, func(s *harness.Setup) bool {
		for _, pm := range s.Players[s.Active].Battlefield {
			if c, _ := pool.Card(pm.Name); c.Kind.Has(gen.Land) && pm.Name != "Reflecting Pool" {
				return true
			}
		}
		return false
	})
	poolAlone := countBoards(g, 1000, activeHas("Reflecting Pool"))
	// Only the plain board (weight 1 in 1001) may add other lands.
	assert.LessOrEqual(t, otherLand, 5, "another land of mine beside the recipe")
	assert.Greater(t, poolAlone, 300, "Reflecting Pool with no other land is common")
}

func TestRecipeStepsAreFavoured(t *testing.T) {
	g := newGen(t, gen.Steer{Recipes: []gen.Recipe{{Weight: 1000, Steps: []harness.Step{harness.Upkeep}}}})
	upkeep := countBoards(g, 500, func(s *harness.Setup) bool { return s.Step == harness.Upkeep })
	assert.Greater(t, upkeep, 100, "20 of ~120 weight, so about a sixth or more")
}

func TestNewReportsBadPicks(t *testing.T) {
	g, err := gen.New(nil, gen.Steer{Name: "bad", Recipes: []gen.Recipe{{Name: "r",
		Mine: gen.Cards("No Such Card", "Dark Ritual", "Forest")}}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `"No Such Card" is not in the pool`)
	assert.Contains(t, err.Error(), `"Dark Ritual" is not a permanent card`)
	require.NotNil(t, g, "the generator still works without the bad picks")
	g.Board(gen.NewTapeSource(1))
}

func TestPoolOrdersSimplestFirst(t *testing.T) {
	cards := gen.DefaultPool().Cards()
	assert.Equal(t, "Plains", cards[0].Name, "basic lands first, in table order")
	assert.True(t, cards[len(cards)-1].Kind.Any(gen.Instant|gen.Sorcery), "spells last")
	_, err := gen.NewPool([]gen.Card{{Name: "A"}, {Name: "A"}})
	assert.ErrorContains(t, err, `"A" twice`)
}

func TestRecipeMinHand(t *testing.T) {
	g := newGen(t, gen.Steer{Recipes: []gen.Recipe{{Name: "twiddle", Hand: []gen.Pick{{Card: "Twiddle", Weight: 1000}}, MinHand: 2}}, Plain: 0})
	recipeBoards := 0
	for seed := uint64(0); seed < 300; seed++ {
		s := g.Board(gen.NewTapeSource(seed))
		hand := s.Players[s.Active].Hand
		if len(hand) >= 2 && hand[0].Name == "Twiddle" && hand[1].Name == "Twiddle" {
			recipeBoards++
		}
		assert.LessOrEqual(t, len(hand), 7, "seed %d: the hand size cap holds", seed)
	}
	assert.Greater(t, recipeBoards, 100, "half the boards are the recipe's, each dealt two cards of its hand first")
	zero := g.Board(gen.ReplayTape(nil))
	assert.Equal(t, []harness.CardSpec{{ID: 1, Name: "Twiddle"}, {ID: 2, Name: "Twiddle"}}, zero.Players[zero.Active].Hand,
		"at the zero tape (what shrinking tends to), the recipe's first hand pick, twice")
}

func TestRecipeFloorsForTheOtherHandAndBattlefields(t *testing.T) {
	g := newGen(t, gen.Steer{Recipes: []gen.Recipe{{Name: "answer", Weight: 1000, Mine: gen.Cards("Forest"), Theirs: gen.Cards("Island"),
		TheirHand: []gen.Pick{{Card: "Twiddle", Weight: 1000}}, TheirMinHand: 2, MinPermanents: 3}}})
	floored := countBoards(g, 300, func(s *harness.Setup) bool {
		other := s.Players[s.Active.Opponent()]
		return len(other.Hand) >= 2 && len(s.Players[s.Active].Battlefield) >= 3 && len(other.Battlefield) >= 3
	})
	assert.Greater(t, floored, 200, "most boards are the recipe's with both floors: the other player holds two cards or more, each battlefield has three permanents or more")
	zero := g.Board(gen.ReplayTape(nil))
	assert.Equal(t, []harness.CardSpec{{ID: 1, Name: "Twiddle"}, {ID: 2, Name: "Twiddle"}}, zero.Players[zero.Active.Opponent()].Hand,
		"at the zero tape, the recipe's first pick of the other hand, twice")
	var names []string
	for _, p := range zero.Players {
		for _, pm := range p.Battlefield {
			names = append(names, pm.Name)
		}
	}
	assert.Empty(t, names, "but no permanents: the battlefields' floor is a likelier \"more\", so shrinking still removes permanents")
}

func TestRecipeStepWeight(t *testing.T) {
	inEnd := func(w int) int {
		g := newGen(t, gen.Steer{Recipes: []gen.Recipe{{Name: "end", Weight: 1000, Steps: []harness.Step{harness.End}, StepWeight: w}}})
		return countBoards(g, 300, func(s *harness.Setup) bool { return s.Step == harness.End })
	}
	usual, heavy := inEnd(0), inEnd(900)
	// Against the usual mix's 100 (End 6 of it): 26 in 120 by default, 906 in 1000 at 900.
	assert.Less(t, usual, 120, "at the default weight, the usual mix starts most boards elsewhere")
	assert.Greater(t, heavy, 240, "at weight 900, nine boards in ten start in the end step")
	assert.Less(t, heavy, 300, "and the usual mix still starts some elsewhere")
}

// TestAvoidingEveryPermanentStillDrawsPermanents: a recipe whose avoided kinds leave the
// battlefield nothing to draw falls back to every permanent card of the pool, never to
// instants or sorceries, which can't be on the battlefield (CR 110.4, 304.4, 307.4); a pool
// without permanent cards leaves the battlefields empty.
func TestAvoidingEveryPermanentStillDrawsPermanents(t *testing.T) {
	g := newGen(t, gen.Steer{Name: "avoid everything", Plain: 1, Recipes: []gen.Recipe{{Name: "nothing left", Weight: 1000,
		AvoidMine: gen.Permanent, AvoidTheirs: gen.Permanent, MinPermanents: 3}}})
	pool := gen.DefaultPool()
	names := map[string]bool{}
	for seed := uint64(0); seed < 300; seed++ {
		s := g.Board(gen.NewTapeSource(seed))
		for _, ps := range s.Players {
			for _, pm := range ps.Battlefield {
				c, ok := pool.Card(pm.Name)
				require.True(t, ok, pm.Name)
				require.True(t, c.Kind.Any(gen.Permanent), "seed %d: %s, not a permanent card, is on the battlefield", seed, pm.Name)
				names[pm.Name] = true
			}
		}
	}
	assert.Greater(t, len(names), 20, "the fallback draws from every permanent card of the pool")

	spells, err := gen.NewPool([]gen.Card{{Name: "Twiddle", Kind: gen.Instant}, {Name: "Time Walk", Kind: gen.Sorcery}})
	require.NoError(t, err)
	sg, err := gen.New(spells, gen.Steer{Recipes: []gen.Recipe{{Name: "floor", MinPermanents: 3}}})
	require.NoError(t, err)
	hands := 0
	for seed := uint64(0); seed < 100; seed++ {
		s := sg.Board(gen.NewTapeSource(seed))
		for _, ps := range s.Players {
			require.Empty(t, ps.Battlefield, "seed %d: a pool of instants and sorceries has no permanents to put onto the battlefield", seed)
			hands += len(ps.Hand)
		}
	}
	assert.Positive(t, hands, "its cards still go to hands")
}

// TestRecipePool: a recipe's starting mana is in the active player's pool nine times in
// ten, beside whatever the usual mix floats; never the other player's, and never at the
// zero tape, so shrinking removes it.
func TestRecipePool(t *testing.T) {
	blue := harness.Of(harness.Blue, 1)
	g := newGen(t, gen.Steer{Recipes: []gen.Recipe{{Name: "cycle at once", Weight: 1000, Pool: blue}}})
	withPool := countBoards(g, 300, func(s *harness.Setup) bool { return s.Players[s.Active].Pool.Covers(blue) })
	assert.Greater(t, withPool, 240, "about nine boards in ten start with the recipe's {U} floating")
	zero := g.Board(gen.ReplayTape(nil))
	assert.True(t, zero.Players[zero.Active].Pool.IsZero(), "the zero tape floats nothing")
}

// TestBoardsShareNoBuffers: Board draws zones into recycled buffers, and a board it
// returned must not change when the next is drawn, nor one zone when another grows.
func TestBoardsShareNoBuffers(t *testing.T) {
	g := newGen(t, gen.Steer{MaxPermanents: 20})
	var kept []harness.Setup
	var copies []harness.Setup
	for seed := uint64(0); seed < 200; seed++ {
		s := g.Board(gen.NewTapeSource(seed))
		kept, copies = append(kept, s), append(copies, s.Clone())
	}
	for i := range kept {
		require.Equal(t, copies[i], kept[i], "board %d changed once others were drawn", i)
	}
	for i := range kept {
		s := &kept[i]
		for p := range s.Players {
			ps := &s.Players[p]
			ps.Library = append(ps.Library, harness.CardSpec{ID: 999, Name: "Forest"})
			ps.Battlefield = append(ps.Battlefield, harness.PermanentSpec{CardSpec: harness.CardSpec{ID: 998, Name: "Forest"}})
		}
		want := copies[i]
		for p := range want.Players {
			want.Players[p].Library = append(want.Players[p].Library, harness.CardSpec{ID: 999, Name: "Forest"})
			want.Players[p].Battlefield = append(want.Players[p].Battlefield, harness.PermanentSpec{CardSpec: harness.CardSpec{ID: 998, Name: "Forest"}})
		}
		require.Equal(t, want, *s, "board %d: growing a zone wrote into another", i)
	}
}

// TestRecipeMinLibrary: a recipe's MinLibrary floors the active player's library, which
// the usual mix leaves empty now and then.
func TestRecipeMinLibrary(t *testing.T) {
	g := newGen(t, gen.Steer{Recipes: []gen.Recipe{{Name: "draw", MinLibrary: 3}}, Plain: 0})
	plain := newGen(t, gen.Steer{})
	floored, plainFloored, emptyPlain := 0, 0, 0
	for seed := uint64(0); seed < 300; seed++ {
		if s := g.Board(gen.NewTapeSource(seed)); len(s.Players[s.Active].Library) >= 3 {
			floored++
		}
		p := plain.Board(gen.NewTapeSource(seed))
		if n := len(p.Players[p.Active].Library); n >= 3 {
			plainFloored++
		} else if n == 0 {
			emptyPlain++
		}
	}
	assert.Greater(t, floored, plainFloored+60, "the recipe's boards (half of them) almost always start with three library cards or more")
	assert.Greater(t, emptyPlain, 50, "the usual mix leaves the library empty now and then")
}

// TestLinkedCardsOfEitherPlayer: the cards exiled with an Oblivion Ring or a Helvault are
// the exiling permanent's controller's own or, now and then, the other player's.
func TestLinkedCardsOfEitherPlayer(t *testing.T) {
	g := newGen(t, gen.Steer{Recipes: []gen.Recipe{{Name: "links", Mine: []gen.Pick{{Card: "Oblivion Ring", Weight: 40}, {Card: "Helvault", Weight: 40}}}}})
	own, theirs := 0, 0
	for seed := uint64(0); seed < 500; seed++ {
		s := g.Board(gen.NewTapeSource(seed))
		for p := range s.Players {
			for _, pm := range s.Players[p].Battlefield {
				for _, c := range pm.ExiledWith {
					switch {
					case slices.ContainsFunc(s.Players[p].Exile, func(e harness.CardSpec) bool { return e.ID == c }):
						own++
					case slices.ContainsFunc(s.Players[1-p].Exile, func(e harness.CardSpec) bool { return e.ID == c }):
						theirs++
					default:
						t.Fatalf("seed %d: card %d exiled with %s is in no exile", seed, c, pm.Name)
					}
				}
			}
		}
	}
	assert.Greater(t, own, theirs, "most linked cards are the exiler's own")
	assert.Greater(t, theirs, own/4, "and many are the other player's")
}

// TestSagasGetLoreCounters: a generated Saga has 0 to 3 lore counters, each number drawn
// (before, at and past each of History of Benalia's chapters, CR 714.2b, 714.4); nothing
// else gets lore counters.
func TestSagasGetLoreCounters(t *testing.T) {
	g := newGen(t, gen.Steer{Recipes: []gen.Recipe{{Name: "sagas", Mine: []gen.Pick{{Card: "History of Benalia", Weight: 100}}}}})
	seen := map[int]int{}
	for seed := uint64(0); seed < 400; seed++ {
		s := g.Board(gen.NewTapeSource(seed))
		for _, ps := range s.Players {
			for _, pm := range ps.Battlefield {
				n, has := pm.Counters["lore"]
				if pm.Name != "History of Benalia" {
					assert.False(t, has, "seed %d: %s has lore counters", seed, pm.Name)
					continue
				}
				seen[n]++
			}
		}
	}
	for n := 0; n <= 3; n++ {
		assert.Positive(t, seen[n], "a Saga with %d lore counters", n)
	}
	assert.Len(t, seen, 4, "only 0 to 3: %v", seen)
}
