package campaign

import (
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props"
)

// Outcome is a property's verdict over a whole campaign.
type Outcome string

const (
	Passed  Outcome = "pass"    // held on every case, and some cases reached its situation
	Failed  Outcome = "fail"    // a case violated it
	Vacuous Outcome = "vacuous" // held, but no case reached its situation: not a pass
	Errored Outcome = "error"   // the engine broke (crash, hang, refused a listed action)
)

// Report is the result of a campaign. Everything in it but Elapsed fields is a function of
// the configuration alone (seed, checks, shard), never of the worker count or timing.
type Report struct {
	Engine string       `json:"engine"`
	Fault  string       `json:"fault,omitempty"`
	Seed   uint64       `json:"seed"`
	Shard  string       `json:"shard,omitempty"` // "k/n"
	Props  []PropResult `json:"properties"`
}

// PropResult is one property's line in the report.
type PropResult struct {
	ID          string   `json:"id"`
	Rulings     []string `json:"rulings"`
	Rules       []string `json:"rules"`
	Description string   `json:"description"`
	Outcome     Outcome  `json:"outcome"`
	Cases       int      `json:"cases"`   // generated cases run
	Reached     int      `json:"reached"` // cases that reached the property's situation
	Failure     *Failure `json:"failure,omitempty"`
	ElapsedMS   int64    `json:"-"` // wall time, for progress and the fault matrix; never in deterministic output
}

// Failure is a shrunk counterexample.
type Failure struct {
	Case       int               `json:"case"` // index of the failing case in the campaign
	Violations []props.Violation `json:"violations"`
	Setup      harness.Setup     `json:"setup"`
	Actions    []harness.Action  `json:"actions"`
	Log        string            `json:"log"`     // the game log of the shrunk case, for people
	Shrinks    int               `json:"shrinks"` // successful shrink steps
	Repro      string            `json:"repro"`   // the one command that reproduces it
	CorpusPath string            `json:"corpus_path,omitempty"`
}
