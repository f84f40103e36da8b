package rulings

import (
	_ "embed"
	"fmt"
	"regexp"
	"strings"
	"sync"
)

//go:generate go run gen_crindex.go

// crIndex is every rule and section number of the CR edition the project cites, with the
// first words of its text (generated from the CR text by gen_crindex.go), so that the
// repository can check its citations without the rules file.
//
//go:embed crindex.txt
var crIndex string

var crRules = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	for _, line := range strings.Split(crIndex, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		num, text, _ := strings.Cut(line, " ")
		m[num] = text
	}
	return m
})

// CRText is the first words of CR rule n ("106.4", "106.4a") or the title of section n
// ("106"), in the edition the project cites; false if there is no such rule.
func CRText(n string) (string, bool) {
	text, ok := crRules()[n]
	return text, ok
}

// citation is one cited rule, or a range of subrules: "106.4", "601.2a-e", "601.2f-h".
var citation = regexp.MustCompile(`^(\d{3})(?:\.(\d+)([a-z]?)(?:[-–]([a-z]))?)?$`)

// CheckCitation reports whether cite names rules of the edition the project cites: a rule
// or section number, or a range of subrules ("601.2a-e": both ends must exist).
func CheckCitation(cite string) error {
	m := citation.FindStringSubmatch(cite)
	if m == nil {
		return fmt.Errorf("%q is not a CR rule number", cite)
	}
	rules := []string{cite}
	if m[4] != "" {
		rules = []string{m[1] + "." + m[2] + m[3], m[1] + "." + m[2] + m[4]}
	}
	for _, r := range rules {
		if _, ok := CRText(r); !ok {
			return fmt.Errorf("CR %s: no such rule in the edition the project cites (rulings/crindex.txt)", r)
		}
	}
	return nil
}
