package props

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props/internal/boardtest"
)

func TestPoolInvariant(t *testing.T) {
	p := ByID("invariant.pool")
	casting := boardtest.Board(boardtest.Perm(1, "Forest", A, boardtest.Tapped))
	casting.Casting = &harness.Proposal{Player: A, Card: 7, Name: "Grizzly Bears", Cost: boardtest.Mana("G"), Generic: 1}
	pay := func(m string) harness.Action {
		return harness.Action{Player: A, Kind: harness.Pay, Payment: boardtest.Mana(m)}
	}
	t.Run("holds", func(t *testing.T) {
		f := &fake{}
		s0 := f.add(boardtest.WithPool(casting, A, boardtest.Mana("GC")), pay("GC"))
		s1 := f.add(boardtest.Board(boardtest.Perm(1, "Forest", A, boardtest.Tapped)))
		holds(t, p.Check(f, f.trace(s0, mv(s0, pay("GC"), s1))))
	})
	t.Run("overdraw", func(t *testing.T) {
		f := &fake{}
		s0 := f.add(boardtest.WithPool(casting, A, boardtest.Mana("G")), pay("GC"))
		s1 := f.add(boardtest.WithPool(boardtest.Board(boardtest.Perm(1, "Forest", A, boardtest.Tapped)), A, harness.Mana{harness.Colorless: -1}))
		v := p.Check(f, f.trace(s0, mv(s0, pay("GC"), s1)))
		requireViolation(t, v, "invariant.pool", "601.2h", "listed as legal", "doesn't cover the payment {G}{C}")
		requireViolation(t, v, "invariant.pool", "601.2h", "action 1", "paying {G}{C}", "expected: refused", "got: accepted")
		requireViolation(t, v, "invariant.pool", "106.1b", "after action 1", "A's mana pool", "got: {C:-1}")
	})
	t.Run("wrong amount", func(t *testing.T) {
		f := &fake{}
		s0 := f.add(boardtest.WithPool(casting, A, boardtest.Mana("GGC")), pay("GGC"))
		s1 := f.add(boardtest.WithPool(boardtest.Board(boardtest.Perm(1, "Forest", A, boardtest.Tapped)), A, boardtest.Mana("G")))
		v := p.Check(f, f.trace(s0, mv(s0, pay("GGC"), s1)))
		requireViolation(t, v, "invariant.pool", "601.2h", "paying for Grizzly Bears", "exactly the total cost, 2 mana", "got: {G}{G}{C} (3 mana)")
		requireViolation(t, v, "invariant.pool", "601.2h", "A's pool after paying", "expected: no mana", "got: {G}")
	})
	t.Run("pools empty between steps", func(t *testing.T) {
		f := &fake{}
		pass := harness.Action{Player: B, Kind: harness.Pass}
		s0 := f.add(boardtest.WithPool(boardtest.Board(), A, boardtest.Mana("R")), pass)
		next := boardtest.WithPool(boardtest.Board(), A, boardtest.Mana("R"))
		next.Step = harness.BeginCombat
		requireViolation(t, p.Check(f, f.trace(s0, mv(s0, pass, f.add(next)))), "invariant.pool", "106.4",
			"turn 3 main1 → turn 3 begin_combat", "expected: empty", "got: {R}")
	})
}

func TestManaAbilityInvariant(t *testing.T) {
	p := ByID("invariant.mana-ability")
	s := boardtest.Board(boardtest.Perm(1, "Forest", A))
	act := activate(A, 1, 0)
	after := boardtest.WithPool(boardtest.Board(boardtest.Perm(1, "Forest", A, boardtest.Tapped)), A, boardtest.Mana("G"))
	t.Run("holds", func(t *testing.T) {
		f := &fake{}
		s0 := f.add(s, act)
		v := p.Check(f, f.trace(s0, mv(s0, act, f.add(after))))
		holds(t, v)
		assert.Equal(t, map[string]int{"with-priority": 1, "adds-offered": 1}, v.Clauses)
	})
	t.Run("uses the stack and moves priority", func(t *testing.T) {
		f := &fake{}
		s0 := f.add(s, act)
		bad := after
		bad.Stack = []harness.StackObject{{Object: 9, Kind: "ability", Card: 1, Name: "Forest", Controller: A, Text: "({T}: Add {G}.)"}}
		bad.Priority = B
		v := p.Check(f, f.trace(s0, mv(s0, act, f.add(bad))))
		requireViolation(t, v, "invariant.mana-ability", "605.3b", "the stack after activating Forest", "got: Forest: ({T}: Add {G}.) [ability] (before: empty)")
		requireViolation(t, v, "invariant.mana-ability", "405.6c", "expected: still A's", "got: B")
	})
	t.Run("adds what wasn't offered", func(t *testing.T) {
		f := &fake{}
		s0 := f.add(s, act)
		v := p.Check(f, f.trace(s0, mv(s0, act, f.add(boardtest.WithPool(after, A, boardtest.Mana("GG"))))))
		requireViolation(t, v, "invariant.mana-ability", "106.7", "one of the outcomes offered for it just before: {G}", "got: {G}{G}")
	})
}

