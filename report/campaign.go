package report

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props"
)

// Command is how every printed reproduction command starts: it works from the module root
// of a fresh clone, as the README's run command does.
const Command = "go run ./cmd/fuzz"

// Options adjusts how a campaign report is rendered.
type Options struct {
	// Repro returns the command that reproduces one property's verdict (the run form, with
	// its seed); nil uses the failure's own Repro. Vacuous properties have no failure, so
	// without Repro they are printed without a command.
	Repro func(campaign.PropResult) string
	// Trace replays a counterexample for the HTML report's boards; nil shows the game log.
	Trace Tracer
	// EngineArgs are the flags selecting the engine under test and its faults (" --fault X
	// --engine 'CMD'"), added to the printed replay commands; "" for the reference engine.
	EngineArgs string
	// Width is how wide a text report's lines may be (the terminal's); 0: no limit. The
	// fault matrix's table turns into a list where it would be wider.
	Width int
}

func (o Options) repro(p campaign.PropResult) string {
	if o.Repro != nil {
		return o.Repro(p)
	}
	if p.Failure != nil {
		return p.Failure.Repro
	}
	return ""
}

// Campaign writes r in format f.
func Campaign(w io.Writer, f Format, r *campaign.Report, opts Options) error {
	switch f {
	case Text:
		return CampaignText(w, r, opts)
	case JSON:
		return writeJSON(w, r)
	case JUnit:
		return CampaignJUnit(w, r, opts)
	case HTML:
		return CampaignHTML(w, r, opts)
	}
	return fmt.Errorf("unknown report format %q", f)
}

// Held reports whether every property of r that was tested passed: a failed, errored or
// vacuous property means the campaign did not hold; an unsupported one was not tested and
// counts for nothing. A campaign that tested nothing did not hold.
func Held(r *campaign.Report) bool {
	tested := false
	for _, p := range r.Props {
		switch p.Outcome {
		case campaign.Passed:
			tested = true
		case campaign.Unsupported:
		default:
			return false
		}
	}
	return tested
}

// propsByRuling lists each property under each of its rulings, sorted by ruling ID then
// property ID: one line of the table each. A property with no ruling is listed under "-".
func propsByRuling(props []campaign.PropResult) []ruled[campaign.PropResult] {
	return byRuling(props, "-", func(p campaign.PropResult) ([]string, string) { return p.Rulings, p.ID })
}

// verdict is the table's word for an outcome: the ones that fail the gate are in capitals.
func verdict(o campaign.Outcome) string {
	if o == campaign.Passed {
		return string(o)
	}
	return strings.ToUpper(string(o))
}

// CampaignText writes the summary table by ruling, a count line, then every property that
// did not pass with its counterexample, game log and reproduction command.
func CampaignText(w io.Writer, r *campaign.Report, opts Options) error {
	fmt.Fprintln(w, campaignHead(r))
	if r.Support != nil {
		fmt.Fprintf(w, "supports %s\n", supportText(*r.Support))
	}
	if len(r.LeftOut) > 0 {
		fmt.Fprintf(w, "left out %s the engine does not support (see --report json):\n", plural(len(r.LeftOut), "card"))
		io.WriteString(w, wrapList(r.LeftOut, "; ", "  ", listWidth))
	}
	switch {
	case r.StoppedByEngineError:
		fmt.Fprintln(w, "PARTIAL: stopped at the first engine error (--on-engine-error stop); CASES counts the cases run until then")
	case r.Partial:
		fmt.Fprintln(w, partialNote)
	}
	fmt.Fprintln(w)

	t := newTable(w, "RULING", "PROPERTY", "CASES", "REACHED", "VERDICT")
	last := ""
	shown := map[string]bool{} // properties whose clauses are listed already
	for _, row := range propsByRuling(r.Props) {
		ruling := row.ruling
		if ruling == last {
			ruling = ""
		}
		last = row.ruling
		t.row(ruling, row.item.ID, fmt.Sprint(row.item.Cases), fmt.Sprint(row.item.Reached), verdict(row.item.Outcome))
		if !shown[row.item.ID] && !(row.item.Outcome == campaign.Unsupported && row.item.Cases == 0) { // nothing ran: no clause to show
			shown[row.item.ID] = true
			for _, c := range row.item.Clauses {
				t.row("", "  · "+c.Name, fmt.Sprint(c.Cases), fmt.Sprint(c.Reached), clauseVerdict(c))
			}
		}
	}
	if err := t.flush(); err != nil {
		return err
	}

	fmt.Fprintf(w, "\n%s\n", campaignCounts(r))
	if line := tookLine(r.ElapsedMS, r.CasesPerSecond, "cases", r.Version); line != "" {
		fmt.Fprintln(w, line)
	}
	if line := wasteLine(r); line != "" {
		fmt.Fprintln(w, line)
	}
	for _, line := range shardLines(r) {
		fmt.Fprintln(w, line)
	}

	// What failed first (FAIL, ERROR, then VACUOUS), then the health warnings, then what
	// was not tested, listed once.
	bad := slices.Clone(r.Props)
	bad = slices.DeleteFunc(bad, func(p campaign.PropResult) bool {
		return p.Outcome == campaign.Passed || p.Outcome == campaign.Unsupported
	})
	slices.SortFunc(bad, func(a, b campaign.PropResult) int {
		return cmp.Or(cmp.Compare(outcomeRank(a.Outcome), outcomeRank(b.Outcome)), cmp.Compare(a.ID, b.ID))
	})
	for _, p := range bad {
		fmt.Fprintln(w)
		writePropDetail(w, p, opts)
	}
	if r.Stats != nil && len(r.Stats.Health) > 0 {
		fmt.Fprintln(w, "\nhealth:")
		for _, h := range r.Stats.Health {
			fmt.Fprintf(w, "  %s\n", h)
		}
	}
	writeUnsupported(w, r.Props)
	return nil
}

