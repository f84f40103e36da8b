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

// registryFile is where the property constructors are listed (the constructors variable).
const registryFile = "registry.go"

// borrowedCode lists every use of a non-exported top-level identifier (function, type,
// variable or constant; or a method) declared in a property's files, from a file that is
// not that property's. A property's files are the one declaring a constructor listed in
// the registry, X.go, and its parts X_*.go; every other file holds helpers, named for what
// they hold, which any property may use but which use no property's code. So changing one
// property can't break another that merely borrowed its code. fsys holds the package's
// files; its test files are left out.
func borrowedCode(fsys fs.FS) ([]string, error) {
	fset := token.NewFileSet()
	parsed := map[string]*ast.File{}
	all, err := fs.Glob(fsys, "*.go")
	if err != nil {
		return nil, err
	}
	var names []string
	for _, name := range all {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		parsed[name] = f
		names = append(names, name)
	}
	sort.Strings(names)
	reg, ok := parsed[registryFile]
	if !ok {
		return nil, fmt.Errorf("no %s among the files", registryFile)
	}
	registered := registryEntries(reg)
	if len(registered) == 0 {
		return nil, fmt.Errorf("%s lists no constructors", registryFile)
	}

	d := declarations(names, parsed, registered)
	owner, method := d.owner, d.method
	group := propertyGroups(names, d.constructorFile)

	var found []string
	for _, user := range names {
		seen := map[string]bool{}
		report := func(id, def string, pos token.Pos) {
			if def == "" || group[def] == "" || group[def] == group[user] || seen[id] {
				return
			}
			if user == registryFile && registered[id] {
				return // the registry lists the constructors
			}
			seen[id] = true
			what := "property file"
			if group[user] == "" {
				what = "helper file"
			}
			found = append(found, fmt.Sprintf("%s: %s uses %s of property file %s; move it to a helper file",
				fset.Position(pos), what, id, def))
		}
		for _, decl := range parsed[user].Decls {
			findUses(decl, owner, method, report)
		}
	}
	sort.Strings(found)
	return found, nil
}

// findUses calls report for each identifier declaration d uses that may be a top-level
// identifier of the package (owner: name -> file) or a method (method: name -> file):
// every identifier not shadowed by a local, not a struct literal's field name, not the
// declared name itself; for x.f, f as a method.
func findUses(d ast.Decl, owner, method map[string]string, report func(id, def string, pos token.Pos)) {
	locals := localNames(d)
	visit := func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok && !locals[id.Name] {
			report(id.Name, owner[id.Name], id.Pos())
		}
		return true
	}
	var inspect func(n ast.Node) bool
	inspect = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			// A method's name is its own declaration, not a use.
			if n.Recv != nil {
				ast.Inspect(n.Recv, inspect)
			}
			ast.Inspect(n.Type, inspect)
			if n.Body != nil {
				ast.Inspect(n.Body, inspect)
			}
			return false
		case *ast.SelectorExpr:
			// x.f: f can only be a method of this package; x is visited on its own.
			report(n.Sel.Name, method[n.Sel.Name], n.Sel.Pos())
			ast.Inspect(n.X, inspect)
			return false
		case *ast.KeyValueExpr:
			// A struct literal's field name is not a use; a map key may be. (A field named
			// like a top-level identifier of a property file counts as a use of it.)
			if id, ok := n.Key.(*ast.Ident); !ok || owner[id.Name] != "" {
				ast.Inspect(n.Key, inspect)
			}
			ast.Inspect(n.Value, inspect)
			return false
		}
		return visit(n)
	}
	ast.Inspect(d, inspect)
}

// declared is what a package's files declare at top level.
type declared struct {
	owner           map[string]string // non-exported top-level identifier -> its file
	method          map[string]string // non-exported method name -> its file; "" when declared in two files
	constructorFile map[string]bool   // files declaring a registered constructor
}

// declarations reads the top-level identifiers and methods of each file, and which files
// declare registered constructors.
func declarations(names []string, parsed map[string]*ast.File, registered map[string]bool) declared {
	owner, method, constructorFile := map[string]string{}, map[string]string{}, map[string]bool{}
	for _, name := range names {
		for _, d := range parsed[name].Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv != nil {
					if !d.Name.IsExported() {
						if other, seen := method[d.Name.Name]; seen && other != name {
							method[d.Name.Name] = "" // ambiguous: declared for types of two files
						} else {
							method[d.Name.Name] = name
						}
					}
					continue
				}
				if registered[d.Name.Name] {
					constructorFile[name] = true
				}
				owner[d.Name.Name] = name
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						owner[s.Name.Name] = name
					case *ast.ValueSpec:
						for _, id := range s.Names {
							owner[id.Name] = name
						}
					}
				}
			}
		}
	}
	for id := range owner {
		if ast.IsExported(id) || id == "_" {
			delete(owner, id)
		}
	}
	for id := range owner {
		if ast.IsExported(id) || id == "_" {
			delete(owner, id)
		}
	}
	return declared{owner, method, constructorFile}
}

