package props

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props/internal/boardtest"
)

func TestTapSymbol(t *testing.T) {
	p := ByID("cost.tap-symbol")
	elves := activate(A, 1, 0, "type:G")
	pass := harness.Action{Player: A, Kind: harness.Pass}
	t.Run("holds", func(t *testing.T) {
		f := &fake{}
		s0 := f.add(boardtest.Board(boardtest.Perm(1, "Llanowar Elves", A), boardtest.Perm(2, "Forest", A, boardtest.Tapped)), elves, pass)
		s1 := f.add(boardtest.WithPool(boardtest.Board(boardtest.Perm(1, "Llanowar Elves", A, boardtest.Tapped), boardtest.Perm(2, "Forest", A, boardtest.Tapped)), A, boardtest.Mana("G")))
		v := p.Check(f, f.trace(s0, mv(s0, elves, s1)))
		holds(t, v)
		assert.Equal(t, 1, v.Clauses["wrong-status"], "the tapped Forest had to be left out")
		assert.Equal(t, 1, v.Clauses["paid"], "the Elves paid {T}")
		assert.Zero(t, v.Clauses["sick-creature"])
	})
	t.Run("tapped payable", func(t *testing.T) {
		f := &fake{}
		s0 := f.add(boardtest.Board(boardtest.Perm(1, "Llanowar Elves", A, boardtest.Tapped)), elves, pass)
		x := requireViolation(t, p.Check(f, f.trace(s0, mv(s0, pass, s0))), "cost.tap-symbol", "107.5",
			"listed as legal", "Llanowar Elves (card 1, A's) is tapped, and {T} can't be paid", "got: listed")
		assert.Equal(t, -1, x.Step, "in the state before step 0: the start")
	})
	t.Run("sickness ignored", func(t *testing.T) {
		f := &fake{}
		s0 := f.add(boardtest.Board(boardtest.Perm(1, "Llanowar Elves", A, boardtest.Sick)), elves, pass)
		requireViolation(t, p.Check(f, f.trace(s0, mv(s0, pass, s0))), "cost.tap-symbol", "302.6",
			"hasn't controlled since their most recent turn began")
	})
	t.Run("elixir lets it", func(t *testing.T) {
		f := &fake{}
		s0 := f.add(boardtest.Board(boardtest.Perm(1, "Llanowar Elves", A, boardtest.Sick), boardtest.Perm(2, "Thousand-Year Elixir", A)), elves, pass)
		v := p.Check(f, f.trace(s0, mv(s0, pass, s0)))
		assert.Empty(t, v.Violations, "as though it had haste (CR 702.10c)")
	})
	t.Run("not tapped after paying", func(t *testing.T) {
		f := &fake{}
		s0 := f.add(boardtest.Board(boardtest.Perm(1, "Llanowar Elves", A)), elves)
		s1 := f.add(boardtest.WithPool(boardtest.Board(boardtest.Perm(1, "Llanowar Elves", A)), A, boardtest.Mana("G")))
		requireViolation(t, p.Check(f, f.trace(s0, mv(s0, elves, s1))), "cost.tap-symbol", "107.5",
			"after paying {T}", "expected: tapped", "got: untapped")
	})
	t.Run("paid at pay", func(t *testing.T) {
		f := &fake{}
		hang := activate(A, 1, 2)
		base := boardtest.Board(boardtest.Perm(1, "Hangarback Walker", A, boardtest.Counters("+1/+1", 1)))
		s0 := f.add(boardtest.WithPool(base, A, boardtest.Mana("C")), hang)
		proposing := boardtest.WithPool(base, A, boardtest.Mana("C"))
		proposing.Casting = &harness.Proposal{Player: A, Card: 1, Name: "Hangarback Walker", Generic: 1}
		payAct := harness.Action{Player: A, Kind: harness.Pay, Payment: boardtest.Mana("C")}
		s1 := f.add(proposing, payAct)
		s2 := f.add(base) // paid, and still untapped: wrong
		requireViolation(t, p.Check(f, f.trace(s0, mv(s0, hang, s1), mv(s1, payAct, s2))), "cost.tap-symbol", "107.5",
			"action 2", "Hangarback Walker (card 1, A's) after paying {T}", "got: untapped")
	})
	t.Run("sickness follows turns", func(t *testing.T) {
		f := &fake{}
		t3 := boardtest.Board(boardtest.Perm(1, "Grizzly Bears", A, boardtest.Sick))
		t4 := boardtest.Board(boardtest.Perm(1, "Grizzly Bears", A))
		t4.Turn, t4.Active, t4.Priority = 4, B, B
		t5 := boardtest.Board(boardtest.Perm(1, "Grizzly Bears", A, boardtest.Sick))
		t5.Turn = 5
		s0, s1, s2 := f.add(t3), f.add(t4), f.add(t5)
		v := p.Check(f, f.trace(s0, mv(s0, pass, s1), mv(s1, harness.Action{Player: B, Kind: harness.Pass}, s2)))
		requireViolation(t, v, "cost.tap-symbol", "302.6", "after action 2", "expected: not sick", "since turn 3 or earlier", "got: sick")
	})
}

