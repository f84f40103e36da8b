package campaign

import (
	"fmt"
	"slices"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Waste counts the generated cases of a property that checked less than they could: the
// engine rejected the board, the game ended before the walk did, or the engine broke.
type Waste struct {
	// Rejected: the engine declined to set up the generated board (an "unsupported"
	// answer to Start): not a verdict on the engine.
	Rejected int `json:"rejected"`
	// EndedEarly: the game ended, or offered no action, before the walk's length.
	EndedEarly int `json:"ended_early"`
	// Errors: the engine failed after setting up (a panic, an error, an action it had
	// listed refused). The same count as PropResult.Errors.
	Errors int `json:"engine_errors"`
}

// Stats is what the cases of a campaign held, over every property's counted cases: how
// often each card of the pool was on a generated board, how many actions of each kind were
// taken, and the health warnings that say where the generator or a property needs work.
type Stats struct {
	Cases   int           `json:"cases"`
	Cards   []CardCount   `json:"cards"`   // every card of the pool, in pool order
	Actions []ActionCount `json:"actions"` // every kind of action, in harness order
	// Health lists the warnings: a property or clause reached in under HealthShare of its
	// cases, a card of the pool on no board.
	Health []string `json:"health,omitempty"`
}

// CardCount is how many cases had the card on their starting board (any zone).
type CardCount struct {
	Name  string `json:"name"`
	Cases int    `json:"cases"`
}

// ActionCount is how many actions of one kind the cases took.
type ActionCount struct {
	Kind  harness.ActionKind `json:"kind"`
	Count int                `json:"count"`
}

// HealthShare is the share of a property's cases below which reaching the property, or
// one of its clauses, is reported as a health warning: so rare a situation is barely
// tested, and its steering should make it likelier.
const HealthShare = 0.01

// HealthMinCases is the fewest cases (of a property, or of the campaign for the cards)
// over which a health warning is given: a share under 1% of fewer cases means nothing,
// and a property that failed on its first cases has none to speak of.
const HealthMinCases = 100

// actionKinds are the harness's kinds of action, in the order reports list them; kinds
// an engine adds beyond them count as "other".
var actionKinds = []harness.ActionKind{harness.Pass, harness.PlayLand, harness.Cast, harness.Activate,
	harness.Pay, harness.Cancel, harness.Choose, harness.Attack, "other"}

// caseStats is what one case contributes to the statistics.
type caseStats struct {
	cards      []uint64 // bit i: card i of the pool was on the board
	actions    [9]uint16
	rejected   bool
	endedEarly bool
}

// statsOf reads a case's trace.
func statsOf(tr *gen.Trace, pool map[string]int, maxSteps int) caseStats {
	cs := caseStats{cards: make([]uint64, (len(pool)+63)/64)}
	for _, ps := range tr.Setup.Players {
		for _, zone := range [][]harness.CardSpec{ps.Library, ps.Hand, ps.Graveyard, ps.Exile} {
			for _, c := range zone {
				cs.mark(pool, c.Name)
			}
		}
		for _, pm := range ps.Battlefield {
			cs.mark(pool, pm.Name)
		}
	}
	for s := range tr.Steps { // by index: a step is large
		k := len(actionKinds) - 1
		for i, kind := range actionKinds[:k] {
			if tr.Steps[s].Action.Kind == kind {
				k = i
				break
			}
		}
		cs.actions[k]++
	}
	switch {
	case declined(tr):
		cs.rejected = true
	case tr.Err == nil && len(tr.Steps) < maxSteps:
		cs.endedEarly = tr.Final().GameOver || len(tr.Steps) > 0 && len(tr.Steps[len(tr.Steps)-1].Legal) == 0
	}
	return cs
}

func (cs *caseStats) mark(pool map[string]int, name string) {
	if i, ok := pool[name]; ok {
		cs.cards[i/64] |= 1 << (i % 64)
	}
}

// statsBuilder sums the counted cases.
type statsBuilder struct {
	pool    []gen.Card
	cards   []int
	actions [9]int
	cases   int
}

func newStatsBuilder(pool *gen.Pool) *statsBuilder {
	return &statsBuilder{pool: pool.Cards(), cards: make([]int, len(pool.Cards()))}
}

func (b *statsBuilder) add(cs caseStats) {
	b.cases++
	for i := range b.cards {
		if cs.cards != nil && cs.cards[i/64]&(1<<(i%64)) != 0 {
			b.cards[i]++
		}
	}
	for i, n := range cs.actions {
		b.actions[i] += int(n)
	}
}

// addStats adds the statistics of an earlier report's cases (Config.Resume), card by name
// and action by kind.
func (b *statsBuilder) addStats(s *Stats) {
	if s == nil {
		return
	}
	b.cases += s.Cases
	for _, c := range s.Cards {
		if i := slices.IndexFunc(b.pool, func(p gen.Card) bool { return p.Name == c.Name }); i >= 0 {
			b.cards[i] += c.Cases
		}
	}
	for _, a := range s.Actions {
		if i := slices.Index(actionKinds, a.Kind); i >= 0 {
			b.actions[i] += a.Count
		}
	}
}

// build makes the statistics and the health warnings of props, judged already: no warning
// about a property or clause that is unsupported (it was not tested, and the report says
// so once).
func (b *statsBuilder) build(props []PropResult) *Stats {
	s := &Stats{Cases: b.cases}
	for i, c := range b.pool {
		s.Cards = append(s.Cards, CardCount{Name: c.Name, Cases: b.cards[i]})
	}
	for i, k := range actionKinds {
		s.Actions = append(s.Actions, ActionCount{Kind: k, Count: b.actions[i]})
	}
	s.Health = health(props, s)
	return s
}

// health lists the health warnings of props, judged already, and of the statistics s.
func health(props []PropResult, s *Stats) (out []string) {
	for _, p := range props {
		if p.Cases < HealthMinCases || p.Outcome == Unsupported { // warnings are for what was tested
			continue
		}
		if rare(p.CasesReached, p.Cases) {
			out = append(out, fmt.Sprintf("%s is reached in %s of its cases (%d of %d)", p.ID, percent(p.CasesReached, p.Cases), p.CasesReached, p.Cases))
		}
		for _, c := range p.Clauses {
			if c.Unsupported == "" && rare(c.Cases, p.Cases) {
				out = append(out, fmt.Sprintf("clause %s of %s is reached in %s of its cases (%d of %d)", c.Name, p.ID, percent(c.Cases, p.Cases), c.Cases, p.Cases))
			}
		}
	}
	if s.Cases >= HealthMinCases {
		for _, c := range s.Cards {
			if c.Cases == 0 {
				out = append(out, fmt.Sprintf("card %s of the pool is on no generated board", c.Name))
			}
		}
	}
	return out
}

func rare(n, total int) bool { return float64(n) < HealthShare*float64(total) }

func percent(n, total int) string { return fmt.Sprintf("%.2f%%", float64(n)*100/float64(total)) }
