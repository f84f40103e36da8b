package main

import (
	"encoding/json"
	"errors"
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
	"github.com/mtgfuzz/mtgfuzz/internal/mutate/mutant"
	"github.com/mtgfuzz/mtgfuzz/props"
)

// mutateOptions are fuzz mutate's flags.
type mutateOptions struct {
	judge           bool
	seed            uint64 // the campaign's
	checks          int
	corpus          string
	caseTimeout     time.Duration
	sample          int
	sampleSeed      uint64
	shard           shardFlag
	ids             string
	jobs            int
	limit           time.Duration
	out, json       string
	equivalent      string
	judgeEquivalent bool
	keep            string
	list, keys      bool
	minScore        float64
	prune           bool
	journal         string
	merge           bool
	rejudge         bool
	again           map[string]bool // --rejudge: the keys of the mutants to judge again
	units           string          // the judge's units (internal)
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
	fs.StringVar(&o.ids, "ids", "", "judge only these mutants (comma-separated `IDS`, as --list numbers them); --sample and --shard then pick among them")
	fs.IntVar(&o.jobs, "jobs", runtime.GOMAXPROCS(0), "mutants judged at once, one process each")
	fs.DurationVar(&o.limit, "limit", 0, "a mutant's judgement past this is timed out (default: ten times the unmutated engine's, at least five minutes)")
	fs.StringVar(&o.out, "out", "", "write the text report to `FILE` (default: stdout)")
	fs.StringVar(&o.json, "json", "", "also write the report as JSON to `FILE`")
	fs.StringVar(&o.equivalent, "equivalent", "", "the reviewed list `FILE` of equivalent mutants (default: the module's internal/mutate/equivalent.tsv)")
	fs.StringVar(&o.keep, "keep", "", "write the schema (overlay, sources, binary) into `DIR` and keep it (default: a temporary directory)")
	fs.BoolVar(&o.judgeEquivalent, "judge-equivalent", false, "judge the mutants on the reviewed list of equivalent mutants too (by default they are counted as equivalent without a run: a listed mutant the campaign kills shows the list wrong)")
	fs.BoolVar(&o.list, "list", false, "list the mutants (ID, place, operator, CR rules) without judging them")
	fs.BoolVar(&o.keys, "keys", false, "with --list, list each mutant as its ID and its key, tab-separated: file, function, operator, original, mutated, as a line of the reviewed list of equivalent mutants begins")
	fs.Float64Var(&o.minScore, "min-score", 0, "exit 1 when the campaign with the corpus kills less than this `PERCENT` of the non-equivalent mutants judged")
	fs.BoolVar(&o.prune, "prune", true, "judge each mutant only by the cases and scenarios in which, with no mutant active, its change would alter a value (recorded first, kept in the --keep directory); a mutant whose code none reaches is unreached, one it never alters a value in is uninfected (--prune=false: every case and scenario judges every mutant)")
	fs.StringVar(&o.journal, "journal", "", "append each verdict to `FILE` as it is known, and judge only the mutants it has no verdict for (a run cut short goes on where it stopped)")
	fs.BoolVar(&o.merge, "merge", false, "make the report of the journals and JSON reports named as arguments (a run's shards, or its journal) as one whole run's, judging nothing; with --sample and --seed (--shard, --ids), of those selected")
	fs.BoolVar(&o.rejudge, "rejudge", false, "judge again only the mutants that the journals and JSON reports named as arguments did not see killed by the campaign (survived, killed by the corpus alone, uninfected, unreached), found in this source by their key, so that the reports of an older source (last night's run, before new properties) name the same mutants; --ids, --sample and --shard then pick among them")
	fs.StringVar(&o.units, "units", "", "internal, with --judge: read from standard input (`-`) the properties, their cases and the scenarios to run, as JSON (default all)")
	files, err := c.parse(fs, args)
	switch {
	case err != nil:
		return err
	case o.merge && o.rejudge:
		return usageErrorf("mutate: --merge judges nothing, --rejudge judges again: not both")
	case o.merge && len(files) == 0:
		return usageErrorf("mutate --merge: name the journals or JSON reports to merge")
	case o.rejudge && len(files) == 0:
		return usageErrorf("mutate --rejudge: name the journals or JSON reports whose survivors to judge again")
	case !o.merge && !o.rejudge && len(files) > 0:
		return usageErrorf("mutate takes no arguments (but the files of --merge and --rejudge), got %q", files)
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
		return c.mutateJudge(o, judge)
	}
	if o.merge {
		return c.mutateMerge(o, files)
	}
	if o.rejudge {
		parts, err := readParts(files)
		if err != nil {
			return err
		}
		o.again = mutate.NotKilledByCampaign(parts)
	}
	return c.mutateRun(o, judge)
}