// propertyGroups maps each file of a property to the file that declares its constructor:
// that file, X.go, and its parts, the files X_*.go that declare no constructor
// (rules_sba.go and rules_sba_checks.go). Helper files map to "".
func propertyGroups(names []string, constructorFile map[string]bool) map[string]string {
	out := map[string]string{}
	for _, n := range names {
		if constructorFile[n] {
			out[n] = n
			continue
		}
		for _, p := range names {
			if constructorFile[p] && strings.HasPrefix(n, strings.TrimSuffix(p, ".go")+"_") {
				out[n] = p
			}
		}
	}
	return out
}

// registryEntries names the functions listed in registry.go's constructors variable.
func registryEntries(f *ast.File) map[string]bool {
	out := map[string]bool{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok {
			continue
		}
		for _, s := range g.Specs {
			vs, ok := s.(*ast.ValueSpec)
			if !ok {
				continue
			}
			for i, id := range vs.Names {
				if id.Name != "constructors" || i >= len(vs.Values) {
					continue
				}
				if lit, ok := vs.Values[i].(*ast.CompositeLit); ok {
					for _, e := range lit.Elts {
						if fn, ok := e.(*ast.Ident); ok {
							out[fn.Name] = true
						}
					}
				}
			}
		}
	}
	return out
}

// localNames lists the names a top-level declaration declares inside itself (receiver,
// parameters, results, variables, named types), which shadow top-level names. A local that
// shares a top-level name of another file hides every use of that name in the declaration:
// a conservative miss, not a false alarm.
func localNames(d ast.Decl) map[string]bool {
	out := map[string]bool{}
	add := func(fl *ast.FieldList) {
		if fl == nil {
			return
		}
		for _, fd := range fl.List {
			for _, id := range fd.Names {
				out[id.Name] = true
			}
		}
	}
	fd, ok := d.(*ast.FuncDecl)
	if !ok {
		return out
	}
	add(fd.Recv)
	ast.Inspect(fd, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncType:
			add(n.TypeParams)
			add(n.Params)
			add(n.Results)
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE {
				for _, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						out[id.Name] = true
					}
				}
			}
		case *ast.ValueSpec:
			for _, id := range n.Names {
				out[id.Name] = true
			}
		case *ast.TypeSpec:
			out[n.Name.Name] = true
		case *ast.RangeStmt:
			for _, e := range []ast.Expr{n.Key, n.Value} {
				if id, ok := e.(*ast.Ident); ok && n.Tok == token.DEFINE {
					out[id.Name] = true
				}
			}
		}
		return true
	})
	return out
}

// TestPropertyFilesBorrowNoCode: each property file stands alone; what two properties
// share lives in a file that defines no property.
func TestPropertyFilesBorrowNoCode(t *testing.T) {
	found, err := borrowedCode(os.DirFS("."))
	require.NoError(t, err)
	assert.Empty(t, found)
}

// TestBorrowedCodeIsFound: the check finds each kind of borrowing it exists to stop, and
// leaves alone exported names, shadowing locals and the registry.
func TestBorrowedCodeIsFound(t *testing.T) {
	files := map[string]string{
		"beta_test.go": `package props
func TestBeta() { _ = alphaHelper(1) } // tests are left out
`,
		"registry.go": `package props
var constructors = []func() *Property{alpha, beta}
`,
		"alpha.go": `package props
type alphaKind int
const alphaLimit = 3
var alphaTable = map[alphaKind]int{}
func alpha() *Property { return &Property{ID: "a"} }
func alphaHelper(n int) bool { return n > alphaLimit }
func (k alphaKind) describe() string { return "" }
`,
		"beta.go": `package props
func beta() *Property {
	_ = alphaHelper(2)            // a function of alpha.go
	var k alphaKind               // its type
	_ = k.describe()              // its method
	_ = alphaTable[k]             // its variable
	_ = map[int]int{alphaLimit: 1} // its constant as a map key
	_ = shared()                   // a helper file's: fine
	return &Property{ID: "b"}
}
func shadow(alphaHelper func(int) bool) bool { return alphaHelper(1) }
`,
		"helpers.go": `package props
func shared() int { return alphaLimit } // nor may a helper
`,
	}
	fsys := fstest.MapFS{}
	for name, src := range files {
		fsys[name] = &fstest.MapFile{Data: []byte(src)}
	}
	found, err := borrowedCode(fsys)
	require.NoError(t, err)
	assert.Equal(t, []string{
		"beta.go:3:6: property file uses alphaHelper of property file alpha.go; move it to a helper file",
		"beta.go:4:8: property file uses alphaKind of property file alpha.go; move it to a helper file",
		"beta.go:5:8: property file uses describe of property file alpha.go; move it to a helper file",
		"beta.go:6:6: property file uses alphaTable of property file alpha.go; move it to a helper file",
		"beta.go:7:18: property file uses alphaLimit of property file alpha.go; move it to a helper file",
		"helpers.go:2:28: helper file uses alphaLimit of property file alpha.go; move it to a helper file",
	}, found)
}

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
