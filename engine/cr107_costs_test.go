package engine

import (
	"testing"

	h "github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// canActivate reports whether some legal action activates the named permanent's ability.
func canActivate(s *state, card h.CardID, ability int) bool {
	for _, a := range legalActions(s) {
		if a.Kind == h.Activate && a.Card == card && a.Ability == ability {
			return true
		}
	}
	return false
}

func TestTapAndUntapSymbols(t *testing.T) {
	tests := []struct {
		name    string
		mine    []string
		source  string
		ability int
		faults  []string
		want    bool
		reason  string
	}{
		{"sick elves", []string{"Llanowar Elves!"}, "Llanowar Elves", 0, nil, false, "302.6: {T} of a sick creature"},
		{"sick elves with elixir", []string{"Llanowar Elves!", "Thousand-Year Elixir"}, "Llanowar Elves", 0, nil, true, "as though it had haste"},
		{"sick elves (fault)", []string{"Llanowar Elves!"}, "Llanowar Elves", 0, []string{FaultTapIgnoresSickness}, true, "fault"},
		{"tapped fellwar", []string{"Fellwar Stone*"}, "Fellwar Stone", 0, nil, false, "107.5: already tapped"},
		{"tapped fellwar (fault)", []string{"Fellwar Stone*"}, "Fellwar Stone", 0, []string{FaultTapPayableWhileTapped}, true, "fault"},
		{"sick artifact is not a creature", []string{"Fellwar Stone!"}, "Fellwar Stone", 0, nil, true, "302.6 is about creatures only"},
		{"sick land", []string{"Forest!"}, "Forest", 0, nil, true, "a land that isn't a creature can tap the turn it enters"},
		{"untapped pili-pala", []string{"Pili-Pala"}, "Pili-Pala", 1, nil, false, "107.6: {Q} needs it tapped"},
		{"untapped pili-pala (fault)", []string{"Pili-Pala"}, "Pili-Pala", 1, []string{FaultUntapPayableWhileUntapped}, true, "fault"},
		{"sick tapped pili-pala", []string{"Pili-Pala*!"}, "Pili-Pala", 1, nil, false, "302.6 applies to {Q}"},
		{"sick tapped pili-pala (fault)", []string{"Pili-Pala*!"}, "Pili-Pala", 1, []string{FaultUntapIgnoresSickness}, true, "fault"},
		{"tapped pili-pala", []string{"Pili-Pala*"}, "Pili-Pala", 1, nil, true, "tapped, controlled since the turn began"},
		{"mantle on sick bears", []string{"Grizzly Bears*!", "Umbral Mantle@0"}, "Grizzly Bears", 0, nil, false, "the granted {Q} ability is the creature's: 302.6"},
		{"mantle on bears", []string{"Grizzly Bears*", "Umbral Mantle@0"}, "Grizzly Bears", 0, nil, true, "granted ability with {Q}"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			setup := board(tt.mine, nil)
			setup.Players[0].Pool = h.Of(h.Colorless, 3)
			s := start(t, setup, tt.faults...)
			assert.Equal(t, tt.want, canActivate(s, cardNamed(t, s, tt.source).Card, tt.ability), tt.reason)
		})
	}
}

func TestMutavaultAnimatedTheTurnItEntered(t *testing.T) {
	setup := board([]string{"Mutavault!", "Wastes"}, nil)
	s := start(t, setup)
	mv := cardNamed(t, s, "Mutavault").Card
	require.True(t, canActivate(s, mv, 0), "a land that isn't a creature taps for mana the turn it enters")
	// Tap Wastes for {C}, then animate Mutavault with it.
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Activate, Card: cardNamed(t, s, "Wastes").Card, Ability: 0})
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Activate, Card: mv, Ability: 1})
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Pay, Payment: h.Of(h.Colorless, 1)})
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Pass})
	s = apply(t, s, h.Action{Player: h.B, Kind: h.Pass})
	snap := snapshot(s)
	o := snap.Permanent(mv)
	require.True(t, o.HasType("Creature") && o.HasType("Land"), "a 2/2 creature land")
	assert.Equal(t, 2, *o.Power)
	assert.False(t, canActivate(s, mv, 0), "302.6: now a creature that came under A's control this turn")
}

