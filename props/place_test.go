package props

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// placeOpenings lists the messages in fsys's Go files (tests left out) that open with a
// place written by where or whereAfter: fmt.Sprintf("%s...", where(...), ...) or
// where(...) + "...". A violation's place is its Step, which reports write (gen.Place);
// a message that opens with it again reads "after action 3 (...) [...]: after action 3
// (...): ...". where and whereAfter are for other moments a message mentions.
func placeOpenings(fsys fs.FS) ([]string, error) {
	names, err := fs.Glob(fsys, "*.go")
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	var found []string
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") || name == "violations.go" {
			continue
		}
		src, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			return nil, err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			var first ast.Expr
			switch n := n.(type) {
			case *ast.BinaryExpr:
				if n.Op == token.ADD {
					first = n.X
				}
			case *ast.CallExpr:
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Sprintf" && len(n.Args) > 1 {
					if lit, ok := n.Args[0].(*ast.BasicLit); ok {
						if format, err := strconv.Unquote(lit.Value); err == nil && strings.HasPrefix(format, "%s") {
							first = n.Args[1]
						}
					}
				}
			}
			if call, ok := first.(*ast.CallExpr); ok {
				if id, ok := call.Fun.(*ast.Ident); ok && (id.Name == "where" || id.Name == "whereAfter") {
					found = append(found, fmt.Sprintf("%s: a message opens with %s(...); a violation's place is its Step, which reports write",
						fset.Position(call.Pos()), id.Name))
				}
			}
			return true
		})
	}
	sort.Strings(found)
	return found, nil
}

// TestMessagesDontOpenWithThePlace: the place is written once, by the report.
func TestMessagesDontOpenWithThePlace(t *testing.T) {
	found, err := placeOpenings(os.DirFS("."))
	require.NoError(t, err)
	assert.Empty(t, found)
}

// TestPlaceOpeningsAreFound: both ways of opening a message with the place are found; a
// place mentioned later in a message is not.
func TestPlaceOpeningsAreFound(t *testing.T) {
	fsys := fstest.MapFS{"x.go": &fstest.MapFile{Data: []byte(`package props
func x(tr *gen.Trace, i int) []string {
	return []string{
		fmt.Sprintf("%s: paid", where(tr, i)),
		whereAfter(tr, i) + ": listed",
		fmt.Sprintf("exiled by %s", where(tr, i)),
		"asked " + where(tr, i),
	}
}
`)}}
	found, err := placeOpenings(fsys)
	require.NoError(t, err)
	assert.Equal(t, []string{
		"x.go:4:27: a message opens with where(...); a violation's place is its Step, which reports write",
		"x.go:5:3: a message opens with whereAfter(...); a violation's place is its Step, which reports write",
	}, found)
}