// mutateJudge is --judge: the verdict of the mutant active in this process (the schema's
// binary), on the units given; when recording (mutant.RecordEnv), with the mutants reached.
func (c *cli) mutateJudge(o mutateOptions, judge mutate.JudgeConfig) error {
	switch o.units {
	case "":
	case "-":
		var u mutate.Units
		if err := json.NewDecoder(c.stdin).Decode(&u); err != nil {
			return inputErrorf("--units -: want the units as JSON on standard input: %v", err)
		}
		judge.Units = &u
	default:
		return usageErrorf("--units %s: want - (the units as JSON on standard input)", o.units)
	}
	if mutant.Recording() {
		rec, err := mutate.JudgeRecording(c.ctx, judge)
		if err != nil {
			return err
		}
		return json.NewEncoder(c.stdout).Encode(rec)
	}
	v, err := mutate.Judge(c.ctx, judge)
	if err != nil {
		return err
	}
	return json.NewEncoder(c.stdout).Encode(v)
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
	if o.rejudge {
		found := 0
		for _, m := range src.Mutants {
			if o.again[m.Key()] {
				found++
			}
		}
		c.errorf("--rejudge: the reports did not see %d mutants killed by the campaign; %d of them are in this source (the others' code changed)", len(o.again), found)
	}
	selected, err := selectMutants(o, src.Mutants)
	if err != nil {
		return err
	}
	if o.keys && !o.list {
		return usageErrorf("--keys: only with --list")
	}
	if o.list {
		for _, m := range selected {
			if o.keys {
				fmt.Fprintf(c.stdout, "%d\t%s\n", m.ID, m.Key())
				continue
			}
			fmt.Fprintf(c.stdout, "#%-5d %s %s  %s  [CR %s]\n", m.ID, m.Place(), m.Func, m.Describe(), strings.Join(m.Rules, ", "))
		}
		if o.keys {
			return nil
		}
		_, err := fmt.Fprintf(c.stdout, "%d of %d mutants\n", len(selected), len(src.Mutants))
		return err
	}
	equivalents, err := readEquivalents(o.equivalent, root)
	if err != nil {
		return err
	}
	hash, err := mutate.SourceHash(root, o.corpus)
	if err != nil {
		return inputErrorf("--corpus %s: %v", o.corpus, err)
	}
	settings := mutate.Settings{Hash: hash, Package: "engine", Mutants: len(src.Mutants), Seed: o.seed, Checks: o.checks, Pruned: o.prune}
	judged := map[int]mutate.Result{} // by the journal
	var journal *mutate.Journal
	if o.journal != "" {
		j, old, err := mutate.OpenJournal(o.journal, settings)
		if err != nil {
			return inputErrorf("--journal %v", err)
		}
		defer j.Close()
		journal = j
		for _, r := range old {
			judged[r.ID] = r
		}
	}
	var todo []*mutate.Mutant
	var listed []mutate.Result // on the reviewed list: not judged again
	for _, m := range selected {
		if r, ok := judged[m.ID]; ok && (r.Outcome != mutate.Listed || equivalents[m.Key()] != "") {
			continue
		}
		delete(judged, m.ID) // a listed verdict of a mutant the list no longer names: judged
		if why := equivalents[m.Key()]; why != "" && !o.judgeEquivalent {
			listed = append(listed, mutate.Result{Mutant: *m, Verdict: mutate.Verdict{Outcome: mutate.Listed}})
			continue
		}
		todo = append(todo, m)
	}
	if journal != nil {
		c.errorf("--journal %s: %d of the %d mutants selected judged before, %d to judge", o.journal, len(selected)-len(todo), len(selected), len(todo))
		// The listed ones too, so that the journals of a run's shards merge into the whole.
		for _, r := range listed {
			if err := journal.Add(r); err != nil {
				return inputErrorf("--journal %s: %v", o.journal, err)
			}
		}
	}
	rep := &mutate.Report{Package: "engine", Total: len(src.Mutants), Source: hash, Seed: o.seed, Checks: o.checks, Pruned: o.prune}
	start := time.Now()
	var results []mutate.Result
	partial := false
	if len(todo) > 0 {
		results, partial, err = c.judgeMutants(o, judge, src, todo, journal, rep)
		if err != nil {
			return err
		}
	}
	for _, m := range selected {
		if r, ok := judged[m.ID]; ok {
			r.Equivalent = ""
			results = append(results, r)
		}
	}
	results = append(results, listed...)
	slices.SortFunc(results, func(a, b mutate.Result) int { return a.ID - b.ID })
	mutate.MarkEquivalent(results, equivalents)
	rep.Results = results
	rep.ElapsedMS = time.Since(start).Milliseconds()
	rep.Partial = partial || len(results) < len(selected)
	return c.mutateReport(o, rep, len(src.Mutants))
}

