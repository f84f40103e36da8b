package mutate

import (
	"go/ast"
	"go/token"
	"regexp"
	"slices"
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
