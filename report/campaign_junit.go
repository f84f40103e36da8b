package report

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/campaign"
)

// CampaignJUnit writes r as JUnit XML: one testcase per property, in the testsuite of its
// first ruling, with every ruling, CR rule and clause reach as testcase properties. A failed property is a <failure> carrying its violations, game
// log and reproduction command; an errored one an <error>; a vacuous one a <failure> with
// message "vacuous: situation never reached", since it proved nothing and must fail a gate.
// A testcase's time is the time spent on its cases (summed over workers); the testsuites'
// time is the campaign's wall time.
func CampaignJUnit(w io.Writer, r *campaign.Report, opts Options) error {
	var g suitesByName
	suite := func(p campaign.PropResult) (string, string) { return primaryRuling(p.Rulings, "-"), p.ID }
	for _, p := range sortedBy(r.Props, suite) {
		ruling, _ := suite(p)
		g.get(ruling).add(campaignCase(p, ruling, opts))
	}
	props := []junitProperty{{"engine", r.Engine}, {"seed", fmt.Sprint(r.Seed)}}
	if r.Fault != "" {
		props = append(props, junitProperty{"fault", r.Fault})
	}
	if r.Shard != "" {
		props = append(props, junitProperty{"shard", r.Shard})
	}
	if r.Partial {
		props = append(props, junitProperty{"partial", "true"})
	}
	props = append(props, timingProperties(r.CasesPerSecond, "cases", r.Version)...)
	name := "fuzz " + r.Engine
	return writeXML(w, g.build(name, props, r.ElapsedMS))
}

func campaignCase(p campaign.PropResult, ruling string, opts Options) junitCase {
	c := junitCase{
		timeMS:     p.BusyMS, // the time its cases took, summed over workers
		Name:       p.ID,
		Classname:  ruling,
		Properties: rulingProperties(p.Rulings),
		SystemOut:  text(fmt.Sprintf("%s, %d reached its situation (CR %s)", plural(p.Cases, "case"), p.Reached, strings.Join(p.Rules, ", "))),
	}
	for _, rule := range p.Rules {
		c.Properties = append(c.Properties, junitProperty{"rule", rule})
	}
	c.Properties = append(c.Properties, junitProperty{"cases", fmt.Sprint(p.Cases)}, junitProperty{"reached", fmt.Sprint(p.Reached)})
	for _, cl := range p.Clauses {
		c.Properties = append(c.Properties, junitProperty{"clause " + cl.Name, fmt.Sprintf("%s, %d reached", plural(cl.Cases, "case"), cl.Reached)})
	}
	var detail bytes.Buffer
	writePropDetail(&detail, p, opts)
	switch p.Outcome {
	case campaign.Failed:
		c.Failure = problem(firstViolation(p), "violation", detail.String())
	case campaign.Errored:
		c.Error = problem(firstViolation(p), "engine-error", detail.String())
	case campaign.Vacuous:
		c.Failure = problem("vacuous: situation never reached", "vacuous", detail.String())
	case campaign.Unsupported:
		c.Skipped = problem("unsupported: "+p.Unsupported, "unsupported", detail.String())
	}
	return c
}

// firstViolation is the message a CI shows in its one-line view of a failure.
func firstViolation(p campaign.PropResult) string {
	if p.Failure == nil || len(p.Failure.Violations) == 0 {
		return string(p.Outcome)
	}
	v := p.Failure.Violations[0]
	return ViolationText(v, p.Failure.Actions)
}
