package engine

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// printedDataFiles may read printed card data: the card definitions (card.go, cards_*.go,
// which build CardDefs from the cards table) and the projection (cr613_layers.go), which
// starts every object's characteristics from them (CR 613.1). Everywhere else the rules
// read characteristics from the view.
func printedDataFile(name string) bool {
	return name == "card.go" || name == "cr613_layers.go" || strings.HasPrefix(name, "cards_")
}

// printedReads lists the direct reads of printed card data in the given Go files (name ->
// source) outside printedDataFiles: a selector on an object's definition (o.Def.X), the
// printed characteristics field (.printed), or the cards package.
func printedReads(files map[string]string) ([]string, error) {
	fset := token.NewFileSet()
	var found []string
	for name, src := range files {
		if printedDataFile(name) {
			continue
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			return nil, err
		}
		cardsPkg := ""
		for _, imp := range f.Imports {
			if path, _ := strconv.Unquote(imp.Path.Value); path == "github.com/mtgfuzz/mtgfuzz/cards" {
				cardsPkg = "cards"
				if imp.Name != nil {
					cardsPkg = imp.Name.Name
				}
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			what := ""
			switch x := sel.X.(type) {
			case *ast.SelectorExpr:
				if x.Sel.Name == "Def" {
					what = "a definition's " + sel.Sel.Name
				}
			case *ast.Ident:
				if cardsPkg != "" && x.Name == cardsPkg {
					what = "the cards table (cards." + sel.Sel.Name + ")"
				}
			}
			if sel.Sel.Name == "printed" {
				what = "printed characteristics"
			}
			if what != "" {
				found = append(found, fmt.Sprintf("%s: reads %s directly; read the View", fset.Position(sel.Pos()), what))
			}
			return true
		})
	}
	sort.Strings(found)
	return found, nil
}

// TestRulesReadPrintedDataOnlyThroughTheView: one answer to "what characteristics does this
// object have": the projection's.
func TestRulesReadPrintedDataOnlyThroughTheView(t *testing.T) {
	names, err := filepath.Glob("*.go")
	require.NoError(t, err)
	files := map[string]string{}
	for _, n := range names {
		if strings.HasSuffix(n, "_test.go") {
			continue
		}
		src, err := os.ReadFile(n)
		require.NoError(t, err)
		files[n] = string(src)
	}
	require.Contains(t, files, "cr704_sba.go", "run from the engine directory")
	found, err := printedReads(files)
	require.NoError(t, err)
	assert.Empty(t, found)
}

// TestPrintedReadsAreFound: the check finds each kind of direct read it exists to stop.
func TestPrintedReadsAreFound(t *testing.T) {
	planted := `package engine

import tbl "github.com/mtgfuzz/mtgfuzz/cards"

func name(o *Object) string      { return o.Def.printed.Name }
func types(d *CardDef) []string   { return d.printed.Types }
func named(s *State) string       { return s.obj(1).Def.Name }
func oracle(n string) []string    { c, _ := tbl.ByName(n); return c.Oracle }
func fine(v *View, o *Object) int { return v.Of(o.ID).Power }
`
	found, err := printedReads(map[string]string{"cr999_planted.go": planted})
	require.NoError(t, err)
	assert.Equal(t, []string{
		"cr999_planted.go:5:43: reads printed characteristics directly; read the View",
		"cr999_planted.go:6:44: reads printed characteristics directly; read the View",
		"cr999_planted.go:7:44: reads a definition's Name directly; read the View",
		"cr999_planted.go:8:45: reads the cards table (cards.ByName) directly; read the View",
	}, found)
	found, err = printedReads(map[string]string{"cards_planted.go": planted, "cr613_layers.go": planted})
	require.NoError(t, err)
	assert.Empty(t, found, "the card definitions and the projection may")
}
