package report

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/mtgfuzz/mtgfuzz/campaign"
)

// FaultMatrix is the mutation-kill matrix: for each deliberate engine fault, the property
// that caught it (or none: the fault survives, and some property is missing or too weak).
type FaultMatrix struct {
	Engine string `json:"engine"`
	Seed   uint64 `json:"seed"`
	Checks int    `json:"checks"`
	// Partial marks a matrix interrupted before every fault's search ended.
	Partial bool       `json:"partial,omitempty"`
	Rows    []FaultRow `json:"faults"`
	// ElapsedMS is the matrix's wall time, CasesPerSecond the generated cases of every
	// hunt (FaultRow.Cases summed) per second of it, and Version the build that ran it: a
	// clock decides the first two.
	ElapsedMS      int64   `json:"elapsed_ms"`
	CasesPerSecond float64 `json:"cases_per_second"`
	Version        string  `json:"version"`
}

// FaultRow is one fault's line of the matrix. Everything but Elapsed is a function of the
// seed and the check count.
type FaultRow struct {
	Fault       string `json:"fault"`
	Ruling      string `json:"ruling"`
	Rule        string `json:"rule"`
	Description string `json:"description"`
	// CaughtBy is the property whose campaign failed with the fault on; "" if none did.
	CaughtBy string `json:"caught_by,omitempty"`
	// ByError is set when no property failed and the catch is an engine error (a crash,
	// a listed action refused) instead: it may have nothing to do with the fault.
	ByError bool `json:"by_error,omitempty"`
	// NotRun is set when an interrupt ended the search before a property caught the
	// fault: it neither survived nor was caught.
	NotRun bool `json:"not_run,omitempty"`
	// Tried is how many properties ran, the catching one included, and Cases how many
	// generated cases they ran.
	Tried int `json:"tried"`
	Cases int `json:"cases"`
	// Elapsed is the wall time from switching the fault on to the catch (or to giving up).
	Elapsed time.Duration `json:"-"`
	// ElapsedMS is Elapsed in milliseconds, the one timing in the JSON form.
	ElapsedMS int64 `json:"elapsed_ms"`
	// The shrunk counterexample: its size, first violation and game log.
	Permanents int    `json:"permanents,omitempty"`
	Actions    int    `json:"actions,omitempty"`
	Violation  string `json:"violation,omitempty"`
	Log        string `json:"log,omitempty"`
	// Repro is the one command that shows the catch (or the survival) again.
	Repro string `json:"repro"`
	// Failure is the catching counterexample, for the HTML report's boards.
	Failure *campaign.Failure `json:"-"`
}

// Caught reports whether some property caught the fault.
func (r FaultRow) Caught() bool { return r.CaughtBy != "" }

func (r FaultRow) caughtBy() string {
	if r.ByError {
		return r.CaughtBy + " (engine error)"
	}
	return r.CaughtBy
}

// Survived reports whether every property ran with the fault on and none caught it.
func (r FaultRow) Survived() bool { return !r.Caught() && !r.NotRun }

// Survivors counts the faults no property caught.
func (m *FaultMatrix) Survivors() int {
	n := 0
	for _, r := range m.Rows {
		if r.Survived() {
			n++
		}
	}
	return n
}

// Faults writes m in format f. JSON carries each counterexample's game log; the text form
// keeps to one line per fault and details only the survivors; HTML draws each catch's
// counterexample with opts.Trace.
func Faults(w io.Writer, f Format, m *FaultMatrix, opts Options) error {
	switch f {
	case Text:
		return FaultsText(w, m, opts.Width)
	case JSON:
		for i := range m.Rows {
			m.Rows[i].ElapsedMS = m.Rows[i].Elapsed.Milliseconds()
		}
		return writeJSON(w, m)
	case JUnit:
		return FaultsJUnit(w, m)
	case HTML:
		return FaultsHTML(w, m, opts)
	}
	return fmt.Errorf("unknown report format %q", f)
}