// outcomeRank orders the properties explained: failures first.
func outcomeRank(o campaign.Outcome) int {
	return slices.Index([]campaign.Outcome{campaign.Failed, campaign.Errored, campaign.Vacuous}, o)
}

// listWidth is the width lists are wrapped to.
const listWidth = 92

// writeUnsupported lists the properties not tested, once, grouped by why: the table
// already has a line for each.
func writeUnsupported(w io.Writer, ps []campaign.PropResult) {
	var whys []string
	by := map[string][]string{}
	for _, p := range ps {
		if p.Outcome != campaign.Unsupported {
			continue
		}
		if _, ok := by[p.Unsupported]; !ok {
			whys = append(whys, p.Unsupported)
		}
		by[p.Unsupported] = append(by[p.Unsupported], p.ID)
	}
	if len(whys) == 0 {
		return
	}
	fmt.Fprintf(w, "\nUNSUPPORTED (not tested): %s\n", plural(len(ps)-countTested(ps), "property"))
	for _, why := range whys {
		fmt.Fprintf(w, "  %s:\n", why)
		io.WriteString(w, wrapList(by[why], ", ", "    ", listWidth))
	}
}

func countTested(ps []campaign.PropResult) int {
	n := 0
	for _, p := range ps {
		if p.Outcome != campaign.Unsupported {
			n++
		}
	}
	return n
}

// wrapList writes items joined by sep on lines of at most width columns (an item longer
// than that on a line of its own), each starting with pad.
func wrapList(items []string, sep, pad string, width int) string {
	var b strings.Builder
	line := pad
	for i, item := range items {
		if i < len(items)-1 {
			item += strings.TrimRight(sep, " ")
		}
		if line != pad && len(line)+1+len(item) > width {
			b.WriteString(strings.TrimRight(line, " ") + "\n")
			line = pad
		}
		if line != pad {
			line += " "
		}
		line += item
	}
	b.WriteString(line + "\n")
	return b.String()
}

// campaignHead is the report's first line: the engine, fault, seed and shard.
func campaignHead(r *campaign.Report) string {
	head := "engine " + r.Engine
	if r.Fault != "" {
		head += "  fault " + r.Fault
	}
	head += fmt.Sprintf("  seed %d", r.Seed)
	if r.Shard != "" {
		head += "  shard " + r.Shard
	}
	return head
}

// campaignCounts is the count line: "16 properties: 15 passed, 1 failed, ...".
func campaignCounts(r *campaign.Report) string {
	counts := map[campaign.Outcome]int{}
	for _, p := range r.Props {
		counts[p.Outcome]++
	}
	line := fmt.Sprintf("%s: %d passed, %d failed, %d vacuous, %d errored", plural(len(r.Props), "property"),
		counts[campaign.Passed], counts[campaign.Failed], counts[campaign.Vacuous], counts[campaign.Errored])
	if n := counts[campaign.Unsupported]; n > 0 {
		line += fmt.Sprintf(", %d unsupported (not tested)", n)
	}
	return line
}

// wasteLine sums the cases that checked less than they could, or "" when there are none.
func wasteLine(r *campaign.Report) string {
	var w campaign.Waste
	cases := 0
	for _, p := range r.Props {
		w.Rejected += p.Wasted.Rejected
		w.EndedEarly += p.Wasted.EndedEarly
		w.Errors += p.Wasted.Errors
		cases += p.Cases
	}
	if w == (campaign.Waste{}) {
		return ""
	}
	return fmt.Sprintf("wasted cases: %d rejected, %d ended early, %d engine errors (of %d)", w.Rejected, w.EndedEarly, w.Errors, cases)
}

// partialNote heads the report of an interrupted campaign.
const partialNote = "PARTIAL: interrupted; CASES counts the cases each property ran before the interrupt"

