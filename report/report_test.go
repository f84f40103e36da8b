package report

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// golden compares got with testdata/name, or rewrites it under -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		require.NoError(t, os.WriteFile(path, got, 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "missing golden file; run go test ./report -update")
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s mismatch (-want +got):\n%s", path, diff)
	}
}

// sampleReport has one property of each outcome; "b.passes" covers two rulings and comes
// first in Props, so sorting by ruling is visible in the output.
func sampleReport() *campaign.Report {
	return &campaign.Report{
		Engine:    "reference",
		Seed:      7,
		ElapsedMS: 2480, CasesPerSecond: 128.2, Version: "v1.2.3",
		Props: []campaign.PropResult{
			{ID: "b.passes", Rulings: []string{"mana.tap-for-mana", "mana.could-produce"}, Rules: []string{"106.7", "106.12"},
				Description: "Holds everywhere.", Outcome: campaign.Passed, Cases: 100, Reached: 42, ElapsedMS: 1234, BusyMS: 1500,
				Clauses: []campaign.ClauseResult{{Name: "first", Reached: 40, Cases: 30}, {Name: "second", Reached: 2, Cases: 1}}},
			{ID: "mana.undefined-type/orchard", Rulings: []string{"mana.undefined-type"}, Rules: []string{"106.5"},
				Description: "Exotic Orchard facing no coloured land.", Outcome: campaign.Passed, Cases: 100, Reached: 12},
			{ID: "a.vacuous", Rulings: []string{"mana.tapped-trigger"}, Rules: []string{"106.12a"},
				Description: "Never reached.", Outcome: campaign.Vacuous, Cases: 100, Reached: 0},
			{ID: "mana.undefined-type", Rulings: []string{"mana.undefined-type"}, Rules: []string{"106.5"},
				Description: "Undefined type gives no mana.", Outcome: campaign.Failed, Cases: 17, Reached: 5,
				Failure: &campaign.Failure{
					Case: 16,
					Violations: []props.Violation{{Step: 0, Ruling: "mana.undefined-type", Rule: "106.5",
						Message: "expected: no mana (CR 106.5); got: {C}"}},
					Setup: harness.Setup{Turn: 1, Step: harness.Main1, Players: [2]harness.PlayerSetup{
						{Life: 20, Battlefield: []harness.PermanentSpec{{CardSpec: harness.CardSpec{ID: 1, Name: "Reflecting Pool"}}}},
						{Life: 20, Battlefield: []harness.PermanentSpec{{CardSpec: harness.CardSpec{ID: 2, Name: "Grizzly Bears"}}}},
					}},
					Actions:    []harness.Action{{Player: harness.A, Kind: harness.Activate, Card: 1, Name: "Reflecting Pool"}},
					Log:        "T1 A main1: activate Reflecting Pool's mana ability -> pool {C}\n",
					Shrinks:    9,
					Repro:      "go run ./cmd/fuzz run --props mana.undefined-type --seed 7 --checks 100",
					CorpusPath: "corpus/mana.undefined-type/found-0a1b2c3d.yaml",
				}},
			{ID: "invariant.pure", Rules: []string{"704.3"}, Description: "Same state, same result.",
				Outcome: campaign.Errored, Cases: 3, Reached: 3,
				Failure: &campaign.Failure{Case: 2, Violations: []props.Violation{{Step: -1, Rule: "", Ruling: "invariant.pure",
					Message: "engine panicked: index out of range"}}, Repro: "go run ./cmd/fuzz run --props invariant.pure --seed 7"}},
		},
	}
}

func render(t *testing.T, f func(*bytes.Buffer) error) []byte {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, f(&b))
	return b.Bytes()
}

