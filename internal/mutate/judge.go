package mutate

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props"
	"github.com/mtgfuzz/mtgfuzz/scenario"
)

// The outcomes of a mutant.
const (
	Killed      = "killed"       // the campaign or the corpus told it from the engine
	Survived    = "survived"     // neither did
	NotCompiled = "not-compiled" // its guarded form does not compile: not run
	TimedOut    = "timed-out"    // a case hung, or the whole judgement ran past its limit
	// Listed is a mutant on the reviewed list of equivalent mutants, not judged again: the
	// list is what keeps a reviewed survivor from being examined, and paid for, again.
	Listed = "equivalent"
)

// The judges that kill a mutant.
const (
	ByCampaign = "campaign"
	ByCorpus   = "corpus"
)

// Verdict is what judging one mutant found.
type Verdict struct {
	Outcome string `json:"outcome"`
	By      string `json:"by,omitempty"` // ByCampaign or ByCorpus, for Killed and TimedOut
	// For the campaign: the property, its clause, ruling and CR rule violated, and the
	// case; EngineError when the engine broke (a panic, a refused listed action) rather
	// than breaking a property; Vacuous when a property was no longer reached.
	Property    string `json:"property,omitempty"`
	Clause      string `json:"clause,omitempty"`
	Ruling      string `json:"ruling,omitempty"`
	Rule        string `json:"rule,omitempty"`
	Case        *int   `json:"case,omitempty"`
	EngineError string `json:"engine_error,omitempty"`
	Vacuous     bool   `json:"vacuous,omitempty"`
	// For the corpus: the scenario and its first failure.
	Scenario string `json:"scenario,omitempty"`
	Failure  string `json:"failure,omitempty"`
	// Cases is how many generated cases ran, Scenarios how many scenarios replayed.
	Cases     int `json:"cases"`
	Scenarios int `json:"scenarios"`
	// ElapsedMS is the judgement's wall time (the one figure a clock decides).
	ElapsedMS int64 `json:"elapsed_ms"`
}

// JudgeConfig is how a mutant is judged: the default campaign's seed and cases, and the
// corpus directory.
type JudgeConfig struct {
	Seed   uint64
	Checks int
	Corpus string
	// CaseTimeout bounds each case: a mutant that makes the engine loop forever is timed
	// out there.
	CaseTimeout time.Duration
	// MemoryLimit ends the judgement as timed out when the heap grows past it (a mutant
	// that allocates without end); 0 means none.
	MemoryLimit uint64
	// Units, if set, is the part of the campaign and the corpus to run: the properties,
	// cases and scenarios a mutant infects (pruned judging, see reach.go), or the one whose
	// reach is recorded. Nil is all of both.
	Units *Units
	// record, when recording (Record), hears each case's start and end.
	record *caseRecord
}

// Units are places in the campaign's properties (props.All) and in the corpus (its
// scenarios in LoadDir's order), each in order, and, for some of the properties, the only
// cases of them to run.
type Units struct {
	Props     []int `json:"props"`
	Scenarios []int `json:"scenarios"`
	// Cases, for a property's place, is the only cases of it to run (those a mutant
	// infects, see reach.go), in order; a property not in it runs every case.
	Cases map[int]CaseList `json:"cases,omitempty"`
	// AtRisk, for a property's place in Cases, is what of it no case left out reaches:
	// its clauses by name, "" for its situation. The property is vacuous if the cases
	// run leave one of them unreached, as the whole campaign would be.
	AtRisk map[int][]string `json:"at_risk,omitempty"`
}