// writePropDetail explains one property that did not pass.
func writePropDetail(w io.Writer, p campaign.PropResult, opts Options) {
	fmt.Fprintf(w, "%s %s%s\n", verdict(p.Outcome), p.ID, citation(p.Rulings, p.Rules))
	if p.Outcome == campaign.Unsupported {
		fmt.Fprintf(w, "  not tested: %s\n", p.Unsupported)
		return
	}
	if p.Description != "" {
		fmt.Fprintf(w, "  %s\n", p.Description)
	}
	if p.Outcome == campaign.Vacuous {
		if un := p.Unreached(); p.Reached > 0 && len(un) > 0 {
			fmt.Fprintf(w, "  no case reached %s %s in %s: %s proved nothing\n", pluralWord(len(un), "clause"),
				strings.Join(un, ", "), plural(p.Cases, "case"), pluralWord(len(un), "that clause"))
		} else {
			fmt.Fprintf(w, "  no case reached its situation in %s: the property proved nothing\n", plural(p.Cases, "case"))
		}
	}
	if f := p.Failure; f != nil {
		writeFailure(w, f, opts)
	}
	for i := range p.More {
		fmt.Fprintf(w, "  counterexample %d of %d, failing another way:\n", i+2, len(p.More)+1)
		writeFailure(w, &p.More[i], opts)
	}
	if c := opts.repro(p); c != "" {
		fmt.Fprintf(w, "  reproduce: %s\n", c)
	}
}

// writeFailure explains one counterexample: its size, violations, game log and file.
func writeFailure(w io.Writer, f *campaign.Failure, opts Options) {
	fmt.Fprintf(w, "  case %d, %s\n", f.Case, shrinkSummary(f))
	for _, v := range f.Violations {
		fmt.Fprintf(w, "  %s\n", ViolationText(v, f.Actions))
	}
	if f.Log != "" {
		fmt.Fprintln(w, "  game log:")
		io.WriteString(w, indent(f.Log, "    "))
	}
	if f.CorpusPath != "" {
		fmt.Fprintf(w, "  saved:     %s\n", f.CorpusPath)
		fmt.Fprintf(w, "  replay:    %s replay %s%s\n", Command, f.CorpusPath, opts.EngineArgs)
	}
}

// shrinkSummary says how far a counterexample was shrunk, and its size: a case that timed
// out or did not fail again is reported as it was found, unshrunk.
func shrinkSummary(f *campaign.Failure) string {
	size := fmt.Sprintf("%s and %s", plural(Permanents(f), "permanent"), plural(len(f.Actions), "action"))
	switch {
	case f.TimedOut:
		return "timed out, unshrunk (a replay would hang too): " + size
	case f.Flaky:
		return "did not fail again on replay, unshrunk: " + size
	case f.ShrinkStopped:
		return fmt.Sprintf("shrinking interrupted after %s, at %s", plural(f.Shrinks, "step"), size)
	}
	return fmt.Sprintf("shrunk in %s to %s", plural(f.Shrinks, "step"), size)
}

// clauseVerdict marks a clause no case reached; a reached clause's verdict is its
// property's, and a clause with moments its property could not judge says how many were
// skipped (props.Verdict.Skip).
func clauseVerdict(c campaign.ClauseResult) string {
	switch {
	case c.Unsupported != "":
		return "UNSUPPORTED"
	case c.Reached == 0:
		return "UNREACHED"
	case c.Skipped > 0:
		return fmt.Sprintf("%d skipped", c.Skipped)
	}
	return ""
}

// citation writes " (rulings a, b; CR 1, 2)", leaving out what is empty.
func citation(rulings, rules []string) string {
	var parts []string
	if len(rulings) > 0 {
		parts = append(parts, "rulings "+strings.Join(rulings, ", "))
	}
	if len(rules) > 0 {
		parts = append(parts, "CR "+strings.Join(rules, ", "))
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, "; ") + ")"
}

// ViolationText is one violation on one line: where (its place, gen.Place, naming the
// action of actions it comes after), which ruling and rule, and the message saying what
// was expected and what happened.
func ViolationText(v props.Violation, actions []harness.Action) string {
	where, ruling, rule, msg := gen.PlaceAfter(actions, v.Step).String(), v.Ruling, v.Rule, v.Message
	var tag []string
	if ruling != "" {
		tag = append(tag, ruling)
	}
	if rule != "" {
		tag = append(tag, "CR "+rule)
	}
	if len(tag) == 0 {
		return fmt.Sprintf("violation %s: %s", where, msg)
	}
	return fmt.Sprintf("violation %s [%s]: %s", where, strings.Join(tag, ", "), msg)
}

// supportText is a support declaration on one line: what it restricts.
func supportText(s harness.Support) string {
	var parts []string
	if s.Cards != nil {
		parts = append(parts, plural(len(s.Cards), "card"))
	}
	for _, l := range []struct {
		name string
		list []string
	}{{"actions", stringsOf(s.Actions)}, {"steps", stringsOf(s.Steps)}, {"queries", stringsOf(s.Queries)}} {
		if l.list != nil {
			parts = append(parts, l.name+" "+orNone(strings.Join(l.list, ", ")))
		}
	}
	return strings.Join(parts, "; ")
}

func stringsOf[S ~string](list []S) []string {
	if list == nil {
		return nil
	}
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = string(s)
	}
	return out
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// Permanents counts the permanents of a counterexample's setup, both players together.
func Permanents(f *campaign.Failure) int {
	return len(f.Setup.Players[0].Battlefield) + len(f.Setup.Players[1].Battlefield)
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
