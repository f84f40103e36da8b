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
}

// ReplayResult is one scenario file's replay.
type ReplayResult struct {
	Path     string   `json:"path"`
	Rulings  []string `json:"rulings"`
	Passed   bool     `json:"passed"`
	Failures []string `json:"failures,omitempty"` // each "file:line: expected ...; got ..."
	Log      []string `json:"log,omitempty"`      // the game log, one line per entry
	// Trace is the replayed game, for the HTML report's boards (failed files only), and
	// FailedAt the step of Trace after which each failure was seen (-1: the start).
	Trace    *gen.Trace `json:"-"`
	FailedAt []int      `json:"-"`
}

// Passed reports whether every file passed.
func (r *Replay) Passed() bool {
	for _, f := range r.Files {
		if !f.Passed {
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
	failed := 0
	for _, f := range r.sorted() {
		if f.Passed {
			fmt.Fprintf(w, "PASS  %s\n", f.Path)
			continue
		}
		failed++
		fmt.Fprintf(w, "FAIL  %s\n", f.Path)
		writeReplayDetail(w, f, r.Fault, "      ")
	}
	_, err := fmt.Fprintf(w, "\n%s (%s): %d passed, %d failed\n", plural(len(r.Files), "scenario"), replayHead(r), len(r.Files)-failed, failed)
	return err
}

// replayHead names the engine and the fault of a replay.
func replayHead(r *Replay) string {
	head := "engine " + r.Engine
	if r.Fault != "" {
		head += ", fault " + r.Fault
	}
	return head
}

// writeReplayDetail explains one failed file; its commands switch on the replay's fault,
// without which the failure would not show again.
func writeReplayDetail(w io.Writer, f ReplayResult, fault, pad string) {
	for _, msg := range f.Failures {
		fmt.Fprintf(w, "%s%s\n", pad, msg)
	}
	if len(f.Log) > 0 {
		fmt.Fprintf(w, "%sgame log:\n", pad)
		for _, l := range f.Log {
			fmt.Fprintf(w, "%s  %s\n", pad, l)
		}
	}
	for _, line := range strings.SplitAfter(replayCommands(f, fault), "\n") {
		if line != "" {
			fmt.Fprintf(w, "%s%s", pad, line)
		}
	}
}

// replayCommands are the reproduce and explain lines of a failed file.
func replayCommands(f ReplayResult, fault string) string {
	flags := ""
	for _, name := range strings.Split(fault, ",") {
		if name != "" {
			flags += " --fault " + campaign.ShellQuote(name)
		}
	}
	return fmt.Sprintf("reproduce: %s replay%s %s\nexplain:   %s explain%s %s\n",
		Command, flags, campaign.ShellQuote(f.Path), Command, flags, campaign.ShellQuote(f.Path))
}

// ReplayJUnit writes r as JUnit XML: one testcase per file, in the testsuite of its first
// ruling (files naming none go under "corpus"), with its rulings as testcase properties.
func ReplayJUnit(w io.Writer, r *Replay) error {
	var g suitesByName
	suite := func(f ReplayResult) (string, string) { return primaryRuling(f.Rulings, "corpus"), f.Path }
	for _, f := range sortedBy(r.Files, suite) {
		ruling, _ := suite(f)
		c := junitCase{Name: f.Path, Classname: "corpus." + ruling, Properties: rulingProperties(f.Rulings)}
		if !f.Passed {
			var b strings.Builder
			writeReplayDetail(&b, f, r.Fault, "")
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
	return writeXML(w, g.build("fuzz replay "+r.Engine, props))
}
