package report

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/gen"
)

// Replay is the result of replaying corpus scenarios against one engine.
type Replay struct {
	Engine string `json:"engine"`
	Fault  string `json:"fault,omitempty"`
	// Partial marks a replay interrupted before every file ran; Files holds those that did.
	Partial bool           `json:"partial,omitempty"`
	Files   []ReplayResult `json:"files"`
	// ElapsedMS is the replay's wall time, ScenariosPerSecond its pace and Version the
	// build that ran it: a clock decides the first two.
	ElapsedMS          int64   `json:"elapsed_ms"`
	ScenariosPerSecond float64 `json:"scenarios_per_second"`
	Version            string  `json:"version"`
	// EngineArgs are the flags selecting the engine under test, added to printed commands.
	EngineArgs string `json:"-"`
	// Conformance adds the table of verdicts by ruling to the text form: what a port
	// publishes.
	Conformance bool `json:"-"`
}

// ReplayResult is one scenario file's replay.
type ReplayResult struct {
	Path     string   `json:"path"`
	Rulings  []string `json:"rulings"`
	Passed   bool     `json:"passed"`
	Failures []string `json:"failures,omitempty"` // each "file:line: expected ...; got ..."
	Log      []string `json:"log,omitempty"`      // the game log, one line per entry
	// Unsupported says what the scenario needs that the engine does not support; it was
	// not replayed.
	Unsupported string `json:"unsupported,omitempty"`
	// Invalid is why the file was not replayed: it does not parse, or its setup is not a
	// valid game ("file:line: what was expected").
	Invalid string `json:"invalid,omitempty"`
	// EngineError is set when the engine broke (a panic, a port that broke the protocol)
	// rather than answering wrongly.
	EngineError bool `json:"engine_error,omitempty"`
	// Trace is the replayed game, for the HTML report's boards (failed files only), and
	// FailedAt the step of Trace after which each failure was seen (-1: the start).
	Trace    *gen.Trace `json:"-"`
	FailedAt []int      `json:"-"`
	// ElapsedMS is the time its replay took, for JUnit.
	ElapsedMS int64 `json:"-"`
}

// Verdicts of a replayed file.
const (
	VerdictPass        = "pass"
	VerdictFail        = "fail"
	VerdictUnsupported = "unsupported"
	VerdictError       = "error"
	VerdictInvalid     = "invalid" // the file did not load
)

// Verdict is the file's verdict.
func (f ReplayResult) Verdict() string {
	switch {
	case f.Passed:
		return VerdictPass
	case f.Invalid != "":
		return VerdictInvalid
	case f.Unsupported != "":
		return VerdictUnsupported
	case f.EngineError:
		return VerdictError
	}
	return VerdictFail
}

// Passed reports whether every file the engine supports passed.
func (r *Replay) Passed() bool {
	for _, f := range r.Files {
		if v := f.Verdict(); v != VerdictPass && v != VerdictUnsupported {
			return false
		}
	}
	return true
}

func (r *Replay) sorted() []ReplayResult {
	files := slices.Clone(r.Files)
	slices.SortStableFunc(files, func(a, b ReplayResult) int { return cmp.Compare(a.Path, b.Path) })
	return files
}

// ReplayReport writes r in format f.
func ReplayReport(w io.Writer, f Format, r *Replay) error {
	switch f {
	case Text:
		return ReplayText(w, r)
	case JSON:
		sorted := *r
		sorted.Files = r.sorted()
		return writeJSON(w, &sorted)
	case JUnit:
		return ReplayJUnit(w, r)
	case HTML:
		return ReplayHTML(w, r)
	}
	return fmt.Errorf("unknown report format %q", f)
}

// ReplayText writes one line per file (PASS or FAIL and its path); under a failed file, its
// failures (file:line and what was expected), its game log and the commands that replay and
// explain it; then a count line.
func ReplayText(w io.Writer, r *Replay) error {
	if r.Partial {
		fmt.Fprintf(w, "PARTIAL: interrupted after %s\n\n", plural(len(r.Files), "scenario"))
	}
	counts := map[string]int{}
	for _, f := range r.sorted() {
		v := f.Verdict()
		counts[v]++
		switch v {
		case VerdictPass:
			fmt.Fprintf(w, "PASS  %s\n", f.Path)
		case VerdictUnsupported:
			fmt.Fprintf(w, "UNSUPPORTED  %s: %s\n", f.Path, f.Unsupported)
		case VerdictInvalid:
			fmt.Fprintf(w, "INVALID  %s\n      %s\n", f.Path, strings.ReplaceAll(f.Invalid, "\n", "\n      "))
		default:
			fmt.Fprintf(w, "%s  %s\n", strings.ToUpper(v), f.Path)
			writeReplayDetail(w, f, r, "      ")
		}
	}
	if r.Conformance {
		fmt.Fprintln(w)
		if err := conformanceTable(w, r); err != nil {
			return err
		}
	}
	fmt.Fprintf(w, "\n%s (%s): %d passed, %d failed", plural(len(r.Files), "scenario"), replayHead(r), counts[VerdictPass], counts[VerdictFail])
	if n := counts[VerdictUnsupported]; n > 0 {
		fmt.Fprintf(w, ", %d unsupported", n)
	}
	if n := counts[VerdictError]; n > 0 {
		fmt.Fprintf(w, ", %d engine errors", n)
	}
	if n := counts[VerdictInvalid]; n > 0 {
		fmt.Fprintf(w, ", %d invalid (not replayed)", n)
	}
	fmt.Fprintln(w)
	if line := tookLine(r.ElapsedMS, r.ScenariosPerSecond, "scenarios", r.Version); line != "" {
		fmt.Fprintln(w, line)
	}
	return nil
}

