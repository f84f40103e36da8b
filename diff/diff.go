// Package diff is differential testing: it plays generated cases on two engines step by
// step and reports where their observations first differ. Engine A drives (its legal
// actions are walked, as in a campaign) and B follows: after the setup and after each
// action the two snapshots (object IDs renumbered, wording left out), legal action lists
// and mana-query answers are compared field by field. The first case that diverges is
// shrunk on its tape, re-running both engines at every step, to a minimal case that still
// diverges in the same area, and described side by side.
package diff

import (
	"context"
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
	// ShrinkBudget bounds the replays spent shrinking the divergence; 0 means 1000,
	// negative means no shrinking.
	ShrinkBudget int
}

// Result is a differential run: how many cases agreed, and the first divergence.
type Result struct {
	A, B     string // engine names
	Cases    int    // cases run
	Skipped  int    // cases on which A itself broke, so B had nothing to follow
	LeftOut  []string
	Diverged *Divergence
}

// Divergence is the first place two engines disagree, in a shrunk case.
type Divergence struct {
	Case    int              `json:"case"`
	Setup   harness.Setup    `json:"setup"`
	Actions []harness.Action `json:"actions"` // the actions taken up to the divergence
	// Step is the action after which they diverged (an index into Actions); -1: at the
	// start.
	Step int `json:"step"`
	// Differences are the fields they disagree on; BrokeB is set instead when B refused
	// what A allowed or failed (Error says how).
	Differences []Difference `json:"differences,omitempty"`
	BrokeB      bool         `json:"broke_b,omitempty"`
	Error       string       `json:"error,omitempty"`
	Shrinks     int          `json:"shrinks"`
	Log         string       `json:"log"` // A's game log of the case
	// Observed is what A showed at the divergence, for a corpus scenario.
	Observed Observed `json:"-"`
}

// Observed is A's side of a divergence.
type Observed struct {
	Snapshot       harness.Snapshot
	Could          map[harness.CardID]harness.TypeSet
	Legal, Illegal []harness.Action // listed by A only, by B only
}

// Run compares A and B on cfg.Cases generated cases, drawn from the cards and steps both
// support, stopping at the first divergence.
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
	src := gen.NewTapeSource(0)
	for i := 0; i < cfg.Cases; i++ {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		g := gens[i%len(gens)]
		src.Reset(gen.Mix(cfg.Seed + uint64(i)*0x9e3779b97f4a7c15))
		res.Cases++
		d, skipped := c.runCase(g, src)
		if skipped {
			res.Skipped++
		}
		if d == nil {
			continue
		}
		d.Case = i
		if cfg.ShrinkBudget > 0 {
			d = c.shrink(g, src.Values(), d)
			d.Case = i
		}
		res.Diverged = d
		return res, nil
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

// runCase generates one case on A and follows it on B; skipped means A itself broke.
func (c *comparer) runCase(g *gen.Generator, src gen.Source) (d *Divergence, skipped bool) {
	tr := g.Run(src, c.cfg.A, c.cfg.MaxSteps)
	if tr.Err != nil {
		return nil, true
	}
	return c.follow(tr), false
}

// follow replays A's trace on B, comparing after the setup and after every action.
func (c *comparer) follow(tr *gen.Trace) *Divergence {
	idsA, idsB := renumber{}, renumber{}
	a, b := c.cfg.A, c.cfg.B
	broke := func(step int, format string, args ...any) *Divergence {
		return c.divergence(tr, step, nil, nil, nil, fmt.Sprintf(format, args...))
	}
	stB, err := b.Start(tr.Setup)
	if err != nil {
		return broke(-1, "%s could not start the game %s could: %v", b.Name(), a.Name(), err)
	}
	stA := tr.StartState
	for step := -1; step < len(tr.Steps); step++ {
		if step >= 0 {
			act := tr.Steps[step].Action
			next, _, err := b.Apply(stB, act)
			if err != nil {
				return broke(step, "%s refused %s, which %s listed: %v", b.Name(), act, a.Name(), err)
			}
			stA, stB = tr.Steps[step].AfterState, next
		}
		oa, err := observe(a, stA, idsA, c.queries)
		if err != nil {
			return nil // A broke while asked again: nothing to compare against
		}
		ob, err := observe(b, stB, idsB, c.queries)
		if err != nil {
			return broke(step, "%s: %v", b.Name(), err)
		}
		if diffs := differences(oa, ob); len(diffs) > 0 {
			return c.divergence(tr, step, oa, ob, diffs, "")
		}
	}
	return nil
}

func (c *comparer) divergence(tr *gen.Trace, step int, oa, ob *observation, diffs []Difference, broke string) *Divergence {
	actions := tr.Actions()[:step+1]
	d := &Divergence{Setup: tr.Setup, Actions: actions, Step: step, Differences: diffs,
		BrokeB: broke != "", Error: broke}
	short := *tr
	short.Steps = tr.Steps[:step+1]
	d.Log = gen.Log(&short)
	if oa != nil {
		d.Observed = Observed{Snapshot: oa.snap, Could: oa.could}
		for _, x := range diffs {
			if key, ok := strings.CutPrefix(x.Path, "legal: "); ok {
				d.Observed.Legal = append(d.Observed.Legal, withKey(oa.legal, key)...)
				d.Observed.Illegal = append(d.Observed.Illegal, withKey(ob.legal, key)...)
			}
		}
	}
	return d
}

func withKey(actions []harness.Action, key string) []harness.Action {
	var out []harness.Action
	for _, a := range actions {
		if a.Key() == key {
			out = append(out, a)
		}
	}
	return out
}

// same reports whether d2 diverges the way d does: B broke again, or they differ in the
// same area.
func (d *Divergence) same(d2 *Divergence) bool {
	if d2 == nil || d.BrokeB != d2.BrokeB {
		return false
	}
	if d.BrokeB {
		return true
	}
	kinds := func(ds []Difference) []string {
		var out []string
		for _, x := range ds {
			out = append(out, x.kind())
		}
		return out
	}
	return slices.Contains(kinds(d2.Differences), d.Differences[0].kind())
}

// shrink minimizes the diverging case's tape, both engines re-run at every step.
func (c *comparer) shrink(g *gen.Generator, tape []uint64, d *Divergence) *Divergence {
	var last *Divergence
	res := gen.Shrink(tape, func(src *gen.TapeSource) bool {
		d2, _ := c.runCase(g, src)
		if d.same(d2) {
			last = d2
			return true
		}
		return false
	}, c.cfg.ShrinkBudget)
	d2, _ := c.runCase(g, gen.ReplayTape(res.Tape))
	if !d.same(d2) {
		d2 = last
	}
	if d2 == nil { // not reproducible: report the original
		return d
	}
	d2.Shrinks = res.Shrinks
	return d2
}
