package report

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props"
)

var screenshot = flag.String("screenshot", "", "also save the failing run's rendered page as this PNG (docs/report.png)")

// referenceTrace replays on the reference engine, as the CLI's Tracer does.
func referenceTrace(fault string, setup harness.Setup, actions []harness.Action) *gen.Trace {
	var faults []string
	if fault != "" {
		faults = strings.Split(fault, ",")
	}
	eng, err := engine.New(engine.Options{Faults: faults})
	if err != nil {
		return nil
	}
	defer eng.Close()
	return gen.Replay(eng, setup, actions)
}

// failingRun is a real campaign under a fault whose counterexample takes actions.
func failingRun(t *testing.T) *campaign.Report {
	t.Helper()
	const fault = "x.etb-uses-spell-x/permanent-x"
	p := props.ByID("x.etb-uses-spell-x")
	require.NotNil(t, p)
	rep, err := campaign.Run(context.Background(), campaign.Config{
		Engine: func() (harness.Engine, error) { return engine.New(engine.Options{Faults: []string{fault}}) },
		Props:  []*props.Property{p}, Seed: 1, Checks: 500, Workers: 2, Faults: []string{fault}})
	require.NoError(t, err)
	require.Equal(t, campaign.Failed, rep.Props[0].Outcome)
	return rep
}

// TestHTMLSelfContained: the page fetches nothing: no script, no link, no URL.
func TestHTMLSelfContained(t *testing.T) {
	page := string(render(t, func(b *bytes.Buffer) error {
		return Campaign(b, HTML, failingRun(t), Options{Trace: referenceTrace})
	}))
	for _, bad := range []string{"<script", "<link", "src=", "http://", "https://", "url("} {
		assert.NotContains(t, page, bad)
	}
	assert.Contains(t, page, `class="board seen"`, "the board where the violation was seen is marked")
	assert.Regexp(t, `<p class="took">took \d+\.\d\ds, [0-9.]+ cases/s, fuzz devel</p>`, page, "how the run went")
}

// chromium renders page (a file) headless and returns its DOM, saving a screenshot in
// png. Locally, without chromium the test skips; in CI (CI=true) it fails, since .ci/run
// installs it.
func chromium(t *testing.T, page, png string, height int) string {
	t.Helper()
	bin, err := exec.LookPath("chromium")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("chromium is missing; .ci/run installs it (apt-get install -y chromium)")
		}
		t.Skip("chromium not installed")
	}
	args := []string{"--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--user-data-dir=" + t.TempDir()}
	url := "file://" + page
	shot := exec.Command(bin, append(args, fmt.Sprintf("--window-size=1280,%d", height), "--screenshot="+png, url)...)
	out, err := shot.CombinedOutput()
	require.NoError(t, err, "%s", out)
	info, err := os.Stat(png)
	require.NoError(t, err, "the screenshot was written")
	assert.Greater(t, info.Size(), int64(10_000), "the screenshot shows something")
	dom, err := exec.Command(bin, append(args, "--dump-dom", url)...).Output()
	require.NoError(t, err)
	return string(dom)
}

// TestHTMLInChromium renders a real failing run's page in a browser and checks, from
// the DOM it built, that the counterexample's boards, their permanents and the violation
// are on the page.
func TestHTMLInChromium(t *testing.T) {
	rep := failingRun(t)
	dir := t.TempDir()
	page := filepath.Join(dir, "report.html")
	data := render(t, func(b *bytes.Buffer) error { return Campaign(b, HTML, rep, Options{Trace: referenceTrace}) })
	require.NoError(t, os.WriteFile(page, data, 0o644))
	png := filepath.Join(dir, "report.png")
	if *screenshot != "" {
		png, _ = filepath.Abs(*screenshot)
	}
	dom := chromium(t, page, png, 3000)

	f := rep.Props[0].Failure
	boards := len(regexp.MustCompile(`class="board( seen)?"`).FindAllString(dom, -1))
	assert.Equal(t, len(f.Actions)+1, boards, "a board for the start and one after each action")
	assert.Contains(t, dom, `class="board seen"`)
	assert.Contains(t, dom, "seen here: violation")
	v := f.Violations[0]
	text := html.UnescapeString(dom)
	assert.Contains(t, text, ViolationText(v, f.Actions))
	for _, ps := range f.Setup.Players {
		for _, pm := range ps.Battlefield {
			assert.Contains(t, text, `<div class="name">`+pm.Name+`</div>`)
		}
	}
	for _, a := range f.Actions {
		assert.Contains(t, text, a.String())
	}
}

// TestHTMLBigBoard: a board of 20 permanents and a chain of copies stays one readable
// page: every permanent is drawn, each copy says what it copies.
func TestHTMLBigBoard(t *testing.T) {
	var objs []*harness.Object
	two := 2
	for i := 1; i <= 20; i++ {
		o := &harness.Object{Card: harness.CardID(i), Name: fmt.Sprintf("Permanent number %d", i), Controller: harness.Player(i % 2),
			Types: []string{"Artifact", "Creature"}, Subtypes: []string{"Construct"}, Power: &two, Toughness: &two,
			Tapped: i%3 == 0, Counters: map[string]int{"+1/+1": i % 4}, Abilities: []string{"{T}: Add {C}."}}
		if i > 17 {
			o.CopyOf = fmt.Sprintf("Permanent number %d", i-1) // 18 copies 17, 19 copies 18 (so 17), ...
		}
		objs = append(objs, o)
	}
	snap := harness.Snapshot{Turn: 3, Step: harness.Main1, Battlefield: objs}
	tr := &gen.Trace{Start: snap}
	f := &campaign.Failure{Violations: []props.Violation{{Step: -1, Ruling: "copy.of-a-copy", Rule: "707.3",
		Message: "Permanent number 19 (card 19, B's) copies what card 18 copies: expected Permanent number 17; got Permanent number 18"}}}
	rep := &campaign.Report{Engine: "test", Props: []campaign.PropResult{{ID: "copy.of-a-copy", Rulings: []string{"copy.of-a-copy"},
		Outcome: campaign.Failed, Cases: 1, Failure: f}}}
	data := render(t, func(b *bytes.Buffer) error {
		return Campaign(b, HTML, rep, Options{Trace: func(string, harness.Setup, []harness.Action) *gen.Trace { return tr }})
	})
	dir := t.TempDir()
	page := filepath.Join(dir, "big.html")
	require.NoError(t, os.WriteFile(page, data, 0o644))
	dom := chromium(t, page, filepath.Join(dir, "big.png"), 2000)
	perms := regexp.MustCompile(`class="perm( tapped)?( marked)?"`).FindAllStringSubmatch(dom, -1)
	assert.Len(t, perms, 20, "every permanent is drawn")
	marked := 0
	for _, m := range perms {
		if m[2] != "" {
			marked++
		}
	}
	assert.Equal(t, 2, marked, "the permanents the violation names (cards 19 and 18) are marked")
	assert.Equal(t, 3, strings.Count(dom, "copy of Permanent number"))
}