// Judge runs the campaign on the engine as this process was built (the schema's binary
// with the mutant of mutant.Env active), stopping at its first failing case unshrunk, and
// then, if nothing failed, replays the corpus until a scenario fails. It runs one worker,
// so which case of which property kills a mutant is the same on every run.
func Judge(ctx context.Context, cfg JudgeConfig) (Verdict, error) {
	start := time.Now()
	all := props.All()
	ps := all
	if cfg.Units != nil {
		ps = pick(all, cfg.Units.Props)
	}
	v := Verdict{Outcome: Survived}
	var err error
	if len(ps) > 0 {
		v, err = judgeCampaign(ctx, cfg, ps, cfg.Units.only(all))
		if err != nil || v.Outcome != Survived {
			v.ElapsedMS = time.Since(start).Milliseconds()
			return v, err
		}
	}
	if cfg.Units != nil && len(cfg.Units.Scenarios) == 0 {
		v.ElapsedMS = time.Since(start).Milliseconds()
		return v, nil
	}
	scs, err := loadScenarios(cfg.Corpus, cfg.Units)
	if err != nil {
		return v, err
	}
	eng, err := engine.New(engine.Options{})
	if err != nil {
		return v, err
	}
	for _, sc := range scs {
		v.Scenarios++
		res, broke := replay(eng, sc)
		if !res.Passed && res.Unsupported == "" {
			v.Outcome, v.By, v.Scenario = Killed, ByCorpus, sc.Path
			if rel, err := filepath.Rel(filepath.Dir(cfg.Corpus), sc.Path); err == nil {
				v.Scenario = filepath.ToSlash(rel) // corpus/<ruling>/<name>.yaml
			}
			if broke != "" {
				v.EngineError = broke
			} else if len(res.Failures) > 0 {
				v.Failure = res.Failures[0]
			}
			break
		}
	}
	v.ElapsedMS = time.Since(start).Milliseconds()
	return v, nil
}

// LoadCorpus reads the corpus the mutants are judged by, in the order its places (Units)
// count.
func LoadCorpus(dir string) ([]*scenario.Scenario, error) {
	return vocabulary().LoadDir(dir)
}

// vocabulary is the engine's, which the corpus is read with.
func vocabulary() *scenario.Vocabulary {
	return scenario.NewVocabulary(append(engine.CardNames(), engine.TokenNames()...), engine.CounterKinds(), engine.EntryChoices())
}

// loadScenarios reads the scenarios of the corpus at the places units names (all for nil
// units), reading only those files: a corpus that LoadCorpus reads has them at the same
// places, its sorted files.
func loadScenarios(dir string, units *Units) ([]*scenario.Scenario, error) {
	if units == nil {
		return LoadCorpus(dir)
	}
	paths, err := scenario.Files(dir)
	if err != nil {
		return nil, err
	}
	vocab := vocabulary()
	var out []*scenario.Scenario
	for _, path := range pick(paths, units.Scenarios) {
		sc, err := vocab.Load(path)
		if err != nil {
			return nil, err
		}
		out = append(out, sc)
	}
	return out, nil
}

// pick is the elements of all at places, in the order of places; a place out of range is
// left out.
func pick[T any](all []T, places []int) []T {
	out := make([]T, 0, len(places))
	for _, i := range places {
		if i >= 0 && i < len(all) {
			out = append(out, all[i])
		}
	}
	return out
}

// replay replays a scenario, a panic of the engine being its failure.
func replay(eng harness.Engine, sc *scenario.Scenario) (res *scenario.Result, broke string) {
	defer func() {
		if p := recover(); p != nil {
			res, broke = &scenario.Result{Path: sc.Path}, fmt.Sprintf("panic: %v", p)
		}
	}()
	return scenario.Replay(eng, sc), ""
}

// onlyCases is, by property ID, the only cases of it to run and what of it they alone
// reach (Units.Cases, Units.AtRisk).
type onlyCases map[string]onlyProp

type onlyProp struct {
	cases  map[int]bool
	atRisk []string
}

// only is the cases u restricts, by property ID; nil for none.
func (u *Units) only(all []*props.Property) onlyCases {
	if u == nil || len(u.Cases) == 0 {
		return nil
	}
	out := onlyCases{}
	for place, cases := range u.Cases {
		if place < 0 || place >= len(all) {
			continue
		}
		set := make(map[int]bool, len(cases))
		for _, i := range cases {
			set[i] = true
		}
		out[all[place].ID] = onlyProp{set, u.AtRisk[place]}
	}
	return out
}

// heldOnAll is the verdict of the whole campaign on a property that held on the cases of
// it that ran, when only those were: vacuous where the cases run leave unreached what no
// other case reaches (its situation, "", or a clause). It returns whether the property
// is vacuous, and its first such clause in declared order.
func (o onlyCases) heldOnAll(p *campaign.PropResult) (vacuous bool, clause string) {
	risk := o[p.ID].atRisk
	vacuous = slices.Contains(risk, "") && p.Reached == 0
	for _, c := range p.Clauses {
		if c.Reached == 0 && slices.Contains(risk, c.Name) {
			return true, c.Name
		}
	}
	return vacuous, ""
}

