package mutate

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/mtgfuzz/mtgfuzz/internal/mutate/mutant"
)

// Result is one mutant and its verdict.
type Result struct {
	Mutant
	Verdict
	// Equivalent is the reason from the reviewed list of equivalent mutants, for a
	// survivor on it.
	Equivalent string `json:"equivalent,omitempty"`
}

// RunConfig is how the schema's binary is run on each mutant.
type RunConfig struct {
	// Binary judges mutants; Recorder records the reach (Schema), Binary if empty.
	Binary, Recorder string
	Judge            JudgeConfig
	Jobs             int // mutants judged at once (one process each)
	// Limit is how long a judgement may take before it is killed and timed out; 0 means
	// ten times the unmutated engine's, and at least five minutes.
	Limit time.Duration
	// Stop, when closed, starts no more judgements: those running finish, and Run returns
	// the results so far. Cancelling Run's context ends those running too (unjudged).
	Stop <-chan struct{}
	// Baseline, if set, hears the judgement of the engine with no mutant active.
	Baseline func(Verdict)
	// Reach, if set, prunes: each mutant is judged only by the properties and scenarios
	// that reach it (Reach.Units), and one reached by none is Unreached, not run. Its
	// recording was the unmutated engine's judgement: with a Limit given, no baseline
	// is judged again.
	Reach *Reach
	// Progress hears each result as it comes (never concurrently), with how many are done.
	Progress func(r Result, done, total int)
}

// JudgeArgs are the arguments of the fuzz command that judges the active mutant, and
// what it reads on its standard input: the units, as JSON (--units -), if any.
func JudgeArgs(j JudgeConfig) (args []string, stdin []byte) {
	args = []string{"mutate", "--judge", "--campaign-seed", strconv.FormatUint(j.Seed, 10), "--checks", strconv.Itoa(j.Checks),
		"--corpus", j.Corpus, "--case-timeout", j.CaseTimeout.String()}
	if j.Units != nil {
		stdin, _ = json.Marshal(j.Units) // ints, strings: it can't fail
		args = append(args, "--units", "-")
	}
	return args, stdin
}

// Run judges the mutants, Jobs at a time, and returns their results in the order given;
// stopped (Stop, or the context cancelled), the results of those judged, and partial.
// The schema's binary with no mutant active is judged first: if it doesn't survive, the
// campaign or the corpus fails on the engine itself and no mutant can be judged.
func Run(ctx context.Context, cfg RunConfig, mutants []*Mutant, notCompiled map[int]string) (results []Result, partial bool, err error) {
	baseCfg := cfg
	if baseCfg.Limit == 0 {
		baseCfg.Limit = time.Hour
	}
	// The unmutated engine's judgement is what every mutant's is measured against: it
	// must pass, and its time sets the limit. With a reach whose recording passed, and a
	// limit given, it needn't run again. (The recording's time is no measure: recording
	// is many times slower than judging, and a limit ten times it let a mutant that hangs
	// before its first case, out of reach of the case timeout, hold a job for two hours.)
	base := Verdict{Outcome: Survived}
	if cfg.Reach == nil || cfg.Limit == 0 {
		if base, err = judgeOne(ctx, baseCfg, 0, nil); err != nil {
			return nil, false, err
		}
		if cfg.Baseline != nil {
			cfg.Baseline(base)
		}
	}
	if cfg.Limit == 0 {
		// A hang in a case shows much sooner, past JudgeConfig.CaseTimeout: this limit
		// is a backstop, for a hang outside every case (the card table's parse looping
		// as the process starts), generous so that a slower moment of a shared machine
		// can't make a survivor look timed out.
		cfg.Limit = max(10*time.Duration(base.ElapsedMS)*time.Millisecond, 5*time.Minute)
	}
	if base.Outcome != Survived {
		return nil, false, fmt.Errorf("the engine with no mutant does not pass the campaign and the corpus: %s", describeKill(base))
	}
	all := make([]Result, len(mutants))
	var mu sync.Mutex
	done := 0
	var firstErr error
	dispatch(ctx, cfg.Stop, cfg.Jobs, len(mutants), func(i int) {
		m := mutants[i]
		r := Result{Mutant: *m}
		var units *Units
		var without string // the outcome without a run: unreached, uninfected
		if cfg.Reach != nil {
			units, without = cfg.Reach.Units(m)
		}
		if msg, bad := notCompiled[m.ID]; bad {
			r.Verdict = Verdict{Outcome: NotCompiled, Failure: msg}
		} else if without != "" {
			r.Verdict = Verdict{Outcome: without}
		} else {
			v, err := judgeOne(ctx, cfg, m.ID, units)
			if ctx.Err() != nil {
				return // cut short: not judged
			}
			if err != nil {
				mu.Lock()
				firstErr = cmp(firstErr, err)
				mu.Unlock()
				return
			}
			r.Verdict = v
		}
		mu.Lock()
		all[i] = r
		done++
		if cfg.Progress != nil {
			cfg.Progress(r, done, len(mutants))
		}
		mu.Unlock()
	})
	if firstErr != nil {
		return nil, false, firstErr
	}
	for _, r := range all {
		if r.ID != 0 {
			results = append(results, r)
		}
	}
	return results, len(results) < len(mutants), nil
}

