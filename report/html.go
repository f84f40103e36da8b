package report

import (
	"embed"
	"fmt"
	"html/template"
	"io"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/props"
)

// The HTML report is one self-contained page (its style inline, no script, nothing
// fetched): the summary table, the health warnings and reach per clause, then each
// counterexample as the sequence of boards it went through, with the violation marked on
// the board where it was seen.

//go:embed html/page.tmpl
var pageFS embed.FS

var pageTemplate = template.Must(template.New("page.tmpl").
	Funcs(template.FuncMap{"plural": plural}).
	ParseFS(pageFS, "html/page.tmpl"))

type htmlPage struct {
	Title, Meta, Partial, Counts string
	Took                         string // how the run went (tookLine)
	Columns                      []string
	Rows                         []htmlRow
	Health                       []string
	Clauses                      []htmlClause
	Freq                         []htmlFreq
	Counterexamples              []htmlCounterexample
}

type htmlRow struct{ Cells []htmlCell }

type htmlCell struct {
	Text    string
	Num     bool
	Verdict string // the verdict's CSS class, for a verdict cell
}

type htmlClause struct {
	Prop, Name, Share, Warn string
	Cases, Reached          int
}

type htmlFreq struct {
	Title string
	Rows  []htmlCount
}

type htmlCount struct {
	Name  string
	Count int
}

type htmlCounterexample struct {
	Anchor, ID, Verdict, Class, Citation, Description, Summary, Log string
	Violations, Commands                                            []string
	Boards                                                          []htmlBoard
}

func cell(s string) htmlCell        { return htmlCell{Text: s} }
func num(n int) htmlCell            { return htmlCell{Text: fmt.Sprint(n), Num: true} }
func verdictCell(o string) htmlCell { return htmlCell{Text: o, Verdict: cssClass(o)} }

func cssClass(verdict string) string {
	return strings.ReplaceAll(strings.ToLower(verdict), " ", "")
}

func writePage(w io.Writer, p *htmlPage) error { return pageTemplate.Execute(w, p) }

