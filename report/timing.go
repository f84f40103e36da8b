package report

import (
	"fmt"
	"time"
)

// How a run went (its wall time, its pace, the build that ran it) is in every report, but
// it is the one part a clock decides: tests and reviews compare reports without it (the
// JSON fields elapsed_ms, *_per_second and version; the text's "took" line; JUnit's time
// attributes).

// tookLine is the text reports' timing line: "took 35.21s, 5113.4 cases/s, fuzz devel".
// It is left out of a report that carries no timing (one not made by a run).
func tookLine(elapsedMS int64, perSecond float64, unit, version string) string {
	if elapsedMS == 0 && version == "" {
		return ""
	}
	line := fmt.Sprintf("took %s, %.1f %s/s", seconds(time.Duration(elapsedMS)*time.Millisecond), perSecond, unit)
	if version != "" {
		line += ", fuzz " + version
	}
	return line
}

// junitTime is a JUnit time attribute: seconds with three decimals.
func junitTime(ms int64) string { return fmt.Sprintf("%.3f", float64(ms)/1000) }

// timingProperties are the JUnit properties of a run's pace and build.
func timingProperties(perSecond float64, unit, version string) []junitProperty {
	props := []junitProperty{{unit + "_per_second", fmt.Sprintf("%.1f", perSecond)}}
	if version != "" {
		props = append(props, junitProperty{"version", version})
	}
	return props
}
