package mutate

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
)

// Report is a mutation run: what was judged and how each mutant fared.
type Report struct {
	Package string `json:"package"` // "engine"
	Total   int    `json:"mutants"` // mutants of the package
	// Source is the hash of the source and corpus the verdicts are of (SourceHash).
	Source string `json:"source,omitempty"`
	// The campaign that judged them, and the selection (Select).
	Seed       uint64 `json:"campaign_seed"`
	Checks     int    `json:"checks"`
	Sample     int    `json:"sample,omitempty"`
	SampleSeed uint64 `json:"sample_seed,omitempty"`
	Shard      string `json:"shard,omitempty"`
	// Pruned is set when each mutant was judged only by the properties and scenarios
	// reaching it (Reach); ReachMS is how long recording the reach took (0 when it was
	// kept from an earlier run).
	Pruned  bool  `json:"pruned,omitempty"`
	ReachMS int64 `json:"reach_ms,omitempty"`
	// Partial is set when the run was interrupted: Results are the mutants judged.
	Partial   bool     `json:"partial,omitempty"`
	Counts    Counts   `json:"counts"`
	Results   []Result `json:"results"`
	ElapsedMS int64    `json:"elapsed_ms"`
	BuildMS   int64    `json:"build_ms"`
}

// Counts sums the results. Equivalent survivors count as Equivalent, not Survived.
type Counts struct {
	Judged           int `json:"judged"`
	Killed           int `json:"killed"`
	KilledByCampaign int `json:"killed_by_campaign"`
	KilledByCorpus   int `json:"killed_by_corpus"`
	// KilledByBreaking counts the kills (of the campaign's or the corpus's) in which the
	// engine broke (a panic, a refused listed action, a dead process) rather than a
	// property or a scenario's expectation failing.
	KilledByBreaking int `json:"killed_by_breaking"`
	Survived         int `json:"survived"`
	// Unreached counts the mutants no property's run and no scenario reaches (pruned
	// judging): survivors that nothing could kill, holes of the generator's reach.
	Unreached int `json:"unreached,omitempty"`
	// Uninfected counts the mutants whose code is reached but never changes what it
	// computes in any case or scenario (pruned judging): survivors without a run.
	Uninfected int `json:"uninfected,omitempty"`
	Equivalent int `json:"equivalent"`
	// OutOfPool counts those of Equivalent listed as out of the pool (OutOfPool): the
	// change matters only where no card of the pool, nor any input the harness sends, goes.
	OutOfPool   int `json:"out_of_pool,omitempty"`
	NotCompiled int `json:"not_compiled"`
	TimedOut    int `json:"timed_out"`
}

// Count fills Counts from Results.
func (r *Report) Count() {
	c := Counts{Judged: len(r.Results)}
	for _, res := range r.Results {
		switch {
		case res.Outcome == Killed:
			c.Killed++
			if res.EngineError != "" {
				c.KilledByBreaking++
			}
			if res.By == ByCorpus {
				c.KilledByCorpus++
			} else {
				c.KilledByCampaign++
			}
		case res.Survivor() && res.Equivalent != "" || res.Outcome == Listed:
			c.Equivalent++
			if strings.HasPrefix(res.Equivalent, OutOfPool) {
				c.OutOfPool++
			}
		case res.Outcome == Survived:
			c.Survived++
		case res.Outcome == Unreached:
			c.Unreached++
		case res.Outcome == Uninfected:
			c.Uninfected++
		case res.Outcome == NotCompiled:
			c.NotCompiled++
		case res.Outcome == TimedOut:
			c.TimedOut++
		}
	}
	r.Counts = c
}

// Scores are the shares of the mutants that could be told from the engine (judged,
// compiled, not equivalent) that the campaign alone, and the campaign with the corpus,
// killed; a timed-out mutant counts as killed (CI would not pass it).
func (c Counts) Scores() (campaign, both float64) {
	n := c.Judged - c.NotCompiled - c.Equivalent
	if n == 0 {
		return 0, 0
	}
	return 100 * float64(c.KilledByCampaign+c.TimedOut) / float64(n), 100 * float64(c.Killed+c.TimedOut) / float64(n)
}

// Judged says what judged a mutant: the property and clause or the scenario that
// killed it, what timed it out, why it did not compile; "" for a survivor.
func (v Verdict) Judged() string {
	if v.Survivor() {
		return ""
	}
	return describeKill(v)
}

// Survivor reports whether the mutant survived: judged and not killed, or, pruned, not
// run because no case could tell it from the engine (Unreached, Uninfected).
func (v Verdict) Survivor() bool {
	return v.Outcome == Survived || v.Outcome == Unreached || v.Outcome == Uninfected || v.Outcome == Listed
}

// describeKill says what judged a mutant.
func describeKill(v Verdict) string {
	switch {
	case v.Outcome == NotCompiled:
		return "not compiled: " + v.Failure
	case v.By == ByCorpus:
		what := v.Failure
		if v.EngineError != "" {
			what = v.EngineError
		}
		return fmt.Sprintf("scenario %s: %s", v.Scenario, what)
	case v.Property == "":
		return v.EngineError
	}
	s := v.Property
	if v.Clause != "" {
		s += " · " + v.Clause
	}
	switch {
	case v.Vacuous:
		s += " (vacuous)"
	case v.EngineError != "":
		s += " (engine error: " + v.EngineError + ")"
	}
	if v.Case != nil {
		s += fmt.Sprintf(", case %d", *v.Case)
	}
	return s
}

