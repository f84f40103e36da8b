package report

import (
	"cmp"
	"encoding/xml"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"
)

// The JUnit XML schema as CI systems (Jenkins, GitLab, GitHub test reporters) read it:
// testsuites > testsuite > testcase, with at most one failure, error or skipped per case.
// The time attributes are the one part a clock decides (see timing.go): the rest of the
// file is the same for the same seed.

type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Time     string       `xml:"time,attr,omitempty"` // the run's wall time, in seconds
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	timeMS     int64           // its testcases' times summed
	Name       string          `xml:"name,attr"`
	Tests      int             `xml:"tests,attr"`
	Failures   int             `xml:"failures,attr"`
	Errors     int             `xml:"errors,attr"`
	Skipped    int             `xml:"skipped,attr"`
	Time       string          `xml:"time,attr,omitempty"` // its testcases' times summed
	Properties junitProperties `xml:"properties,omitempty"`
	Cases      []junitCase     `xml:"testcase"`
}

type junitProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

// junitProperties is a <properties> element, left out when empty: encoding/xml writes
// an empty <properties/> for a "properties>property" path, which strict schemas reject.
type junitProperties []junitProperty

type junitPropertyList struct {
	List []junitProperty `xml:"property"`
}

func (p junitProperties) MarshalXML(e *xml.Encoder, start xml.StartElement) error {
	return e.EncodeElement(junitPropertyList{p}, start)
}

func (p *junitProperties) UnmarshalXML(d *xml.Decoder, start xml.StartElement) error {
	var l junitPropertyList
	err := d.DecodeElement(&l, &start)
	*p = l.List
	return err
}

type junitCase struct {
	timeMS     int64           // its time before it becomes the attribute (see add); suites sum it
	Name       string          `xml:"name,attr"`
	Classname  string          `xml:"classname,attr"`
	Time       string          `xml:"time,attr,omitempty"`
	Properties junitProperties `xml:"properties,omitempty"`
	Failure    *junitProblem   `xml:"failure,omitempty"`
	Error      *junitProblem   `xml:"error,omitempty"`
	Skipped    *junitProblem   `xml:"skipped,omitempty"`
	SystemOut  *junitText      `xml:"system-out,omitempty"`
}

type junitProblem struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr,omitempty"`
	Body    string `xml:",cdata"` // CDATA keeps game logs readable in the file
}

type junitText struct {
	Body string `xml:",cdata"`
}

func text(s string) *junitText { return &junitText{xmlSafe(s)} }

// problem is a <failure>, <error> or <skipped> whose texts are safe in XML.
func problem(message, typ, body string) *junitProblem {
	return &junitProblem{Message: xmlSafe(message), Type: typ, Body: xmlSafe(body)}
}

// xmlSafe writes every character XML 1.0 forbids (most C0 controls, lone surrogates,
// U+FFFE and U+FFFF) as a visible \x or \u escape: encoding/xml escapes markup, but
// writes CDATA as is, and a single ESC in a scenario title would make the file unreadable
// to every CI. (XML 1.0, section 2.2: Char.)
func xmlSafe(s string) string {
	if !strings.ContainsFunc(s, forbiddenInXML) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case !forbiddenInXML(r):
			b.WriteRune(r)
		case r < 0x100:
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			fmt.Fprintf(&b, `\u%04x`, r)
		}
	}
	return b.String()
}

func forbiddenInXML(r rune) bool {
	switch {
	case r == '\t' || r == '\n' || r == '\r':
		return false
	case r < 0x20, r == utf8.RuneError, r >= 0xD800 && r <= 0xDFFF, r == 0xFFFE, r == 0xFFFF:
		return true
	}
	return false
}

// add appends c to the suite and counts its problem. Its names and properties are made
// safe for XML here, once for every report.
func (s *junitSuite) add(c junitCase) {
	c.Name, c.Classname = xmlSafe(c.Name), xmlSafe(c.Classname)
	for i := range c.Properties {
		c.Properties[i].Value = xmlSafe(c.Properties[i].Value)
	}
	s.Tests++
	switch {
	case c.Failure != nil:
		s.Failures++
	case c.Error != nil:
		s.Errors++
	case c.Skipped != nil:
		s.Skipped++
	}
	s.timeMS += c.timeMS
	s.Time = junitTime(s.timeMS)
	c.Time = junitTime(c.timeMS)
	s.Cases = append(s.Cases, c)
}

// primaryRuling is the suite an item with these rulings goes in: its first ruling, or
// none. Each item is one testcase, however many rulings it names (they are the testcase's
// properties), so the counts a CI shows are the report's own.
func primaryRuling(rulings []string, none string) string {
	if len(rulings) == 0 {
		return none
	}
	return rulings[0]
}

// rulingProperties lists each ruling as a testcase property.
func rulingProperties(rulings []string) []junitProperty {
	var out []junitProperty
	for _, r := range rulings {
		out = append(out, junitProperty{"ruling", r})
	}
	return out
}

// sortedBy sorts items by suite, then ID, stably: the file is deterministic.
func sortedBy[T any](items []T, key func(T) (suite, id string)) []T {
	out := slices.Clone(items)
	slices.SortStableFunc(out, func(a, b T) int {
		sa, ia := key(a)
		sb, ib := key(b)
		return cmp.Or(cmp.Compare(sa, sb), cmp.Compare(ia, ib))
	})
	return out
}

// suitesByName groups suites in the order names are first added; callers add in sorted
// order, so the file is deterministic.
type suitesByName struct {
	order []string
	byID  map[string]*junitSuite
}

func (g *suitesByName) get(name string) *junitSuite {
	if g.byID == nil {
		g.byID = map[string]*junitSuite{}
	}
	s, ok := g.byID[name]
	if !ok {
		s = &junitSuite{Name: name}
		g.byID[name] = s
		g.order = append(g.order, name)
	}
	return s
}

// build makes the document; elapsedMS is the run's wall time, the testsuites' time.
func (g *suitesByName) build(name string, props []junitProperty, elapsedMS int64) junitSuites {
	out := junitSuites{Name: name, Time: junitTime(elapsedMS)}
	for _, n := range g.order {
		s := *g.byID[n]
		s.Properties = props
		out.Tests += s.Tests
		out.Failures += s.Failures
		out.Errors += s.Errors
		out.Suites = append(out.Suites, s)
	}
	return out
}

func writeXML(w io.Writer, v any) error {
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}
