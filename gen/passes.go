package gen

import (
	"fmt"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// PassRun is a run of passes that reads as one line, "pass until [turn N] [A|B] STEP"
// (the corpus verb): Steps[From..To] (inclusive, at least two) are each a pass by the
// player holding priority, and the state after To is the first of the run at the step
// named. Turn is 0 and Active NoPlayer when the line need not say them.
type PassRun struct {
	From, To int
	Turn     int
	Active   harness.Player
	Step     harness.Step
}

// String is the run as a scenario line.
func (r PassRun) String() string {
	s := "pass until"
	if r.Turn > 0 {
		s += fmt.Sprintf(" turn %d", r.Turn)
	}
	if r.Active != harness.NoPlayer {
		s += " " + r.Active.String()
	}
	return s + " " + string(r.Step)
}

// matches reports whether the run's line would stop at snapshot s.
func (r PassRun) matches(s *harness.Snapshot) bool {
	return s.Step == r.Step && (r.Active == harness.NoPlayer || s.Active == r.Active) && (r.Turn == 0 || s.Turn == r.Turn)
}

// PassRuns finds the runs of passes in steps that "pass until" lines can stand for, each
// as long as it can be, earliest first; a run never goes past a step i for which keep(i)
// reports true (a step a note is about), though it may end there. keep may be nil.
//
// A "pass until" line passes for whoever has priority, at least once, and stops after
// the first pass that leaves the game at its step (in its turn and whose turn, if it
// says them). So a run ends on a pass that took the game into a step no earlier pass of
// the run left it in, and its line says as little of turn and player as still stops
// there and not before.
func PassRuns(steps []TraceStep, keep func(int) bool) []PassRun {
	var out []PassRun
	for i := 0; i < len(steps); {
		end := i
		for end < len(steps) && passOfPriority(&steps[end]) && (end == i || keep == nil || !keep(end-1)) {
			end++
		}
		// steps[i:end] are passes; find the last one that enters a step.
		found := false
		for j := end - 1; j > i; j-- {
			if r, ok := runTo(steps, i, j); ok {
				out = append(out, r)
				i, found = j+1, true
				break
			}
		}
		if !found {
			i++
		}
	}
	return out
}

// runTo is the run steps[i..j] as a line, if one stops exactly after j.
func runTo(steps []TraceStep, i, j int) (PassRun, bool) {
	last := steps[j].After
	if last.GameOver {
		return PassRun{}, false
	}
	for _, r := range []PassRun{
		{From: i, To: j, Active: harness.NoPlayer, Step: last.Step},
		{From: i, To: j, Active: last.Active, Step: last.Step},
		{From: i, To: j, Turn: last.Turn, Active: last.Active, Step: last.Step},
	} {
		ok := true
		for k := i; k < j && ok; k++ {
			ok = !r.matches(steps[k].After) && !steps[k].After.GameOver
		}
		if ok {
			return r, true
		}
	}
	return PassRun{}, false
}

// passOfPriority reports whether the step is the pass of the player holding priority.
func passOfPriority(st *TraceStep) bool {
	return st.Action.Kind == harness.Pass && st.Action.Player == st.Before.Priority
}
