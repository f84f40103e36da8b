package mutate

import (
	"go/ast"
	"go/types"
)

// memoWriters are the functions of the package, its initialisation apart, that write a
// package-level variable: a memo kept from one case to the next (sizedDefs, a sync.Map of
// the sized tokens' definitions). A mutant there is CrossCase: the case that first makes
// an entry is infected, and every later case that reads the mutated entry is changed
// without evaluating the mutant's guard, so its recorded infection can't say which cases
// it changes; it is judged by every case of the properties it infects. The engine's
// sync.Pools are no memo: each user resets what it takes (doc.go), so a pooled object
// carries nothing from one case into another.
func memoWriters(files []*ast.File, info *types.Info, pkg *types.Package) map[*ast.FuncDecl]bool {
	out := map[*ast.FuncDecl]bool{}
	for _, f := range files {
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Body == nil || fn.Recv == nil && fn.Name.Name == "init" {
				continue
			}
			if writesPackageVar(fn.Body, info, pkg) {
				out[fn] = true
			}
		}
	}
	return out
}

// writesPackageVar reports whether body assigns to a package-level variable (or to an
// element or field of one), or calls a method of a package-level sync.Map.
func writesPackageVar(body *ast.BlockStmt, info *types.Info, pkg *types.Package) bool {
	found := false
	packageVar := func(e ast.Expr) (*types.Var, bool) {
		for {
			switch x := ast.Unparen(e).(type) {
			case *ast.IndexExpr:
				e = x.X
				continue
			case *ast.SelectorExpr:
				if _, isPkg := info.Uses[identOf(x.X)].(*types.PkgName); !isPkg {
					e = x.X
					continue
				}
			case *ast.StarExpr:
				e = x.X
				continue
			case *ast.Ident:
				v, ok := info.Uses[x].(*types.Var)
				return v, ok && v.Parent() == pkg.Scope()
			}
			return nil, false
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				if _, ok := packageVar(lhs); ok {
					found = true
				}
			}
		case *ast.IncDecStmt:
			if _, ok := packageVar(n.X); ok {
				found = true
			}
		case *ast.CallExpr:
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok {
				if v, ok := packageVar(sel.X); ok && isSyncMap(v.Type()) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

func identOf(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}

func isSyncMap(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "sync" && n.Obj().Name() == "Map"
}
