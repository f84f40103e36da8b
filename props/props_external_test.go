package props_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props"
)

// maxSteps is the walk length of the generated cases in these tests, the campaign's
// default.
const maxSteps = 12

func reference(t testing.TB, faults ...string) harness.Engine {
	t.Helper()
	eng, err := engine.New(engine.Options{Faults: faults})
	require.NoError(t, err)
	return eng
}

// TestPropertiesHold drives each property over its own steered generator against the
// correct reference engine: no case may violate it, the engine must not break, and some
// case must reach its situation (a property never reached has not passed). The cases are
// the campaign's kind, from fixed seeds (the property's ID mixed in, as in
// TestFaultsAreCaught), so a run is the same every time: at least minCases of them, and
// more, up to maxCases, until the situation was reached reachedCases times (a rare one,
// copy.prior-effects-persist, is reached about once in a hundred cases).
func TestPropertiesHold(t *testing.T) {
	const minCases, maxCases, reachedCases = 200, 6000, 3
	for _, p := range props.All() {
		t.Run(p.ID, func(t *testing.T) {
			t.Parallel()
			eng := reference(t)
			g, err := gen.New(nil, p.Steer)
			require.NoError(t, err, "the steer names only pool cards")
			reached, total := 0, 0
			for seed := uint64(0); total < maxCases && (total < minCases || reached < reachedCases); seed++ {
				tr := g.Run(gen.NewTapeSource(gen.Mix(seed+gen.HashString(p.ID))), eng, maxSteps)
				require.NoError(t, tr.Err, "the engine broke at seed %d:\n%s", seed, gen.Log(tr))
				v := p.Check(eng, tr)
				total++
				if v.Reached > 0 {
					reached++
				}
				for _, x := range v.Violations {
					t.Errorf("seed %d: %s", seed, x.Message)
				}
				if len(v.Violations) > 0 {
					t.Fatalf("%s", gen.Log(tr))
				}
			}
			assert.GreaterOrEqual(t, reached, reachedCases, "%s reached its situation in %d of %d cases: vacuous", p.ID, reached, total)
			t.Logf("%s: reached in %d of %d cases", p.ID, reached, total)
		})
	}
}

// TestFaultsAreCaught is the mutation-kill matrix in small: for every deliberate fault of
// the reference engine, a property of the fault's ruling, driven by its own steer, finds a
// violation of that ruling within a bounded number of seeds.
func TestFaultsAreCaught(t *testing.T) {
	// A caught fault stops at its first failing case, so the limit costs little; a rarely
	// reached clause (a counterspell resolving against a cycling ability) needs it. (A
	// larger pool dilutes the boards: rules.sba/lethal-before-pumps, a pumped creature
	// pinged, needs 3,614 seeds since the hidden-information cards joined it.)
	limit := 4000
	if testing.Short() {
		limit = 150
	}
	for _, f := range engine.Faults() {
		t.Run(f.Name, func(t *testing.T) {
			t.Parallel()
			candidates := props.Match(f.Ruling)
			require.NotEmpty(t, candidates, "no property checks ruling %s", f.Ruling)
			eng := reference(t, f.Name)
			var tried []string
			for _, p := range candidates {
				g, err := gen.New(nil, p.Steer)
				require.NoError(t, err)
				for seed := range limit {
					tr := g.Run(gen.NewTapeSource(gen.Mix(uint64(seed)+gen.HashString(p.ID))), eng, maxSteps)
					v := p.Check(eng, tr)
					for _, x := range v.Violations {
						if x.Ruling == f.Ruling {
							t.Logf("%s caught by %s at seed %d: %s", f.Name, p.ID, seed, firstLine(x.Message))
							return
						}
					}
				}
				tried = append(tried, p.ID)
			}
			t.Errorf("fault %s survived %d seeds of %s", f.Name, limit, strings.Join(tried, ", "))
		})
	}
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// Every property is named, described and steered, and cites rulings and rules.
func TestPropertiesAreDescribed(t *testing.T) {
	all := props.All()
	require.NotEmpty(t, all)
	rulings := map[string]bool{}
	for i, p := range all {
		if i > 0 {
			assert.Less(t, all[i-1].ID, p.ID, "sorted by ID")
		}
		assert.NotEmpty(t, p.Rulings, p.ID)
		assert.NotEmpty(t, p.Rules, p.ID)
		assert.NotEmpty(t, p.Description, p.ID)
		assert.NotNil(t, p.Check, p.ID)
		assert.Equal(t, p.ID, p.Steer.Name, "the steer is named after the property")
		for _, r := range p.Rulings {
			rulings[r] = true
		}
		assert.Equal(t, p.ID, props.ByID(p.ID).ID, "ByID finds it")
	}
	for _, id := range []string{"mana.undefined-type", "mana.could-produce", "mana.tap-for-mana", "mana.tapped-trigger",
		"mana.tapped-replacement", "x.etb-uses-spell-x", "cost.tap-symbol", "cost.untap-symbol"} {
		assert.True(t, rulings[id], "ruling %s has a property", id)
	}
	for _, f := range engine.Faults() {
		assert.True(t, rulings[f.Ruling], "fault %s: ruling %s has a property", f.Name, f.Ruling)
	}
}

func ExampleMatch() {
	for _, p := range props.Match("cost.*, invariant.sba") {
		fmt.Println(p.ID)
	}
	// Output:
	// cost.tap-symbol
	// cost.tap-symbol/attack
	// cost.untap-symbol
	// invariant.sba
}
