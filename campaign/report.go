package campaign

import (
	"math"
	"time"

	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/internal/version"
	"github.com/mtgfuzz/mtgfuzz/props"
)

// Outcome is a property's verdict over a whole campaign.
type Outcome string

const (
	Passed  Outcome = "pass"    // held on every case, and some cases reached its situation
	Failed  Outcome = "fail"    // a case violated it
	Vacuous Outcome = "vacuous" // held, but no case reached its situation: not a pass
	Errored Outcome = "error"   // the engine broke (crash, hang, refused a listed action)
	// Unsupported: the engine declares it can't express what the property needs (an action
	// kind, a query), or, supporting part of the pool, never reached its situation. It is
	// neither a pass nor a failure: nothing was tested.
	Unsupported Outcome = "unsupported"
)

// Report is the result of a campaign. Everything in it but the timing fields (ElapsedMS,
// CasesPerSecond, and PropResult's) and Version is a function of the configuration alone
// (seed, checks, shard), never of the worker count or timing.
type Report struct {
	Engine string `json:"engine"`
	Fault  string `json:"fault,omitempty"`
	Seed   uint64 `json:"seed"`
	Shard  string `json:"shard,omitempty"` // "k/n"
	// Steps is the walk's length bound (Config.MaxSteps): a case is a function of it too,
	// so a resumed campaign must keep it. 0 in a report written before it was recorded.
	Steps int `json:"steps,omitempty"`
	// Support is what the engine declared it supports, when it restricts anything.
	Support *harness.Support `json:"support,omitempty"`
	// LeftOut lists the cards of the campaign's pool the engine does not support: boards
	// were drawn from the rest.
	LeftOut []string `json:"left_out,omitempty"`
	// Partial marks a campaign interrupted before it ran every case: its counts are of the
	// cases that ran, and it depends on when the interrupt came.
	Partial bool `json:"partial,omitempty"`
	// StoppedByEngineError marks a Partial campaign stopped at its first engine error
	// (Config.StopOnEngineError).
	StoppedByEngineError bool         `json:"stopped_by_engine_error,omitempty"`
	Props                []PropResult `json:"properties"`
	// Stats is what the counted cases held: cards, actions, health warnings.
	Stats *Stats `json:"stats,omitempty"`
	// ElapsedMS is the campaign's wall time, shrinking included, and CasesPerSecond the
	// cases run (every property's) per second of it: how the run went, for a researcher
	// planning a longer one. A clock decides them: compare reports without them.
	ElapsedMS      int64   `json:"elapsed_ms"`
	CasesPerSecond float64 `json:"cases_per_second"`
	// Version is the build of the tool that ran the campaign (see internal/version).
	Version string `json:"version"`
	// Sharded is set in a shard's report (Shard): the rest of the campaign's configuration,
	// which fuzz merge checks every shard agrees on. A shard leaves the verdicts that
	// depend on reach (vacuous, unsupported for want of reach) to the merge: they are
	// about the whole campaign, and another shard may reach what this one did not.
	Sharded *ShardRun `json:"sharded,omitempty"`
	// Shards, in a merged report of shards that ran under a time budget, says how many
	// cases each ran: the merged counts are of those cases, not of a prefix of case
	// indexes as one campaign's are.
	Shards []ShardCases `json:"shards,omitempty"`
}

// ShardRun is the configuration a shard's report records for the merge.
type ShardRun struct {
	Checks int `json:"checks,omitempty"` // cases per property over every shard; 0 under a time budget
	// Budget is the time budget ("2h0m0s"), when the shard ran under one.
	Budget          string `json:"budget,omitempty"`
	Steps           int    `json:"steps"`
	Counterexamples int    `json:"counterexamples"`
	// Partial: the engine supports part of the pool or of the steps, so reach a clause
	// lacks is unsupported rather than vacuous.
	PartialEngine bool `json:"partial_engine,omitempty"`
}

// ShardCases is how many cases one shard ran (of every property), in a merged report.
type ShardCases struct {
	Shard string `json:"shard"`
	Cases int    `json:"cases"`
}

// timed sets the report's timing and version fields once the campaign is over.
func (r *Report) timed(elapsed time.Duration) {
	r.ElapsedMS = elapsed.Milliseconds()
	r.CasesPerSecond = CasesPerSecond(r.Cases(), elapsed)
	r.Version = version.Get().Short()
}

