package mutate

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
)

// fileSites finds the mutants of one file. Its sites are in source order (by the node's
// position, outer nodes first), each node's in the order of the operators.
type fileSites struct {
	fset  *token.FileSet
	info  *types.Info
	pkg   *types.Package
	file  *ast.File
	src   []byte
	name  string // slash path from the module root
	sites []*site
	// imports maps each imported package's path to the name the file uses for it.
	imports map[string]string
	stack   []ast.Node
	fn      *ast.FuncDecl // the function being walked
	// faultOnly are the branches run only with a deliberate fault on (markFaultOnly), and
	// faultFuncs the package's functions called only from such code (faultOnlyFuncs):
	// mutants there could never be told from the engine, whose faults are off when it is
	// judged.
	faultOnly  map[ast.Node]bool
	faultFuncs map[*types.Func]bool
}

func (f *fileSites) text(n ast.Node) string {
	return string(f.src[f.fset.Position(n.Pos()).Offset:f.fset.Position(n.End()).Offset])
}

func (f *fileSites) add(n ast.Node, op, mutated string, wrap func(cur string, id int, r *renderer) string) *Mutant {
	pos := f.fset.Position(n.Pos())
	m := &Mutant{File: f.name, Line: pos.Line, Col: pos.Column, Op: op, Original: shorten(f.text(n)), Mutated: mutated}
	if f.fn != nil {
		m.Func = funcName(f.fn)
	}
	f.sites = append(f.sites, &site{m: m, node: n, wrap: wrap})
	return m
}

func funcName(fn *ast.FuncDecl) string {
	if fn.Recv == nil || len(fn.Recv.List) == 0 {
		return fn.Name.Name
	}
	t := fn.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return "(" + id.Name + ")." + fn.Name.Name
	}
	return fn.Name.Name
}

// markFaultOnly marks the code of the file that runs only with a deliberate fault on:
// the branch a fault's switch opens, a chain or a case the faults being off decide.
func (f *fileSites) markFaultOnly() {
	f.faultOnly = map[ast.Node]bool{}
	ast.Inspect(f.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IfStmt:
			f.faultBranches(n)
		case *ast.BinaryExpr:
			if decidedByFault(n) {
				f.faultOnly[n] = true
			}
		case *ast.CaseClause: // case X && faults.on(F): runs only with a fault on
			if len(n.List) == 1 && isFaultSwitch(n.List[0]) {
				f.faultOnly[n] = true
			}
		}
		return true
	})
}

// walk visits the file, adding the sites of each node before those of its children; it
// leaves out the code markFaultOnly marked and the functions of faultFuncs.
func (f *fileSites) walk() {
	ast.Inspect(f.file, func(n ast.Node) bool {
		if n == nil {
			f.stack = f.stack[:len(f.stack)-1]
			return true
		}
		if fn, ok := n.(*ast.FuncDecl); ok {
			f.fn = fn
			if obj, _ := f.info.Defs[fn.Name].(*types.Func); f.faultFuncs[obj] {
				return false
			}
		}
		if f.skip(n) || f.faultOnly[n] {
			return false
		}
		f.visit(n)
		f.stack = append(f.stack, n)
		return true
	})
}

// skip leaves out what must stay constant or is not the engine's rules: declarations of
// constants, array lengths, and the deliberate faults' switches (they are the faults
// matrix's business: negating one switches a fault on).
func (f *fileSites) skip(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.GenDecl:
		return n.Tok == token.CONST || n.Tok == token.IMPORT || n.Tok == token.TYPE
	case *ast.ArrayType, *ast.FuncType, *ast.StructType, *ast.InterfaceType, *ast.MapType, *ast.ChanType:
		return true
	}
	return false
}

