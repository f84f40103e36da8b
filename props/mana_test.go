package props

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props/internal/boardtest"
)

// requireViolation asserts that v holds a violation of ruling under rule whose message
// contains every fragment, and returns it.
func requireViolation(t *testing.T, v Verdict, ruling, rule string, fragments ...string) Violation {
	t.Helper()
	for _, x := range v.Violations {
		if x.Ruling != ruling || x.Rule != rule {
			continue
		}
		ok := true
		for _, f := range fragments {
			ok = ok && strings.Contains(placed(x), f)
		}
		if ok {
			return x
		}
	}
	var msgs []string
	for _, x := range v.Violations {
		msgs = append(msgs, x.Ruling+" "+x.Rule+": "+placed(x))
	}
	t.Fatalf("no violation of %s (CR %s) containing %q; got:\n%s", ruling, rule, fragments, strings.Join(msgs, "\n"))
	return Violation{}
}

// placed is a violation as reports show it: its place (its Step, as the game log numbers
// actions), then its message.
func placed(x Violation) string { return gen.Place{Step: x.Step}.String() + ": " + x.Message }

func holds(t *testing.T, v Verdict) {
	t.Helper()
	for _, x := range v.Violations {
		t.Errorf("unexpected violation: %s", x.Message)
	}
	assert.Positive(t, v.Reached, "the situation was reached")
}

func TestUndefinedType(t *testing.T) {
	p := ByID("mana.undefined-type")
	poolAlone := boardtest.Board(boardtest.Perm(1, "Reflecting Pool", A), boardtest.Perm(2, "Forest", B))
	act := activate(A, 1, 0)

	t.Run("holds", func(t *testing.T) {
		f := &fake{}
		s0 := f.add(poolAlone, act)
		s1 := f.add(func() harness.Snapshot {
			s := poolAlone
			s.Battlefield = []*harness.Object{boardtest.Perm(1, "Reflecting Pool", A, boardtest.Tapped), boardtest.Perm(2, "Forest", B)}
			return s
		}())
		v := p.Check(f, f.trace(s0, mv(s0, act, s1)))
		holds(t, v)
		assert.Equal(t, 3, v.Reached, "offered outcomes asked once (tapping the Pool changes no answer), one activation, one listed activation")
	})
	t.Run("offers colourless", func(t *testing.T) {
		f := &fake{}
		s0 := f.add(poolAlone, act)
		f.offer(s0, 1, 0, boardtest.Mana("C"))
		x := requireViolation(t, p.Check(f, f.trace(s0)), "mana.undefined-type", "106.5",
			"the outcomes offered for Reflecting Pool (card 1, A's) ability 0", "expected: exactly no mana", "got: {C}")
		assert.Equal(t, -1, x.Step, "at the start")
	})
	t.Run("adds colourless", func(t *testing.T) {
		f := &fake{}
		s0 := f.add(poolAlone, act)
		s1 := f.add(boardtest.WithPool(poolAlone, A, boardtest.Mana("C")))
		x := requireViolation(t, p.Check(f, f.trace(s0, mv(s0, act, s1))), "mana.undefined-type", "106.5",
			"action 1", "added to A's pool: expected: no mana", "got: {C}")
		assert.Equal(t, 0, x.Step)
	})
	t.Run("not activatable", func(t *testing.T) {
		f := &fake{}
		s0 := f.add(poolAlone, harness.Action{Player: A, Kind: harness.Pass})
		s1 := f.add(poolAlone)
		requireViolation(t, p.Check(f, f.trace(s0, mv(s0, harness.Action{Player: A, Kind: harness.Pass}, s1))),
			"mana.undefined-type", "605.2", "activating Reflecting Pool (card 1, A's) ability 0", "got: not listed")
	})
	t.Run("defined types are another situation", func(t *testing.T) {
		f := &fake{}
		s0 := f.add(boardtest.Board(boardtest.Perm(1, "Reflecting Pool", A), boardtest.Perm(2, "Forest", A)), act)
		v := p.Check(f, f.trace(s0))
		assert.Empty(t, v.Violations)
		assert.Zero(t, v.Reached, "the Pool could produce {G}: not undefined")
	})
}

