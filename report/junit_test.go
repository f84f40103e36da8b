package report

import (
	"bytes"
	"encoding/xml"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/campaign"
)

// hostile holds every kind of character XML 1.0 forbids, and markup.
const hostile = "esc\x1b nul\x00 bell\x07 ff\x0c bad\xff ]]> <b>&amp;"

// TestJUnitIsValidXML renders every JUnit report, with titles, descriptions and logs full
// of control characters, and checks each file with a strict XML parser, against the JUnit
// schema (testdata/junit.xsd) with xmllint, and with Python's parser.
func TestJUnitIsValidXML(t *testing.T) {
	rep := sampleReport()
	rep.Props[0].Description = hostile
	rep.Props[3].Failure.Log = "game log " + hostile
	rep.Props[3].Failure.Violations[0].Message = hostile
	replay := sampleReplay()
	replay.Files[0].Path = "corpus/x/" + hostile + ".yaml"
	replay.Files[0].Failures = []string{hostile}
	replay.Files[0].Log = []string{hostile}
	matrix := sampleMatrix()
	matrix.Rows[0].Log = hostile
	matrix.Rows[2].Description = hostile

	files := map[string][]byte{
		"campaign.xml": render(t, func(b *bytes.Buffer) error { return Campaign(b, JUnit, rep, Options{}) }),
		"replay.xml":   render(t, func(b *bytes.Buffer) error { return ReplayReport(b, JUnit, replay) }),
		"faults.xml":   render(t, func(b *bytes.Buffer) error { return Faults(b, JUnit, matrix, Options{}) }),
		// And a real failing campaign's file, as the CLI writes it.
		"real.xml": render(t, func(b *bytes.Buffer) error { return Campaign(b, JUnit, failingRun(t), Options{}) }),
	}
	dir := t.TempDir()
	for name, data := range files {
		d := xml.NewDecoder(bytes.NewReader(data))
		d.Strict = true
		for {
			_, err := d.Token()
			if err != nil {
				require.ErrorContains(t, err, "EOF", "%s does not parse", name)
				break
			}
		}
		if name != "real.xml" {
			assert.Contains(t, string(data), `esc\x1b nul\x00`, "%s: forbidden characters are escaped visibly", name)
		}
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), data, 0o644))
	}
	schema, err := filepath.Abs(filepath.Join("testdata", "junit.xsd"))
	require.NoError(t, err)
	validateJUnit(t, schema, dir)
}

// validateJUnit checks every *.xml under dir against the schema with xmllint and parses it
// with Python. Locally a missing tool skips; in CI (CI=true) it fails, since .ci/run
// installs both.
func validateJUnit(t *testing.T, schema, dir string) {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.xml"))
	require.NotEmpty(t, files)
	for _, tool := range []string{"xmllint", "python3"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%s is missing; .ci/run installs it", tool)
			}
			t.Logf("%s not installed: its check skipped", tool)
			continue
		}
		for _, f := range files {
			var cmd *exec.Cmd
			if tool == "xmllint" {
				cmd = exec.Command("xmllint", "--noout", "--schema", schema, f)
			} else {
				cmd = exec.Command("python3", "-c", "import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])", f)
			}
			out, err := cmd.CombinedOutput()
			assert.NoError(t, err, "%s %s:\n%s", tool, filepath.Base(f), out)
		}
	}
}

// TestJUnitCountsMatchText: one testcase per property however many rulings it checks, so
// the counts are the text report's; the rulings are the testcase's properties.
func TestJUnitCountsMatchText(t *testing.T) {
	rep := sampleReport()
	var doc junitSuites
	require.NoError(t, xml.Unmarshal(render(t, func(b *bytes.Buffer) error { return Campaign(b, JUnit, rep, Options{}) }), &doc))
	failed := 0
	for _, p := range rep.Props {
		if p.Outcome == campaign.Failed || p.Outcome == campaign.Vacuous {
			failed++
		}
	}
	assert.Equal(t, len(rep.Props), doc.Tests)
	assert.Equal(t, failed, doc.Failures)
	text := string(render(t, func(b *bytes.Buffer) error { return CampaignText(b, rep, Options{}) }))
	assert.Contains(t, text, "5 properties:")
	var cases []junitCase
	for _, s := range doc.Suites {
		cases = append(cases, s.Cases...)
	}
	require.Len(t, cases, 5)
	var rulings []string
	for _, c := range cases {
		if c.Name == "b.passes" {
			for _, p := range c.Properties {
				if p.Name == "ruling" {
					rulings = append(rulings, p.Value)
				}
			}
		}
	}
	assert.Equal(t, []string{"mana.tap-for-mana", "mana.could-produce"}, rulings)

	// Replay: one testcase per scenario.
	r := sampleReplay()
	r.Files[0].Rulings = []string{"mana.undefined-type", "mana.could-produce"}
	require.NoError(t, xml.Unmarshal(render(t, func(b *bytes.Buffer) error { return ReplayReport(b, JUnit, r) }), &doc))
	assert.Equal(t, len(r.Files), doc.Tests)
	assert.True(t, strings.HasPrefix(doc.Name, "fuzz replay"))
}
