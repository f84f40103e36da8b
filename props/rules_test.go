package props

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props/internal/boardtest"
)

func TestReadTrigger(t *testing.T) {
	upkeep := readTrigger("At the beginning of your upkeep, you may pay {4}. If you do, untap this artifact.")
	assert.Equal(t, trigStepBegins, upkeep.kind)
	assert.Equal(t, harness.Upkeep, upkeep.step)
	assert.Nil(t, upkeep.cond, "no intervening if")

	draw := readTrigger("At the beginning of your draw step, if this artifact is tapped, it deals 1 damage to you.")
	assert.Equal(t, harness.Draw, draw.step)
	require.NotNil(t, draw.cond)
	assert.True(t, draw.cond.holds(&harness.Object{Tapped: true}))
	assert.False(t, draw.cond.holds(&harness.Object{}))

	assert.Equal(t, trigDies, readTrigger("When this creature dies, create a 1/1 colorless Thopter artifact creature token with flying for each +1/+1 counter on this creature.").kind)
	assert.Equal(t, trigUnreadable, readTrigger("At the beginning of your end step, if you control four or more artifacts, draw a card.").kind,
		"a condition it can't judge: the ability is left alone")
	assert.Equal(t, trigNone, readTrigger("Whenever a player taps a land for mana, that player adds one mana of any type that land produced.").kind,
		"a triggered mana ability doesn't use the stack (CR 605.1b)")
	assert.False(t, knownTrigger("{T}: Add {G}."))

	assert.Equal(t, trigEnters, readTrigger("Imprint — When this artifact enters, you may exile a nonartifact, nonland card from your hand.").kind,
		"an ability word has no rules meaning (CR 207.2c)")
	assert.Equal(t, trigNone, readTrigger("As this artifact enters, choose a color.").kind, "a replacement effect, not a trigger (CR 603.6d)")
	shark := readTrigger("Whenever you cast a noncreature spell, create an X/X blue Shark creature token with flying, where X is that spell's mana value.")
	assert.Equal(t, trigCast, shark.kind)
	assert.Equal(t, "noncreature", shark.spells)
	assert.Equal(t, "historic", readTrigger("Whenever you cast a historic spell, draw a card. (Artifacts, legendaries, and Sagas are historic.)").spells)
	assert.Equal(t, trigTargeted, readTrigger("When this creature becomes the target of a spell or ability, sacrifice it.").kind)
	assert.Equal(t, trigNone, readTrigger("Whenever you cycle or discard a card, you may pay {1}. If you do, create a 2/2 blue Drake creature token with flying.").kind)

	assert.True(t, isTriggeredText("Imprint — When this artifact enters, you may exile a nonartifact, nonland card from your hand."))
	assert.True(t, isTriggeredText("At the beginning of your upkeep, you may have this creature become a copy of another target creature, except it has this ability."))
	assert.False(t, isTriggeredText("{2}, {T}: Tap target artifact, creature, or land."), "an activated ability")
	assert.False(t, isTriggeredText("Enchant creature"))
}

// TestSpellHasQuality: a cast trigger's condition against the spell as cast.
func TestSpellHasQuality(t *testing.T) {
	bears := &harness.Object{Types: []string{"Creature"}}
	thopter := &harness.Object{Types: []string{"Artifact", "Creature"}}
	growth := &harness.Object{Types: []string{"Instant"}}
	benalia := &harness.Object{Types: []string{"Enchantment"}, Subtypes: []string{"Saga"}}
	assert.False(t, spellHasQuality(bears, "noncreature"))
	assert.False(t, spellHasQuality(thopter, "noncreature"))
	assert.True(t, spellHasQuality(growth, "noncreature"))
	assert.True(t, spellHasQuality(thopter, "historic"))
	assert.True(t, spellHasQuality(benalia, "historic"))
	assert.False(t, spellHasQuality(bears, "historic"))
	assert.True(t, spellHasQuality(bears, ""))
}

