package mutate

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeJudge is a judge binary as a shell script: mutant 0 and even mutants survive, odd
// ones are killed, mutant 7 dies with a panic, mutant 9 hangs and mutant 5 is stopped from
// outside (a kill's SIGTERM).
const fakeJudge = `#!/bin/sh
id=$MTGFUZZ_MUTANT
case $id in
5) kill -TERM $$ ;;
7) echo "panic: engine: broken" >&2; exit 2 ;;
9) sleep 30 ;;
esac
if [ $((id % 2)) -eq 0 ]; then
	echo '{"outcome":"survived","cases":10,"scenarios":3,"elapsed_ms":1}'
else
	echo '{"outcome":"killed","by":"campaign","property":"p","clause":"c","cases":1,"elapsed_ms":1}'
fi
`

func fakeRun(t *testing.T) RunConfig {
	bin := filepath.Join(t.TempDir(), "judge")
	require.NoError(t, os.WriteFile(bin, []byte(fakeJudge), 0o755))
	return RunConfig{Binary: bin, Jobs: 2, Limit: 2 * time.Second}
}

func mutants(ids ...int) []*Mutant {
	var out []*Mutant
	for _, id := range ids {
		out = append(out, &Mutant{ID: id, File: "engine/x.go"})
	}
	return out
}

func TestRun(t *testing.T) {
	cfg := fakeRun(t)
	var base Verdict
	cfg.Baseline = func(v Verdict) { base = v }
	res, partial, err := Run(context.Background(), cfg, mutants(1, 2, 3, 7, 8, 9), map[int]string{8: "undefined: x"})
	require.NoError(t, err)
	assert.False(t, partial)
	assert.Equal(t, 3, base.Scenarios, "the unmutated binary is judged first")
	require.Len(t, res, 6)
	var got []string
	for _, r := range res {
		got = append(got, r.Outcome)
	}
	assert.Equal(t, []string{Killed, Survived, Killed, Killed, NotCompiled, TimedOut}, got, "in the order given")
	assert.Equal(t, "p · c", res[0].Judged())
	assert.Equal(t, "the process died: panic: engine: broken", res[3].EngineError)
	assert.Equal(t, "not compiled: undefined: x", res[4].Judged())
}

// TestRunStoppedFromOutside: a judge ended by a signal from outside (a person's kill)
// gives no verdict, not a kill: the run ends with an error, keeping what it judged.
func TestRunStoppedFromOutside(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no signals")
	}
	cfg := fakeRun(t)
	cfg.Jobs = 1
	_, _, err := Run(context.Background(), cfg, mutants(2, 5), nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "mutant 5: its judge was stopped from outside")
}

func TestRunStopped(t *testing.T) {
	cfg := fakeRun(t)
	stop := make(chan struct{})
	close(stop)
	cfg.Stop = stop
	res, partial, err := Run(context.Background(), cfg, mutants(1, 2, 3), nil)
	require.NoError(t, err)
	assert.True(t, partial, "stopped before every mutant was judged")
	assert.Less(t, len(res), 3)
}

func TestRunBrokenBaseline(t *testing.T) {
	cfg := fakeRun(t)
	bin := filepath.Join(t.TempDir(), "judge")
	require.NoError(t, os.WriteFile(bin, []byte("#!/bin/sh\necho '{\"outcome\":\"killed\",\"by\":\"corpus\",\"scenario\":\"corpus/a.yaml\",\"failure\":\"x\"}'\n"), 0o755))
	cfg.Binary = bin
	_, _, err := Run(context.Background(), cfg, mutants(1), nil)
	assert.ErrorContains(t, err, "the engine with no mutant does not pass the campaign and the corpus: scenario corpus/a.yaml: x")
}

// TestRecordAfterWaitDelay: a judge that exits successfully and leaves a process holding
// its output open gives exec.ErrWaitDelay once the delay is past; its record is read all
// the same (a loaded machine made a full run fail on that).
func TestRecordAfterWaitDelay(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no sh")
	}
	defer func(d time.Duration) { judgeWaitDelay = d }(judgeWaitDelay)
	judgeWaitDelay = 50 * time.Millisecond
	bin := filepath.Join(t.TempDir(), "judge")
	require.NoError(t, os.WriteFile(bin, []byte("#!/bin/sh\necho '{\"verdict\":{\"outcome\":\"survived\",\"cases\":4},\"reached\":[2,3]}'\nsleep 3 &\n"), 0o755))
	rec, err := recordOne(context.Background(), RunConfig{Binary: bin, Limit: 10 * time.Second}, Units{}, 5)
	require.NoError(t, err)
	assert.Equal(t, Survived, rec.Verdict.Outcome)
	assert.Equal(t, 4, rec.Verdict.Cases)
}