func TestCouldProduce(t *testing.T) {
	p := ByID("mana.could-produce")
	s := boardtest.Board(boardtest.Perm(1, "Reflecting Pool", A), boardtest.Perm(2, "Island", A), boardtest.Perm(3, "Contamination", B), boardtest.Perm(4, "Vivid Crag", B, boardtest.Tapped))
	t.Run("holds", func(t *testing.T) {
		f := &fake{}
		holds(t, p.Check(f, f.trace(f.add(s))))
	})
	t.Run("ignores replacements", func(t *testing.T) {
		f := &fake{}
		s0 := f.add(s)
		f.states[s0].could[2] = harness.TypeSet(0).With(harness.Blue)
		requireViolation(t, p.Check(f, f.trace(s0)), "mana.could-produce", "106.7",
			"what Island (card 2, A's) could produce", "expected: {B}", "after replacement effects in any order", "got: {U}")
	})
	t.Run("counts costs", func(t *testing.T) {
		f := &fake{}
		s0 := f.add(boardtest.Board(boardtest.Perm(4, "Vivid Crag", B, boardtest.Tapped)))
		f.states[s0].could[4] = harness.TypeSet(0).With(harness.Red)
		requireViolation(t, p.Check(f, f.trace(s0)), "mana.could-produce", "106.7",
			"what Vivid Crag (card 4, B's) could produce", "expected: {W}{U}{B}{R}{G}", "whether or not its cost can be paid", "got: {R}")
	})
}

func TestCouldRelations(t *testing.T) {
	p := ByID("mana.could-produce/relations")
	s := boardtest.Board(boardtest.Perm(1, "Reflecting Pool", A), boardtest.Perm(2, "Island", A), boardtest.Perm(3, "Exotic Orchard", B), boardtest.Perm(4, "Wastes", A))
	t.Run("holds", func(t *testing.T) {
		f := &fake{}
		holds(t, p.Check(f, f.trace(f.add(s))))
	})
	t.Run("pool disagrees with its lands", func(t *testing.T) {
		f := &fake{}
		s0 := f.add(s)
		f.offer(s0, 1, 0, boardtest.Manas("U")...) // but Wastes could produce {C}
		v := p.Check(f, f.trace(s0))
		requireViolation(t, v, "mana.could-produce", "106.7", "the outcomes offered for Reflecting Pool", "expected: exactly {U}, {C}", "got: {U}")
		requireViolation(t, v, "mana.could-produce", "106.7", "what Reflecting Pool (card 1, A's) could produce", "expected: {U}, the types of the outcomes", "got: {U}{C}")
	})
	t.Run("orchard disagrees with its opponent's lands", func(t *testing.T) {
		f := &fake{}
		s0 := f.add(s)
		f.states[s0].could[4] = harness.TypeSet(0).With(harness.Red) // engine says Wastes could produce R
		requireViolation(t, p.Check(f, f.trace(s0)), "mana.could-produce", "106.7",
			"the outcomes offered for Exotic Orchard (card 3, B's)", "one mana of each colour in {U}{R}", "got: {U}")
	})
}