// FaultsText writes the matrix as a table in the engine's fault order (or, where the table
// would be wider than width, as a list: each fault on a line, what became of it under it),
// a count line, and for each surviving fault what it breaks and the command that reruns
// its search. width 0 means no limit.
func FaultsText(w io.Writer, m *FaultMatrix, width int) error {
	if m.Partial {
		fmt.Fprintln(w, "PARTIAL: interrupted; the faults marked \"not run\" were neither caught nor survived")
		fmt.Fprintln(w)
	}
	var b bytes.Buffer
	t := newTable(&b, "FAULT", "RULING", "CAUGHT BY", "TIME", "PERMANENTS", "ACTIONS")
	for _, r := range m.Rows {
		switch {
		case r.Caught():
			t.row(r.Fault, r.Ruling, r.caughtBy(), seconds(r.Elapsed), fmt.Sprint(r.Permanents), fmt.Sprint(r.Actions))
		case r.NotRun:
			t.row(r.Fault, r.Ruling, "not run", seconds(r.Elapsed), "-", "-")
		default:
			t.row(r.Fault, r.Ruling, "SURVIVED", seconds(r.Elapsed), "-", "-")
		}
	}
	if err := t.flush(); err != nil {
		return err
	}
	if width > 0 && widest(b.String()) > width {
		b.Reset()
		faultList(&b, m, width)
	}
	b.WriteTo(w)
	caught, notRun := 0, 0
	for _, r := range m.Rows {
		switch {
		case r.Caught():
			caught++
		case r.NotRun:
			notRun++
		}
	}
	fmt.Fprintf(w, "\n%s (seed %d, %s per property): %d caught, %d survived", plural(len(m.Rows), "fault"),
		m.Seed, plural(m.Checks, "check"), caught, m.Survivors())
	if notRun > 0 {
		fmt.Fprintf(w, ", %d not run", notRun)
	}
	fmt.Fprintln(w)
	if line := tookLine(m.ElapsedMS, m.CasesPerSecond, "cases", m.Version); line != "" {
		fmt.Fprintln(w, line)
	}
	for _, r := range m.Rows {
		if !r.Survived() {
			continue
		}
		fmt.Fprintf(w, "\nSURVIVED %s (ruling %s, CR %s)\n", r.Fault, r.Ruling, r.Rule)
		Wrap(w, r.Description, "  ", width)
		fmt.Fprintf(w, "  no property failed with it on (%s tried)\n", plural(r.Tried, "property"))
		fmt.Fprintf(w, "  reproduce: %s\n", r.Repro)
	}
	return nil
}

// faultList is the matrix for a narrow terminal: each fault's name on a line, then,
// indented, what became of it, its time and its counterexample's size, the parts broken
// between lines to fit width. The ruling is left out: it is the fault's name up to "/".
func faultList(w io.Writer, m *FaultMatrix, width int) {
	for _, r := range m.Rows {
		fmt.Fprintln(w, r.Fault)
		var parts []string
		switch {
		case r.Caught():
			parts = []string{"caught by " + r.caughtBy(), seconds(r.Elapsed), plural(r.Permanents, "permanent"), plural(r.Actions, "action")}
		case r.NotRun:
			parts = []string{"not run", seconds(r.Elapsed)}
		default:
			parts = []string{"SURVIVED", seconds(r.Elapsed)}
		}
		if !strings.HasPrefix(r.Fault, r.Ruling+"/") {
			parts = append(parts, "ruling "+r.Ruling)
		}
		line := "   "
		for i, p := range parts {
			if i > 0 && len(line)+2+len(p) > width {
				fmt.Fprintln(w, line+",")
				line = "   "
			} else if i > 0 {
				line += ","
			}
			line += " " + p
		}
		fmt.Fprintln(w, line)
	}
}

// widest is the length of s's longest line, in runes.
func widest(s string) int {
	n := 0
	for _, l := range strings.Split(s, "\n") {
		n = max(n, utf8.RuneCountInString(l))
	}
	return n
}

// seconds writes a duration as seconds with two decimals.
func seconds(d time.Duration) string { return fmt.Sprintf("%.2fs", d.Seconds()) }

// FaultsJUnit writes the matrix as one testsuite "faults", one testcase per fault: a
// surviving fault is a <failure>. A caught fault carries its counterexample in system-out.
func FaultsJUnit(w io.Writer, m *FaultMatrix) error {
	var g suitesByName
	s := g.get("faults")
	for _, r := range m.Rows {
		c := junitCase{timeMS: r.Elapsed.Milliseconds(), Name: r.Fault, Classname: "faults." + r.Ruling}
		if r.Caught() {
			var b strings.Builder
			fmt.Fprintf(&b, "caught by %s: %s and %s\n", r.caughtBy(), plural(r.Permanents, "permanent"), plural(r.Actions, "action"))
			if r.Violation != "" {
				b.WriteString(r.Violation + "\n")
			}
			b.WriteString(r.Log)
			c.SystemOut = text(b.String())
		} else if r.NotRun {
			c.Skipped = problem("not run: interrupted", "", "")
		} else {
			c.Failure = problem("survived: no property caught it", "survived",
				fmt.Sprintf("%s\n%s tried\nreproduce: %s\n", r.Description, plural(r.Tried, "property"), r.Repro))
		}
		s.add(c)
	}
	props := []junitProperty{{"engine", m.Engine}, {"seed", fmt.Sprint(m.Seed)}, {"checks", fmt.Sprint(m.Checks)}}
	if m.Partial {
		props = append(props, junitProperty{"partial", "true"})
	}
	props = append(props, timingProperties(m.CasesPerSecond, "cases", m.Version)...)
	return writeXML(w, g.build("fuzz faults "+m.Engine, props, m.ElapsedMS))
}