// TestFirstWave: a permanent's "becomes the target" trigger set off by another new
// trigger's target went on the stack after it, so it is ordered with nothing; one set off
// by a spell is ordered with the rest.
func TestFirstWave(t *testing.T) {
	const sacrifice = "When this creature becomes the target of a spell or ability, sacrifice it."
	upkeep := harness.StackObject{Object: 10, Kind: "ability", Card: 5, Text: "At the beginning of your upkeep, you may have this creature become a copy of another target creature, except it has this ability.",
		Targets: []harness.Target{{Card: 3}}}
	image := harness.StackObject{Object: 11, Kind: "ability", Card: 3, Text: sacrifice}
	other := harness.StackObject{Object: 12, Kind: "ability", Card: 4, Text: sacrifice}
	got := firstWave([]harness.StackObject{upkeep, image, other})
	assert.Equal(t, []harness.StackObject{upkeep, other}, got)
}

// play starts setup on the reference engine and takes the actions, failing on any refusal.
func play(t *testing.T, eng harness.Engine, setup harness.Setup, actions ...harness.Action) *gen.Trace {
	t.Helper()
	tr := gen.Replay(eng, setup, actions)
	require.NoError(t, tr.Err)
	require.Len(t, tr.Steps, len(actions))
	return tr
}

// growthSetup is A's first main phase of turn 3 with Giant Growth (card 1) in hand, pool
// in A's mana pool and the permanents perms.
func growthSetup(pool string, perms ...harness.PermanentSpec) harness.Setup {
	setup := harness.Setup{Turn: 3, Active: A, Step: harness.Main1}
	setup.Players[A] = harness.PlayerSetup{Life: 20, Pool: boardtest.Mana(pool), Hand: []harness.CardSpec{{ID: 1, Name: "Giant Growth"}}, Battlefield: perms}
	setup.Players[B] = harness.PlayerSetup{Life: 20}
	return setup
}

func TestFreshBoardsAndEffectDelta(t *testing.T) {
	eng, err := engine.New(engine.Options{})
	require.NoError(t, err)
	setup := growthSetup("CG",
		harness.PermanentSpec{CardSpec: harness.CardSpec{ID: 2, Name: "Mutavault"}, Counters: map[string]int{"+1/+1": 1}},
		harness.PermanentSpec{CardSpec: harness.CardSpec{ID: 3, Name: "Grizzly Bears"}, Damage: 1})
	setup.Players[B].Library = []harness.CardSpec{{ID: 4, Name: "Swamp"}}
	pass := func(p harness.Player) harness.Action { return harness.Action{Player: p, Kind: harness.Pass} }
	tr := play(t, eng, setup,
		harness.Action{Player: A, Kind: harness.Activate, Card: 2, Ability: 1},
		harness.Action{Player: A, Kind: harness.Pay, Payment: boardtest.Mana("C")},
		pass(A), pass(B),
		harness.Action{Player: A, Kind: harness.Cast, Card: 1, Targets: []harness.Target{harness.CardTarget(3)}},
		harness.Action{Player: A, Kind: harness.Pay, Payment: boardtest.Mana("G")},
		pass(A), pass(B))
	fresh := newFreshBoards(eng, tr)

	start, skip := fresh.of(&tr.Start)
	require.Nil(t, skip)
	for _, c := range []harness.CardID{2, 3} {
		assert.Empty(t, effectDelta(tr.Start.Permanent(c), start[c]), "card %d: nothing has resolved yet", c)
	}
	assert.Zero(t, start[3].Damage, "damage is left out of a fresh board, so nothing dies of it there")

	now := tr.Final()
	f, skip := fresh.of(now)
	require.Nil(t, skip)
	assert.Equal(t, "types [Land; Creature] instead of [Land]; subtypes [(all creature types)] instead of none; P/T 2/2 before counters, where it has none",
		effectDelta(now.Permanent(2), f[2]), "animated: its counter counts in the game, and is taken out of the P/T part")
	assert.Equal(t, "P/T +3/+3", effectDelta(now.Permanent(3), f[3]))
	again, skip := fresh.of(now)
	require.Nil(t, skip)
	assert.Same(t, f[2], again[2], "one fresh game per distinct board")
}

