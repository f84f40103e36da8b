package scenario_test

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/scenario"
)

// TestFromCounterexampleReplays: every hand-written scenario's replayed trace, written back
// as a found scenario (with and without snapshots, with runs of passes as "pass until"
// lines), replays on the engine and takes the very same actions. This is the writer and
// the reader agreeing on every action line.
func TestFromCounterexampleReplays(t *testing.T) {
	scs, err := scenario.LoadDir(corpusDir(t))
	require.NoError(t, err)
	eng, err := engine.New(engine.Options{})
	require.NoError(t, err)
	// The found scenarios' property expectations are not what this test is about (some
	// hand-written cases don't reach a property's situation): judge every trace as held.
	defer func(old func(string, harness.Engine, *gen.Trace) (int, []string, error)) {
		scenario.PropertyChecker = old
	}(scenario.PropertyChecker)
	scenario.PropertyChecker = func(string, harness.Engine, *gen.Trace) (int, []string, error) { return 1, nil, nil }
	passRuns := 0
	for _, sc := range scs {
		rel, _ := filepath.Rel(corpusDir(t), sc.Path)
		t.Run(rel, func(t *testing.T) {
			res := scenario.Replay(eng, sc)
			require.True(t, res.Passed, "%v", res.Failures)
			tr := res.Trace
			var before []harness.Snapshot
			for _, st := range tr.Steps {
				before = append(before, *st.Before)
			}
			runs := gen.PassRuns(tr.Steps, nil)
			passRuns += len(runs)
			for _, opts := range [][]scenario.Option{nil, {scenario.WithSnapshots(before)}, {scenario.WithSnapshots(before), scenario.WithPassRuns(runs)}} {
				found := scenario.FromCounterexample(sc.Rulings, sc.Rules, "found: "+sc.Title, "found by a test",
					tr.Setup, tr.Actions(), opts...)
				found.Path = "found.yaml"
				back, err := scenario.Parse("found.yaml", scenario.Marshal(found))
				require.NoError(t, err, "%s", scenario.Marshal(found))
				again := scenario.Replay(eng, back)
				require.True(t, again.Passed, "%v\n%s", again.Failures, scenario.Marshal(found))
				assert.Equal(t, tr.Actions(), again.Trace.Actions())
			}
		})
	}
	t.Logf("%d runs of passes written as pass until", passRuns)
	assert.Greater(t, passRuns, 20, "the corpus has runs of passes to write")
}

// TestFromCounterexampleText pins what a found scenario looks like: labels where names
// repeat, attachments by label, "mana" for a first mana ability when snapshots are given,
// and a holds expectation.
func TestFromCounterexampleText(t *testing.T) {
	a := harness.A
	setup := harness.Setup{Turn: 2, Active: harness.A, Step: harness.Main1, Players: [2]harness.PlayerSetup{
		{Life: 20, Battlefield: []harness.PermanentSpec{
			{CardSpec: harness.CardSpec{Name: "Forest"}},
			{CardSpec: harness.CardSpec{Name: "Forest"}, Tapped: true},
			{CardSpec: harness.CardSpec{Name: "Wild Growth"}, AttachedTo: 2, Owner: &a},
		}},
		{Life: 18, Hand: []harness.CardSpec{{Name: "Giant Growth"}}},
	}}
	actions := []harness.Action{
		{Player: harness.A, Kind: harness.Activate, Card: 1, Ability: 0},
		{Player: harness.A, Kind: harness.Pass},
	}
	before := harness.Snapshot{Battlefield: []*harness.Object{{Card: 1, Name: "Forest", Abilities: []string{"({T}: Add {G}.)"}}}}
	sc := scenario.FromCounterexample([]string{"mana.tapped-trigger"}, []string{"106.12a"}, "Wild Growth on a tapped Forest",
		"found by fuzz run --seed 42", setup, actions, scenario.WithSnapshots([]harness.Snapshot{before, before}),
		scenario.WithProperties("mana.tapped-trigger/extra-mana"))
	want := `format: 1
ruling: mana.tapped-trigger
rules: [106.12a]
title: Wild Growth on a tapped Forest
origin: found by fuzz run --seed 42
setup:
  turn: 2
  active: A
  step: main1
  A:
    battlefield:
      - {card: Forest, label: forest-1}
      - {card: Forest, label: forest-2, tapped: true}
      - {card: Wild Growth, attached: forest-2, owner: A}
  B:
    life: 18
    hand: [Giant Growth]
actions:
  - A activate forest-1 mana
  - A pass
expect:
  - holds: mana.tapped-trigger/extra-mana
`
	assert.Equal(t, want, string(scenario.Marshal(sc)))

	// Without snapshots the writer can't know ability 0 is a mana ability: it counts.
	plain := scenario.FromCounterexample([]string{"mana.tapped-trigger"}, nil, "t", "o", setup, actions[:1])
	assert.Equal(t, "A activate forest-1 ability 1", plain.Steps[0].Action.String())
	assert.Equal(t, "mana.tapped-trigger", plain.Expect[0].(*scenario.PropertyCheck).ID,
		"without WithProperties the ruling stands for its properties")
	assert.Equal(t, harness.CardID(0), setup.Players[0].Battlefield[0].ID, "the caller's setup is not modified")
}

