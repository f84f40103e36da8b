package mutate

import (
	"go/ast"
	"go/types"
)

// faultOnlyFuncs is the package's functions (not methods, which an interface may call
// where no identifier names them) that run only with a deliberate fault on: every use of
// one, its own body's apart, is in code markFaultOnly marked or in another such function.
// "s.Stack = sunkBelow(s.Stack, t.Cycling) // the fault: ..." inside a fault's branch
// makes sunkBelow one. A function used nowhere (init, an exported entry point) is not.
func faultOnlyFuncs(files []*fileSites) map[*types.Func]bool {
	// uses maps each function to the functions whose bodies use it outside fault-only
	// code (nil for a use outside any function body).
	uses := map[*types.Func][]*types.Func{}
	used := map[*types.Func]bool{}
	for _, fs := range files {
		var in *types.Func
		var walk func(n ast.Node) bool
		walk = func(n ast.Node) bool {
			if fs.faultOnly[n] {
				return false
			}
			switch n := n.(type) {
			case *ast.FuncDecl:
				in, _ = fs.info.Defs[n.Name].(*types.Func)
			case *ast.Ident:
				fn := fs.funcUsed(n)
				if fn == nil {
					return true
				}
				used[fn] = true
				if fn != in {
					uses[fn] = append(uses[fn], in)
				}
			}
			return true
		}
		for _, d := range fs.file.Decls {
			in = nil
			ast.Inspect(d, walk)
		}
		// Uses in fault-only code mark a function used, and nothing else.
		for n := range fs.faultOnly {
			ast.Inspect(n, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok {
					if fn := fs.funcUsed(id); fn != nil {
						used[fn] = true
					}
				}
				return true
			})
		}
	}
	out := map[*types.Func]bool{}
	for changed := true; changed; {
		changed = false
		for fn := range used {
			if out[fn] {
				continue
			}
			only := true
			for _, by := range uses[fn] {
				if by == nil || !out[by] {
					only = false
					break
				}
			}
			if only {
				out[fn] = true
				changed = true
			}
		}
	}
	return out
}

// funcUsed is the package's function (not a method) that id names, if it names one.
func (f *fileSites) funcUsed(id *ast.Ident) *types.Func {
	fn, ok := f.info.Uses[id].(*types.Func)
	if !ok || fn.Pkg() != f.pkg || fn.Type().(*types.Signature).Recv() != nil {
		return nil
	}
	return fn
}