func TestTapForMana(t *testing.T) {
	p := ByID("mana.tap-for-mana")
	s := boardtest.Board(boardtest.Perm(1, "Pili-Pala", A, boardtest.Tapped), boardtest.Perm(2, "Mana Reflection", A), boardtest.Perm(3, "Forest", A))
	t.Run("holds", func(t *testing.T) {
		f := &fake{}
		holds(t, p.Check(f, f.trace(f.add(s))))
	})
	t.Run("untap symbol counts as tapping", func(t *testing.T) {
		f := &fake{}
		s0 := f.add(s)
		f.offer(s0, 1, 1, boardtest.Manas("WW", "UU", "BB", "RR", "GG")...)
		requireViolation(t, p.Check(f, f.trace(s0)), "mana.tap-for-mana", "106.12",
			"Pili-Pala (card 1, A's) ability 1", "its cost has no {T}", "got: {W}{W}")
	})
	t.Run("the activation adds the doubled mana", func(t *testing.T) {
		f := &fake{}
		act := harness.Action{Player: A, Kind: harness.Activate, Card: 1, Ability: 1, Choices: []string{"type:G"}, Payment: boardtest.Mana("CC")}
		s0 := f.add(boardtest.WithPool(s, A, boardtest.Mana("CC")), act)
		s1 := f.add(boardtest.WithPool(s, A, boardtest.Mana("GG")))
		requireViolation(t, p.Check(f, f.trace(s0, mv(s0, act, s1))), "mana.tap-for-mana", "106.12",
			"action 1", "added to A's pool: expected: one of {W}, {U}, {B}, {R}, {G}", "got: {G}{G}")
	})
	t.Run("a mana spell taps nothing", func(t *testing.T) {
		f := &fake{}
		ritual := harness.StackObject{Object: 50, Kind: "spell", Card: 9, Name: "Dark Ritual", Controller: A, Abilities: []string{"Add {B}{B}{B}."}}
		before := s
		before.Stack = []harness.StackObject{ritual}
		pass := harness.Action{Player: B, Kind: harness.Pass}
		s0 := f.add(before, pass)
		s1 := f.add(boardtest.WithPool(s, A, boardtest.Mana("BBBBBB")))
		v := p.Check(f, f.trace(s0, mv(s0, pass, s1)))
		requireViolation(t, v, "mana.tap-for-mana", "605.1a", "Dark Ritual (a spell) resolved", "expected: {B}{B}{B}", "got: {B}{B}{B}{B}{B}{B}")
	})
}

func TestTappedTrigger(t *testing.T) {
	p := ByID("mana.tapped-trigger")
	s := boardtest.Board(boardtest.Perm(1, "Reflecting Pool", A), boardtest.Perm(2, "Wild Growth", A, boardtest.Attached(1)), boardtest.Perm(3, "Forest", A), boardtest.Perm(4, "Mana Flare", B))
	t.Run("holds", func(t *testing.T) {
		f := &fake{}
		holds(t, p.Check(f, f.trace(f.add(s))))
	})
	t.Run("fires on zero", func(t *testing.T) {
		f := &fake{}
		alone := boardtest.Board(boardtest.Perm(1, "Reflecting Pool", A), boardtest.Perm(2, "Wild Growth", A, boardtest.Attached(1)))
		s0 := f.add(alone)
		f.offer(s0, 1, 0, boardtest.Mana("G"))
		requireViolation(t, p.Check(f, f.trace(s0)), "mana.tapped-trigger", "106.12a",
			"Reflecting Pool (card 1, A's) ability 0", "expected: exactly no mana", "it would produce no mana", "got: {G}")
	})
	t.Run("trigger on the stack", func(t *testing.T) {
		f := &fake{}
		act := activate(A, 3, 0)
		s0 := f.add(s, act)
		after := boardtest.WithPool(s, A, boardtest.Mana("GG"))
		after.Stack = []harness.StackObject{{Object: 99, Kind: "ability", Card: 4, Name: "Mana Flare", Controller: A,
			Text: "Whenever a player taps a land for mana, that player adds one mana of any type that land produced."}}
		s1 := f.add(after)
		requireViolation(t, p.Check(f, f.trace(s0, mv(s0, act, s1))), "mana.tapped-trigger", "605.4a",
			"the stack after activating Forest", "expected: unchanged", "got: Mana Flare")
	})
}

func TestTappedReplacement(t *testing.T) {
	p := ByID("mana.tapped-replacement")
	s := boardtest.Board(boardtest.Perm(1, "Forest", A), boardtest.Perm(2, "Contamination", B), boardtest.Perm(3, "Mana Reflection", A), boardtest.Perm(4, "Pili-Pala", A, boardtest.Tapped))
	t.Run("holds", func(t *testing.T) {
		f := &fake{}
		holds(t, p.Check(f, f.trace(f.add(s))))
	})
	t.Run("one order only", func(t *testing.T) {
		f := &fake{}
		s0 := f.add(s)
		f.offer(s0, 1, 0, boardtest.Mana("B"))
		requireViolation(t, p.Check(f, f.trace(s0)), "mana.tapped-replacement", "106.12b",
			"Forest (card 1, A's) ability 0", "expected: exactly {B}, {B}{B}", "in every order", "got: {B}")
	})
	t.Run("applied twice", func(t *testing.T) {
		f := &fake{}
		act := activate(A, 1, 0, "replace:Contamination", "replace:Mana Reflection")
		s0 := f.add(s, act)
		s1 := f.add(boardtest.WithPool(s, A, boardtest.Mana("BBBB")))
		requireViolation(t, p.Check(f, f.trace(s0, mv(s0, act, s1))), "mana.tapped-replacement", "106.12b",
			"added to A's pool: expected: one of {B}, {B}{B}", "got: {B}{B}{B}{B}")
	})
	t.Run("not for untap abilities", func(t *testing.T) {
		f := &fake{}
		v := p.Check(f, f.trace(f.add(boardtest.Board(boardtest.Perm(4, "Pili-Pala", A, boardtest.Tapped), boardtest.Perm(3, "Mana Reflection", A)))))
		assert.Zero(t, v.Reached, "Pili-Pala's {Q} ability isn't tapped for mana: another ruling's situation")
	})
}