func TestCrossedCleanup(t *testing.T) {
	step := func(before, after harness.Snapshot) *gen.TraceStep {
		return &gen.TraceStep{Before: &before, After: &after}
	}
	end := harness.Snapshot{Turn: 3, Step: harness.End}
	next := harness.Snapshot{Turn: 4, Step: harness.Upkeep, Pending: &harness.Decision{Player: B}}
	cleanup := harness.Snapshot{Turn: 3, Step: harness.Cleanup, Priority: A}
	discard := harness.Snapshot{Turn: 3, Step: harness.Cleanup, Pending: &harness.Decision{Player: A}}
	assert.True(t, crossedCleanup(step(end, next)), "a new turn: the cleanup is done, whatever waits in it")
	assert.True(t, crossedCleanup(step(end, cleanup)), "priority in the cleanup step comes after 514.2")
	assert.False(t, crossedCleanup(step(end, discard)), "a discard decision comes before 514.2")
	assert.False(t, crossedCleanup(step(cleanup, cleanup)), "already past it")
}

// withoutSBAQueries is an engine that answers no state-based-action queries.
type withoutSBAQueries struct{ harness.Engine }

// TestSBAChecksJudgeMidGameDeaths: Walking Ballista's ping kills the Elves in the middle
// of the game. On the reference engine, which shows the board of each check, the death is
// judged against it (damage-mid-game) and the check's conditions were all acted on
// (all-performed); with the fault that destroys a creature one damage short of lethal,
// the Bears it pings die and the death is a violation of damage-mid-game. An engine that
// shows no checks has those clauses unsupported, and they are not reached.
func TestSBAChecksJudgeMidGameDeaths(t *testing.T) {
	setup := harness.Setup{Turn: 3, Active: A, Step: harness.Main1}
	setup.Players[A] = harness.PlayerSetup{Life: 20, Battlefield: []harness.PermanentSpec{
		{CardSpec: harness.CardSpec{ID: 1, Name: "Walking Ballista"}, Counters: map[string]int{"+1/+1": 2}}}}
	setup.Players[B] = harness.PlayerSetup{Life: 20, Battlefield: []harness.PermanentSpec{
		{CardSpec: harness.CardSpec{ID: 2, Name: "Llanowar Elves"}}, {CardSpec: harness.CardSpec{ID: 3, Name: "Grizzly Bears"}}}}
	ping := func(target harness.CardID) []harness.Action {
		return []harness.Action{{Player: A, Kind: harness.Activate, Card: 1, Ability: 2, Targets: []harness.Target{harness.CardTarget(target)}},
			{Player: A, Kind: harness.Pay}, {Player: A, Kind: harness.Pass}, {Player: B, Kind: harness.Pass}}
	}
	p := stateBasedRules()

	eng, err := engine.New(engine.Options{})
	require.NoError(t, err)
	v := p.Check(eng, play(t, eng, setup, ping(2)...))
	assert.Empty(t, v.Violations)
	assert.Equal(t, 1, v.Clauses["damage-mid-game"], "the Elves died of their damage")
	assert.Equal(t, 1, v.Clauses["all-performed"], "the Elves' lethal damage on the board of a check")

	faulty, err := engine.New(engine.Options{Faults: []string{engine.FaultOneShortOfLethalDies}})
	require.NoError(t, err)
	v = p.Check(faulty, play(t, faulty, setup, ping(3)...))
	require.Len(t, v.Violations, 1)
	assert.Equal(t, "damage-mid-game", v.Violations[0].Clause)
	assert.Contains(t, v.Violations[0].Message, "it had toughness 2 and 1 damage")

	blind := withoutSBAQueries{eng}
	assert.NotEmpty(t, needsSBAQueries.Missing(harness.SupportOf(blind)))
	v = p.Check(blind, play(t, blind, setup, ping(2)...))
	assert.Empty(t, v.Violations)
	for _, c := range []string{"damage-mid-game", "toughness-mid-game", "all-performed"} {
		assert.Zero(t, v.Clauses[c], c)
	}
}