// faultBranches marks the branch of an if that runs only with a fault on: the body when
// the condition is a fault's switch (or a && with one), the else when it is its negation.
func (f *fileSites) faultBranches(is *ast.IfStmt) {
	if isFaultSwitch(is.Cond) {
		f.faultOnly[is.Body] = true
	}
	if u, ok := ast.Unparen(is.Cond).(*ast.UnaryExpr); ok && u.Op == token.NOT && isFaultSwitch(u.X) && is.Else != nil {
		f.faultOnly[is.Else] = true
	}
}

// isFaultSwitch reports whether e is true only with a fault on: a call naming the faults,
// or a && of which an operand is one.
func isFaultSwitch(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		return refersToFaults(e)
	case *ast.BinaryExpr:
		return e.Op == token.LAND && (isFaultSwitch(e.X) || isFaultSwitch(e.Y))
	}
	return false
}

// refersToFaults reports whether n names the deliberate faults.
func refersToFaults(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && (strings.HasPrefix(id.Name, "Fault") || id.Name == "faults" || id.Name == "faultSet") {
			found = true
		}
		return !found
	})
	return found
}

func (f *fileSites) parent() ast.Node {
	if len(f.stack) == 0 {
		return nil
	}
	return f.stack[len(f.stack)-1]
}

func (f *fileSites) visit(n ast.Node) {
	switch n := n.(type) {
	case *ast.IfStmt:
		f.condition(n.Cond, true, true)
	case *ast.ForStmt:
		if n.Cond != nil {
			f.condition(n.Cond, false, false)
			f.loopOnce(n.Body) // not for {}: a break would make it no longer end its function
		}
	case *ast.RangeStmt:
		f.loopOnce(n.Body)
	case *ast.BinaryExpr:
		f.binary(n)
	case *ast.BasicLit:
		f.constant(n)
	case *ast.Ident:
		f.boolConstant(n)
	case *ast.BlockStmt:
		f.statements(n.List)
	case *ast.CaseClause:
		f.statements(n.Body)
	case *ast.CommClause:
		f.statements(n.Body)
	case *ast.CallExpr:
		f.swap(n)
	}
}

// isBool reports whether e is of type bool or untyped bool.
func (f *fileSites) isBool(e ast.Expr) bool {
	tv, ok := f.info.Types[e]
	if !ok || tv.Type == nil {
		return false
	}
	b, ok := tv.Type.(*types.Basic)
	return ok && (b.Kind() == types.Bool || b.Kind() == types.UntypedBool)
}

// condition adds the mutants of a condition: negated and, if asked, always true or false;
// and, if it is a && or || of conditions, those of its operands.
func (f *fileSites) condition(e ast.Expr, orTrue, orFalse bool) {
	if !f.isBool(e) || refersToFaults(e) || f.info.Types[e].Value != nil {
		return // not a condition, a fault's switch, or a constant (constant-bool flips it)
	}
	f.add(e, OpNegate, "!("+shorten(f.text(e))+")", func(cur string, id int, r *renderer) string {
		return fmt.Sprintf("((%s) != mutant.Active(%d))", cur, id)
	})
	// The mutant skips the condition. One that calls a function is recorded as entered
	// and left (mutant.Enter), so that an evaluation that never returns (a choice asked
	// for by panicking) infects it.
	infect := func(id int, cur string, mutated bool) string {
		if pure(e) {
			return fmt.Sprintf("mutant.Infect(%d, %s, %t)", id, cur, mutated)
		}
		return fmt.Sprintf("mutant.Left(%d, mutant.Enter(%d) && (%s), %t)", id, id, cur, mutated)
	}
	if orTrue {
		f.add(e, OpTrue, "true", func(cur string, id int, r *renderer) string {
			return fmt.Sprintf("(mutant.Guard(%d) || %s)", id, infect(id, cur, true))
		})
	}
	if orFalse {
		f.add(e, OpFalse, "false", func(cur string, id int, r *renderer) string {
			return fmt.Sprintf("(!mutant.Guard(%d) && %s)", id, infect(id, cur, false))
		})
	}
}

