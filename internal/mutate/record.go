package mutate

import (
	"context"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/mtgfuzz/mtgfuzz/internal/mutate/mutant"
)

// Recorded is what the judge prints when it records one unit (a property's run or a
// scenario's replay) with no mutant active: its verdict, the mutants it reached and
// infected and, for a property, which of its cases each mutant infects and which cases
// reach each of its clauses.
type Recorded struct {
	Verdict  Verdict `json:"verdict"`
	Reached  []int   `json:"reached"`
	Infected []int   `json:"infected"`
	// Cases is, for a mutant the property infects in few of its cases (at most a quarter),
	// those cases, in order. An infected mutant not in it is judged by every case: one
	// infected before the first case began (by the engine's initialisation, or the
	// campaign's setting up, which every case depends on) or in too many to list.
	Cases map[int]CaseList `json:"cases,omitempty"`
	// Clauses is, for each clause of the property that some case reaches ("" for its
	// situation), the cases that reach it, in order.
	Clauses map[string]CaseList `json:"clauses,omitempty"`
}

// CaseList is case indices in increasing order, written in JSON as a string: the base64
// of each index's difference from the one before as an unsigned varint (a reach keeps
// millions of them).
type CaseList []int

// MarshalJSON writes the list as its string.
func (l CaseList) MarshalJSON() ([]byte, error) {
	buf := make([]byte, 0, len(l)+8)
	prev := 0
	for _, i := range l {
		buf = binary.AppendUvarint(buf, uint64(i-prev))
		prev = i
	}
	return json.Marshal(base64.StdEncoding.EncodeToString(buf))
}

// UnmarshalJSON reads what MarshalJSON wrote.
func (l *CaseList) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return err
	}
	buf, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return err
	}
	out := CaseList{}
	prev := 0
	for len(buf) > 0 {
		d, n := binary.Uvarint(buf)
		if n <= 0 {
			return fmt.Errorf("a case list: a bad varint")
		}
		prev += int(d)
		out = append(out, prev)
		buf = buf[n:]
	}
	*l = out
	return nil
}

// JudgeRecording judges the unit of cfg.Units with no mutant active (mutant.Recording
// on) and records what it reached and infected, case by case. A mutant listed for more
// than a sixteenth of the cases is judged by all of them: the lists are what the reach
// costs to keep, and a mutant infecting that many cases is seldom told from the engine by
// few of them.
func JudgeRecording(ctx context.Context, cfg JudgeConfig) (Recorded, error) {
	mutants := mutant.Mutants()
	rec := &caseRecord{limit: max(1, cfg.Checks/16), cases: make([][]int, mutants+1), dense: make([]bool, mutants+1), clauses: map[string][]int{}}
	cfg.record = rec
	v, err := Judge(ctx, cfg)
	if err != nil {
		return Recorded{}, err
	}
	out := Recorded{Verdict: v, Reached: mutant.Reached(), Infected: mutant.Infected()}
	if rec.started {
		out.Cases, out.Clauses = map[int]CaseList{}, map[string]CaseList{}
		for id, cases := range rec.cases {
			if len(cases) > 0 && !rec.dense[id] && !slices.Contains(rec.setup, id) {
				out.Cases[id] = cases
			}
		}
		for name, cases := range rec.clauses {
			out.Clauses[name] = cases
		}
	}
	return out, nil
}

// caseRecord gathers, case by case, the mutants each case of one property infects, and
// the cases reaching each clause.
type caseRecord struct {
	limit   int // the most cases listed for one mutant: more, and it is dense
	started bool
	setup   []int   // infected before the first case
	cases   [][]int // by mutant ID
	dense   []bool  // by mutant ID
	clauses map[string][]int
}

// start is called as a case begins.
func (r *caseRecord) start() {
	if !r.started {
		r.started, r.setup = true, mutant.Infected()
	}
	mutant.StartCase()
}

// done is called as a case ends (campaign.Config.CaseDone).
func (r *caseRecord) done(_ string, i, reached int, clauses map[string]int) {
	mutant.CaseInfected(func(id int) {
		switch {
		case id >= len(r.cases) || r.dense[id]:
		case len(r.cases[id]) == r.limit:
			r.dense[id], r.cases[id] = true, nil
		default:
			r.cases[id] = append(r.cases[id], i)
		}
	})
	if reached > 0 {
		r.clauses[""] = append(r.clauses[""], i)
	}
	for name, n := range clauses {
		if n > 0 {
			r.clauses[name] = append(r.clauses[name], i)
		}
	}
}

// subset reports whether every element of a, sorted, is in b, sorted.
func subset(a, b []int) bool {
	for _, x := range a {
		if _, found := slices.BinarySearch(b, x); !found {
			return false
		}
	}
	return true
}
