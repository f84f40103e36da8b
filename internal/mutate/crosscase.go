package mutate

import (
	"go/ast"
	"go/types"
)

// memoWriters are the functions of the package, its initialisation apart, that write
// what can outlive a case, and every function they call (directly or not, by a static
// call within the package): a memo kept from one case to the next. Such a write is an
// assignment to a package-level variable (or to an element or field of one), or a
// method of sync.Map or of a sync/atomic type that changes a package-level variable or
// a field of a type a package-level variable holds: the texts of the mana abilities'
// actions (printedActivation.more) are kept with the card's definition in the registry,
// for every game of the process, and the sized tokens' definitions in a sync.Map. A
// mutant there is CrossCase: the case that first makes an entry is infected, and every
// later case that reads the mutated entry is changed without evaluating the mutant's
// guard, so its recorded infection can't say which cases it changes; it is judged by
// every case of the properties it infects. What a game's own state caches (a state's
// view, the engine's last listed state) lives and dies with the game's objects, which no
// later case reaches. The engine's sync.Pools are no memo: each user resets what it takes
// (doc.go), so a pooled object carries nothing from one case into another.
func memoWriters(files []*ast.File, info *types.Info, pkg *types.Package) map[*ast.FuncDecl]bool {
	decls := map[*types.Func]*ast.FuncDecl{}
	for _, f := range files {
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Body != nil {
				if obj, ok := info.Defs[fn.Name].(*types.Func); ok {
					decls[obj] = fn
				}
			}
		}
	}
	long := longLived(pkg)
	out := map[*ast.FuncDecl]bool{}
	var mark func(fn *ast.FuncDecl)
	mark = func(fn *ast.FuncDecl) {
		if out[fn] {
			return
		}
		out[fn] = true
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if callee, ok := decls[calledFunc(call, info)]; ok {
					mark(callee)
				}
			}
			return true
		})
	}
	for _, fn := range decls {
		if (fn.Recv != nil || fn.Name.Name != "init") && writesMemo(fn.Body, info, pkg, long) {
			mark(fn)
		}
	}
	return out
}

// calledFunc is the function or method a call names, if it names one statically.
func calledFunc(call *ast.CallExpr, info *types.Info) *types.Func {
	var id *ast.Ident
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		id = fun
	case *ast.SelectorExpr:
		id = fun.Sel
	case *ast.IndexExpr: // a generic function instantiated
		if x, ok := fun.X.(*ast.Ident); ok {
			id = x
		}
	}
	if id == nil {
		return nil
	}
	f, _ := info.Uses[id].(*types.Func)
	if f != nil {
		f = f.Origin()
	}
	return f
}

// writesMemo reports whether body assigns to a package-level variable (or to an element
// or field of one), or changes a sync.Map or a sync/atomic value held by one or by a
// long-lived type.
func writesMemo(body *ast.BlockStmt, info *types.Info, pkg *types.Package, long map[*types.TypeName]bool) bool {
	found := false
	packageVar := func(e ast.Expr) bool {
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
				return ok && v.Parent() == pkg.Scope()
			}
			return false
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				found = found || packageVar(lhs)
			}
		case *ast.IncDecStmt:
			found = found || packageVar(n.X)
		case *ast.CallExpr:
			sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
			if f := calledFunc(n, info); ok && f != nil && changesShared(f) {
				found = packageVar(sel.X) || heldBy(sel.X, info, long)
			}
		}
		return !found
	})
	return found
}

// heldBy reports whether e is a field of a value of a long-lived type.
func heldBy(e ast.Expr, info *types.Info, long map[*types.TypeName]bool) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	t := info.TypeOf(sel.X)
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	return ok && long[n.Obj()]
}

// longLived is the package's named types that its package-level variables hold: their
// values may outlive a case.
func longLived(pkg *types.Package) map[*types.TypeName]bool {
	out := map[*types.TypeName]bool{}
	var walk func(t types.Type)
	walk = func(t types.Type) {
		switch t := t.(type) {
		case *types.Named:
			if t.Obj().Pkg() != pkg || out[t.Obj()] {
				return
			}
			out[t.Obj()] = true
			walk(t.Underlying())
		case *types.Pointer:
			walk(t.Elem())
		case *types.Slice:
			walk(t.Elem())
		case *types.Array:
			walk(t.Elem())
		case *types.Map:
			walk(t.Key())
			walk(t.Elem())
		case *types.Struct:
			for i := range t.NumFields() {
				walk(t.Field(i).Type())
			}
		}
	}
	for _, name := range pkg.Scope().Names() {
		if v, ok := pkg.Scope().Lookup(name).(*types.Var); ok {
			walk(v.Type())
		}
	}
	return out
}

// changesShared reports whether f is a method changing a sync.Map or a sync/atomic value.
func changesShared(f *types.Func) bool {
	sig, ok := f.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || f.Pkg() == nil {
		return false
	}
	switch f.Pkg().Path() {
	case "sync/atomic":
		return f.Name() != "Load"
	case "sync":
		t := sig.Recv().Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		n, ok := t.(*types.Named)
		return ok && n.Obj().Name() == "Map" && f.Name() != "Load" && f.Name() != "Range"
	}
	return false
}

func identOf(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}
