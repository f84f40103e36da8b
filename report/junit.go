package report

import (
	"encoding/xml"
	"io"
)

// The JUnit XML schema as CI systems (Jenkins, GitLab, GitHub test reporters) read it:
// testsuites > testsuite > testcase, with at most one failure, error or skipped per case.
// Times are left out: the same seed must give the same file.

type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name       string          `xml:"name,attr"`
	Tests      int             `xml:"tests,attr"`
	Failures   int             `xml:"failures,attr"`
	Errors     int             `xml:"errors,attr"`
	Skipped    int             `xml:"skipped,attr"`
	Properties []junitProperty `xml:"properties>property,omitempty"`
	Cases      []junitCase     `xml:"testcase"`
}

type junitProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Failure   *junitProblem `xml:"failure,omitempty"`
	Error     *junitProblem `xml:"error,omitempty"`
	Skipped   *junitProblem `xml:"skipped,omitempty"`
	SystemOut *junitText    `xml:"system-out,omitempty"`
}

type junitProblem struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr,omitempty"`
	Body    string `xml:",cdata"` // CDATA keeps game logs readable in the file
}

type junitText struct {
	Body string `xml:",cdata"`
}

func text(s string) *junitText { return &junitText{s} }

// add appends c to the suite and counts its problem.
func (s *junitSuite) add(c junitCase) {
	s.Tests++
	switch {
	case c.Failure != nil:
		s.Failures++
	case c.Error != nil:
		s.Errors++
	case c.Skipped != nil:
		s.Skipped++
	}
	s.Cases = append(s.Cases, c)
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

func (g *suitesByName) build(name string, props []junitProperty) junitSuites {
	out := junitSuites{Name: name}
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