// TestSave: a found scenario is written once under its ruling, found again by content
// (whatever its title, origin or file name), and never overwrites a different file.
func TestSave(t *testing.T) {
	dir := t.TempDir()
	setup := harness.Setup{Turn: 1, Active: harness.A, Step: harness.Main1, Players: [2]harness.PlayerSetup{
		{Life: 20, Battlefield: []harness.PermanentSpec{{CardSpec: harness.CardSpec{Name: "Reflecting Pool"}}}},
		{Life: 20},
	}}
	act := []harness.Action{{Player: harness.A, Kind: harness.Activate, Card: 1}}
	mk := func(origin string) *scenario.Scenario {
		return scenario.FromCounterexample([]string{"mana.undefined-type"}, []string{"106.5"}, "Pool alone", origin, setup, act)
	}
	sc := mk("found by fuzz run --seed 1")
	path, created, err := scenario.Save(dir, sc)
	require.NoError(t, err)
	assert.True(t, created)
	hash := scenario.ContentHash(sc)
	assert.Equal(t, filepath.Join(dir, "mana.undefined-type", "found-"+hash[:8]+".yaml"), path)
	assert.Equal(t, path, sc.Path)
	written, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, string(scenario.Marshal(sc)), string(written))

	// The same counterexample from another seed is the same content: no new file.
	again, created, err := scenario.Save(dir, mk("found by fuzz run --seed 2"))
	require.NoError(t, err)
	assert.False(t, created)
	assert.Equal(t, path, again)

	// A different file squatting on the name of a new scenario is left alone.
	other := mk("o")
	other.Steps = append(other.Steps, scenario.Step{Action: &scenario.ActionSpec{Player: harness.A, Verb: scenario.VerbPass}})
	otherName := filepath.Join(dir, "mana.undefined-type", "found-"+scenario.ContentHash(other)[:8]+".yaml")
	require.NoError(t, os.WriteFile(otherName, []byte("# somebody's notes\n"), 0o644))
	p2, created, err := scenario.Save(dir, other)
	require.NoError(t, err)
	assert.True(t, created)
	assert.Equal(t, otherName[:len(otherName)-len(".yaml")]+"-2.yaml", p2)
	notes, err := os.ReadFile(otherName)
	require.NoError(t, err)
	assert.Equal(t, "# somebody's notes\n", string(notes))

	// Everything saved loads back.
	scs, err := scenario.LoadDir(dir)
	assert.Error(t, err, "the squatter doesn't parse")
	assert.Len(t, scs, 2)
}

// TestSaveNeedsRuling: a scenario without a ruling has no directory to go to.
func TestSaveNeedsRuling(t *testing.T) {
	_, _, err := scenario.Save(t.TempDir(), &scenario.Scenario{Format: 1, Title: "t"})
	assert.EqualError(t, err, "corpus: a scenario needs a ruling to be saved")
}

// TestSaveConcurrently: shards (processes, here goroutines) that find the same
// counterexample and save it into one shared folder at the same moment leave one file,
// and every one of them names it: no copy under another name, no half-written file read.
func TestSaveConcurrently(t *testing.T) {
	setup := harness.Setup{Turn: 1, Active: harness.A, Step: harness.Main1, Players: [2]harness.PlayerSetup{
		{Life: 20, Battlefield: []harness.PermanentSpec{{CardSpec: harness.CardSpec{Name: "Reflecting Pool"}}}},
		{Life: 20},
	}}
	act := []harness.Action{{Player: harness.A, Kind: harness.Activate, Card: 1}}
	for round := range 20 {
		dir := t.TempDir()
		paths := make([]string, 8)
		var wg sync.WaitGroup
		for i := range paths {
			wg.Add(1)
			go func() {
				defer wg.Done()
				sc := scenario.FromCounterexample([]string{"mana.undefined-type"}, []string{"106.5"}, "Pool alone",
					fmt.Sprintf("found by shard %d", i), setup, act)
				p, _, err := scenario.Save(dir, sc)
				assert.NoError(t, err)
				paths[i] = p
			}()
		}
		wg.Wait()
		files, err := filepath.Glob(filepath.Join(dir, "mana.undefined-type", "*"))
		require.NoError(t, err)
		require.Len(t, files, 1, "round %d: one file for one counterexample: %v", round, files)
		for _, p := range paths {
			assert.Equal(t, files[0], p)
		}
	}
}