// Text writes the report for people: the figures, the survivors by file and by the CR
// rule their code cites, then every result.
func Text(w io.Writer, r *Report) error {
	c := r.Counts
	sel := "all"
	if r.Sample > 0 {
		sel = fmt.Sprintf("a sample of %d (seed %d)", r.Sample, r.SampleSeed)
	}
	if r.Shard != "" {
		sel += ", shard " + r.Shard
	}
	if r.Partial {
		fmt.Fprintf(w, "PARTIAL: interrupted; the figures are of the mutants judged before\n")
	}
	fmt.Fprintf(w, "mutants of %s/: %d; judged %s: %d, by the campaign (seed %d, %d cases per property) and the corpus\n\n",
		r.Package, r.Total, sel, c.Judged, r.Seed, r.Checks)
	fmt.Fprintf(w, "killed        %5d  (by the campaign %d, by the corpus %d; the engine broke in %d)\n", c.Killed, c.KilledByCampaign, c.KilledByCorpus, c.KilledByBreaking)
	fmt.Fprintf(w, "survived      %5d\n", c.Survived)
	if r.Pruned {
		fmt.Fprintf(w, "uninfected    %5d  (their code runs, but in no case and no scenario does the change alter a value: survivors of the generator's reach, or equivalent)\n", c.Uninfected)
		fmt.Fprintf(w, "unreached     %5d  (no property's run and no scenario reaches their code: survivors of the generator's reach)\n", c.Unreached)
	}
	fmt.Fprintf(w, "equivalent    %5d  (on the reviewed list, %d of them out of the pool; judged only with --judge-equivalent)\n", c.Equivalent, c.OutOfPool)
	fmt.Fprintf(w, "timed out     %5d\n", c.TimedOut)
	fmt.Fprintf(w, "not compiled  %5d\n", c.NotCompiled)
	campaign, both := c.Scores()
	fmt.Fprintf(w, "score: the campaign alone %.1f%%, with the corpus %.1f%% of the non-equivalent mutants\n", campaign, both)
	fmt.Fprintf(w, "took %s (building the schema %s", time.Duration(r.ElapsedMS)*time.Millisecond, time.Duration(r.BuildMS)*time.Millisecond)
	if r.Pruned {
		fmt.Fprintf(w, ", recording the reach %s", time.Duration(r.ReachMS)*time.Millisecond)
	}
	fmt.Fprintf(w, ")\n")
	var survivors []Result
	for _, res := range r.Results {
		if res.Survivor() && res.Equivalent == "" {
			survivors = append(survivors, res)
		}
	}
	if len(survivors) > 0 {
		fmt.Fprintf(w, "\nSURVIVORS BY FILE\n")
		for _, g := range groupBy(survivors, func(res Result) []string { return []string{res.File} }) {
			fmt.Fprintf(w, "%s (%d)\n", g.key, len(g.results))
			for _, res := range g.results {
				unreached := ""
				if res.Outcome != Survived {
					unreached = " (" + res.Outcome + ")"
				}
				fmt.Fprintf(w, "  #%-5d %d:%d %s  %s  [CR %s]%s\n", res.ID, res.Line, res.Col, res.Func, res.Describe(), rulesText(res.Rules), unreached)
			}
		}
		fmt.Fprintf(w, "\nSURVIVORS BY CR RULE (the rules the surrounding code cites)\n")
		for _, g := range groupBy(survivors, func(res Result) []string { return res.Rules }) {
			ids := make([]string, len(g.results))
			for i, res := range g.results {
				ids[i] = fmt.Sprintf("#%d", res.ID)
			}
			fmt.Fprintf(w, "%-12s %3d  %s\n", g.key, len(g.results), strings.Join(ids, " "))
		}
	}
	fmt.Fprintf(w, "\nEVERY MUTANT\n")
	for _, res := range r.Results {
		what := describeKill(res.Verdict)
		if res.Survivor() {
			what = ""
			if res.Equivalent != "" {
				what = "equivalent: " + res.Equivalent
			}
		}
		fmt.Fprintf(w, "#%-5d %-12s %s:%d %s", res.ID, res.Outcome, res.File, res.Line, res.Describe())
		if what != "" {
			fmt.Fprintf(w, "  => %s", what)
		}
		if res.Outcome != NotCompiled && res.Outcome != Unreached && res.Outcome != Uninfected && res.Outcome != Listed {
			fmt.Fprintf(w, " (%s)", (time.Duration(res.ElapsedMS) * time.Millisecond).Round(10*time.Millisecond))
		}
		fmt.Fprintln(w)
	}
	return nil
}

func rulesText(rules []string) string {
	if len(rules) == 0 {
		return "none cited"
	}
	return strings.Join(rules, ", ")
}

type group struct {
	key     string
	results []Result
}

// groupBy groups results under each of their keys ("(none)" for none), keys sorted.
func groupBy(results []Result, keys func(Result) []string) []group {
	m := map[string][]Result{}
	for _, res := range results {
		ks := keys(res)
		if len(ks) == 0 {
			ks = []string{"(none)"}
		}
		for _, k := range ks {
			m[k] = append(m[k], res)
		}
	}
	var out []group
	for k, rs := range m {
		out = append(out, group{k, rs})
	}
	slices.SortFunc(out, func(a, b group) int { return strings.Compare(a.key, b.key) })
	return out
}
