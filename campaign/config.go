package campaign

import (
	"errors"
	"fmt"
	"time"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props"
)

// GCPercent is the garbage collector's target percentage (runtime/debug.SetGCPercent) the
// fuzz command runs with unless GOGC is set. A case allocates many short-lived states and
// snapshots and a campaign keeps little, so with Go's default of 100 the collector runs every
// few cases; at 400 the default campaign used about a quarter less CPU for a peak resident
// size of about 290 MB instead of 120 MB (2-core AMD EPYC VM).
const GCPercent = 400

// MemoryLimit is the soft memory limit (runtime/debug.SetMemoryLimit) the fuzz command
// runs with unless GOMEMLIMIT is set. A campaign keeps counts, not cases, so its live heap
// stays at a few MB however long it runs; but with GCPercent the heap may grow to five
// times what is live when a rare large case is, and a longer campaign meets rarer, larger
// cases, so the peak resident size crept up with the length of the run (a --time 1m
// campaign peaked at 75-115 MB, a --time 8m one at 150 MB). Under this limit the collector
// runs sooner only in those moments, so the peak stays the same for any length.
const MemoryLimit = 96 << 20

// Config is one campaign.
type Config struct {
	// Engine makes one engine per worker (engines need not be safe for concurrent use).
	Engine func() (harness.Engine, error)
	Props  []*props.Property
	Seed   uint64
	// Checks is the number of cases per property, over all shards; 0 means "until Budget".
	Checks int
	// Budget caps wall time (0: none). A campaign with a budget stops where the clock
	// says, so its report depends on speed; with Checks alone it never does.
	Budget  time.Duration
	Workers int // cases run in parallel; 0 means 1. The report does not depend on it.
	// CaseTimeout bounds each case, from its setup to its check, and each shrink replay: a
	// case past it is abandoned (its goroutine left behind with its engine, the worker
	// going on with a new engine from Engine) and counts as an engine error. 0 means
	// DefaultCaseTimeout; negative, no bound.
	CaseTimeout time.Duration
	// Shard runs part K of N (1 <= K <= N): the cases whose index i has i % N == K-1.
	// N == 0 runs every case.
	Shard struct{ K, N int }
	// MaxSteps bounds the decisions of each case's walk; 0 means DefaultMaxSteps.
	MaxSteps int
	// ShrinkBudget bounds the replays spent shrinking each failure; 0 means
	// DefaultShrinkBudget, negative means no shrinking.
	ShrinkBudget int
	// Pool is the card pool boards are drawn from; nil means gen.DefaultPool().
	Pool *gen.Pool
	// First is the index of the first case run: the cases below it are not run. One case
	// alone, N, is First N with Checks N+1.
	First int
	// Resume, when set, is the report of an earlier campaign with the same seed, shard,
	// faults, engine and properties, which this one continues: each property's cases start
	// after the last it counted (PropResult.Upto), and its counts, counterexamples and the
	// statistics start from the report's. A campaign run in pieces so reports what one run
	// of the same cases does.
	Resume *Report
	// Faults name the engine faults switched on, for the report and the counterexamples'
	// Origin only.
	Faults []string
	// Stop, when closed, ends the generation of cases: Run shrinks what failed and returns
	// the report of the cases run so far, marked Partial. nil never stops.
	Stop <-chan struct{}
	// Found, if set, hears about each counterexample as soon as it is shrunk, while the
	// campaign goes on (never concurrently): the place to save it (SaveCounterexample) and
	// say so, so that a campaign killed later loses nothing it had shrunk. Changes it
	// makes to the Failure (CorpusPath) are in the report.
	Found func(*props.Property, *Failure)
	// Counterexamples is how many distinct counterexamples to find per property: after a
	// failing case the property's cases go on, and each case that violates it differently
	// (another clause, ruling or CR rule than those found before) is shrunk and reported
	// too, up to this many. 0 means 1.
	Counterexamples int
	// StopAtFirstFailure stops each property at its first failing case: no later case of
	// it runs or counts. Without it a failed property runs every case, as a passing one
	// does, so that its counts are those of all its cases and the reports of a sharded
	// campaign add up to the unsharded one (Merge): a shard can't know where another
	// shard's first failure is. The fault matrix, which only asks whether and how soon a
	// fault is caught, sets it.
	StopAtFirstFailure bool
	// StopOnEngineError ends the generation of cases at the first case on which the engine
	// breaks (a crash, a hang, a port that broke the protocol), as Stop does: for an engine
	// whose failures would make every later case fail too. Without it the campaign goes on
	// with the next case.
	StopOnEngineError bool
	// RunCase, if set, chooses the cases that run: it is asked just before each case of
	// each property would run, and a case it refuses is neither run nor counted (the
	// property's counts, reach and verdict are those of the cases run). Mutation testing
	// runs only the cases a mutant could change, and marks where each case begins
	// (internal/mutate).
	RunCase func(prop string, index int) bool
	// CaseDone, if set, hears each case run once it is checked: the property, the case's
	// index, and its reach (the moments that reached the property's situation, and each
	// clause's, by name). With one worker, the next case starts after it returns.
	CaseDone func(prop string, index int, reached int, clauses map[string]int)
	// Progress, if set, hears about the campaign from time to time (never concurrently).
	Progress func(Progress)
	// Tape, when set, is where every case's draws come from instead of its seed's random
	// stream (see caseSource): a case found by something else, a coverage-guided fuzzing
	// engine's input (fuzz import), is run, shrunk and reported as a case of the campaign's
	// own. Checks must then be 1. Input names where the tape came from, for Origin.
	Tape  []uint64
	Input string
}