// Untimed zeroes what a clock decides (the report's timing and its properties'), so that
// reports of the same configuration compare equal.
func (r *Report) Untimed() *Report {
	r.ElapsedMS, r.CasesPerSecond = 0, 0
	for i := range r.Props {
		r.Props[i].ElapsedMS, r.Props[i].BusyMS, r.Props[i].CheckMS = 0, 0, 0
	}
	return r
}

// Cases is the number of cases run, every property's.
func (r *Report) Cases() int {
	n := 0
	for _, p := range r.Props {
		n += p.Cases
	}
	return n
}

// CasesPerSecond is n cases in elapsed, rounded to one decimal; 0 when no time passed.
func CasesPerSecond(n int, elapsed time.Duration) float64 {
	if elapsed <= 0 {
		return 0
	}
	return math.Round(float64(n)/elapsed.Seconds()*10) / 10
}

// PropResult is one property's line in the report.
type PropResult struct {
	ID          string   `json:"id"`
	Rulings     []string `json:"rulings"`
	Rules       []string `json:"rules"`
	Description string   `json:"description"`
	Outcome     Outcome  `json:"outcome"`
	Cases       int      `json:"cases"`   // generated cases run
	Reached     int      `json:"reached"` // moments in those cases that reached the property's situation
	// CasesReached counts the cases that reached its situation at least once.
	CasesReached int `json:"cases_reached"`
	// Wasted counts the cases that checked less than they could.
	Wasted Waste `json:"wasted"`
	// Clauses is the reach of each of the property's named clauses, in declaration order.
	// A clause never reached makes a property that otherwise held vacuous.
	Clauses []ClauseResult `json:"clauses,omitempty"`
	Failure *Failure       `json:"failure,omitempty"`
	// More are the further distinct counterexamples (Config.Counterexamples), in case order.
	More      []Failure `json:"more_failures,omitempty"`
	ElapsedMS int64     `json:"-"` // wall time, for progress and the fault matrix; never in deterministic output
	// BusyMS and CheckMS are the time spent on this property's counted cases, summed over
	// workers: all of it, and the part in its Check. They show which properties are slow;
	// like ElapsedMS, they are never in deterministic output.
	BusyMS  int64 `json:"-"`
	CheckMS int64 `json:"-"`
	// Upto bounds the case indexes run: every index below it that belongs to the shard.
	// It is the --checks that reproduces this line: Checks, or the failing case's index
	// plus one under Config.StopAtFirstFailure, or how far a time budget got.
	Upto int `json:"upto,omitempty"`
	// Errors counts the cases (of those counted) on which the engine broke. A property is
	// Errored only when no case violated it; a Failed one may have errors too.
	Errors int `json:"errors,omitempty"`
	// Unsupported says why the property is Unsupported ("the engine needs the action kinds
	// cast, pay").
	Unsupported string `json:"unsupported,omitempty"`
}

// Failures lists p's counterexamples: Failure, then More.
func (p *PropResult) Failures() []*Failure {
	var out []*Failure
	if p.Failure != nil {
		out = append(out, p.Failure)
	}
	for i := range p.More {
		out = append(out, &p.More[i])
	}
	return out
}

// ClauseResult is one clause's reach over a campaign.
type ClauseResult struct {
	Name    string `json:"name"`
	Reached int    `json:"reached"` // moments it was reached
	Cases   int    `json:"cases"`   // cases that reached it at least once
	// Unsupported says why the engine can't be tested on the clause; such a clause is
	// left out of the property's verdict.
	Unsupported string `json:"unsupported,omitempty"`
	// Skipped counts the moments the property could not judge for the clause, wasted
	// (props.Verdict.Skip); SkipWhy is the first one's reason.
	Skipped int    `json:"skipped,omitempty"`
	SkipWhy string `json:"skip_why,omitempty"`
	// Shard is set in a shard's report only: what fuzz merge needs to fold the shards'
	// skipped moments as one campaign would.
	Shard *ClauseShard `json:"shard,omitempty"`
}

// ClauseShard is a clause's skipped moments as a shard saw them: where SkipWhy was given
// (SkipCase, the case index plus one; 0 for none), and the moments skipped because the
// engine declares it can't do what judging them needs, with the first reason and its case.
// A clause no shard reached whose moments some skipped so is unsupported, not vacuous.
type ClauseShard struct {
	SkipCase       int    `json:"skip_case,omitempty"`
	Undeclared     int    `json:"undeclared,omitempty"`
	UndeclaredWhy  string `json:"undeclared_why,omitempty"`
	UndeclaredCase int    `json:"undeclared_case,omitempty"`
}

