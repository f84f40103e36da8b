package report

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/campaign"
)

// CampaignJUnit writes r as JUnit XML: one testsuite per ruling, one testcase per property
// under each of its rulings. A failed property is a <failure> carrying its violations, game
// log and reproduction command; an errored one an <error>; a vacuous one a <failure> with
// message "vacuous: situation never reached", since it proved nothing and must fail a gate.
func CampaignJUnit(w io.Writer, r *campaign.Report, opts Options) error {
	var g suitesByName
	for _, row := range propsByRuling(r.Props) {
		g.get(row.ruling).add(campaignCase(row, opts))
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
	name := "fuzz " + r.Engine
	return writeXML(w, g.build(name, props))
}

func campaignCase(row ruled[campaign.PropResult], opts Options) junitCase {
	p := row.item
	c := junitCase{
		Name:      p.ID,
		Classname: row.ruling,
		SystemOut: text(fmt.Sprintf("%s, %d reached its situation (CR %s)", plural(p.Cases, "case"), p.Reached, strings.Join(p.Rules, ", "))),
	}
	var detail bytes.Buffer
	writePropDetail(&detail, p, opts)
	switch p.Outcome {
	case campaign.Failed:
		c.Failure = &junitProblem{Message: firstViolation(p), Type: "violation", Body: detail.String()}
	case campaign.Errored:
		c.Error = &junitProblem{Message: firstViolation(p), Type: "engine-error", Body: detail.String()}
	case campaign.Vacuous:
		c.Failure = &junitProblem{Message: "vacuous: situation never reached", Type: "vacuous", Body: detail.String()}
	}
	return c
}

// firstViolation is the message a CI shows in its one-line view of a failure.
func firstViolation(p campaign.PropResult) string {
	if p.Failure == nil || len(p.Failure.Violations) == 0 {
		return string(p.Outcome)
	}
	v := p.Failure.Violations[0]
	return ViolationText(v.Step, v.Ruling, v.Rule, v.Message)
}
