package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/mtgfuzz/mtgfuzz/internal/mutate"
)

// mutateOptions are fuzz mutate's flags.
type mutateOptions struct {
	judge       bool
	seed        uint64 // the campaign's
	checks      int
	corpus      string
	caseTimeout time.Duration
	sample      int
	sampleSeed  uint64
	shard       shardFlag
	ids         string
	jobs        int
	limit       time.Duration
	out, json   string
	equivalent  string
	keep        string
	list        bool
	minScore    float64
}

// mutateCmd is mutation testing of the reference engine judged by the campaign (see
// package internal/mutate): it makes the mutants of engine/, builds them into one binary
// (a schema), judges each by the default campaign and the corpus replay, and writes the
// report, as text and, with --json, as JSON.
func (c *cli) mutateCmd(args []string) error {
	fs := newFlagSet("mutate")
	var o mutateOptions
	fs.BoolVar(&o.judge, "judge", false, "internal: judge the mutant named by $"+"MTGFUZZ_MUTANT and print the verdict as JSON (what mutate runs its schema's binary with)")
	fs.Uint64Var(&o.seed, "campaign-seed", 1, "the seed of the campaign judging each mutant")
	fs.IntVar(&o.checks, "checks", defaultChecks, "generated cases per property judging each mutant")
	fs.StringVar(&o.corpus, "corpus", "", "the corpus `DIR` replayed for a mutant the campaign did not kill (default: the module's corpus/)")
	fs.DurationVar(&o.caseTimeout, "case-timeout", 10*time.Second, "a case running longer times the mutant out")
	fs.IntVar(&o.sample, "sample", 0, "judge a seeded sample of `N` mutants (0: all)")
	fs.Uint64Var(&o.sampleSeed, "seed", 1, "the seed of the sample")
	fs.Var(&o.shard, "shard", "judge the K-th of N disjoint parts of the mutants selected (`K/N`)")
	fs.StringVar(&o.ids, "ids", "", "judge only these mutants (comma-separated `IDS`, as --list numbers them)")
	fs.IntVar(&o.jobs, "jobs", runtime.GOMAXPROCS(0), "mutants judged at once, one process each")
	fs.DurationVar(&o.limit, "limit", 0, "a mutant's judgement past this is timed out (default: ten times the unmutated engine's, at least five minutes)")
	fs.StringVar(&o.out, "out", "", "write the text report to `FILE` (default: stdout)")
	fs.StringVar(&o.json, "json", "", "also write the report as JSON to `FILE`")
	fs.StringVar(&o.equivalent, "equivalent", "", "the reviewed list `FILE` of equivalent mutants (default: the module's internal/mutate/equivalent.tsv)")
	fs.StringVar(&o.keep, "keep", "", "write the schema (overlay, sources, binary) into `DIR` and keep it (default: a temporary directory)")
	fs.BoolVar(&o.list, "list", false, "list the mutants (ID, place, operator, CR rules) without judging them")
	fs.Float64Var(&o.minScore, "min-score", 0, "exit 1 when the campaign with the corpus kills less than this `PERCENT` of the non-equivalent mutants judged")
	if err := c.parseNoArgs(fs, args); err != nil {
		return err
	}
	if o.checks < 1 || o.jobs < 1 || o.sample < 0 || o.caseTimeout <= 0 || o.limit < 0 {
		return usageErrorf("--checks and --jobs must be at least 1, --sample at least 0, --case-timeout positive")
	}
	if o.corpus == "" {
		o.corpus = defaultCorpus()
	}
	if abs, err := filepath.Abs(o.corpus); err == nil {
		o.corpus = abs // the judges may run elsewhere
	}
	judge := mutate.JudgeConfig{Seed: o.seed, Checks: o.checks, Corpus: o.corpus, CaseTimeout: o.caseTimeout, MemoryLimit: 2 << 30}
	if o.judge {
		v, err := mutate.Judge(c.ctx, judge)
		if err != nil {
			return err
		}
		return json.NewEncoder(c.stdout).Encode(v)
	}
	return c.mutateRun(o, judge)
}

