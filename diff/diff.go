// Package diff is differential testing: it plays generated cases on two engines step by
// step and reports where their observations differ. Engine A drives (its legal actions
// are walked, as in a campaign) and B follows: after the setup and after each action the
// two snapshots (object IDs renumbered, wording left out), legal action lists and
// mana-query answers are compared field by field. A diverging case is shrunk, re-running
// both engines at every step, first on its tape and then on the case itself (the setup
// shrinker campaigns use), to a minimal case that still diverges in the same part of the
// observation about the same cards, and described side by side. A run goes on after a
// divergence until it has as many distinct ones as asked for (see [Divergence.Signature]).
package diff

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Config is one differential run.
type Config struct {
	A, B harness.Engine // A drives; each is used by one goroutine only
	// Steers are the situations aimed at, one per case in turn (nil: plain generation);
	// the properties' steers reach more of the rules than plain boards do.
	Steers []gen.Steer
	// Pool is the cards boards are drawn from (nil: gen.DefaultPool()), cut down to those
	// both engines support.
	Pool     *gen.Pool
	Seed     uint64
	Cases    int
	MaxSteps int // 0: 12
	// ShrinkBudget bounds the replays spent shrinking each divergence, per stage; 0 means
	// 1000, negative means no shrinking.
	ShrinkBudget int
	// Counterexamples is how many distinct divergences to report (0: 1): the run stops at
	// the case that finds the last of them.
	Counterexamples int
}

// Result is a differential run: how many cases agreed, and the distinct divergences.
type Result struct {
	A, B  string // engine names
	Cases int    // cases run
	// Declined counts the boards one of the engines declined to start (it answered
	// "unsupported"): not compared, as a campaign counts them rejected.
	Declined int
	Skipped  int // cases on which A itself broke, so B had nothing to follow
	// Repeats counts the diverging cases that diverged as one already reported did.
	Repeats int
	LeftOut []string
	// Divergences are the distinct divergences found, shrunk, in the order of their cases.
	Divergences []*Divergence
}

// Divergence is where two engines disagree, in a shrunk case.
type Divergence struct {
	Case    int              `json:"case"`
	Setup   harness.Setup    `json:"setup"`
	Actions []harness.Action `json:"actions"` // the actions taken up to the divergence
	// Step is the action after which they diverged (an index into Actions); -1: at the
	// start.
	Step int `json:"step"`
	// Differences are what they show differently; BrokeB is set instead when B refused
	// what A allowed or failed (Error says how).
	Differences []Difference `json:"differences,omitempty"`
	BrokeB      bool         `json:"broke_b,omitempty"`
	Error       string       `json:"error,omitempty"`
	Shrinks     int          `json:"shrinks"`
	Log         string       `json:"log"` // A's game log of the case
	// Observed is what A showed at the divergence, for a corpus scenario.
	Observed Observed   `json:"-"`
	trace    *gen.Trace // A's trace up to the divergence
}

// Observed is A's side of a divergence.
type Observed struct {
	Snapshot       harness.Snapshot
	Could          map[harness.CardID]harness.TypeSet
	Legal, Illegal []harness.Action // listed by A only, by B only
}

// Signature is what makes two divergences distinct: the part of the observation their
// first difference is in (a snapshot field, the legal actions, a mana answer; or B
// breaking), the kind of action it follows ("start" before any) and the cards it names.
func (d *Divergence) Signature() string {
	kind := "start"
	if d.Step >= 0 {
		kind = string(d.Actions[d.Step].Kind)
	}
	return d.area() + " | " + kind
}

// area is the signature without the kind of action: what a shrunk case must keep.
func (d *Divergence) area() string {
	if d.BrokeB {
		if d.Step < 0 {
			return "could not start"
		}
		return "broke on " + d.Actions[d.Step].Name
	}
	x := d.Differences[0]
	return x.Part + " | " + strings.Join(x.Cards, ", ")
}