func TestCampaignText(t *testing.T) {
	r := sampleReport()
	out := render(t, func(b *bytes.Buffer) error { return Campaign(b, Text, r, Options{}) })
	golden(t, "campaign.txt", out)

	s := string(out)
	// Sorted by ruling ID: the property with no ruling ("-") first, then mana.* in order;
	// b.passes appears under both of its rulings.
	assert.Less(t, strings.Index(s, "mana.could-produce"), strings.Index(s, "mana.tap-for-mana"))
	assert.Equal(t, 2, strings.Count(s, "b.passes  "), "listed under each of its two rulings")
	assert.Contains(t, s, "VACUOUS a.vacuous")
	assert.Contains(t, s, "replay:    go run ./cmd/fuzz replay corpus/mana.undefined-type/found-0a1b2c3d.yaml")
	assert.Contains(t, s, "violation after action 1 (A: activate Reflecting Pool ability 0) [mana.undefined-type, CR 106.5]: expected: no mana",
		"the place names the action, from the failure's actions")
	assert.Contains(t, s, "5 properties: 2 passed, 1 failed, 1 vacuous, 1 errored")
	// A second property of the same ruling leaves the ruling cell blank but stays aligned.
	assert.Regexp(t, `\nmana\.undefined-type +mana\.undefined-type +17 +5 +FAIL\n +mana\.undefined-type/orchard +100 +12 +pass\n`, s)
	assert.NotContains(t, s, "1234", "wall time must never reach deterministic output")
}

func TestCampaignReproOption(t *testing.T) {
	// The vacuous property has no failure; only the option can give it a command.
	opts := Options{Repro: func(p campaign.PropResult) string { return "rerun " + p.ID }}
	out := string(render(t, func(b *bytes.Buffer) error { return CampaignText(b, sampleReport(), opts) }))
	assert.Contains(t, out, "reproduce: rerun a.vacuous")
	assert.Contains(t, out, "reproduce: rerun mana.undefined-type")
}

func TestCampaignJSON(t *testing.T) {
	r := sampleReport()
	out := render(t, func(b *bytes.Buffer) error { return Campaign(b, JSON, r, Options{}) })
	golden(t, "campaign.json", out)

	// The JSON is the report as is: it reads back into the same value, its timing
	// included, but the properties' (a clock's detail, for progress and JUnit only).
	var back campaign.Report
	require.NoError(t, json.Unmarshal(out, &back))
	want := sampleReport()
	want.Props[0].ElapsedMS, want.Props[0].BusyMS = 0, 0
	assert.Empty(t, cmp.Diff(want, &back))
}

func TestCampaignJUnit(t *testing.T) {
	out := render(t, func(b *bytes.Buffer) error { return Campaign(b, JUnit, sampleReport(), Options{}) })
	golden(t, "campaign.xml", out)

	var doc junitSuites
	require.NoError(t, xml.Unmarshal(out, &doc))
	// One testcase per property: b.passes checks two rulings, but is one test.
	assert.Equal(t, 5, doc.Tests)
	// The failed and the vacuous property are failures (vacuous must fail a gate); the
	// errored one is an error.
	assert.Equal(t, 2, doc.Failures)
	assert.Equal(t, 1, doc.Errors)
	var names []string
	for _, s := range doc.Suites {
		names = append(names, s.Name)
		for _, c := range s.Cases {
			if c.Name == "a.vacuous" {
				require.NotNil(t, c.Failure)
				assert.Equal(t, "vacuous: situation never reached", c.Failure.Message)
			}
		}
	}
	assert.Equal(t, []string{"-", "mana.tap-for-mana", "mana.tapped-trigger", "mana.undefined-type"}, names, "each property in its first ruling's suite")
	assert.Len(t, doc.Suites[3].Cases, 2, "both properties of mana.undefined-type in one suite")
}

func TestHeld(t *testing.T) {
	r := sampleReport()
	assert.False(t, Held(r))
	r.Props = r.Props[:1]
	assert.True(t, Held(r), "only a passing property")
	r.Props[0].Outcome = campaign.Vacuous
	assert.False(t, Held(r), "vacuous is not a pass")
	assert.False(t, Held(&campaign.Report{}), "no properties ran: nothing held")
}

