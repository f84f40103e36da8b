package props

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props/internal/boardtest"
)

// tapsGame is turn 3, A active in step: A controls a tapped Pili-Pala (card 2) and
// Grizzly Bears (card 3) with {C}{C} floating, B a tapped Forest (card 4).
func tapsGame(step harness.Step) harness.Setup {
	setup := harness.Setup{Turn: 3, Active: A, Step: step}
	setup.Players[A] = harness.PlayerSetup{Life: 20, Pool: boardtest.Mana("CC"), Library: []harness.CardSpec{{ID: 5, Name: "Island"}},
		Battlefield: []harness.PermanentSpec{{CardSpec: harness.CardSpec{ID: 2, Name: "Pili-Pala"}, Tapped: true}, {CardSpec: harness.CardSpec{ID: 3, Name: "Grizzly Bears"}}}}
	setup.Players[B] = harness.PlayerSetup{Life: 20, Library: []harness.CardSpec{{ID: 6, Name: "Island"}},
		Battlefield: []harness.PermanentSpec{{CardSpec: harness.CardSpec{ID: 4, Name: "Forest"}, Tapped: true}}}
	return setup
}

// TestTapsRelateEventsToStatus: paying Pili-Pala's {Q} untaps it, attacking taps Grizzly
// Bears, B's untap step untaps the Forest, each with its event (CR 107.6, 508.1f, 502.3);
// an engine that drops the attack's event breaks taps, one that drops the untap step's
// breaks untaps.
func TestTapsRelateEventsToStatus(t *testing.T) {
	pass := func(p harness.Player) harness.Action { return harness.Action{Player: p, Kind: harness.Pass} }
	games := []struct {
		name    string
		setup   harness.Setup
		actions []harness.Action
		clause  string // the clause the game reaches
		fault   string // the fault the clause catches there, or ""
	}{
		{"untap cost", tapsGame(harness.Main1), []harness.Action{{Player: A, Kind: harness.Activate, Card: 2, Ability: 1,
			Payment: boardtest.Mana("CC"), Choices: []string{harness.Choice(harness.ChoiceType, "G")}}}, "untaps", ""},
		{"attack", tapsGame(harness.BeginCombat), []harness.Action{pass(A), pass(B),
			{Player: A, Kind: harness.Attack, Attackers: []harness.CardID{3}}}, "taps", engine.FaultAttackTapUnreported},
		{"untap step", tapsGame(harness.End), []harness.Action{pass(A), pass(B)}, "untaps", engine.FaultUntapStepUnreported},
	}
	p := tapRules()
	for _, g := range games {
		eng, err := engine.New(engine.Options{})
		require.NoError(t, err)
		tr := play(t, eng, g.setup, g.actions...)
		v := p.Check(eng, tr)
		assert.Empty(t, v.Violations, g.name)
		assert.Positive(t, v.Clauses[g.clause], g.name)
		if g.fault == "" {
			continue
		}
		faulty, err := engine.New(engine.Options{Faults: []string{g.fault}})
		require.NoError(t, err)
		v = p.Check(faulty, play(t, faulty, g.setup, g.actions...))
		require.Len(t, v.Violations, 1, g.name)
		assert.Equal(t, g.clause, v.Violations[0].Clause, g.name)
	}
}

// TestTapEventsJudged: the events of a permanent that stays on the battlefield must tell
// each change of its status in order and name its card; a missing event, one for a
// status it already has, one naming another card and one that leaves it in the wrong
// status are each a violation; a permanent tapped and untapped again in one action is not.
func TestTapEventsJudged(t *testing.T) {
	untapped := &harness.Object{Card: 2, Object: 7, Name: "Pili-Pala"}
	tapped := &harness.Object{Card: 2, Object: 7, Name: "Pili-Pala", Tapped: true}
	ev := func(kind string, card harness.CardID) harness.Event {
		return harness.Event{Kind: kind, Card: card, Object: 7}
	}
	cases := []struct {
		name     string
		was, now *harness.Object
		evs      []harness.Event
		clause   string // reached, "" for none
		broken   bool
	}{
		{"nothing happens", untapped, untapped, nil, "", false},
		{"tapped", untapped, tapped, []harness.Event{ev("tapped", 2)}, "taps", false},
		{"untapped by {Q} with no event", tapped, untapped, nil, "untaps", true},
		{"tapped then untapped", untapped, untapped, []harness.Event{ev("tapped", 2), ev("untapped", 2)}, "taps", false},
		{"tapped while tapped", tapped, tapped, []harness.Event{ev("tapped", 2)}, "untaps", true},
		{"another card named", tapped, untapped, []harness.Event{ev("untapped", 3)}, "untaps", true},
		{"ends in the wrong status", untapped, untapped, []harness.Event{ev("tapped", 2)}, "taps", true},
	}
	for _, c := range cases {
		var v Verdict
		checkTapEvents(0, c.was, c.now, c.evs, &v)
		if c.clause == "" {
			assert.Zero(t, v.Reached, c.name)
		} else {
			assert.Equal(t, 1, v.Clauses[c.clause], c.name)
		}
		if assert.Len(t, v.Violations, map[bool]int{true: 1}[c.broken], c.name) && c.broken {
			assert.Equal(t, c.clause, v.Violations[0].Clause, c.name)
		}
	}
}

// TestTapsNeedTheReport: an engine that doesn't declare it reports taps can't be tested on
// rules.taps: each clause, and so the property, is unsupported, saying why; one that
// declares it, or leaves its reports out (all of them), can.
func TestTapsNeedTheReport(t *testing.T) {
	p := tapRules()
	noTaps := harness.Support{Reported: []harness.Report{harness.ReportTriggers}}
	for _, c := range p.Clauses {
		assert.Equal(t, "needs the reports of taps", c.Needs.Missing(noTaps), c.Name)
	}
	assert.Equal(t, "can express none of its clauses: they need the reports of taps", p.Missing(noTaps))
	assert.Empty(t, p.Missing(harness.Support{Reported: []harness.Report{harness.ReportTaps}}))
	assert.Empty(t, p.Missing(harness.Support{}))
}