// binary: the operands of && and || are conditions; a comparison gets its operator moved.
func (f *fileSites) binary(b *ast.BinaryExpr) {
	switch b.Op {
	case token.LAND, token.LOR:
		// An operand naming the faults is left alone (condition), not its siblings: a
		// fault's switch beside a rule's test (src.Tapped && !faults.on(F)) must not hide
		// the test from mutation. (A chain a fault's switch decides is not walked.)
		// A chain naming the faults gets no mutants of its own (condition), so with the
		// faults off nothing would make it always true or false: its first other operand
		// takes that over (src.Tapped && !faults.on(F) always false, !o.Tapped ||
		// faults.on(F) always true), once a chain.
		takesOver := f.firstOperandOfFaultChain(b)
		for _, x := range []ast.Expr{b.X, b.Y} {
			if inner, ok := ast.Unparen(x).(*ast.BinaryExpr); ok && inner.Op == b.Op {
				continue // a chain a && b && c: its operands are b's own
			}
			and := b.Op == token.LAND
			f.condition(x, and || x == takesOver, !and || x == takesOver)
		}
	case token.LSS, token.LEQ, token.GTR, token.GEQ:
		if !f.ordered(b.X) || refersToFaults(b) {
			return
		}
		op := map[token.Token]token.Token{token.LSS: token.LEQ, token.LEQ: token.LSS, token.GTR: token.GEQ, token.GEQ: token.GTR}[b.Op]
		f.add(b, OpRelational, shorten(f.text(b.X)+" "+op.String()+" "+f.text(b.Y)), func(cur string, id int, r *renderer) string {
			if pure(b.X) && pure(b.Y) { // both evaluated: infected only where they differ (x == y)
				return fmt.Sprintf("mutant.Pick(%d, (%s %s %s), (%s))", id, r.node(b.X), op, r.node(b.Y), cur)
			}
			return fmt.Sprintf("(mutant.Active(%d) && (%s %s %s) || !mutant.Active(%d) && (%s))", id, r.node(b.X), op, r.node(b.Y), id, cur)
		})
	case token.EQL, token.NEQ:
		if f.isCondition(b) || refersToFaults(b) {
			return
		}
		op := map[token.Token]token.Token{token.EQL: token.NEQ, token.NEQ: token.EQL}[b.Op]
		f.add(b, OpEquality, shorten(f.text(b.X)+" "+op.String()+" "+f.text(b.Y)), func(cur string, id int, r *renderer) string {
			return fmt.Sprintf("((%s) != mutant.Active(%d))", cur, id)
		})
	}
}

// firstOperandOfFaultChain returns, when b is part of a chain of && (||) that names the
// faults, the chain's first operand that does not; otherwise nil.
func (f *fileSites) firstOperandOfFaultChain(b *ast.BinaryExpr) ast.Expr {
	top := ast.Expr(b)
	for i := len(f.stack) - 1; i >= 0; i-- {
		if p, ok := f.stack[i].(*ast.ParenExpr); ok && ast.Unparen(p) == ast.Unparen(top) {
			top = p
			continue
		}
		p, ok := f.stack[i].(*ast.BinaryExpr)
		if !ok || p.Op != b.Op {
			break
		}
		top = p
	}
	if !refersToFaults(top) {
		return nil
	}
	var first ast.Expr
	var operands func(e ast.Expr)
	operands = func(e ast.Expr) {
		if inner, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && inner.Op == b.Op {
			operands(inner.X)
			operands(inner.Y)
		} else if first == nil && !refersToFaults(e) {
			first = e
		}
	}
	operands(top)
	return first
}

// decidedByFault reports whether e is a chain of && (||) with an operand that is false
// (true) whenever the faults are off: a fault's switch (its negation). With the faults
// off its value is fixed, so nothing in it is a test to mutate (fileSites.walk).
func decidedByFault(e ast.Expr) bool {
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	return ok && (b.Op == token.LAND || b.Op == token.LOR) && chainDecided(b)
}