// CampaignHTML writes r as the HTML page. trace rebuilds each counterexample's boards;
// without it, the game log stands in for them.
func CampaignHTML(w io.Writer, r *campaign.Report, opts Options) error {
	p := &htmlPage{Title: "mtgfuzz campaign: " + r.Engine, Meta: campaignHead(r),
		Columns: []string{"Ruling", "Property", "Cases", "Reached", "Cases reaching it", "Wasted", "Verdict"}, Counts: campaignCounts(r),
		Took: tookLine(r.ElapsedMS, r.CasesPerSecond, "cases", r.Version)}
	if r.Partial {
		p.Partial = partialNote
	}
	last := ""
	for _, row := range propsByRuling(r.Props) {
		ruling := row.ruling
		if ruling == last {
			ruling = ""
		}
		last = row.ruling
		pr := row.item
		wasted := pr.Wasted.Rejected + pr.Wasted.EndedEarly + pr.Wasted.Errors
		p.Rows = append(p.Rows, htmlRow{[]htmlCell{cell(ruling), cell(pr.ID), num(pr.Cases), num(pr.Reached),
			{Text: fmt.Sprintf("%d (%s)", pr.CasesReached, share(pr.CasesReached, pr.Cases)), Num: true}, num(wasted), verdictCell(verdict(pr.Outcome))}})
	}
	if line := wasteLine(r); line != "" {
		p.Counts += "; " + line
	}
	if st := r.Stats; st != nil {
		p.Health = st.Health
		cardsFreq := htmlFreq{Title: "Card (on the board)"}
		for _, c := range st.Cards {
			cardsFreq.Rows = append(cardsFreq.Rows, htmlCount{c.Name, c.Cases})
		}
		actions := htmlFreq{Title: "Action kind (taken)"}
		for _, a := range st.Actions {
			actions.Rows = append(actions.Rows, htmlCount{string(a.Kind), a.Count})
		}
		p.Freq = []htmlFreq{cardsFreq, actions}
	}
	for _, pr := range r.Props {
		for _, c := range pr.Clauses {
			hc := htmlClause{Prop: pr.ID, Name: c.Name, Cases: c.Cases, Reached: c.Reached, Share: share(c.Cases, pr.Cases)}
			if c.Reached == 0 {
				hc.Warn = "UNREACHED"
			}
			p.Clauses = append(p.Clauses, hc)
		}
	}
	bad := slices.DeleteFunc(slices.Clone(r.Props), func(p campaign.PropResult) bool { return p.Outcome == campaign.Passed })
	slices.SortFunc(bad, func(a, b campaign.PropResult) int { return strings.Compare(a.ID, b.ID) })
	for _, pr := range bad {
		cx := htmlCounterexample{Anchor: pr.ID, ID: pr.ID, Verdict: verdict(pr.Outcome), Class: cssClass(verdict(pr.Outcome)),
			Citation: strings.TrimSuffix(strings.TrimPrefix(citation(pr.Rulings, pr.Rules), " ("), ")"), Description: pr.Description}
		if pr.Outcome == campaign.Vacuous {
			cx.Summary = fmt.Sprintf("No case reached its situation in %s: the property proved nothing.", plural(pr.Cases, "case"))
		}
		if f := pr.Failure; f != nil {
			cx.Summary = fmt.Sprintf("Case %d, %s.", f.Case, shrinkSummary(f))
			for _, v := range f.Violations {
				cx.Violations = append(cx.Violations, ViolationText(v, f.Actions))
			}
			if f.CorpusPath != "" {
				cx.Commands = append(cx.Commands, Command+" replay "+campaign.ShellQuote(f.CorpusPath)+opts.EngineArgs)
			}
			cx.Boards, cx.Log = failureBoards(opts.Trace, r.Fault, f)
		}
		if c := opts.repro(pr); c != "" {
			cx.Commands = append(cx.Commands, c)
		}
		p.Counterexamples = append(p.Counterexamples, cx)
	}
	return writePage(w, p)
}

// failureBoards replays a counterexample for its boards; the log stands in when it can't.
func failureBoards(trace Tracer, fault string, f *campaign.Failure) ([]htmlBoard, string) {
	if trace == nil {
		return nil, f.Log
	}
	tr := trace(fault, f.Setup, f.Actions)
	if tr == nil {
		return nil, f.Log
	}
	return boards(tr, f.Violations), ""
}

// share is n of total as a percentage, to one decimal.
func share(n, total int) string {
	if total == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", float64(n)*100/float64(total))
}

// ReplayHTML writes a replay as the HTML page: each file's verdict, and every failed
// scenario with its failures and its boards, drawn from the replayed trace.
func ReplayHTML(w io.Writer, r *Replay) error {
	p := &htmlPage{Title: "mtgfuzz replay: " + r.Engine, Meta: replayHead(r), Columns: []string{"Scenario", "Rulings", "Verdict"},
		Took: tookLine(r.ElapsedMS, r.ScenariosPerSecond, "scenarios", r.Version)}
	if r.Partial {
		p.Partial = fmt.Sprintf("PARTIAL: interrupted after %s", plural(len(r.Files), "scenario"))
	}
	counts := map[string]int{}
	for _, f := range r.sorted() {
		v := f.Verdict()
		counts[v]++
		p.Rows = append(p.Rows, htmlRow{[]htmlCell{cell(f.Path), cell(strings.Join(f.Rulings, ", ")), verdictCell(strings.ToUpper(v))}})
		if v == VerdictPass || v == VerdictUnsupported {
			continue
		}
		cx := htmlCounterexample{Anchor: f.Path, ID: f.Path, Verdict: strings.ToUpper(v), Class: "fail",
			Citation: strings.Join(f.Rulings, ", "), Violations: f.Failures, Log: strings.Join(f.Log, "\n")}
		if v == VerdictInvalid {
			cx.Violations = strings.Split(f.Invalid, "\n")
			p.Counterexamples = append(p.Counterexamples, cx)
			continue
		}
		cx.Commands = []string{replayCommand("replay", f, r), replayCommand("explain", f, r)}
		if f.Trace != nil {
			var seen []props.Violation
			for i, msg := range f.Failures {
				if i < len(f.FailedAt) {
					seen = append(seen, props.Violation{Step: f.FailedAt[i], Message: msg})
				}
			}
			cx.Boards, cx.Log = boards(f.Trace, seen), ""
		}
		p.Counterexamples = append(p.Counterexamples, cx)
	}
	p.Counts = fmt.Sprintf("%s: %d passed, %d failed, %d unsupported, %d engine errors", plural(len(r.Files), "scenario"),
		counts[VerdictPass], counts[VerdictFail], counts[VerdictUnsupported], counts[VerdictError])
	if n := counts[VerdictInvalid]; n > 0 {
		p.Counts += fmt.Sprintf(", %d invalid (not replayed)", n)
	}
	return writePage(w, p)
}

