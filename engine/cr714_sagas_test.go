package engine

import (
	"testing"

	h "github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sagaBoard is a turn-2 precombat main phase with A's History of Benalia (card 100) on
// the battlefield with lore counters, and libraries to draw from.
func sagaBoard(lore int, mine ...string) h.Setup {
	setup := withLibraries(board(append([]string{"History of Benalia"}, mine...), nil))
	if lore > 0 {
		setup.Players[0].Battlefield[0].Counters = map[string]int{"lore": lore}
	}
	return setup
}

const chapterI = "I, II — Create a 2/2 white Knight creature token with vigilance."

// chapterTexts lists the texts of the abilities on the stack, bottom first.
func chapterTexts(s *state) []string {
	var out []string
	for _, it := range s.Stack {
		if !it.IsSpell {
			out = append(out, it.Ability.Text)
		}
	}
	return out
}

func lore(s *state, card h.CardID) int {
	if o := s.byCard(card); o != nil && o.Zone == h.Battlefield {
		return o.Counters[Lore]
	}
	return -1
}

func knights(s *state, p h.Player) int {
	n := 0
	v := s.projected()
	for _, id := range s.Battlefield {
		if s.obj(id).Controller == p && hasCreatureType(v.Of(id), "Knight") {
			n++
		}
	}
	return n
}

// TestSagaEntersWithLoreAndChapterI: History of Benalia cast enters with a lore counter
// (CR 714.3a), which triggers chapter I (714.2b, 122.6); it resolves into a Knight.
func TestSagaEntersWithLoreAndChapterI(t *testing.T) {
	setup := board(nil, nil)
	setup.Players[0].Hand = []h.CardSpec{{ID: 50, Name: "History of Benalia"}}
	setup.Players[0].Pool = h.Of(h.White, 2).Add(h.Of(h.Colorless, 1))
	s := castAndResolve(t, start(t, setup), 50, setup.Players[0].Pool)
	assert.Equal(t, 1, lore(s, 50))
	require.Equal(t, []string{chapterI}, chapterTexts(s))
	s = passBoth(t, s)
	assert.Equal(t, 1, knights(s, h.A))
	assert.Equal(t, 1, lore(s, 50), "chapter I doesn't end the Saga")
}

// TestLoreCounterAtPrecombatMain: the turn's lore counter is put on as the precombat main
// phase begins (CR 714.3c, 505.4), not in the upkeep or the draw step; chapter II triggers.
// Under the fault it comes in the draw step.
func TestLoreCounterAtPrecombatMain(t *testing.T) {
	for _, fault := range []string{"", FaultLoreInDrawStep} {
		var faults []string
		if fault != "" {
			faults = append(faults, fault)
		}
		s := start(t, sagaBoard(1), faults...)
		s = passUntil(t, s, 4, h.Draw) // A's next turn
		if fault == "" {
			assert.Equal(t, 1, lore(s, 100), "no lore counter before the precombat main phase")
			assert.Empty(t, s.Stack)
		} else {
			assert.Equal(t, 2, lore(s, 100), "the fault adds it in the draw step")
			continue
		}
		s = passUntil(t, s, 4, h.Main1)
		assert.Equal(t, 2, lore(s, 100))
		assert.Equal(t, []string{chapterI}, chapterTexts(s))
		assert.Equal(t, h.A, s.Priority)
	}
}

// TestSagaSacrificedAfterItsLastChapter: chapter III triggers with the third lore counter;
// the Saga stays while that ability waits on the stack and is sacrificed once it has
// resolved (CR 714.4, 704.5s); the Knights got +2/+1 (the effect is locked to them,
// 611.2c). Under the fault it is sacrificed at once.
func TestSagaSacrificedAfterItsLastChapter(t *testing.T) {
	setup := sagaBoard(2, "Knight", "Grizzly Bears")
	setup.Players[0].Battlefield[1].Token = true
	s := start(t, setup)
	s = passUntil(t, s, 4, h.Main1)
	assert.Equal(t, 3, lore(s, 100), "the Saga stays while chapter III is on the stack")
	require.Equal(t, []string{"III — Knights you control get +2/+1 until end of turn."}, chapterTexts(s))
	knight := cardNamed(t, s, "Knight").ID
	s = passBoth(t, s)
	assert.Equal(t, -1, lore(s, 100), "sacrificed once chapter III left the stack")
	assert.Equal(t, h.Graveyard, s.byCard(100).Zone)
	assert.Equal(t, 4, power(s, knight))
	assert.Equal(t, 3, s.projected().Of(knight).Toughness)

	f := start(t, sagaBoard(2), FaultSagaSacrificedEarly)
	f = passUntil(t, f, 4, h.Main1)
	assert.Equal(t, -1, lore(f, 100), "the fault sacrifices it with chapter III on the stack")
}

// TestLoreCountersTriggerTheChaptersTheyReach: a Saga with no lore counters given two at
// once reaches chapters I and II: its "I, II" ability triggers twice (CR 714.2b, 714.2c);
// one more counter reaches III only. Under the fault the counter from 1 to 2 triggers
// "I, II" for I again.
func TestLoreCountersTriggerTheChaptersTheyReach(t *testing.T) {
	for _, tc := range []struct {
		faults          []string
		from, n         int
		chapterI, third int
	}{{nil, 0, 2, 2, 0}, {nil, 2, 1, 0, 1}, {nil, 1, 1, 1, 0}, {[]string{FaultPastChaptersTrigger}, 1, 1, 2, 0}} {
		s := start(t, sagaBoard(tc.from), tc.faults...).clone()
		id := cardNamed(t, s, "History of Benalia").ID
		addLore(s, s.projected(), id, tc.n, "714.2b", &events{})
		var counts [2]int
		for _, p := range s.Pending {
			if p.Ability.Text == chapterI {
				counts[0]++
			} else {
				counts[1]++
			}
		}
		assert.Equal(t, [2]int{tc.chapterI, tc.third}, counts, "%+v", tc)
	}
}

// TestKnightVigilance: attacking doesn't tap a creature with vigilance (CR 702.20b).
func TestKnightVigilance(t *testing.T) {
	setup := board([]string{"Knight", "Grizzly Bears"}, nil)
	setup.Players[0].Battlefield[0].Token = true
	s := start(t, setup)
	s = toStep(t, s, h.DeclareAttackers)
	var both h.Action
	for _, a := range legalActions(s) {
		if a.Kind == h.Attack && len(a.Attackers) == 2 {
			both = a
		}
	}
	require.NotZero(t, both.Kind)
	s = apply(t, s, both)
	assert.False(t, cardNamed(t, s, "Knight").Tapped)
	assert.True(t, cardNamed(t, s, "Grizzly Bears").Tapped)
}

// TestSagaSpellIsHistoric: Jhoira triggers on casting History of Benalia (CR 700.6), not
// under the fault.
func TestSagaSpellIsHistoric(t *testing.T) {
	for _, tc := range []struct {
		faults []string
		want   int
	}{{nil, 1}, {[]string{FaultSagaNotHistoric}, 0}} {
		setup := board([]string{"Jhoira, Weatherlight Captain"}, nil)
		setup.Players[0].Hand = []h.CardSpec{{ID: 50, Name: "History of Benalia"}}
		setup.Players[0].Pool = h.Of(h.White, 2).Add(h.Of(h.Colorless, 1))
		s := start(t, setup, tc.faults...)
		s = apply(t, s, h.Action{Player: h.A, Kind: h.Cast, Card: 50})
		s = apply(t, s, h.Action{Player: h.A, Kind: h.Pay, Payment: setup.Players[0].Pool})
		assert.Len(t, s.Stack, 1+tc.want, "%v", tc.faults)
	}
}