// selectMutants is the mutants --sample, --seed and --shard select among all, or among
// those --ids names and --rejudge judges again.
func selectMutants(o mutateOptions, all []*mutate.Mutant) ([]*mutate.Mutant, error) {
	pool := all
	if o.ids != "" {
		var err error
		if pool, err = pickIDs(all, o.ids); err != nil {
			return nil, err
		}
	}
	if o.rejudge {
		pool = slices.DeleteFunc(slices.Clone(pool), func(m *mutate.Mutant) bool { return !o.again[m.Key()] })
	}
	selected, err := mutate.Select(pool, o.sample, o.sampleSeed, o.shard.k, o.shard.n)
	if err != nil {
		return nil, usageErrorf("%v", err)
	}
	return selected, nil
}

// judgeMutants builds the schema, records the reach when pruning (or reads it from the
// --keep directory), and judges the mutants, each verdict written to the journal as it
// comes. It sets the report's build and reach times.
func (c *cli) judgeMutants(o mutateOptions, judge mutate.JudgeConfig, src *mutate.Source, todo []*mutate.Mutant, journal *mutate.Journal, rep *mutate.Report) ([]mutate.Result, bool, error) {
	dir := o.keep
	if dir == "" {
		tmp, err := os.MkdirTemp("", "mtgfuzz-mutate-")
		if err != nil {
			return nil, false, err
		}
		defer os.RemoveAll(tmp)
		dir = tmp
	}
	start := time.Now()
	c.errorf("building the schema of %d mutants", len(src.Mutants))
	schema, err := src.Build(c.ctx, dir, func(s string) { c.errorf("%s", s) })
	if err != nil {
		return nil, false, err
	}
	rep.BuildMS = time.Since(start).Milliseconds()
	cfg := mutate.RunConfig{Binary: schema.Binary, Recorder: schema.Recorder, Judge: judge, Jobs: o.jobs, Limit: o.limit,
		Baseline: func(v mutate.Verdict) {
			c.errorf("the engine with no mutant passed the campaign (%d cases) and the corpus (%d scenarios) in %s",
				v.Cases, v.Scenarios, time.Duration(v.ElapsedMS)*time.Millisecond)
		}}
	cfg.Stop = c.intr.stop
	c.interruptNotes.Store(&mutateInterrupted)
	c.intr.keepPartial()
	if o.prune {
		reach, err := c.mutateReach(o, cfg, rep, dir)
		if errors.Is(err, mutate.ErrStopped) {
			return nil, true, nil
		} else if err != nil {
			return nil, false, err
		}
		cfg.Reach = reach
	}
	var journalErr error
	cfg.Progress = func(r mutate.Result, done, total int) {
		c.errorf("%d/%d #%d %s in %s %s", done, total, r.ID, r.Outcome, time.Duration(r.ElapsedMS)*time.Millisecond, r.Judged())
		if journal != nil && journalErr == nil {
			journalErr = journal.Add(r)
		}
	}
	results, partial, err := mutate.Run(c.ctx, cfg, todo, schema.NotCompiled)
	if err == nil && journalErr != nil {
		err = inputErrorf("--journal %s: %v", o.journal, journalErr)
	}
	return results, partial, err
}

