package mutate

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Source is the mutated package's files with their mutants, numbered.
type Source struct {
	Root    string // the module root
	Dir     string // the package, slash-separated from the root: "engine"
	Mutants []*Mutant
	files   []*fileSites
}

// Generate finds every mutant of the package in dir (relative to the module root; its
// test files are not mutated), numbered from 1 in the order of the file names, then
// positions, then operators.
func Generate(root, dir string) (*Source, error) {
	abs := filepath.Join(root, filepath.FromSlash(dir))
	names, err := goFiles(abs)
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	var files []*ast.File
	var srcs [][]byte
	for _, n := range names {
		src, err := os.ReadFile(filepath.Join(abs, n))
		if err != nil {
			return nil, err
		}
		f, err := parser.ParseFile(fset, filepath.Join(abs, n), src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		files, srcs = append(files, f), append(srcs, src)
	}
	imp, err := exportImporter(root, dir, fset)
	if err != nil {
		return nil, err
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}}
	pkg, err := (&types.Config{Importer: imp}).Check(files[0].Name.Name, fset, files, info)
	if err != nil {
		return nil, fmt.Errorf("type-checking %s: %w", dir, err)
	}
	s := &Source{Root: root, Dir: dir}
	memos := memoWriters(files, info, pkg)
	for i, f := range files {
		fs := &fileSites{fset: fset, info: info, pkg: pkg, file: f, src: srcs[i], name: dir + "/" + names[i], imports: importNames(f)}
		fs.markFaultOnly()
		s.files = append(s.files, fs)
	}
	faultFuncs := faultOnlyFuncs(s.files)
	for _, fs := range s.files {
		f := fs.file
		fs.faultFuncs = faultFuncs
		fs.walk()
		for _, st := range fs.sites {
			if st.m.ID == 0 {
				s.Mutants = append(s.Mutants, st.m)
				st.m.ID = len(s.Mutants)
				fn := enclosing(f, st.node.Pos())
				st.m.Rules = citedAt(fset, f, fn, fs.name, st.node.Pos())
				st.m.CrossCase = memos[fn]
			}
		}
	}
	seen := map[string]int{}
	for _, m := range s.Mutants {
		k := m.Key()
		seen[k]++
		if n := seen[k]; n > 1 {
			m.Nth = n
		}
	}
	return s, nil
}

// goFiles are the package's non-test Go files, sorted.
func goFiles(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		if n := e.Name(); strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, "_test.go") && !e.IsDir() {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out, nil
}

func enclosing(f *ast.File, pos token.Pos) *ast.FuncDecl {
	for _, d := range f.Decls {
		if fn, ok := d.(*ast.FuncDecl); ok && fn.Body != nil && fn.Pos() <= pos && pos < fn.End() {
			return fn
		}
	}
	return nil
}

// importNames maps each package a file imports to the name it uses for it.
func importNames(f *ast.File) map[string]string {
	m := map[string]string{}
	for _, im := range f.Imports {
		path, _ := strconv.Unquote(im.Path.Value)
		name := path[strings.LastIndex(path, "/")+1:]
		if im.Name != nil {
			name = im.Name.Name
		}
		m[path] = name
	}
	return m
}
