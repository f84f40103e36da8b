package engine

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// typedEngineFiles parses and type-checks the engine's files (tests left out) plus planted
// (name -> source), for the structural tests.
func typedEngineFiles(planted map[string]string) (*token.FileSet, []*ast.File, *types.Info, error) {
	fset := token.NewFileSet()
	names, err := filepath.Glob("*.go")
	if err != nil {
		return nil, nil, nil, err
	}
	var files []*ast.File
	for _, n := range names {
		if strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, n, nil, 0)
		if err != nil {
			return nil, nil, nil, err
		}
		files = append(files, f)
	}
	for name, src := range planted {
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			return nil, nil, nil, err
		}
		files = append(files, f)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	if _, err := conf.Check("engine", fset, files, info); err != nil {
		return nil, nil, nil, err
	}
	return fset, files, info, nil
}

// splitPlanted splits a structural test's findings into those in the engine's files and
// those in the planted file.
func splitPlanted(found []string, planted string) (inEngine, inPlanted []string) {
	for _, f := range found {
		if strings.HasPrefix(f, planted+":") {
			inPlanted = append(inPlanted, f)
		} else {
			inEngine = append(inEngine, f)
		}
	}
	return inEngine, inPlanted
}

// typeName is T's name, for the structural checks that look for the engine's types in
// its source: a rename carries it along, where a string would quietly match nothing.
func typeName[T any]() string { return reflect.TypeFor[T]().Name() }

// unsharedWrites lists the writes to an object record (an assignment, increment or address
// taken of a field of an object reached through a pointer) in the engine's files plus
// planted (name -> source) whose pointer does not come from state.mut: a record read with
// obj, live or byCard may be shared with finished states (objectTable), so writing it would
// change them. A pointer is from mut when the write is on a mut call itself, or on a
// variable every assignment of which, in its function, is a mut call (a parameter counts
// when it is so reassigned).
func unsharedWrites(planted map[string]string) ([]string, error) {
	fset, files, info, err := typedEngineFiles(planted)
	if err != nil {
		return nil, err
	}
	objectType := func(t types.Type) (isObject, isPointer bool) {
		p, isPointer := t.(*types.Pointer)
		if isPointer {
			t = p.Elem()
		}
		n, ok := t.(*types.Named)
		return ok && n.Obj().Name() == typeName[object]() && n.Obj().Pkg().Path() == "engine", isPointer
	}
	isMut := func(e ast.Expr) bool {
		c, ok := e.(*ast.CallExpr)
		if !ok {
			return false
		}
		sel, ok := c.Fun.(*ast.SelectorExpr)
		return ok && sel.Sel.Name == "mut"
	}
	var found []string
	for _, f := range files {
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			// Each variable's assignments in this function: all from mut, and how many.
			assigned := map[types.Object]int{}
			fromMut := map[types.Object]bool{}
			note := func(lhs ast.Expr, rhs ast.Expr) {
				id, ok := lhs.(*ast.Ident)
				if !ok {
					return
				}
				o := info.Defs[id]
				if o == nil {
					o = info.Uses[id]
				}
				if o == nil {
					return
				}
				if _, seen := fromMut[o]; !seen {
					fromMut[o] = true
				}
				assigned[o]++
				fromMut[o] = fromMut[o] && rhs != nil && isMut(rhs)
			}
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				switch x := n.(type) {
				case *ast.AssignStmt:
					for i, l := range x.Lhs {
						var r ast.Expr
						if len(x.Rhs) == len(x.Lhs) {
							r = x.Rhs[i]
						}
						note(l, r)
					}
				case *ast.ValueSpec:
					for i, l := range x.Names {
						var r ast.Expr
						if i < len(x.Values) {
							r = x.Values[i]
						}
						note(l, r)
					}
				case *ast.RangeStmt:
					note(x.Key, nil)
					if x.Value != nil {
						note(x.Value, nil)
					}
				}
				return true
			})
			check := func(e ast.Expr) {
				for {
					switch x := e.(type) {
					case *ast.IndexExpr:
						e = x.X
						continue
					case *ast.ParenExpr:
						e = x.X
						continue
					case *ast.SelectorExpr:
						tv, ok := info.Types[x.X]
						if !ok {
							return
						}
						isObject, isPointer := objectType(tv.Type)
						if !isObject {
							if _, ptr := tv.Type.Underlying().(*types.Pointer); ptr {
								return // written through another pointer, not into a record
							}
							e = x.X
							continue
						}
						if id, ok := x.X.(*ast.Ident); ok && !isPointer {
							return // a local copy of a record
						} else if ok {
							o := info.Uses[id]
							if assigned[o] > 0 && fromMut[o] {
								return
							}
						} else if isMut(x.X) {
							return
						}
						found = append(found, fmt.Sprintf("%s: writes %s through a pointer not from mut", fset.Position(x.Pos()), types.ExprString(x)))
					}
					return
				}
			}
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				switch x := n.(type) {
				case *ast.AssignStmt:
					for _, l := range x.Lhs {
						check(l)
					}
				case *ast.IncDecStmt:
					check(x.X)
				case *ast.UnaryExpr:
					if x.Op == token.AND {
						check(x.X)
					}
				}
				return true
			})
		}
	}
	sort.Strings(found)
	return found, nil
}

// TestObjectRecordsAreWrittenThroughMut: every write to an object record copies the
// record's chunk first if it is shared, so no step changes a state it did not make; and the
// check finds the writes it exists to stop.
func TestObjectRecordsAreWrittenThroughMut(t *testing.T) {
	if _, err := os.Stat("object_table.go"); err != nil {
		t.Fatalf("run from the engine directory: %v", err)
	}
	planted := `package engine

import h "github.com/mtgfuzz/mtgfuzz/harness"

func plantedTap(s *state, id h.ObjectID) { s.obj(id).Tapped = true }
func plantedLive(s *state, id h.ObjectID) { if o := s.live(id); o != nil { o.Counters[Charge]++ } }
func plantedParam(o *object) { o.Damage = 0 }
func plantedMixed(s *state, id h.ObjectID, b bool) {
	o := s.mut(id)
	if b {
		o = s.obj(id)
	}
	o.Sick = false
}
func plantedFine(s *state, id h.ObjectID) {
	o := s.mut(id)
	o.Tapped = true
	s.mut(id).Damage++
	c := *s.obj(id)
	c.Gone = true
	_ = c
}
`
	found, err := unsharedWrites(map[string]string{"planted_writes.go": planted})
	require.NoError(t, err)
	inEngine, inPlanted := splitPlanted(found, "planted_writes.go")
	assert.Empty(t, inEngine)
	assert.Equal(t, []string{
		"planted_writes.go:13:2: writes o.Sick through a pointer not from mut",
		"planted_writes.go:5:44: writes s.obj(id).Tapped through a pointer not from mut",
		"planted_writes.go:6:76: writes o.Counters through a pointer not from mut",
		"planted_writes.go:7:32: writes o.Damage through a pointer not from mut",
	}, inPlanted)
}