func sampleReplay() *Replay {
	return &Replay{Engine: "reference", ElapsedMS: 1500, ScenariosPerSecond: 2, Version: "v1.2.3", Files: []ReplayResult{
		{Path: "corpus/mana.undefined-type/pool-alone.yaml", Rulings: []string{"mana.undefined-type"}, Passed: false,
			Failures: []string{"corpus/mana.undefined-type/pool-alone.yaml:14: A's pool: expected {}; got {C}"},
			Log:      []string{"T1 A main1: activate Reflecting Pool's mana ability", "  pool A {C}"}, ElapsedMS: 900},
		{Path: "corpus/mana.could-produce/orchard.yaml", Rulings: []string{"mana.could-produce"}, Passed: true},
		{Path: "corpus/hand/no-ruling.yaml", Passed: true},
		{Path: "corpus/broken.yaml", Invalid: "corpus/broken.yaml:4: tabs can't indent YAML; use spaces"},
	}}
}

func TestReplayRenderers(t *testing.T) {
	r := sampleReplay()
	text := render(t, func(b *bytes.Buffer) error { return ReplayReport(b, Text, r) })
	golden(t, "replay.txt", text)
	s := string(text)
	assert.Less(t, strings.Index(s, "corpus/hand"), strings.Index(s, "corpus/mana.could-produce"), "sorted by path")
	assert.Contains(t, s, "pool-alone.yaml:14: A's pool")
	assert.Contains(t, s, "4 scenarios (engine reference): 2 passed, 1 failed, 1 invalid (not replayed)")
	assert.Contains(t, s, "INVALID  corpus/broken.yaml\n      corpus/broken.yaml:4: tabs")
	assert.False(t, r.Passed())

	js := render(t, func(b *bytes.Buffer) error { return ReplayReport(b, JSON, r) })
	golden(t, "replay.json", js)

	x := render(t, func(b *bytes.Buffer) error { return ReplayReport(b, JUnit, r) })
	golden(t, "replay.xml", x)
	var doc junitSuites
	require.NoError(t, xml.Unmarshal(x, &doc))
	assert.Equal(t, 4, doc.Tests)
	assert.Equal(t, 1, doc.Failures)
	assert.Equal(t, 1, doc.Errors, "the file that did not load is an error")
	assert.Equal(t, "corpus", doc.Suites[0].Name, "a file with no ruling goes under corpus")
	assert.Equal(t, "1.500", doc.Time)
}

func sampleMatrix() *FaultMatrix {
	return &FaultMatrix{Engine: "reference", Seed: 1, Checks: 50, ElapsedMS: 2850, CasesPerSecond: 400.5, Version: "v1.2.3", Rows: []FaultRow{
		{Fault: "mana.undefined-type/gives-colorless", Ruling: "mana.undefined-type", Rule: "106.5",
			Description: "Undefined mana becomes {C}.", CaughtBy: "mana.undefined-type", Tried: 1, Cases: 17,
			Elapsed: 310 * time.Millisecond, Permanents: 1, Actions: 1,
			Violation: "violation after action 1 [mana.undefined-type, CR 106.5]: expected: no mana; got: {C}",
			Log:       "T1 A main1: activate Reflecting Pool's mana ability -> pool {C}\n",
			Repro:     "go run ./cmd/fuzz run --fault mana.undefined-type/gives-colorless --seed 1 --checks 50"},
		{Fault: "invariant.sba/legend-rule-off", Ruling: "invariant.sba", Rule: "704.5j",
			Description: "The legend rule isn't applied.", CaughtBy: "invariant.sba", ByError: true, Tried: 15, Cases: 703,
			Elapsed: 40 * time.Millisecond, Permanents: 2, Actions: 0,
			Repro: "go run ./cmd/fuzz run --props invariant.sba --seed 1 --checks 3 --fault invariant.sba/legend-rule-off"},
		{Fault: "cost.untap-symbol/untapped-pays", Ruling: "cost.untap-symbol", Rule: "107.6",
			Description: "{Q} payable while untapped.", Tried: 12, Cases: 600, Elapsed: 2500 * time.Millisecond,
			Repro: "go run ./cmd/fuzz faults cost.untap-symbol/untapped-pays --seed 1 --checks 50"},
	}}
}