func TestSBAInvariant(t *testing.T) {
	p := ByID("invariant.sba")
	problems := func(objs ...*harness.Object) Verdict {
		f := &fake{}
		return p.Check(f, f.trace(f.add(boardtest.Board(objs...))))
	}
	t.Run("holds", func(t *testing.T) {
		v := problems(boardtest.Perm(1, "Gaea's Cradle", A), boardtest.Perm(2, "Gaea's Cradle", B), boardtest.Perm(3, "Walking Ballista", A, boardtest.Counters("+1/+1", 1)),
			boardtest.Perm(4, "Wild Growth", A, boardtest.Attached(1)), boardtest.Perm(5, "Umbral Mantle", B, boardtest.Attached(3)), boardtest.Perm(6, "Umbral Mantle", B))
		assert.Empty(t, v.Violations, "one Cradle each; a 1/1 Ballista; legal attachments; an unattached Equipment")
	})
	t.Run("zero toughness", func(t *testing.T) {
		requireViolation(t, problems(boardtest.Perm(3, "Walking Ballista", A)), "invariant.sba", "704.5f",
			"at the start: with A to act", "Walking Ballista (card 3, A's) has toughness 0")
	})
	t.Run("lethal damage", func(t *testing.T) {
		bears := boardtest.Perm(3, "Grizzly Bears", A)
		bears.Damage = 2
		requireViolation(t, problems(bears), "invariant.sba", "704.5g", "has toughness 2 and 2 damage")
	})
	t.Run("legend rule", func(t *testing.T) {
		requireViolation(t, problems(boardtest.Perm(1, "Gaea's Cradle", A), boardtest.Perm(2, "Gaea's Cradle", A)), "invariant.sba", "704.5j",
			"A controls 2 named Gaea's Cradle (card 1, card 2)")
	})
	t.Run("illegal aura", func(t *testing.T) {
		requireViolation(t, problems(boardtest.Perm(1, "Grizzly Bears", A), boardtest.Perm(2, "Wild Growth", A, boardtest.Attached(1))), "invariant.sba", "704.5m",
			"attached to Grizzly Bears (card 1, A's), which is not a land")
		requireViolation(t, problems(boardtest.Perm(2, "Wild Growth", A)), "invariant.sba", "704.5m", "is attached to nothing")
	})
	t.Run("illegal equipment", func(t *testing.T) {
		requireViolation(t, problems(boardtest.Perm(1, "Forest", A), boardtest.Perm(2, "Umbral Mantle", A, boardtest.Attached(1))), "invariant.sba", "704.5n",
			"which is not a creature")
	})
	t.Run("not while casting", func(t *testing.T) {
		f := &fake{}
		s := boardtest.Board(boardtest.Perm(3, "Walking Ballista", A))
		s.Casting = &harness.Proposal{Player: A, Card: 3, Name: "Walking Ballista"}
		assert.Empty(t, p.Check(f, f.trace(f.add(s))).Violations, "no player gets priority mid-cast (CR 704.3)")
	})
}

func TestPurityAndDeterminism(t *testing.T) {
	purity, det := ByID("invariant.purity"), ByID("invariant.determinism")
	build := func(f *fake) (int, harness.Action, int) {
		pass := harness.Action{Player: A, Kind: harness.Pass}
		s0 := f.add(boardtest.Board(boardtest.Perm(1, "Forest", A)), pass, activate(A, 1, 0))
		s1 := f.add(boardtest.Board(boardtest.Perm(1, "Forest", A)))
		return s0, pass, s1
	}
	t.Run("holds", func(t *testing.T) {
		f := &fake{}
		s0, pass, s1 := build(f)
		holds(t, purity.Check(f, f.trace(s0, mv(s0, pass, s1))))
		holds(t, det.Check(f, f.trace(s0, mv(s0, pass, s1))))
	})
	t.Run("mutates input", func(t *testing.T) {
		f := &fake{}
		s0, pass, s1 := build(f)
		tr := f.trace(s0, mv(s0, pass, s1))
		f.mutate = true
		_, _, err := f.Apply(s0, pass) // the trace's own step, now with the fault
		assert.NoError(t, err)
		requireViolation(t, purity.Check(f, tr), "invariant.purity", "-", "observed after the step", "Life: 20", "Life: 19")
	})
	t.Run("hidden state", func(t *testing.T) {
		f := &fake{flip: true}
		s0, pass, s1 := build(f)
		requireViolation(t, det.Check(f, f.trace(s0, mv(s0, pass, s1))), "invariant.determinism", "-",
			"the legal actions, asked again", "the same actions in the same order")
	})
}

func TestSameTree(t *testing.T) {
	a := boardtest.Board(boardtest.Perm(1, "Forest", A), boardtest.Perm(2, "Walking Ballista", B, boardtest.Counters("+1/+1", 2)))
	b := boardtest.Board(boardtest.Perm(1, "Forest", A), boardtest.Perm(2, "Walking Ballista", B, boardtest.Counters("+1/+1", 2)))
	assert.True(t, sameTree(a, b), "equal values behind different pointers")
	b.Players[0].Hand = []*harness.Object{}
	assert.True(t, sameTree(a, b), "nil and empty slices are the same")
	*b.Battlefield[1].Power = 3
	assert.False(t, sameTree(a, b), "a difference behind a pointer")
	b = boardtest.Board(boardtest.Perm(1, "Forest", A), boardtest.Perm(2, "Walking Ballista", B, boardtest.Counters("+1/+1", 1)))
	assert.False(t, sameTree(a, b), "a difference in a map")
	assert.Equal(t, "", snapDiff(a, a))
	assert.Contains(t, snapDiff(a, b), "+1/+1")
}

func TestEnchantTypes(t *testing.T) {
	types, ok := enchantTypes("artifact, creature, or land")
	assert.True(t, ok)
	assert.Equal(t, []string{"Artifact", "Creature", "Land"}, types)
	_, ok = enchantTypes("creature you control")
	assert.False(t, ok, "a restriction beyond types is not judged")
}