// mutateReach is the reach of the units of the judgement: kept in dir from an earlier run
// of the same source and settings, or recorded (and kept there).
func (c *cli) mutateReach(o mutateOptions, cfg mutate.RunConfig, rep *mutate.Report, dir string) (*mutate.Reach, error) {
	key := mutate.ReachKey(rep.Source, cfg.Judge)
	path := filepath.Join(dir, "reach.json")
	if r, err := mutate.ReadReach(path, key); err != nil {
		return nil, err
	} else if r != nil {
		c.errorf("the reach recorded before, kept in %s", path)
		return r, nil
	}
	scs, err := mutate.LoadCorpus(o.corpus)
	if err != nil {
		return nil, &inputError{err}
	}
	var propIDs, scenarios []string
	for _, p := range props.All() {
		propIDs = append(propIDs, p.ID)
	}
	for _, sc := range scs {
		scenarios = append(scenarios, sc.Path)
	}
	c.errorf("recording, case by case, which mutants each of %d properties and %d scenarios reaches and infects, with no mutant active", len(propIDs), len(scenarios))
	r, err := mutate.Record(c.ctx, cfg, rep.Total, propIDs, scenarios, func(done, total int) {
		if done%50 == 0 || done == total {
			c.errorf("reach: %d/%d", done, total)
		}
	})
	if err != nil {
		return nil, err
	}
	r.Key = key
	rep.ReachMS = r.WallMS
	c.errorf("recorded the reach in %s (the unmutated engine's judgement: %s)", time.Duration(r.WallMS)*time.Millisecond, time.Duration(r.ElapsedMS)*time.Millisecond)
	if err := r.Write(path); err != nil {
		return nil, err
	}
	return r, nil
}

// readParts reads the journals and JSON reports named.
func readParts(files []string) ([]mutate.Part, error) {
	var parts []mutate.Part
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, inputErrorf("%v", err)
		}
		p, err := mutate.ReadPart(f, data)
		if err != nil {
			return nil, &inputError{err}
		}
		parts = append(parts, p)
	}
	return parts, nil
}

// mutateMerge is --merge: the report of journals and JSON reports, as one run's.
func (c *cli) mutateMerge(o mutateOptions, files []string) error {
	parts, err := readParts(files)
	if err != nil {
		return err
	}
	root := moduleRoot()
	equivalents, err := readEquivalents(o.equivalent, root)
	if err != nil {
		return err
	}
	rep, err := mutate.Merge(parts, equivalents)
	if err != nil {
		return &inputError{err}
	}
	listedMissing(rep, root, equivalents)
	if o.sample > 0 || o.shard.n > 0 || o.ids != "" {
		// The selection is of the mutants as numbered; only their IDs matter here.
		all := make([]*mutate.Mutant, rep.Total)
		for i := range all {
			all[i] = &mutate.Mutant{ID: i + 1}
		}
		selected, err := selectMutants(o, all)
		if err != nil {
			return err
		}
		want := map[int]bool{}
		for _, m := range selected {
			want[m.ID] = true
		}
		rep.Results = slices.DeleteFunc(rep.Results, func(r mutate.Result) bool { return !want[r.ID] })
		rep.Partial = len(rep.Results) < len(selected)
	} else {
		rep.Partial = len(rep.Results) < rep.Total // not every mutant: say which run with --sample
	}
	return c.mutateReport(o, rep, rep.Total)
}

// listedMissing adds to a merged report the mutants on the reviewed list that its journals
// have no verdict for: a run lists them without judging them, and journals written before
// they were kept there lack them. It needs the run's source, the module at root (the
// mutants are named by their ID in the journals, by their key on the list); with another
// source (a count of mutants that differs) it adds nothing, and the report stays partial.
func listedMissing(rep *mutate.Report, root string, equivalents map[string]string) {
	if len(equivalents) == 0 || root == "" || !isDir(filepath.Join(root, "engine")) {
		return
	}
	src, err := mutate.Generate(root, "engine")
	if err != nil || len(src.Mutants) != rep.Total {
		return
	}
	have := map[int]bool{}
	for _, r := range rep.Results {
		have[r.ID] = true
	}
	for _, m := range src.Mutants {
		if !have[m.ID] && equivalents[m.Key()] != "" {
			rep.Results = append(rep.Results, mutate.Result{Mutant: *m, Verdict: mutate.Verdict{Outcome: mutate.Listed}})
		}
	}
	slices.SortFunc(rep.Results, func(a, b mutate.Result) int { return a.ID - b.ID })
	rep.Count()
}

// mutateReport counts and writes the report, text and JSON, and judges --min-score.
func (c *cli) mutateReport(o mutateOptions, rep *mutate.Report, total int) error {
	if o.sample > 0 && o.sample < total {
		rep.Sample, rep.SampleSeed = o.sample, o.sampleSeed
	}
	if o.shard.n > 0 {
		rep.Shard = o.shard.String()
	}
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
