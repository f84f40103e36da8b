package report

import (
	"fmt"
	"strings"
)

// Format is an output format for a report.
type Format string

const (
	Text  Format = "text"  // aligned tables and game logs, for people
	JSON  Format = "json"  // the report's data, indented, keys in a stable order
	JUnit Format = "junit" // JUnit XML, for a CI's test view
	HTML  Format = "html"  // one self-contained page, counterexamples drawn as boards
)

// Formats lists the formats in the order usage messages show them.
var Formats = []Format{Text, JSON, JUnit, HTML}

// ParseFormat reads a format name.
func ParseFormat(s string) (Format, error) {
	for _, f := range Formats {
		if string(f) == s {
			return f, nil
		}
	}
	names := make([]string, len(Formats))
	for i, f := range Formats {
		names[i] = string(f)
	}
	return "", fmt.Errorf("unknown report format %q: want one of %s", s, strings.Join(names, ", "))
}
