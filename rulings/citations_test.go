package rulings_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/props"
	"github.com/mtgfuzz/mtgfuzz/rulings"
	"github.com/mtgfuzz/mtgfuzz/scenario"
)

func TestCRIndex(t *testing.T) {
	text, ok := rulings.CRText("500.5")
	require.True(t, ok)
	assert.True(t, strings.HasPrefix(text, "As a step or phase ends"), text)
	_, ok = rulings.CRText("106")
	assert.True(t, ok, "sections are listed")
	assert.NoError(t, rulings.CheckCitation("601.2a-i"))
	assert.Error(t, rulings.CheckCitation("601.2a-z"), "both ends of a range must exist")
	assert.Error(t, rulings.CheckCitation("106.99"))
	assert.Error(t, rulings.CheckCitation("CR 106.4"))
}

// TestRulesOfRulingsPropertiesAndFaultsExist: every rule number the product prints in its
// reports, the rulings', properties' and clauses' and faults' and events', is a rule of the
// edition the project cites.
func TestRulesOfRulingsPropertiesAndFaultsExist(t *testing.T) {
	for _, r := range rulings.All() {
		for _, n := range r.Rules {
			assert.NoError(t, rulings.CheckCitation(n), "ruling %s", r.ID)
		}
	}
	// "-" is a property about the engine as a program (purity, determinism): no rule.
	cited := func(rules []string) []string {
		return slices.DeleteFunc(slices.Clone(rules), func(r string) bool { return r == "-" })
	}
	for _, p := range props.All() {
		for _, n := range cited(p.Rules) {
			assert.NoError(t, rulings.CheckCitation(n), "property %s", p.ID)
		}
		for _, c := range p.Clauses {
			for _, n := range cited(c.Rules) {
				assert.NoError(t, rulings.CheckCitation(n), "property %s clause %s", p.ID, c.Name)
			}
		}
	}
	for _, f := range engine.Faults() {
		for _, n := range splitRules(f.Rule) {
			assert.NoError(t, rulings.CheckCitation(n), "fault %s", f.Name)
		}
	}
}

// The forms a citation takes in the repository's text.
var (
	// "CR 106.4", "CR 106.5, 106.1b, 605.2", "CR 601.2a-e and 117.3d"
	afterCR = regexp.MustCompile(`\bCR[ :]+(\d{3}(?:\.\d+[a-z]?(?:[-–][a-z])?)?(?:(?:, | and | or |/|; )\d{3}(?:\.\d+[a-z]?(?:[-–][a-z])?)?)*)`)
	// "(107.3g, 107.3m)", "(see 117.4)", "rule 514.2", "rules 514.2 and 611.2a"
	inParens = regexp.MustCompile(`\((?:see |rule |rules |CR )?(\d{3}\.\d+[a-z]?(?:[-–][a-z])?(?:(?:, | and | or )\d{3}\.\d+[a-z]?(?:[-–][a-z])?)*)\)`)
	ruleWord = regexp.MustCompile(`\brules? (\d{3}\.\d+[a-z]?(?:[-–][a-z])?(?:(?:, | and | or )\d{3}\.\d+[a-z]?(?:[-–][a-z])?)*)`)
	// a scenario's "rules: [106.4, 117.4]" and "rule: 106.4"; Go's Rule: "106.4" and
	// Rules: []string{"106.4", ...}
	yamlRules = regexp.MustCompile(`\brules?: *\[?([0-9a-z., –-]+)\]?`)
	goRules   = regexp.MustCompile(`\bRules?: *(?:\[\]string\{)?((?:"\d{3}(?:\.\d+[a-z]?(?:[-–][a-z])?)?",? *)+)`)
	// any Go string that is a rule number, outside tests (which try wrong ones): the
	// state-based actions' table, a fault's rule
	goString = regexp.MustCompile(`"(\d{3}\.\d+[a-z]?)"`)
	number   = regexp.MustCompile(`\d{3}(?:\.\d+[a-z]?(?:[-–][a-z])?)?`)
)

func splitRules(s string) []string { return number.FindAllString(s, -1) }

// TestCitedRulesExist: every CR rule number cited in the repository, in code comments
// ("CR 106.4", "(117.4)"), docs, examples, scenarios' comments and rules fields, is a
// rule of the edition the project cites.
func TestCitedRulesExist(t *testing.T) {
	root := filepath.Join("..")
	checked := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (strings.HasPrefix(name, ".") || name == "node_modules" || name == "found") {
				return filepath.SkipDir
			}
			return nil
		}
		switch filepath.Ext(name) {
		case ".go", ".md", ".yaml", ".yml", ".js", ".mjs", ".ts", ".py", ".json", ".txt", ".sh":
		default:
			return nil
		}
		if name == "crindex.txt" {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		forms := []*regexp.Regexp{afterCR, inParens, ruleWord, yamlRules, goRules}
		if strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") {
			forms = append(forms, goString)
		}
		for i, line := range strings.Split(string(b), "\n") {
			seen := map[string]bool{}
			for _, re := range forms {
				for _, m := range re.FindAllStringSubmatch(line, -1) {
					for _, n := range splitRules(m[1]) {
						if !seen[n] {
							seen[n] = true
							checked++
							assert.NoError(t, rulings.CheckCitation(n), "%s:%d: %s", path, i+1, strings.TrimSpace(line))
						}
					}
				}
			}
		}
		return nil
	})
	require.NoError(t, err)
	assert.Greater(t, checked, 1000, "citations found")
}

// TestEveryNamedIDIsARuling: every ruling ID a property, a fault or a scenario of the
// corpus names is a ruling of this package, the general rules' and invariants' too, so
// that "fuzz rulings" and docs/rulings.md explain every ID a report prints.
func TestEveryNamedIDIsARuling(t *testing.T) {
	known := map[string]bool{}
	for _, id := range rulings.IDs() {
		assert.False(t, known[id], "ruling %s listed twice", id)
		known[id] = true
	}
	for _, p := range props.All() {
		for _, r := range p.Rulings {
			assert.True(t, known[r], "property %s names %s, which is no ruling", p.ID, r)
		}
	}
	for _, f := range engine.Faults() {
		assert.True(t, known[f.Ruling], "fault %s names %s, which is no ruling", f.Name, f.Ruling)
	}
	scs, err := scenario.LoadDir(filepath.Join("..", "corpus"))
	require.NoError(t, err)
	require.NotEmpty(t, scs)
	for _, sc := range scs {
		for _, r := range sc.Rulings {
			assert.True(t, known[r], "%s names %s, which is no ruling", sc.Path, r)
		}
	}
}

// TestRulingTexts: every ruling says what it says and rests on CR rules, but for the
// invariants of the engine as a program, which no rule states, and the comparison of two
// engines, which rests on every rule.
func TestRulingTexts(t *testing.T) {
	for _, r := range rulings.All() {
		assert.NotEmpty(t, r.Summary, r.ID)
		assert.NotEmpty(t, r.Group, r.ID)
		if r.ID != "invariant.purity" && r.ID != "invariant.determinism" && r.ID != "invariant.caches" && r.ID != "rules.differential" {
			assert.NotEmpty(t, r.Rules, r.ID)
		}
	}
}