func TestFaultRenderers(t *testing.T) {
	m := sampleMatrix()
	assert.Equal(t, 1, m.Survivors())
	text := render(t, func(b *bytes.Buffer) error { return Faults(b, Text, m, Options{}) })
	golden(t, "faults.txt", text)
	s := string(text)
	assert.Contains(t, s, "0.31s")
	assert.Contains(t, s, "SURVIVED cost.untap-symbol/untapped-pays (ruling cost.untap-symbol, CR 107.6)")
	assert.Contains(t, s, "no property failed with it on (12 properties tried)")
	assert.Contains(t, s, "3 faults (seed 1, 50 checks per property): 2 caught, 1 survived")
	assert.Contains(t, s, "invariant.sba (engine error)", "a catch by an engine error is marked")

	// On an 80-column terminal the table (wider) becomes a list that fits; at 100 the
	// table fits and stays.
	narrow := string(render(t, func(b *bytes.Buffer) error { return Faults(b, Text, m, Options{Width: 80}) }))
	golden(t, "faults-80.txt", []byte(narrow))
	for _, l := range strings.Split(narrow, "\n") {
		if !strings.Contains(l, "reproduce: ") { // a command is copied whole
			assert.LessOrEqual(t, len([]rune(l)), 80, "%q", l)
		}
	}
	assert.Contains(t, narrow, "mana.undefined-type/gives-colorless\n    caught by mana.undefined-type, 0.31s, 1 permanent, 1 action\n")
	assert.Contains(t, narrow, "3 faults (seed 1, 50 checks per property): 2 caught, 1 survived")
	assert.Equal(t, s, string(render(t, func(b *bytes.Buffer) error { return Faults(b, Text, m, Options{Width: 200}) })))
	tight := string(render(t, func(b *bytes.Buffer) error { return Faults(b, Text, m, Options{Width: 40}) }))
	assert.Contains(t, tight, "invariant.sba/legend-rule-off\n    caught by invariant.sba (engine error),\n    0.04s, 2 permanents, 0 actions\n")

	js := render(t, func(b *bytes.Buffer) error { return Faults(b, JSON, m, Options{}) })
	golden(t, "faults.json", js)
	var back FaultMatrix
	require.NoError(t, json.Unmarshal(js, &back))
	assert.EqualValues(t, 310, back.Rows[0].ElapsedMS)
	assert.Equal(t, m.Rows[0].Log, back.Rows[0].Log, "JSON carries the game log")

	x := render(t, func(b *bytes.Buffer) error { return Faults(b, JUnit, m, Options{}) })
	golden(t, "faults.xml", x)
	var doc junitSuites
	require.NoError(t, xml.Unmarshal(x, &doc))
	assert.Equal(t, 3, doc.Tests)
	assert.Equal(t, 1, doc.Failures, "only the survivor fails")
}

func TestParseFormat(t *testing.T) {
	f, err := ParseFormat("junit")
	require.NoError(t, err)
	assert.Equal(t, JUnit, f)
	_, err = ParseFormat("xml")
	assert.EqualError(t, err, `unknown report format "xml": want one of text, json, junit, html`)
}

func TestCampaignTextShowsUnreachedClauses(t *testing.T) {
	r := &campaign.Report{Engine: "reference", Seed: 1, Props: []campaign.PropResult{{
		ID: "c.half-vacuous", Rulings: []string{"mana.tapped-trigger"}, Rules: []string{"106.12a"},
		Description: "One clause never reached.", Outcome: campaign.Vacuous, Cases: 100, Reached: 9,
		Clauses: []campaign.ClauseResult{{Name: "reached", Reached: 9, Cases: 9}, {Name: "never"}}}}}
	var b bytes.Buffer
	require.NoError(t, CampaignText(&b, r, Options{}))
	out := b.String()
	assert.Regexp(t, `(?m)^ +· reached +9 +9$`, out, "a reached clause shows its cases and moments")
	assert.Regexp(t, `(?m)^ +· never +0 +0 +UNREACHED$`, out)
	assert.Contains(t, out, "no case reached clause never in 100 cases: that clause proved nothing")
	assert.NotRegexp(t, `(?m) $`, out, "no line ends in padding")
}