// Unreached lists the supported clauses of p that no case reached.
func (p PropResult) Unreached() []string {
	var out []string
	for _, c := range p.supportedClauses() {
		if c.Reached == 0 {
			out = append(out, c.Name)
		}
	}
	return out
}

func (p PropResult) supportedClauses() []ClauseResult {
	var out []ClauseResult
	for _, c := range p.Clauses {
		if c.Unsupported == "" {
			out = append(out, c)
		}
	}
	return out
}

// Failure is a shrunk counterexample.
type Failure struct {
	Case       int               `json:"case"` // index of the failing case in the campaign
	Violations []props.Violation `json:"violations"`
	Setup      harness.Setup     `json:"setup"`
	Actions    []harness.Action  `json:"actions"`
	Log        string            `json:"log"`     // the game log of the shrunk case, for people
	Shrinks    int               `json:"shrinks"` // successful shrink steps
	// Repro is the one command that reproduces it, rendered from Origin and Case by the
	// tool that ran the campaign (the fuzz command); campaign.Run leaves it empty.
	Repro      string `json:"repro"`
	CorpusPath string `json:"corpus_path,omitempty"`
	// Origin is what the case was found with: with Case, enough to run it again alone.
	Origin Origin `json:"origin,omitzero"`

	// Seed is the failing case's own seed (see CaseSeed).
	Seed uint64 `json:"case_seed,omitempty"`
	// Tape is the choice tape the tape stage shrank the case to (trailing zeros trimmed),
	// under the generator schema TapeSchema: gen.ReplayTape(Tape) rebuilds that case while
	// the schema holds. Setup and Actions are that case after the setup stage
	// (gen.ShrinkSetup), which may have taken more away.
	Tape       []uint64 `json:"tape,omitempty"`
	TapeSchema string   `json:"tape_schema,omitempty"`
	// Attempts counts the shrink replays run, both stages (Shrinks of them were kept).
	Attempts int `json:"shrink_attempts,omitempty"`
	// Original is the size of the case before shrinking.
	Original *Size `json:"original,omitempty"`
	// Error is the engine's failure, for an Errored property; Stack its panic stack.
	Error string `json:"error,omitempty"`
	Stack string `json:"stack,omitempty"`
	// BrokeOn is the action the engine broke applying, after Actions; a saved reproducer
	// ends with it.
	BrokeOn *harness.Action `json:"broke_on,omitempty"`
	// ShrinkStopped is set when an interrupt cut shrinking short: the case still fails,
	// but may not be minimal.
	ShrinkStopped bool `json:"shrink_stopped,omitempty"`
	// TimedOut is set when the engine gave no answer within the case timeout: the case was
	// abandoned where it hung (BrokeOn, or the call Error names), and is reported unshrunk
	// and not saved, as replaying it would hang too.
	TimedOut bool `json:"timed_out,omitempty"`
	// Flaky is set when the failing case did not fail again on replay: the engine or the
	// property is not deterministic. The case is reported unshrunk.
	Flaky bool `json:"flaky,omitempty"`
	// Kind and ShrunkKind are set in a shard's report only: the kind of violation
	// (violationKind) of the case as found and as shrunk, by which fuzz merge picks the
	// counterexamples one campaign would have (Config.Counterexamples).
	Kind       string `json:"kind,omitempty"`
	ShrunkKind string `json:"shrunk_kind,omitempty"`
}

// Origin is what a counterexample's case was generated with. A case's seed is a function
// of the campaign's seed, the property and the case index alone (CaseSeed), so these
// facts and Failure.Case run that one case again.
type Origin struct {
	Property string   `json:"property"`
	Seed     uint64   `json:"seed"` // the campaign's seed (Failure.Seed is the case's own)
	Faults   []string `json:"faults,omitempty"`
	Shard    string   `json:"shard,omitempty"` // "k/n"
	Steps    int      `json:"steps"`           // the walk's length bound (Config.MaxSteps)
	Engine   string   `json:"engine"`          // the engine's name
	// Input is where the case's tape came from (Config.Input), for a case that was not
	// generated from its seed: then the seed and case index don't run it again, the input does.
	Input string `json:"input,omitempty"`
}

// Size measures a case: permanents on the battlefield at the start, and actions taken.
type Size struct {
	Permanents int `json:"permanents"`
	Actions    int `json:"actions"`
}
