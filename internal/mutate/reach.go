package mutate

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"slices"
	"sync"
	"time"
)

// Unreached is the outcome of a mutant that no property's run and no scenario's replay
// reaches with no mutant active: nothing judges it (a hole of the generator's reach, or
// of the corpus), so it is never counted as killed; it is counted on its own.
const Unreached = "unreached"

// Uninfected is the outcome of a mutant whose code some unit reaches, but where no case
// and no scenario, with no mutant active, makes what it changes differ (a condition made
// always true that is never false, a boundary moved where the two sides are never
// equal): each run with it would be the unmutated run, which passes, so it survives
// without being run. Like Unreached, a hole of the generator's reach (or an equivalent
// mutant); counted on its own and never as killed.
const Uninfected = "uninfected"

// Reach is which mutants each unit of the judgement reaches: each property's run of the
// campaign and each scenario's replay, recorded with no mutant active (Record). Pruned
// judging runs a mutant only with the units that reach it (Units); see doc.go for why the
// verdict is the one the whole campaign and corpus give.
type Reach struct {
	// Key is what the reach was recorded for: the source's hash and the judgement's
	// settings (ReachKey); a reach kept in a --keep directory is used again only for
	// the same key.
	Key       string   `json:"key"`
	Mutants   int      `json:"mutants"`
	Props     []string `json:"props"`     // the properties' IDs, in the campaign's order
	Scenarios []string `json:"scenarios"` // the scenarios' paths, in the corpus's order
	// PropHits and ScenarioHits are a bitset of mutant IDs for each property and
	// scenario: bit id%8 of byte id/8; PropInfected and ScenarioInfected those infected.
	PropHits         [][]byte `json:"prop_hits"`
	ScenarioHits     [][]byte `json:"scenario_hits"`
	PropInfected     [][]byte `json:"prop_infected"`
	ScenarioInfected [][]byte `json:"scenario_infected"`
	// PropCases and PropClauses are, for each property, Recorded.Cases and
	// Recorded.Clauses: the cases each mutant infects (those infecting few), and the cases
	// reaching each clause.
	PropCases   []map[int]CaseList    `json:"prop_cases"`
	PropClauses []map[string]CaseList `json:"prop_clauses"`
	// ElapsedMS is the time of the recording runs added up (the unmutated engine's
	// whole judgement, in wall time of one job), WallMS the recording's wall time.
	ElapsedMS int64 `json:"elapsed_ms"`
	WallMS    int64 `json:"wall_ms"`
}

// ReachKey is the key of a reach: the hash of the source (SourceHash) and the
// judgement's settings.
func ReachKey(hash string, j JudgeConfig) string {
	return fmt.Sprintf("%s seed=%d checks=%d infection", hash, j.Seed, j.Checks)
}

// Units is what judges mutant m: the properties and scenarios it infects, each in order,
// and of each property the cases it infects, when it infects few and keeps nothing from
// one case to the next (Mutant.CrossCase). Nil, and the outcome it has without a run,
// when it infects none: Unreached if no unit even reaches its code, else Uninfected.
func (r *Reach) Units(m *Mutant) (*Units, string) {
	id := m.ID
	u := &Units{Props: []int{}, Scenarios: []int{}}
	for i, b := range r.PropInfected {
		if !bitSet(b, id) {
			continue
		}
		u.Props = append(u.Props, i)
		cases, ok := r.PropCases[i][id]
		if m.CrossCase || !ok {
			continue
		}
		if u.Cases == nil {
			u.Cases, u.AtRisk = map[int]CaseList{}, map[int][]string{}
		}
		u.Cases[i] = cases
		u.AtRisk[i] = []string{}
		for _, name := range slices.Sorted(maps.Keys(r.PropClauses[i])) {
			if subset(r.PropClauses[i][name], cases) {
				u.AtRisk[i] = append(u.AtRisk[i], name)
			}
		}
	}
	for i, b := range r.ScenarioInfected {
		if bitSet(b, id) {
			u.Scenarios = append(u.Scenarios, i)
		}
	}
	if len(u.Props) > 0 || len(u.Scenarios) > 0 {
		return u, ""
	}
	for _, hits := range [][][]byte{r.PropHits, r.ScenarioHits} {
		for _, b := range hits {
			if bitSet(b, id) {
				return nil, Uninfected
			}
		}
	}
	return nil, Unreached
}