func TestETBX(t *testing.T) {
	p := ByID("x.etb-uses-spell-x")
	spell := harness.StackObject{Object: 40, Kind: "spell", Card: 5, Name: "Walking Ballista", Controller: A, X: 2}
	before := boardtest.Board(boardtest.Perm(1, "Forest", A))
	before.Stack = []harness.StackObject{spell}
	pass := harness.Action{Player: B, Kind: harness.Pass}
	resolve := func(after harness.Snapshot) Verdict {
		f := &fake{}
		s0 := f.add(before, pass)
		return p.Check(f, f.trace(s0, mv(s0, pass, f.add(after))))
	}
	entered := func(opts ...func(*harness.Object)) harness.Snapshot {
		b := boardtest.Perm(5, "Walking Ballista", A, append([]func(*harness.Object){boardtest.Sick}, opts...)...)
		b.Object = 41
		return boardtest.Board(boardtest.Perm(1, "Forest", A), b)
	}
	t.Run("holds", func(t *testing.T) { holds(t, resolve(entered(boardtest.Counters("+1/+1", 2)))) })
	t.Run("permanent's X", func(t *testing.T) {
		requireViolation(t, resolve(entered()), "x.etb-uses-spell-x", "107.3m",
			"Walking Ballista resolved with X=2", "expected: 2 +1/+1 counters", "got: 0 +1/+1 counters")
	})
	t.Run("died of it", func(t *testing.T) {
		after := boardtest.Board(boardtest.Perm(1, "Forest", A))
		dead := boardtest.Perm(5, "Walking Ballista", A)
		dead.Zone, dead.Object = harness.Graveyard, 42
		after.Players[A].Graveyard = []*harness.Object{dead}
		requireViolation(t, resolve(after), "x.etb-uses-spell-x", "107.3m", "it is in the graveyard")
	})
}

func TestManaOutcomes(t *testing.T) {
	p := ByID("mana.outcomes")
	t.Run("holds", func(t *testing.T) {
		f := &fake{}
		holds(t, p.Check(f, f.trace(f.add(boardtest.Board(boardtest.Perm(1, "Llanowar Elves", A), boardtest.Perm(2, "Contamination", B),
			boardtest.Perm(3, "Gaea's Cradle", A), boardtest.Perm(4, "Mana Reflection", B))))))
	})
	t.Run("an effect where it doesn't apply", func(t *testing.T) {
		f := &fake{}
		s0 := f.add(boardtest.Board(boardtest.Perm(1, "Llanowar Elves", A), boardtest.Perm(2, "Contamination", B)))
		f.offer(s0, 1, 0, boardtest.Mana("B"))
		requireViolation(t, p.Check(f, f.trace(s0)), "mana.tapped-replacement", "106.12b",
			"Llanowar Elves (card 1, A's) ability 0", "expected: exactly {G}", "got: {B}")
	})
	t.Run("a wrong count", func(t *testing.T) {
		f := &fake{}
		s0 := f.add(boardtest.Board(boardtest.Perm(1, "Gaea's Cradle", A), boardtest.Perm(2, "Llanowar Elves", A), boardtest.Perm(3, "Grizzly Bears", B)))
		f.offer(s0, 1, 0, boardtest.Mana("GG"))
		requireViolation(t, p.Check(f, f.trace(s0)), "mana.could-produce", "106.7",
			"expected: exactly {G} (before any replacement it adds {G} (one for each of the 1 creatures A controls)", "got: {G}{G}")
	})
}