func apply(t *testing.T, s *state, a h.Action) *state {
	t.Helper()
	next, _, err := applyAction(s, a)
	require.NoError(t, err, "%s", a)
	return next
}

func TestWalkingBallistaUsesSpellX(t *testing.T) {
	for _, tc := range []struct {
		faults []string
		want   int
	}{{nil, 2}, {[]string{FaultETBUsesPermanentX}, 0}} {
		setup := board(nil, nil)
		setup.Players[0].Hand = []h.CardSpec{{ID: 50, Name: "Walking Ballista"}}
		setup.Players[0].Pool = h.Of(h.Colorless, 4)
		s := start(t, setup, tc.faults...)
		s = apply(t, s, h.Action{Player: h.A, Kind: h.Cast, Card: 50, X: 2})
		s = apply(t, s, h.Action{Player: h.A, Kind: h.Pay, Payment: h.Of(h.Colorless, 4)})
		s = apply(t, s, h.Action{Player: h.A, Kind: h.Pass})
		s = apply(t, s, h.Action{Player: h.B, Kind: h.Pass})
		snap := snapshot(s)
		o := snap.Permanent(50)
		if tc.want == 0 {
			assert.Nil(t, o, "0 counters: a 0/0 dies to 704.5f")
			continue
		}
		require.NotNil(t, o)
		assert.Equal(t, tc.want, o.Counters["+1/+1"], "107.3m: the spell's X")
	}
}

func TestLegendRuleAsksWhichToKeep(t *testing.T) {
	s := start(t, board([]string{"Gaea's Cradle", "Gaea's Cradle"}, nil))
	require.NotNil(t, s.Decision, "704.5j: the controller chooses")
	acts := legalActions(s)
	require.Len(t, acts, 2)
	s = apply(t, s, acts[1])
	snap := snapshot(s)
	require.Len(t, snap.Battlefield, 1)
	s2 := start(t, board([]string{"Gaea's Cradle", "Gaea's Cradle"}, nil), FaultLegendRuleOff)
	assert.Len(t, snapshot(s2).Battlefield, 2)
}

func TestStepIsPure(t *testing.T) {
	s := start(t, largeBoard())
	before := snapshot(s)
	for _, a := range legalActions(s) {
		_, _, err := applyAction(s, a)
		require.NoError(t, err, "%s", a)
		require.Equal(t, before, snapshot(s), "Step changed its input on %s", a)
	}
}

func TestPriorityReturnsAfterLegendChoice(t *testing.T) {
	setup := board([]string{"Gaea's Cradle", "Gaea's Cradle"}, nil)
	setup.Players[0].Hand = []h.CardSpec{{Name: "Giant Growth"}}
	s := start(t, setup)
	require.NotNil(t, s.Decision)
	s = apply(t, s, legalActions(s)[0])
	assert.Equal(t, h.A, s.Priority, "A was to receive priority when the legend rule asked; it gets it after answering")
	assert.NotEmpty(t, legalActions(s))
}

func TestPayNotListedOnceTheSourceIsTappedForMana(t *testing.T) {
	setup := board([]string{"Academy Ruins", "Island"}, nil)
	setup.Players[0].Graveyard = []h.CardSpec{{ID: 60, Name: "Fellwar Stone"}}
	s := start(t, setup)
	ruins := cardNamed(t, s, "Academy Ruins").Card
	island := cardNamed(t, s, "Island").Card
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Activate, Card: ruins, Ability: 1, Targets: []h.Target{h.CardTarget(60)}})
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Activate, Card: island, Ability: 0})
	s = apply(t, s, h.Action{Player: h.A, Kind: h.Activate, Card: ruins, Ability: 0}) // legal (601.2g), but now {T} can't be paid
	for _, a := range legalActions(s) {
		assert.NotEqual(t, h.Pay, a.Kind, "107.5: Academy Ruins is tapped, the cost can't be paid")
	}
	_, _, err := applyAction(s, h.Action{Player: h.A, Kind: h.Pay, Payment: h.Mana{h.Blue: 1, h.Colorless: 1}})
	assert.ErrorContains(t, err, "CR 107.5")
}