func bitSet(b []byte, id int) bool { return id/8 < len(b) && b[id/8]&(1<<(id%8)) != 0 }

func bitset(ids []int, n int) []byte {
	b := make([]byte, n/8+1)
	for _, id := range ids {
		if id >= 0 && id <= n {
			b[id/8] |= 1 << (id % 8)
		}
	}
	return b
}

// Record runs the schema's binary with no mutant active once for each property of the
// campaign and each scenario of the corpus (Jobs at a time), each in a process of its
// own, recording the mutants it reaches. Each must pass: the run is the baseline of the
// mutants' judgement. progress, if set, hears each unit done (never concurrently).
func Record(ctx context.Context, cfg RunConfig, mutants int, props, scenarios []string, progress func(done, total int)) (*Reach, error) {
	if cfg.Limit == 0 {
		cfg.Limit = time.Hour
	}
	start := time.Now()
	r := &Reach{Mutants: mutants, Props: props, Scenarios: scenarios,
		PropHits: make([][]byte, len(props)), ScenarioHits: make([][]byte, len(scenarios)),
		PropInfected: make([][]byte, len(props)), ScenarioInfected: make([][]byte, len(scenarios)),
		PropCases: make([]map[int]CaseList, len(props)), PropClauses: make([]map[string]CaseList, len(props))}
	type unit struct {
		name           string
		u              Units
		hits, infected *[]byte
		prop           int // the property's place, -1 for a scenario
	}
	var units []unit
	for i, p := range props {
		units = append(units, unit{"property " + p, Units{Props: []int{i}, Scenarios: []int{}}, &r.PropHits[i], &r.PropInfected[i], i})
	}
	for i, s := range scenarios {
		units = append(units, unit{"scenario " + s, Units{Props: []int{}, Scenarios: []int{i}}, &r.ScenarioHits[i], &r.ScenarioInfected[i], -1})
	}
	var mu sync.Mutex
	var firstErr error
	done := 0
	dispatch(ctx, cfg.Stop, cfg.Jobs, len(units), func(i int) {
		u := units[i]
		rec, err := recordOne(ctx, cfg, u.u, mutants)
		if ctx.Err() != nil {
			return // cut short: ErrStopped
		}
		mu.Lock()
		defer mu.Unlock()
		switch {
		case err != nil:
			firstErr = cmp(firstErr, fmt.Errorf("recording the reach of %s: %w", u.name, err))
		case rec.Verdict.Outcome != Survived:
			firstErr = cmp(firstErr, fmt.Errorf("the engine with no mutant does not pass the campaign and the corpus: %s: %s", u.name, describeKill(rec.Verdict)))
		default:
			*u.hits, *u.infected = bitset(rec.Reached, mutants), bitset(rec.Infected, mutants)
			if u.prop >= 0 {
				r.PropCases[u.prop], r.PropClauses[u.prop] = rec.Cases, rec.Clauses
			}
			r.ElapsedMS += rec.Verdict.ElapsedMS
			done++
			if progress != nil {
				progress(done, len(units))
			}
		}
	})
	if firstErr != nil {
		return nil, firstErr
	}
	if done < len(units) {
		return nil, ErrStopped
	}
	r.WallMS = time.Since(start).Milliseconds()
	return r, nil
}

// ErrStopped is Record's error when it was stopped before every unit was recorded.
var ErrStopped = fmt.Errorf("stopped while recording the reach")

// ReadReach reads a reach kept in a file; it returns nil, with no error, when there is
// none or it was recorded for another key.
func ReadReach(path, key string) (*Reach, error) {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	var r Reach
	if err := json.Unmarshal(data, &r); err != nil || r.Key != key {
		return nil, nil
	}
	return &r, nil
}

// Write keeps the reach in a file.
func (r *Reach) Write(path string) error {
	data, err := json.Marshal(r)
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