func chainDecided(b *ast.BinaryExpr) bool {
	for _, x := range []ast.Expr{b.X, b.Y} {
		x = ast.Unparen(x)
		if inner, ok := x.(*ast.BinaryExpr); ok && inner.Op == b.Op {
			if chainDecided(inner) {
				return true
			}
			continue
		}
		if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.NOT {
			if b.Op == token.LOR && isFaultSwitch(u.X) {
				return true
			}
			continue
		}
		if b.Op == token.LAND && isFaultSwitch(x) {
			return true
		}
	}
	return false
}

// isCondition reports whether e is a condition whose negation is already a mutant: an
// if's or a loop's, or an operand of && or ||.
func (f *fileSites) isCondition(e ast.Expr) bool {
	for i := len(f.stack) - 1; i >= 0; i-- {
		switch p := f.stack[i].(type) {
		case *ast.ParenExpr:
			continue
		case *ast.IfStmt:
			return p.Cond != nil && ast.Unparen(p.Cond) == e
		case *ast.ForStmt:
			return p.Cond != nil && ast.Unparen(p.Cond) == e
		case *ast.BinaryExpr:
			return p.Op == token.LAND || p.Op == token.LOR
		}
		return false
	}
	return false
}

// ordered reports whether e is a number (integer or float), so that < and <= differ by
// a boundary.
func (f *fileSites) ordered(e ast.Expr) bool {
	tv, ok := f.info.Types[e]
	if !ok || tv.Type == nil {
		return false
	}
	b, ok := tv.Type.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsInteger|types.IsFloat) != 0
}

// constant changes an integer literal by one, where a value of its type may stand (not
// in a constant declaration or an array length, which skip leaves out, nor as an array
// literal's index).
func (f *fileSites) constant(lit *ast.BasicLit) {
	if lit.Kind != token.INT {
		return
	}
	if kv, ok := f.parent().(*ast.KeyValueExpr); ok && kv.Key == lit {
		return
	}
	tv, ok := f.info.Types[lit]
	if !ok || tv.Value == nil {
		return
	}
	typ := f.typeName(tv.Type)
	if typ == "" {
		return
	}
	v, exact := constant.Int64Val(tv.Value)
	if !exact {
		return
	}
	unsigned := tv.Type.Underlying().(*types.Basic).Info()&types.IsUnsigned != 0
	for _, d := range []int64{1, -1} {
		if v+d < 0 && unsigned {
			continue
		}
		op := OpPlusOne
		if d < 0 {
			op = OpMinusOne
		}
		mutated := fmt.Sprint(v + d)
		f.add(lit, op, mutated, func(cur string, id int, r *renderer) string {
			return fmt.Sprintf("mutant.Pick[%s](%d, %s, %s)", typ, id, mutated, cur)
		})
	}
}

// typeName is how the file writes an integer type t, "" if it can't (a type of a package
// the file doesn't import, or not an integer).
func (f *fileSites) typeName(t types.Type) string {
	b, ok := t.Underlying().(*types.Basic)
	if !ok || b.Info()&types.IsInteger == 0 || b.Info()&types.IsUntyped != 0 {
		return ""
	}
	name, ok := "", true
	name = types.TypeString(t, func(p *types.Package) string {
		if p == f.pkg {
			return ""
		}
		n, imported := f.imports[p.Path()]
		ok = ok && imported
		return n
	})
	if !ok {
		return ""
	}
	return name
}

// boolConstant flips the constants true and false.
func (f *fileSites) boolConstant(id *ast.Ident) {
	if id.Name != "true" && id.Name != "false" {
		return
	}
	if _, isConst := f.info.Uses[id].(*types.Const); !isConst || !f.isBool(id) {
		return
	}
	if kv, ok := f.parent().(*ast.KeyValueExpr); ok && kv.Key == id {
		return
	}
	flip := map[string]string{"true": "false", "false": "true"}[id.Name]
	f.add(id, OpBool, flip, func(cur string, id int, r *renderer) string {
		return fmt.Sprintf("(%s != mutant.Active(%d))", cur, id)
	})
}