// playOnUntil plays setup on eng with the actions, then passes (or, where no pass is
// offered, takes the first legal action: declaring no attackers) until stop holds for
// the game, and returns the trace.
func playOnUntil(t *testing.T, eng harness.Engine, setup harness.Setup, stop func(*harness.Snapshot) bool, actions ...harness.Action) *gen.Trace {
	t.Helper()
	for range 100 {
		tr := play(t, eng, setup, actions...)
		now := tr.Final()
		if stop(now) {
			return tr
		}
		st := tr.StartState
		if len(tr.Steps) > 0 {
			st = tr.Steps[len(tr.Steps)-1].AfterState
		}
		legal, err := eng.Legal(st)
		require.NoError(t, err)
		require.NotEmpty(t, legal, "the game stopped before the moment looked for")
		next := legal[0]
		if i := slices.IndexFunc(legal, func(a harness.Action) bool { return a.Kind == harness.Pass }); i >= 0 {
			next = legal[i]
		}
		actions = append(actions, next)
	}
	t.Fatal("the moment looked for never came")
	return nil
}

// equippedByImpersonator is the board of `run --props rules.turn --seed 1 --checks 27332`,
// shrunk: Clever Impersonator, a copy of Bonesplitter (CR 707.2), equips Llanowar Elves
// paid for by the Elves' mana, and the game goes on to B's upkeep.
func equippedByImpersonator(t *testing.T, eng harness.Engine) *gen.Trace {
	setup := harness.Setup{Turn: 1, Active: A, Step: harness.Main1}
	setup.Players[A] = harness.PlayerSetup{Life: 20, Battlefield: []harness.PermanentSpec{
		{CardSpec: harness.CardSpec{ID: 1, Name: "Llanowar Elves"}},
		{CardSpec: harness.CardSpec{ID: 2, Name: "Bonesplitter"}},
		{CardSpec: harness.CardSpec{ID: 3, Name: "Clever Impersonator"}, Copying: []harness.CardID{2}},
	}}
	setup.Players[B] = harness.PlayerSetup{Life: 20}
	return playOnUntil(t, eng, setup, func(s *harness.Snapshot) bool { return s.Turn == 2 },
		harness.Action{Player: A, Kind: harness.Activate, Card: 3, Ability: 1, Targets: []harness.Target{harness.CardTarget(1)}},
		harness.Action{Player: A, Kind: harness.Activate, Card: 1},
		harness.Action{Player: A, Kind: harness.Pay, Payment: boardtest.Mana("G")})
}

// TestFreshBoardCarriesACopiedEquipment is the false failure of case 27331: the fresh
// board left the copy out, so the Elves' +2/+0 from the Equipment it is (a static
// ability, CR 611.3) looked like an "until end of turn" effect outliving the cleanup step.
func TestFreshBoardCarriesACopiedEquipment(t *testing.T) {
	eng, err := engine.New(engine.Options{})
	require.NoError(t, err)
	tr := equippedByImpersonator(t, eng)
	now := tr.Final()
	require.Equal(t, 3, *now.Permanent(1).Power, "the Elves are equipped in the next turn")

	fresh := newFreshBoards(eng, tr)
	setup, skip := fresh.setupOf(now)
	require.Nil(t, skip)
	imp := setupPermanent(&setup, 3)
	require.NotNil(t, imp)
	assert.Equal(t, "Clever Impersonator", imp.Name, "its own card, not the name it copies")
	assert.Equal(t, []harness.CardID{2}, imp.Copying)
	assert.Equal(t, harness.CardID(1), imp.AttachedTo)

	f, skip := fresh.of(now)
	require.Nil(t, skip)
	assert.Empty(t, effectDelta(now.Permanent(1), f[1]), "the Equipment's bonus is on the fresh board too")
	assert.Nil(t, f[3], "a copy is carried, not judged")

	v := checkTurn(eng, tr)
	assert.Empty(t, v.Violations)
	assert.Empty(t, v.Skipped)
	assert.Positive(t, v.Clauses["untap"], "the case reaches the property: the tapped Elves stay tapped in B's untap step")
}

// copyOf is a permanent that is a copy of the printed card named name (CR 707.2), its
// copiable values those printed ones with the abilities extra added and the subtypes
// more.
func copyOf(id harness.CardID, name string, extra []string, more ...string) *harness.Object {
	cv, ok := printedValues(name)
	if !ok {
		panic("no card " + name)
	}
	cv.Abilities = append(slices.Clone(cv.Abilities), extra...)
	cv.Subtypes = append(slices.Clone(cv.Subtypes), more...)
	return &harness.Object{Card: id, Object: harness.ObjectID(id), Name: name, Owner: A, Controller: A, Zone: harness.Battlefield,
		CopyOf: name, Copiable: &cv, Types: cv.Types, Subtypes: cv.Subtypes, Abilities: cv.Abilities, Power: cv.Power, Toughness: cv.Toughness}
}