// Run compares A and B on cfg.Cases generated cases, drawn from the cards and steps both
// support, until it has found cfg.Counterexamples distinct divergences.
func Run(ctx context.Context, cfg Config) (*Result, error) {
	if cfg.A == nil || cfg.B == nil || cfg.Cases < 1 {
		return nil, fmt.Errorf("diff: two engines and at least one case are needed")
	}
	if cfg.MaxSteps <= 0 {
		cfg.MaxSteps = 12
	}
	if cfg.ShrinkBudget == 0 {
		cfg.ShrinkBudget = 1000
	}
	if cfg.Counterexamples < 1 {
		cfg.Counterexamples = 1
	}
	if len(cfg.Steers) == 0 {
		cfg.Steers = []gen.Steer{{Name: "plain"}}
	}
	if cfg.Pool == nil {
		cfg.Pool = gen.DefaultPool()
	}
	pool, leftOut, err := commonPool(cfg.Pool, cfg.A, cfg.B)
	if err != nil {
		return nil, err
	}
	gens := make([]*gen.Generator, len(cfg.Steers))
	for i, s := range cfg.Steers {
		gens[i], _ = gen.New(pool, s) // picks outside the common pool are left out
	}
	// Each engine is walked only through the kinds of action the other supports.
	cfg.A, cfg.B = restrict(cfg.A, harness.SupportOf(cfg.B)), restrict(cfg.B, harness.SupportOf(cfg.A))
	_, qa := harness.ManaQueriesOf(cfg.A)
	_, qb := harness.ManaQueriesOf(cfg.B)
	c := &comparer{cfg: cfg, queries: qa && qb}
	res := &Result{A: cfg.A.Name(), B: cfg.B.Name(), LeftOut: leftOut}
	// tried holds the signatures of the cases shrunk so far, reported holds those of the
	// divergences reported: a case that diverges as one already shrunk did is not shrunk
	// again.
	tried, reported := map[string]bool{}, map[string]bool{}
	src := gen.NewTapeSource(0)
	for i := 0; i < cfg.Cases && len(res.Divergences) < cfg.Counterexamples; i++ {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		g := gens[i%len(gens)]
		src.Reset(gen.Mix(cfg.Seed + uint64(i)*0x9e3779b97f4a7c15))
		res.Cases++
		d, outcome := c.runCase(g, src)
		switch outcome {
		case declined:
			res.Declined++
		case brokeA:
			res.Skipped++
		}
		if d == nil {
			continue
		}
		if tried[d.Signature()] || reported[d.Signature()] {
			res.Repeats++
			continue
		}
		tried[d.Signature()] = true
		if cfg.ShrinkBudget > 0 {
			d = c.shrink(g, src.Values(), d)
		}
		if reported[d.Signature()] {
			res.Repeats++
			continue
		}
		reported[d.Signature()] = true
		d.Case = i
		res.Divergences = append(res.Divergences, d)
	}
	return res, nil
}

// commonPool is pool restricted to what both engines support.
func commonPool(pool *gen.Pool, a, b harness.Engine) (*gen.Pool, []string, error) {
	pool, left, err := pool.Restrict(harness.SupportOf(a))
	if err != nil {
		return nil, nil, fmt.Errorf("diff: %s: %w", a.Name(), err)
	}
	pool, more, err := pool.Restrict(harness.SupportOf(b))
	if err != nil {
		return nil, nil, fmt.Errorf("diff: %s: %w", b.Name(), err)
	}
	return pool, append(left, more...), nil
}

type comparer struct {
	cfg     Config
	queries bool
}

// outcome is how a case ended.
type outcome uint8

const (
	compared outcome = iota // agreed or diverged
	declined                // an engine declined the board
	brokeA                  // A broke: nothing to follow
)

// runCase generates one case on A and follows it on B.
func (c *comparer) runCase(g *gen.Generator, src gen.Source) (*Divergence, outcome) {
	tr := g.Run(src, c.cfg.A, c.cfg.MaxSteps)
	if tr.Err != nil {
		var ee *gen.EngineError
		if errors.As(tr.Err, &ee) && ee.Step < 0 && harness.Declined(tr.Err) {
			return nil, declined
		}
		return nil, brokeA
	}
	return c.follow(tr)
}