func judgeCampaign(ctx context.Context, cfg JudgeConfig, ps []*props.Property, only onlyCases) (Verdict, error) {
	stop := make(chan struct{})
	var once sync.Once
	halt := func() { once.Do(func() { close(stop) }) }
	var overMemory atomic.Bool
	if cfg.MemoryLimit > 0 {
		done := make(chan struct{})
		defer close(done)
		go watchMemory(cfg.MemoryLimit, done, func() { overMemory.Store(true); halt() })
	}
	conf := campaign.Config{
		Engine:       func() (harness.Engine, error) { return engine.New(engine.Options{}) },
		Props:        ps,
		Seed:         cfg.Seed,
		Checks:       cfg.Checks,
		Workers:      1,
		CaseTimeout:  cfg.CaseTimeout,
		ShrinkBudget: -1,
		// The first case that breaks the engine ends the campaign, as the first that
		// violates a property does (halt): the verdict is the first such case in the
		// campaign's order, whichever properties run (pruned judging).
		StopOnEngineError: true,
		Stop:              stop,
		Progress: func(p campaign.Progress) {
			if p.Failed > 0 || p.Errored > 0 {
				halt()
			}
		},
		RunCase: func(prop string, i int) bool {
			if o, ok := only[prop]; ok && !o.cases[i] {
				return false
			}
			if cfg.record != nil {
				cfg.record.start()
			}
			return true
		},
	}
	if cfg.record != nil {
		conf.CaseDone = cfg.record.done
	}
	rep, err := campaign.Run(ctx, conf)
	if err != nil {
		return Verdict{}, err
	}
	v := Verdict{Outcome: Survived}
	for _, p := range rep.Props {
		v.Cases += p.Cases
	}
	if overMemory.Load() {
		v.Outcome, v.By, v.EngineError = TimedOut, ByCampaign, fmt.Sprintf("the heap grew past %d MB", cfg.MemoryLimit>>20)
		return v, nil
	}
	// A property run on some of its cases is vacuous only if the whole campaign would be.
	clauseOf := map[string]string{}
	for i, p := range rep.Props {
		if _, ok := only[p.ID]; !ok || p.Outcome != campaign.Vacuous {
			continue
		}
		rep.Props[i].Outcome = campaign.Passed
		if vacuous, clause := only.heldOnAll(&p); vacuous {
			rep.Props[i].Outcome, clauseOf[p.ID] = campaign.Vacuous, clause
		}
	}
	// The first property in the report's order that failed, else errored, else was vacuous.
	for _, want := range []campaign.Outcome{campaign.Failed, campaign.Errored, campaign.Vacuous} {
		for _, p := range rep.Props {
			if p.Outcome != want {
				continue
			}
			v.Outcome, v.By, v.Property = Killed, ByCampaign, p.ID
			v.Vacuous = want == campaign.Vacuous
			if f := p.Failure; f != nil {
				c := f.Case
				v.Case = &c
				if len(f.Violations) > 0 {
					viol := f.Violations[0]
					v.Clause, v.Ruling, v.Rule = viol.Clause, viol.Ruling, viol.Rule
				}
				if want == campaign.Errored {
					v.EngineError = firstLine(f.Error)
					if f.TimedOut {
						v.Outcome = TimedOut
					}
				}
			}
			if clause, ok := clauseOf[p.ID]; ok {
				v.Clause = clause
			} else if want == campaign.Vacuous {
				for _, c := range p.Clauses {
					if c.Reached == 0 && c.Unsupported == "" {
						v.Clause = c.Name
						break
					}
				}
			}
			return v, nil
		}
	}
	return v, nil
}

// watchMemory calls over when the heap passes limit.
func watchMemory(limit uint64, done <-chan struct{}, over func()) {
	debug.SetMemoryLimit(int64(limit))
	t := time.NewTicker(100 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-done:
			return
		case <-t.C:
			if heapBytes() > limit {
				over()
				return
			}
		}
	}
}

func firstLine(s string) string {
	for i, c := range s {
		if c == '\n' {
			return s[:i]
		}
	}
	return s
}

func heapBytes() uint64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}