// TestFreshBoardCopiesOfWhatLeft: a copy of a permanent that has left the battlefield
// can't be set up copying it. When its copiable values are the printed ones of the card
// it copied, but for triggered abilities its own copy effect added (707.9), that card
// stands in for it; an exception that changes more (Phantasmal Image's Illusion type)
// can't be carried, and the board is skipped.
func TestFreshBoardCopiesOfWhatLeft(t *testing.T) {
	eng, err := engine.New(engine.Options{})
	require.NoError(t, err)
	names := map[harness.CardID]string{1: "Clone", 2: "Cryptoplasm", 3: "Phantasmal Image", 4: "Grizzly Bears"}
	f := &freshBoards{eng: eng, names: names, memo: map[string]freshBoard{}}
	crypto := "At the beginning of your upkeep, you may have this creature become a copy of another target creature, except it has this ability."
	s := &harness.Snapshot{Turn: 3, Active: A, Step: harness.Main1, Battlefield: []*harness.Object{
		copyOf(1, "Grizzly Bears", nil), copyOf(2, "Grizzly Bears", []string{crypto})}}
	s.Players[A].Life, s.Players[B].Life = 20, 20
	setup, skip := f.setupOf(s)
	require.Nil(t, skip)
	clone, plasm := setupPermanent(&setup, 1), setupPermanent(&setup, 2)
	assert.Equal(t, "Grizzly Bears", clone.Name, "the Bears stand in for the Clone that copied them")
	assert.Empty(t, clone.Copying)
	assert.Equal(t, "Cryptoplasm", plasm.Name)
	assert.Equal(t, []harness.CardID{1}, plasm.Copying, "a copy of the Bears is there to copy, with Cryptoplasm's own exception")
	board, skip := f.of(s)
	require.Nil(t, skip, "the fresh game shows the copiable values of the game")
	assert.Empty(t, board, "copies are not judged")

	image := copyOf(3, "Grizzly Bears", []string{"When this creature becomes the target of a spell or ability, sacrifice it."}, "Illusion")
	s.Battlefield = append(s.Battlefield, image)
	_, skip = f.of(s)
	assert.Nil(t, skip, "a copy of the Clone's stand-in gives the Image its values, exceptions and all (707.9b)")
	s.Battlefield = []*harness.Object{image}
	_, skip = f.setupOf(s)
	require.NotNil(t, skip, "alone, nothing has the values it copied")
	assert.Contains(t, skip.why, "card 3 (Grizzly Bears) can't be set up again")
	assert.False(t, skip.undeclared)

	// Two copies of departed Bears, each with the other's copiable values: neither can
	// copy the other without copying itself (CR 707.3); the Bears stand in.
	s.Battlefield = []*harness.Object{copyOf(1, "Grizzly Bears", nil), copyOf(4, "Grizzly Bears", nil)}
	f.names[4] = "Clone"
	setup, skip = f.setupOf(s)
	require.Nil(t, skip)
	copies := 0
	for _, c := range []harness.CardID{1, 4} {
		copies += len(setupPermanent(&setup, c).Copying)
	}
	assert.Equal(t, 1, copies, "one copies the other, which stands in: %+v", setup.Players[A].Battlefield)
}

// startsNotIn is the reference engine declaring it can't start a game in some steps, as a
// partial engine may (harness.Support.Steps), and refusing to.
type startsNotIn struct {
	*engine.Reference
	not []harness.Step
}

func (e startsNotIn) Supports() harness.Support {
	var steps []harness.Step
	for _, st := range harness.Steps {
		if !slices.Contains(e.not, st) {
			steps = append(steps, st)
		}
	}
	return harness.Support{Steps: steps}
}

func (e startsNotIn) Start(setup harness.Setup) (harness.State, error) {
	if slices.Contains(e.not, setup.Step) {
		return nil, fmt.Errorf("unsupported: can't start in %s", setup.Step)
	}
	return e.Reference.Start(setup)
}

