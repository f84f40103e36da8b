package mutate

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sync"
	"time"
)

// Unreached is the outcome of a mutant that no property's run and no scenario's replay
// reaches with no mutant active: nothing judges it (a hole of the generator's reach, or
// of the corpus), so it is never counted as killed; it is counted on its own.
const Unreached = "unreached"

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
	// scenario: bit id%8 of byte id/8.
	PropHits     [][]byte `json:"prop_hits"`
	ScenarioHits [][]byte `json:"scenario_hits"`
	// ElapsedMS is the time of the recording runs added up (the unmutated engine's
	// whole judgement, in wall time of one job), WallMS the recording's wall time.
	ElapsedMS int64 `json:"elapsed_ms"`
	WallMS    int64 `json:"wall_ms"`
}

// ReachKey is the key of a reach: the hash of the source (SourceHash) and the
// judgement's settings.
func ReachKey(hash string, j JudgeConfig) string {
	return fmt.Sprintf("%s seed=%d checks=%d", hash, j.Seed, j.Checks)
}

// Units is the properties and scenarios that reach mutant id, each in order; nil when
// none does.
func (r *Reach) Units(id int) *Units {
	u := &Units{Props: []int{}, Scenarios: []int{}}
	for i, b := range r.PropHits {
		if bitSet(b, id) {
			u.Props = append(u.Props, i)
		}
	}
	for i, b := range r.ScenarioHits {
		if bitSet(b, id) {
			u.Scenarios = append(u.Scenarios, i)
		}
	}
	if len(u.Props) == 0 && len(u.Scenarios) == 0 {
		return nil
	}
	return u
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

// Recorded is what the judge prints when it records: its verdict and the mutants its run
// reached.
type Recorded struct {
	Verdict Verdict `json:"verdict"`
	Reached []int   `json:"reached"`
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
		PropHits: make([][]byte, len(props)), ScenarioHits: make([][]byte, len(scenarios))}
	type unit struct {
		name string
		u    Units
		into *[]byte
	}
	var units []unit
	for i, p := range props {
		units = append(units, unit{"property " + p, Units{Props: []int{i}, Scenarios: []int{}}, &r.PropHits[i]})
	}
	for i, s := range scenarios {
		units = append(units, unit{"scenario " + s, Units{Props: []int{}, Scenarios: []int{i}}, &r.ScenarioHits[i]})
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
			*u.into = bitset(rec.Reached, mutants)
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