// FaultsHTML writes the fault matrix as the HTML page, each caught fault with the
// counterexample that caught it, on boards replayed with the fault on.
func FaultsHTML(w io.Writer, m *FaultMatrix, opts Options) error {
	trace := opts.Trace
	p := &htmlPage{Title: "mtgfuzz fault matrix: " + m.Engine, Meta: fmt.Sprintf("seed %d, %s per property", m.Seed, plural(m.Checks, "check")),
		Columns: []string{"Fault", "Ruling", "Caught by", "Permanents", "Actions"},
		Took:    tookLine(m.ElapsedMS, m.CasesPerSecond, "cases", m.Version)}
	if m.Partial {
		p.Partial = "PARTIAL: interrupted; the faults marked \"not run\" were neither caught nor survived"
	}
	caught := 0
	for _, r := range m.Rows {
		switch {
		case r.Caught():
			caught++
			p.Rows = append(p.Rows, htmlRow{[]htmlCell{cell(r.Fault), cell(r.Ruling), verdictCell(r.caughtBy()), num(r.Permanents), num(r.Actions)}})
			cx := htmlCounterexample{Anchor: r.Fault, ID: r.Fault, Verdict: "caught by " + r.caughtBy(), Class: "pass",
				Citation: "ruling " + r.Ruling + ", CR " + r.Rule, Description: r.Description, Commands: []string{r.Repro}, Log: r.Log}
			if r.Violation != "" {
				cx.Violations = []string{r.Violation}
			}
			if r.Failure != nil {
				cx.Boards, cx.Log = failureBoards(trace, r.Fault, r.Failure)
			}
			p.Counterexamples = append(p.Counterexamples, cx)
		case r.NotRun:
			p.Rows = append(p.Rows, htmlRow{[]htmlCell{cell(r.Fault), cell(r.Ruling), verdictCell("not run"), cell("-"), cell("-")}})
		default:
			p.Rows = append(p.Rows, htmlRow{[]htmlCell{cell(r.Fault), cell(r.Ruling), verdictCell("SURVIVED"), cell("-"), cell("-")}})
			p.Counterexamples = append(p.Counterexamples, htmlCounterexample{Anchor: r.Fault, ID: r.Fault, Verdict: "SURVIVED", Class: "survived",
				Citation: "ruling " + r.Ruling + ", CR " + r.Rule, Description: r.Description,
				Summary: fmt.Sprintf("No property failed with it on (%s tried).", plural(r.Tried, "property")), Commands: []string{r.Repro}})
		}
	}
	p.Counts = fmt.Sprintf("%s: %d caught, %d survived", plural(len(m.Rows), "fault"), caught, m.Survivors())
	return writePage(w, p)
}