// TestFreshBoardsRespectTheDeclaredSteps: a game pumped by Giant Growth goes into combat.
// An engine that declares it can't start in declare_attackers is never asked to start a
// fresh board there: those moments are skipped and counted as outside its declaration,
// never a failure, while the reference engine, which can, has them judged.
func TestFreshBoardsRespectTheDeclaredSteps(t *testing.T) {
	ref, err := engine.New(engine.Options{})
	require.NoError(t, err)
	setup := growthSetup("G", harness.PermanentSpec{CardSpec: harness.CardSpec{ID: 2, Name: "Grizzly Bears"}})
	past := func(s *harness.Snapshot) bool { return s.Step.Index() > harness.DeclareAttackers.Index() }
	actions := []harness.Action{{Player: A, Kind: harness.Cast, Card: 1, Targets: []harness.Target{harness.CardTarget(2)}},
		{Player: A, Kind: harness.Pay, Payment: boardtest.Mana("G")}}
	tr := playOnUntil(t, ref, setup, past, actions...)
	inCombat := slices.ContainsFunc(tr.Steps, func(st gen.TraceStep) bool { return st.After.Step == harness.DeclareAttackers })
	require.True(t, inCombat, "the game passes through declare_attackers")

	v := checkTurn(ref, tr)
	assert.Empty(t, v.Violations)
	assert.Empty(t, v.Skipped, "the reference engine starts a game in any step")
	judged := v.Clauses["effects-last"]
	assert.Positive(t, judged)

	partial := startsNotIn{ref, []harness.Step{harness.DeclareAttackers}}
	tr = gen.Replay(partial, setup, tr.Actions())
	require.NoError(t, tr.Err)
	v = checkTurn(partial, tr)
	assert.Empty(t, v.Violations, "a board the engine can't start is no failure")
	require.Contains(t, v.Skipped, "effects-last")
	sk := v.Skipped["effects-last"]
	assert.True(t, sk.Undeclared)
	assert.Contains(t, sk.Why, "declare_attackers, which the engine declares it can't start in")
	assert.Less(t, v.Clauses["effects-last"], judged, "the moments around declare_attackers are not judged")
	assert.Positive(t, v.Clauses["effects-last"], "the others are")
}

// refusesBigCounters is the reference engine declining, as a port may, a setup with 100 or
// more counters of a kind on a permanent.
type refusesBigCounters struct{ *engine.Reference }

func (e refusesBigCounters) Start(setup harness.Setup) (harness.State, error) {
	for p := range setup.Players {
		for _, pm := range setup.Players[p].Battlefield {
			for k, n := range pm.Counters {
				if n >= 100 {
					return nil, fmt.Errorf("unsupported: %d %s counters", n, k)
				}
			}
		}
	}
	return e.Reference.Start(setup)
}

// TestRestartedSetupsTheEngineRefusesAreSkipped: rules.sba starts the case's setup again
// with one change (100 more +1/+1 counters on a creature that died as the game began) to
// read its toughness. An engine that declines that setup, which the game never reached,
// has the moment skipped, not failed.
func TestRestartedSetupsTheEngineRefusesAreSkipped(t *testing.T) {
	ref, err := engine.New(engine.Options{})
	require.NoError(t, err)
	setup := harness.Setup{Turn: 3, Active: A, Step: harness.Main1}
	setup.Players[A] = harness.PlayerSetup{Life: 20, Battlefield: []harness.PermanentSpec{{CardSpec: harness.CardSpec{ID: 1, Name: "Walking Ballista"}}}}
	setup.Players[B] = harness.PlayerSetup{Life: 20}
	eng := refusesBigCounters{ref}
	tr := gen.Replay(eng, setup, nil)
	require.NoError(t, tr.Err)
	require.Nil(t, tr.Start.Permanent(1), "a 0/0 dies as the game begins")

	assert.Positive(t, stateBasedRules().Check(ref, tr).Clauses["zero-toughness"], "the reference engine starts it and is judged")
	v := stateBasedRules().Check(eng, tr)
	assert.Empty(t, v.Violations)
	assert.Zero(t, v.Clauses["zero-toughness"])
	assert.Equal(t, 1, v.Skipped["zero-toughness"].Moments)
	assert.Contains(t, v.Skipped["zero-toughness"].Why, "unsupported: 100 +1/+1 counters")
}