// follow replays A's trace on B, comparing after the setup and after every action.
func (c *comparer) follow(tr *gen.Trace) (*Divergence, outcome) {
	idsA, idsB := renumber{}, renumber{}
	a, b := c.cfg.A, c.cfg.B
	broke := func(step int, format string, args ...any) (*Divergence, outcome) {
		return c.divergence(tr, step, nil, nil, nil, fmt.Sprintf(format, args...)), compared
	}
	stB, err := b.Start(tr.Setup)
	if harness.Declined(err) {
		return nil, declined
	}
	if err != nil {
		return broke(-1, "%s could not start the game %s could: %v", b.Name(), a.Name(), err)
	}
	stA := tr.StartState
	for step := -1; step < len(tr.Steps); step++ {
		if step >= 0 {
			act := tr.Steps[step].Action
			next, _, err := b.Apply(stB, act)
			if err != nil {
				return broke(step, "%s refused %q, which %s listed: %v", b.Name(),
					gen.DescribeAction(tr.Steps[step].Before, act), a.Name(), err)
			}
			stA, stB = tr.Steps[step].AfterState, next
		}
		oa, err := observe(a, stA, idsA, c.queries)
		if err != nil {
			return nil, brokeA // A broke while asked again: nothing to compare against
		}
		ob, err := observe(b, stB, idsB, c.queries)
		if err != nil {
			return broke(step, "%s: %v", b.Name(), err)
		}
		if diffs := differences(oa, ob); len(diffs) > 0 {
			return c.divergence(tr, step, oa, ob, diffs, ""), compared
		}
	}
	return nil, compared
}

func (c *comparer) divergence(tr *gen.Trace, step int, oa, ob *observation, diffs []Difference, broke string) *Divergence {
	short := *tr
	short.Steps = tr.Steps[:step+1]
	d := &Divergence{Setup: tr.Setup, Actions: short.Actions(), Step: step, Differences: diffs,
		BrokeB: broke != "", Error: broke, trace: &short}
	d.Log = gen.Log(&short)
	if oa != nil {
		d.Observed = Observed{Snapshot: oa.snap, Could: oa.could}
		if slices.ContainsFunc(diffs, func(x Difference) bool { return x.Part == "legal actions" }) {
			d.Observed.Legal, d.Observed.Illegal = only(oa.legal, ob.legal), only(ob.legal, oa.legal)
		}
	}
	return d
}

// only lists the actions of as that bs does not list.
func only(as, bs []harness.Action) []harness.Action {
	keys := map[string]bool{}
	for _, b := range bs {
		keys[b.Key()] = true
	}
	var out []harness.Action
	for _, a := range as {
		if !keys[a.Key()] {
			out = append(out, a)
		}
	}
	return out
}

// shrink minimizes a diverging case, both engines re-run at every step: first its tape,
// then the case itself with the setup shrinker campaigns use (gen.ShrinkSetup: cards no
// action needs, extra state such as a life total or counters, actions). A candidate
// counts when it diverges in the same area (part of the observation and cards); one an
// engine declines never does.
func (c *comparer) shrink(g *gen.Generator, tape []uint64, d *Divergence) *Divergence {
	want := d.area()
	same := func(d2 *Divergence) bool { return d2 != nil && d2.area() == want }
	res := gen.Shrink(tape, func(src *gen.TapeSource) bool {
		d2, _ := c.runCase(g, src)
		return same(d2)
	}, c.cfg.ShrinkBudget)
	d2, _ := c.runCase(g, gen.ReplayTape(res.Tape))
	if !same(d2) { // not reproducible: report the original
		return d
	}
	d2.Shrinks = res.Shrinks
	set := gen.ShrinkSetup(c.cfg.A, d2.trace, func(tr *gen.Trace) bool {
		d3, _ := c.follow(tr)
		return same(d3)
	}, c.cfg.ShrinkBudget)
	// The candidates started games of their own, and a port may drop the states of
	// earlier games: judge the result on a fresh replay.
	tr := gen.Replay(c.cfg.A, set.Trace.Setup, set.Trace.Actions())
	if d3, _ := c.follow(tr); tr.Err == nil && same(d3) {
		d3.Shrinks = d2.Shrinks + set.Shrinks
		return d3
	}
	return d2
}

// Where says where the engines diverged: "at the start", or "after action 3 (B activates
// Plains [1]: ...)", the action as the game log says it.
func (d *Divergence) Where() string {
	if d.Step < 0 {
		return gen.Place{Step: -1}.String()
	}
	what := d.Actions[d.Step].String()
	if d.trace != nil && d.Step < len(d.trace.Steps) {
		what = gen.DescribeAction(d.trace.Steps[d.Step].Before, d.Actions[d.Step])
	}
	return gen.Place{Step: d.Step, Action: what}.String()
}