// replayHead names the engine and the fault of a replay.
func replayHead(r *Replay) string {
	head := "engine " + r.Engine
	if r.Fault != "" {
		head += ", fault " + r.Fault
	}
	return head
}

// conformanceTable counts the engine's verdicts by ruling: one line per ruling ID.
func conformanceTable(w io.Writer, r *Replay) error {
	t := newTable(w, "RULING", "PASS", "FAIL", "UNSUPPORTED", "ERROR")
	// A file that did not load says nothing of the engine: it is left out.
	files := slices.DeleteFunc(r.sorted(), func(f ReplayResult) bool { return f.Verdict() == VerdictInvalid })
	rows := byRuling(files, "-", func(f ReplayResult) ([]string, string) { return f.Rulings, f.Path })
	for i := 0; i < len(rows); {
		counts := map[string]int{}
		j := i
		for ; j < len(rows) && rows[j].ruling == rows[i].ruling; j++ {
			counts[rows[j].item.Verdict()]++
		}
		t.row(rows[i].ruling, fmt.Sprint(counts[VerdictPass]), fmt.Sprint(counts[VerdictFail]),
			fmt.Sprint(counts[VerdictUnsupported]), fmt.Sprint(counts[VerdictError]))
		i = j
	}
	return t.flush()
}

// writeReplayDetail explains one failed file; its commands switch on the replay's fault
// and select its engine, without which the failure would not show again.
func writeReplayDetail(w io.Writer, f ReplayResult, r *Replay, pad string) {
	for _, msg := range f.Failures {
		fmt.Fprintf(w, "%s%s\n", pad, strings.ReplaceAll(msg, "\n", "\n"+pad))
	}
	if len(f.Log) > 0 {
		fmt.Fprintf(w, "%sgame log:\n", pad)
		for _, l := range f.Log {
			fmt.Fprintf(w, "%s  %s\n", pad, l)
		}
	}
	fmt.Fprintf(w, "%sreproduce: %s\n", pad, replayCommand("replay", f, r))
	fmt.Fprintf(w, "%sexplain:   %s\n", pad, replayCommand("explain", f, r))
}

// replayCommand is the command that replays (or explains) a failed file again: with the
// replay's faults switched on and its engine selected, without which the failure would
// not show again.
func replayCommand(verb string, f ReplayResult, r *Replay) string {
	flags := r.EngineArgs
	for _, name := range strings.Split(r.Fault, ",") {
		if name != "" {
			flags += " --fault " + campaign.ShellQuote(name)
		}
	}
	return fmt.Sprintf("%s %s%s %s", Command, verb, flags, campaign.ShellQuote(f.Path))
}

// ReplayJUnit writes r as JUnit XML: one testcase per file, in the testsuite of its first
// ruling (files naming none go under "corpus"), with its rulings as testcase properties. A
// file that did not load is an <error> with its file:line messages.
func ReplayJUnit(w io.Writer, r *Replay) error {
	var g suitesByName
	suite := func(f ReplayResult) (string, string) { return primaryRuling(f.Rulings, "corpus"), f.Path }
	for _, f := range sortedBy(r.Files, suite) {
		ruling, _ := suite(f)
		c := junitCase{timeMS: f.ElapsedMS, Name: f.Path, Classname: "corpus." + ruling, Properties: rulingProperties(f.Rulings)}
		switch f.Verdict() {
		case VerdictUnsupported:
			c.Skipped = problem("unsupported: "+f.Unsupported, "unsupported", "")
		case VerdictInvalid:
			c.Error = problem(firstLine(f.Invalid), "invalid", f.Invalid+"\n")
		case VerdictFail, VerdictError:
			var b strings.Builder
			writeReplayDetail(&b, f, r, "")
			msg := "replay failed"
			if len(f.Failures) > 0 {
				msg = f.Failures[0]
			}
			c.Failure = problem(msg, "replay", b.String())
		}
		g.get(ruling).add(c)
	}
	props := []junitProperty{{"engine", r.Engine}}
	if r.Fault != "" {
		props = append(props, junitProperty{"fault", r.Fault})
	}
	if r.Partial {
		props = append(props, junitProperty{"partial", "true"})
	}
	props = append(props, timingProperties(r.ScenariosPerSecond, "scenarios", r.Version)...)
	return writeXML(w, g.build("fuzz replay "+r.Engine, props, r.ElapsedMS))
}

// firstLine is s up to its first newline.
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