func TestUntapSymbol(t *testing.T) {
	p := ByID("cost.untap-symbol")
	pili := harness.Action{Player: A, Kind: harness.Activate, Card: 1, Ability: 1, Choices: []string{"type:R"}, Payment: boardtest.Mana("CC")}
	pass := harness.Action{Player: A, Kind: harness.Pass}
	t.Run("holds", func(t *testing.T) {
		f := &fake{}
		s0 := f.add(boardtest.WithPool(boardtest.Board(boardtest.Perm(1, "Pili-Pala", A, boardtest.Tapped)), A, boardtest.Mana("CC")), pili, pass)
		s1 := f.add(boardtest.WithPool(boardtest.Board(boardtest.Perm(1, "Pili-Pala", A)), A, boardtest.Mana("R")))
		holds(t, p.Check(f, f.trace(s0, mv(s0, pili, s1))))
	})
	t.Run("untapped payable", func(t *testing.T) {
		f := &fake{}
		s0 := f.add(boardtest.WithPool(boardtest.Board(boardtest.Perm(1, "Pili-Pala", A)), A, boardtest.Mana("CC")), pili, pass)
		requireViolation(t, p.Check(f, f.trace(s0, mv(s0, pass, s0))), "cost.untap-symbol", "107.6",
			"Pili-Pala (card 1, A's) is untapped, and {Q} can't be paid")
	})
	t.Run("sickness ignored", func(t *testing.T) {
		f := &fake{}
		s0 := f.add(boardtest.WithPool(boardtest.Board(boardtest.Perm(1, "Pili-Pala", A, boardtest.Tapped, boardtest.Sick), boardtest.Perm(2, "Thousand-Year Elixir", B)), A, boardtest.Mana("CC")), pili, pass)
		requireViolation(t, p.Check(f, f.trace(s0, mv(s0, pass, s0))), "cost.untap-symbol", "302.6",
			"its {Q} abilities can't be activated")
	})
	t.Run("the mantle's grant", func(t *testing.T) {
		bears := boardtest.Perm(1, "Grizzly Bears", A, boardtest.Tapped)
		bears.Abilities = append(bears.Abilities, "{3}, {Q}: This creature gets +2/+2 until end of turn.")
		f := &fake{}
		pump := activate(A, 1, 0)
		s0 := f.add(boardtest.Board(bears, boardtest.Perm(2, "Umbral Mantle", A, boardtest.Attached(1))), pump, pass)
		v := p.Check(f, f.trace(s0, mv(s0, pass, s0)))
		assert.Empty(t, v.Violations, "tapped, not sick: {Q} payable; the Mantle's own quoted text is not a {Q} ability")
		untapped := *bears
		untapped.Tapped = false
		s1 := f.add(boardtest.Board(&untapped, boardtest.Perm(2, "Umbral Mantle", A, boardtest.Attached(1))), pump, pass)
		requireViolation(t, p.Check(f, f.trace(s1, mv(s1, pass, s1))), "cost.untap-symbol", "107.6", "is untapped")
	})
}

func TestAttack(t *testing.T) {
	p := ByID("cost.tap-symbol/attack")
	attack := func(ids ...harness.CardID) harness.Action {
		return harness.Action{Player: A, Kind: harness.Attack, Attackers: ids}
	}
	s := boardtest.Board(boardtest.Perm(1, "Grizzly Bears", A, boardtest.Sick), boardtest.Perm(2, "Llanowar Elves", A), boardtest.Perm(3, "Thousand-Year Elixir", A))
	s.Step = harness.DeclareAttackers
	t.Run("holds", func(t *testing.T) {
		f := &fake{}
		s0 := f.add(s, attack(), attack(2))
		holds(t, p.Check(f, f.trace(s0, mv(s0, attack(2), s0))))
	})
	t.Run("sick attacker", func(t *testing.T) {
		f := &fake{}
		s0 := f.add(s, attack(), attack(1), attack(2), attack(1, 2))
		v := p.Check(f, f.trace(s0, mv(s0, attack(1, 2), s0)))
		requireViolation(t, v, "cost.tap-symbol", "302.6", "action 1", "attack declared", "applies to activating abilities, not to attacking",
			"Grizzly Bears (card 1, A's) is summoning sick")
		assert.Len(t, v.Violations, 3, "two listed attacks and the one declared")
	})
}
