package mutate

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

var (
	// A comment's citations: "CR 106.5", "CR 106.5, 106.1b and 605.2", "CR 613", and a rule
	// number in parentheses, "(117.3d)", "(see 601.2a-e)".
	crList   = regexp.MustCompile(`\bCR[ :]+\d{3}(?:\.\d+[a-z]?(?:[-–][a-z])?)?(?:(?:,| and| or|/|;) ?\d{3}(?:\.\d+[a-z]?(?:[-–][a-z])?)?)*`)
	inParen  = regexp.MustCompile(`\((?:see |rule |rules )?\d{3}\.\d+[a-z]?(?:[-–][a-z])?(?:(?:,| and| or) ?\d{3}\.\d+[a-z]?(?:[-–][a-z])?)*\)`)
	ruleNum  = regexp.MustCompile(`\d{3}(?:\.\d+[a-z]?(?:[-–][a-z])?)?`)
	fileRule = regexp.MustCompile(`^cr(\d{3})_`)
)

// Citations are the CR rules a comment's text cites, in order, each once.
func Citations(text string) []string {
	var out []string
	for _, re := range []*regexp.Regexp{crList, inParen} {
		for _, m := range re.FindAllString(text, -1) {
			for _, n := range ruleNum.FindAllString(m, -1) {
				if !slices.Contains(out, n) {
					out = append(out, n)
				}
			}
		}
	}
	return out
}

// citedAt finds the rules that the code at a position cites (Mutant.Rules): the nearest
// comment above it (or on its line) inside its function that cites any, else the
// function's doc comment, else the file's section (cr605_mana_abilities.go: 605).
func citedAt(fset *token.FileSet, file *ast.File, fn *ast.FuncDecl, name string, pos token.Pos) []string {
	line := fset.Position(pos).Line
	if fn != nil {
		var best []string
		for _, cg := range file.Comments {
			if cg.Pos() < fn.Body.Pos() || cg.Pos() > fn.Body.End() || fset.Position(cg.Pos()).Line > line {
				continue
			}
			if c := Citations(cg.Text()); len(c) > 0 {
				best = c // comments are in source order: the last one kept is the nearest
			}
		}
		if best != nil {
			return best
		}
		if fn.Doc != nil {
			if c := Citations(fn.Doc.Text()); len(c) > 0 {
				return c
			}
		}
	}
	base := name[strings.LastIndex(name, "/")+1:]
	if m := fileRule.FindStringSubmatch(base); m != nil {
		return []string{m[1]}
	}
	return []string{}
}

// Cited is one rule the package's code cites, with where.
type Cited struct {
	Rule   string   `json:"rule"`
	Places []string `json:"places"` // "engine/cr106_mana.go:63", in file and line order
}

// CitedRules is every CR rule the comments of the package in dir (non-test files) cite,
// in rule order (CompareRules).
func CitedRules(root, dir string) ([]Cited, error) {
	abs := filepath.Join(root, filepath.FromSlash(dir))
	names, err := goFiles(abs)
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	places := map[string][]string{}
	for _, n := range names {
		f, err := parser.ParseFile(fset, filepath.Join(abs, n), nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				for _, r := range Citations(c.Text) {
					place := fmt.Sprintf("%s/%s:%d", dir, n, fset.Position(c.Pos()).Line)
					if ps := places[r]; len(ps) == 0 || ps[len(ps)-1] != place {
						places[r] = append(places[r], place)
					}
				}
			}
		}
	}
	out := make([]Cited, 0, len(places))
	for r, ps := range places {
		out = append(out, Cited{Rule: r, Places: ps})
	}
	slices.SortFunc(out, func(a, b Cited) int { return CompareRules(a.Rule, b.Rule) })
	return out, nil
}

var ruleParts = regexp.MustCompile(`^(\d{3})(?:\.(\d+)([a-z]?)(?:[-–]([a-z]))?)?$`)

// CompareRules orders rule numbers as the CR does: 106 < 106.1 < 106.1a < 106.2 < 106.10.
func CompareRules(a, b string) int {
	pa, pb := ruleParts.FindStringSubmatch(a), ruleParts.FindStringSubmatch(b)
	if pa == nil || pb == nil {
		return strings.Compare(a, b)
	}
	for i := 1; i <= 4; i++ {
		x, y := pa[i], pb[i]
		if i == 2 {
			nx, _ := strconv.Atoi(x)
			ny, _ := strconv.Atoi(y)
			if x == "" {
				nx = -1
			}
			if y == "" {
				ny = -1
			}
			if nx != ny {
				return nx - ny
			}
			continue
		}
		if c := strings.Compare(x, y); c != 0 {
			return c
		}
	}
	return 0
}

// Covers reports whether a citation of c checks rule r: c is r, a rule under r (106.1a
// under 106.1, 106.1 under 106), or in r's range of subrules (601.2c in 601.2a-f); a
// range c covers what its first rule does.
func Covers(r, c string) bool {
	if r == c {
		return true
	}
	pr, pc := ruleParts.FindStringSubmatch(r), ruleParts.FindStringSubmatch(c)
	if pr == nil || pc == nil {
		return false
	}
	switch {
	case pr[2] == "": // a section: every rule in it
		return pc[1] == pr[1]
	case pc[1] != pr[1] || pc[2] != pr[2]:
		return false
	case pr[3] == "": // a rule: its subrules
		return true
	case pr[4] != "": // a range of subrules
		return pc[3] >= pr[3] && pc[3] <= pr[4]
	}
	return pc[3] == pr[3]
}