// statements adds the removal of each simple statement of a list: a call (not panic),
// an assignment that declares nothing, ++ or --, a send.
func (f *fileSites) statements(list []ast.Stmt) {
	for _, s := range list {
		switch s := s.(type) {
		case *ast.ExprStmt:
			if call, ok := s.X.(*ast.CallExpr); ok {
				if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "panic" {
					continue
				}
			}
		case *ast.AssignStmt:
			if s.Tok == token.DEFINE {
				continue
			}
		case *ast.IncDecStmt, *ast.SendStmt:
		default:
			continue
		}
		if refersToFaults(s) {
			continue
		}
		f.add(s, OpRemove, "(removed)", func(cur string, id int, r *renderer) string {
			return fmt.Sprintf("if !mutant.Active(%d) { %s }", id, cur)
		})
	}
}

// loopOnce makes a loop stop at the end of its first iteration.
func (f *fileSites) loopOnce(body *ast.BlockStmt) {
	if len(body.List) == 0 || refersToFaults(body) {
		return
	}
	f.add(body, OpLoopOnce, "break after the first iteration", func(cur string, id int, r *renderer) string {
		return fmt.Sprintf("%s; if mutant.Active(%d) { break } }", strings.TrimSuffix(cur, "}"), id)
	})
}

// swap swaps each pair of neighbouring arguments of the same (typed) type that have no
// side effects (both are evaluated on either branch). It leaves an error's message alone:
// swapped, the arguments of fmt.Errorf change only the error's words, never whether there
// is one, and no rule, property or port reads an error's words.
func (f *fileSites) swap(call *ast.CallExpr) {
	if call.Ellipsis.IsValid() || refersToFaults(call) || f.isErrorf(call) {
		return
	}
	if tv, ok := f.info.Types[call.Fun]; ok && tv.IsType() {
		return // a conversion
	}
	for i := 0; i+1 < len(call.Args); i++ {
		a, b := call.Args[i], call.Args[i+1]
		ta, tb := f.info.Types[a], f.info.Types[b]
		if ta.Type == nil || tb.Type == nil || !types.Identical(ta.Type, tb.Type) || isUntyped(ta.Type) ||
			ta.Value != nil && tb.Value != nil || !pure(a) || !pure(b) || f.text(a) == f.text(b) {
			continue
		}
		m := f.add(a, OpSwap, shorten(f.text(b)+", "+f.text(a)), func(cur string, id int, r *renderer) string {
			return fmt.Sprintf("mutant.Pick(%d, %s, %s)", id, r.nodeWithout(b, id), cur)
		})
		m.Original = shorten(f.text(a) + ", " + f.text(b))
		f.sites = append(f.sites, &site{m: m, node: b, wrap: func(cur string, id int, r *renderer) string {
			return fmt.Sprintf("mutant.Pick(%d, %s, %s)", id, r.nodeWithout(a, id), cur)
		}})
	}
}

// isErrorf reports whether call is fmt.Errorf.
func (f *fileSites) isErrorf(call *ast.CallExpr) bool {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Errorf" {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	if !ok {
		return false
	}
	name, ok := f.info.Uses[pkg].(*types.PkgName)
	return ok && name.Imported().Path() == "fmt"
}

func isUntyped(t types.Type) bool {
	b, ok := t.(*types.Basic)
	return ok && b.Info()&types.IsUntyped != 0
}

// pure reports whether evaluating e twice does what evaluating it once does: no call, no
// receive, no function literal.
func pure(e ast.Expr) bool {
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr, *ast.FuncLit, *ast.CompositeLit:
			ok = false
		case *ast.UnaryExpr:
			if n.Op == token.ARROW {
				ok = false
			}
		}
		return ok
	})
	return ok
}
