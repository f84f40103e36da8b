package props

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// One of A's two Helvaults goes to the graveyard by the legend rule, returning B's Clone
// exiled with it: B, under whose control it enters, chooses what it copies (CR 707.5,
// 614.12), and clause enters-offered holds. With the fault that asks the returning
// ability's controller, A is asked, and the clause reports it.
func TestEnteringCopyOfferedToItsController(t *testing.T) {
	setup := harness.Setup{Turn: 1, Active: A, Step: harness.Upkeep}
	setup.Players[A] = harness.PlayerSetup{Life: 20, Battlefield: []harness.PermanentSpec{
		{CardSpec: harness.CardSpec{ID: 3, Name: "Helvault"}},
		{CardSpec: harness.CardSpec{ID: 4, Name: "Helvault"}, ExiledWith: []harness.CardID{1}}}}
	setup.Players[B] = harness.PlayerSetup{Life: 20, Exile: []harness.CardSpec{{ID: 1, Name: "Clone"}},
		Battlefield: []harness.PermanentSpec{{CardSpec: harness.CardSpec{ID: 5, Name: "Grizzly Bears"}}}}
	choose := func(p harness.Player, option string) harness.Action {
		return harness.Action{Player: p, Kind: harness.Choose, Choices: []string{"option:" + option}}
	}
	actions := func(copier harness.Player) []harness.Action {
		return []harness.Action{choose(A, "keep Helvault (card 3)"), {Player: A, Kind: harness.Pass}, {Player: B, Kind: harness.Pass},
			choose(copier, "copy Grizzly Bears (card 5)")}
	}
	p := copyOfACopy()

	eng, err := engine.New(engine.Options{})
	require.NoError(t, err)
	tr := play(t, eng, setup, actions(B)...)
	require.NotNil(t, tr.Steps[2].After.Pending)
	assert.Equal(t, B, tr.Steps[2].After.Pending.Player)
	v := p.Check(eng, tr)
	assert.Empty(t, v.Violations)
	assert.Equal(t, 1, v.Clauses["enters-offered"])
	assert.Equal(t, 1, v.Clauses["direct"], "the Clone became a copy of the Bears")

	faulty, err := engine.New(engine.Options{Faults: []string{engine.FaultEnteringChoiceByResolver}})
	require.NoError(t, err)
	v = p.Check(faulty, play(t, faulty, setup, actions(A)...))
	var offered []Violation
	for _, x := range v.Violations {
		if x.Clause == "enters-offered" {
			offered = append(offered, x)
		}
	}
	require.Len(t, offered, 1)
	assert.Contains(t, offered[0].Message, "its controller, B, offered the choice")
	assert.Contains(t, offered[0].Message, "got: A chose what it copies")
}