// DefaultMaxSteps is the walk length when Config.MaxSteps is 0.
const DefaultMaxSteps = 12

// DefaultShrinkBudget is the shrink replays per failure when Config.ShrinkBudget is 0.
const DefaultShrinkBudget = 2000

// Progress is a campaign's state, for progress bars. Counts cover all properties.
type Progress struct {
	// Phase is "cases" while cases run, "shrink" while a counterexample is shrunk (as soon
	// as it is found, or after the cases for what they left), "done" at the end.
	Phase   string
	Cases   int // cases finished
	Total   int // cases planned; 0 when running until a budget
	Failed  int // properties violated so far
	Errored int // properties on which the engine broke so far
	// Warnings counts the health warnings the counted cases give so far: properties and
	// clauses reached in under HealthShare of their cases (Stats.Health).
	Warnings int
	Prop     string // the property last worked on
	Elapsed  time.Duration
}

func (c *Config) normalize() error {
	switch {
	case c.Engine == nil:
		return errors.New("campaign: no engine")
	case len(c.Props) == 0:
		return errors.New("campaign: no properties")
	case c.Checks < 0:
		return fmt.Errorf("campaign: checks %d: want at least 0", c.Checks)
	case c.Checks == 0 && c.Budget <= 0:
		return errors.New("campaign: give a number of checks, a time budget, or both")
	case c.First < 0 || c.Checks > 0 && c.First >= c.Checks:
		return fmt.Errorf("campaign: first case %d: want from 0 to checks-1 (%d)", c.First, c.Checks-1)
	case c.Shard.N < 0 || c.Shard.N > 0 && (c.Shard.K < 1 || c.Shard.K > c.Shard.N):
		return fmt.Errorf("campaign: shard %d/%d: want K/N with 1 <= K <= N", c.Shard.K, c.Shard.N)
	case c.Tape != nil && (c.Checks != 1 || c.First != 0):
		return fmt.Errorf("campaign: a tape is one case: want checks 1, not %d from case %d", c.Checks, c.First)
	}
	seen := map[string]bool{}
	for i, p := range c.Props {
		switch {
		case p == nil || p.Check == nil:
			return fmt.Errorf("campaign: property %d has no Check", i)
		case seen[p.ID]:
			return fmt.Errorf("campaign: property %q given twice", p.ID)
		}
		seen[p.ID] = true
	}
	if c.Workers <= 0 {
		c.Workers = 1
	}
	if c.MaxSteps <= 0 {
		c.MaxSteps = DefaultMaxSteps
	}
	if c.CaseTimeout == 0 {
		c.CaseTimeout = DefaultCaseTimeout
	}
	if c.ShrinkBudget == 0 {
		c.ShrinkBudget = DefaultShrinkBudget
	}
	if c.Pool == nil {
		c.Pool = gen.DefaultPool()
	}
	return nil
}

// CaseSeed is the seed of case i of property id: a function of the three alone, so a case
// is the same whatever the worker count, the shard or the other properties run.
func CaseSeed(seed uint64, id string, i int) uint64 {
	return gen.Mix(gen.Mix(seed^gen.HashString(id)) + uint64(i)*0x9e3779b97f4a7c15)
}

// caseIndex maps the r-th case of this shard to its campaign-wide index.
func (c *Config) caseIndex(r int) int {
	if c.Shard.N == 0 {
		return r
	}
	return r*c.Shard.N + c.Shard.K - 1
}

// firstRound is the first round (the r-th case of this shard) at or after case First.
func (c *Config) firstRound() int { return c.roundAt(c.First) }

// roundAt is the first round whose case index is i or more.
func (c *Config) roundAt(i int) int {
	switch {
	case c.Shard.N == 0:
		return i
	case i <= c.Shard.K-1:
		return 0
	}
	return (i - c.Shard.K + c.Shard.N) / c.Shard.N // ceil((i-(K-1)) / N)
}

// shardString is the shard as "k/n", or "" for none.
func (c *Config) shardString() string {
	if c.Shard.N == 0 {
		return ""
	}
	return fmt.Sprintf("%d/%d", c.Shard.K, c.Shard.N)
}

// rounds is how many cases of each property this shard runs; -1 when unbounded.
func (c *Config) rounds() int {
	if c.Checks == 0 {
		return -1
	}
	if c.Shard.N == 0 {
		return c.Checks
	}
	first := c.Shard.K - 1
	if first >= c.Checks {
		return 0
	}
	return (c.Checks-first-1)/c.Shard.N + 1
}