func (c *cli) mutateRun(o mutateOptions, judge mutate.JudgeConfig) error {
	root := moduleRoot()
	if root == "" || !isDir(filepath.Join(root, "engine")) {
		return inputErrorf("mutate works on a checkout of mtgfuzz: no engine/ in a module above the working directory")
	}
	src, err := mutate.Generate(root, "engine")
	if err != nil {
		return err
	}
	selected, err := mutate.Select(src.Mutants, o.sample, o.sampleSeed, o.shard.k, o.shard.n)
	if err != nil {
		return usageErrorf("%v", err)
	}
	if o.ids != "" {
		if selected, err = pickIDs(src.Mutants, o.ids); err != nil {
			return err
		}
	}
	if o.list {
		for _, m := range selected {
			fmt.Fprintf(c.stdout, "#%-5d %s %s  %s  [CR %s]\n", m.ID, m.Place(), m.Func, m.Describe(), strings.Join(m.Rules, ", "))
		}
		_, err := fmt.Fprintf(c.stdout, "%d of %d mutants\n", len(selected), len(src.Mutants))
		return err
	}
	equivalents, err := readEquivalents(o.equivalent, root)
	if err != nil {
		return err
	}
	dir := o.keep
	if dir == "" {
		if dir, err = os.MkdirTemp("", "mtgfuzz-mutate-"); err != nil {
			return err
		}
		defer os.RemoveAll(dir)
	}
	start := time.Now()
	c.errorf("building the schema of %d mutants", len(src.Mutants))
	schema, err := src.Build(c.ctx, dir, func(s string) { c.errorf("%s", s) })
	if err != nil {
		return err
	}
	built := time.Since(start)
	cfg := mutate.RunConfig{Binary: schema.Binary, Judge: judge, Jobs: o.jobs, Limit: o.limit,
		Baseline: func(v mutate.Verdict) {
			c.errorf("the engine with no mutant passed the campaign (%d cases) and the corpus (%d scenarios) in %s",
				v.Cases, v.Scenarios, time.Duration(v.ElapsedMS)*time.Millisecond)
		},
		Progress: func(r mutate.Result, done, total int) {
			c.errorf("%d/%d #%d %s in %s %s", done, total, r.ID, r.Outcome, time.Duration(r.ElapsedMS)*time.Millisecond, r.Judged())
		}}
	cfg.Stop = c.intr.stop
	c.interruptNotes.Store(&mutateInterrupted)
	c.intr.keepPartial()
	results, partial, err := mutate.Run(c.ctx, cfg, selected, schema.NotCompiled)
	if err != nil {
		return err
	}
	mutate.MarkEquivalent(results, equivalents)
	rep := &mutate.Report{Package: "engine", Total: len(src.Mutants), Seed: o.seed, Checks: o.checks, Results: results,
		ElapsedMS: time.Since(start).Milliseconds(), BuildMS: built.Milliseconds()}
	if o.sample > 0 && o.sample < len(src.Mutants) {
		rep.Sample, rep.SampleSeed = o.sample, o.sampleSeed
	}
	if o.shard.n > 0 {
		rep.Shard = o.shard.String()
	}
	rep.Partial = partial
	rep.Count()
	if o.json != "" {
		if err := writeFile(o.json, func(w io.Writer) error {
			enc := json.NewEncoder(w)
			enc.SetIndent("", "  ")
			enc.SetEscapeHTML(false)
			return enc.Encode(rep)
		}); err != nil {
			return inputErrorf("--json %s: %v", o.json, err)
		}
	}
	if o.out != "" {
		if err := writeFile(o.out, func(w io.Writer) error { return mutate.Text(w, rep) }); err != nil {
			return inputErrorf("--out %s: %v", o.out, err)
		}
	} else if err := mutate.Text(c.stdout, rep); err != nil {
		return err
	}
	if _, both := rep.Counts.Scores(); both < o.minScore {
		c.errorf("the campaign with the corpus killed %.1f%% of the non-equivalent mutants, under --min-score %.1f", both, o.minScore)
		return errFailed
	}
	return nil
}

// mutateInterrupted is what an interrupt does to a mutation run.
var mutateInterrupted = [2]string{
	"interrupted: no more mutants start; the running judgements end, then the partial report",
	"interrupted again: the running judgements stop; the partial report of those judged follows",
}

// pickIDs is the mutants named by a comma-separated list of IDs.
func pickIDs(all []*mutate.Mutant, list string) ([]*mutate.Mutant, error) {
	var out []*mutate.Mutant
	for _, f := range strings.Split(list, ",") {
		id, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || id < 1 || id > len(all) {
			return nil, usageErrorf("--ids: %q is not a mutant ID (1 to %d)", f, len(all))
		}
		out = append(out, all[id-1])
	}
	slices.SortFunc(out, func(a, b *mutate.Mutant) int { return a.ID - b.ID })
	return slices.Compact(out), nil
}

// readEquivalents reads the reviewed list: the one named, or the module's if it is there.
func readEquivalents(name, root string) (map[string]string, error) {
	if name == "" {
		name = filepath.Join(root, "internal", "mutate", "equivalent.tsv")
		if _, err := os.Stat(name); err != nil {
			return map[string]string{}, nil
		}
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, inputErrorf("--equivalent: %v", err)
	}
	defer f.Close()
	list, err := mutate.ReadEquivalents(name, f)
	if err != nil {
		return nil, &inputError{err}
	}
	return list, nil
}

func isDir(path string) bool {
	info, err := os.Stat(path)
	return err == nil && info.IsDir()
}