// dispatch runs work on 0 to n-1, jobs at a time, in order, until ctx is done or stop is
// closed: no more start then, and dispatch returns when those started have finished.
func dispatch(ctx context.Context, stop <-chan struct{}, jobs, n int, work func(i int)) {
	ch := make(chan int)
	var wg sync.WaitGroup
	for range max(jobs, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range ch {
				work(i)
			}
		}()
	}
feed:
	for i := range n {
		select {
		case <-ctx.Done():
			break feed
		case <-stop:
			break feed
		case ch <- i:
		}
	}
	close(ch)
	wg.Wait()
}

func cmp(first, err error) error {
	if first != nil {
		return first
	}
	return err
}

// judgeOne runs the binary on mutant id (0: none), with the units given (nil: all), and
// reads its verdict. A process that
// dies without one (a fatal error of the runtime: a stack overflow, a concurrent map
// write) is killed by the campaign; one past the limit is timed out.
func judgeOne(ctx context.Context, cfg RunConfig, id int, units *Units) (Verdict, error) {
	ctx, cancel := context.WithTimeout(ctx, cfg.Limit)
	defer cancel()
	start := time.Now()
	j := cfg.Judge
	j.Units = units
	args, stdin := JudgeArgs(j)
	cmd := exec.CommandContext(ctx, cfg.Binary, args...)
	cmd.Stdin = bytes.NewReader(stdin)
	cmd.Env = append(os.Environ(), mutant.Env+"="+strconv.Itoa(id))
	detach(cmd) // a terminal's interrupt is for fuzz mutate, which lets the judgements end
	cmd.WaitDelay = judgeWaitDelay
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	elapsed := time.Since(start).Milliseconds()
	if ctx.Err() == context.DeadlineExceeded {
		return Verdict{Outcome: TimedOut, EngineError: fmt.Sprintf("no verdict within %s", cfg.Limit), ElapsedMS: elapsed}, nil
	}
	var v Verdict
	if jerr := json.Unmarshal(stdout.Bytes(), &v); jerr == nil && v.Outcome != "" {
		return v, nil
	}
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		if stoppedFromOutside(exit.ProcessState) {
			return Verdict{}, fmt.Errorf("mutant %d: its judge was stopped from outside (%s): no verdict", id, exit.ProcessState)
		}
		return Verdict{Outcome: Killed, By: ByCampaign, EngineError: "the process died: " + lastLine(stderr.String()), ElapsedMS: elapsed}, nil
	}
	if err != nil {
		return Verdict{}, fmt.Errorf("running mutant %d: %w", id, err)
	}
	return Verdict{}, fmt.Errorf("mutant %d: no verdict in the judge's output: %q", id, lastLine(stdout.String()))
}

// judgeWaitDelay is how long a judge's output is waited for once the judge has exited (or
// been timed out) before its pipes are closed. Past it, a judge that exited successfully
// gives exec.ErrWaitDelay, and what it wrote is read all the same: only a verdict that
// parses counts. Generous, because a judge starved of CPU on a loaded machine (a full run
// at the lowest priority) can take seconds to have its last output read; a process the
// judge left running with the pipes open would make it wait that long, no longer.
var judgeWaitDelay = 10 * time.Second

// recordOne runs the binary with no mutant active on units, recording the mutants reached.
func recordOne(ctx context.Context, cfg RunConfig, u Units, mutants int) (Recorded, error) {
	ctx, cancel := context.WithTimeout(ctx, cfg.Limit)
	defer cancel()
	j := cfg.Judge
	j.Units = &u
	args, stdin := JudgeArgs(j)
	recorder := cfg.Recorder
	if recorder == "" {
		recorder = cfg.Binary
	}
	cmd := exec.CommandContext(ctx, recorder, args...)
	cmd.Stdin = bytes.NewReader(stdin)
	cmd.Env = append(os.Environ(), mutant.Env+"=0", mutant.RecordEnv+"="+strconv.Itoa(mutants))
	detach(cmd)
	cmd.WaitDelay = judgeWaitDelay
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil && !errors.Is(err, exec.ErrWaitDelay) {
		return Recorded{}, fmt.Errorf("%w: %s", err, lastLine(stderr.String()+"\n"+stdout.String()))
	}
	var rec Recorded
	if err := json.Unmarshal(stdout.Bytes(), &rec); err != nil || rec.Verdict.Outcome == "" {
		return Recorded{}, fmt.Errorf("no record in the judge's output: %q", lastLine(stdout.String()))
	}
	return rec, nil
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	for i := range lines {
		if strings.HasPrefix(lines[i], "fatal error") || strings.HasPrefix(lines[i], "panic:") {
			return lines[i]
		}
	}
	return lines[len(lines)-1]
}
