package mutate

import (
	"go/ast"
	"go/token"
	"slices"
	"strings"
)

// renderer writes one file of the schema: its source with every mutant's guarded form. A
// node with mutants is written as its source with the mutated nodes inside it written
// first (so a mutant inside another is in both of the outer one's branches), then wrapped
// by each of its own mutants in turn.
type renderer struct {
	fset  *token.FileSet
	src   []byte
	base  int // the file's base position in fset
	nodes []ast.Node
	depth map[ast.Node]int
	sites map[ast.Node][]*site
	// without is a mutant not to write while writing the other operand of its own swap.
	without int
}

func newRenderer(fs *fileSites, skip func(*Mutant) bool) *renderer {
	r := &renderer{fset: fs.fset, src: fs.src, base: fs.fset.File(fs.file.Pos()).Base(),
		depth: map[ast.Node]int{}, sites: map[ast.Node][]*site{}}
	for _, s := range fs.sites {
		if skip(s.m) {
			continue
		}
		if _, ok := r.sites[s.node]; !ok {
			r.nodes = append(r.nodes, s.node)
		}
		r.sites[s.node] = append(r.sites[s.node], s)
	}
	d := 0
	ast.Inspect(fs.file, func(n ast.Node) bool {
		if n == nil {
			d--
			return true
		}
		if _, ok := r.sites[n]; ok {
			r.depth[n] = d
		}
		d++
		return true
	})
	slices.SortStableFunc(r.nodes, func(a, b ast.Node) int {
		switch {
		case a.Pos() != b.Pos():
			return int(a.Pos() - b.Pos())
		case a.End() != b.End():
			return int(b.End() - a.End())
		}
		return r.depth[a] - r.depth[b]
	})
	return r
}

func (r *renderer) off(p token.Pos) int { return int(p) - r.base }

// file is the whole file's schema source.
func (r *renderer) file(f *ast.File) string {
	return r.span(token.Pos(r.base), token.Pos(r.base+len(r.src)), nil)
}

// node is n's schema source: its own mutants around its inside's.
func (r *renderer) node(n ast.Node) string {
	cur := r.span(n.Pos(), n.End(), n)
	for _, s := range r.sites[n] {
		if s.m.ID == r.without {
			continue
		}
		cur = s.wrap(cur, s.m.ID, r)
	}
	return cur
}

// nodeWithout is node(n) leaving out mutant id.
func (r *renderer) nodeWithout(n ast.Node, id int) string {
	old := r.without
	r.without = id
	defer func() { r.without = old }()
	return r.node(n)
}

// span is the source from..to with the outermost mutated nodes in it written by node,
// leaving out self (and what has self's span but is outside it).
func (r *renderer) span(from, to token.Pos, self ast.Node) string {
	var b strings.Builder
	at := from
	i, _ := slices.BinarySearchFunc(r.nodes, from, func(n ast.Node, p token.Pos) int { return int(n.Pos() - p) })
	for ; i < len(r.nodes); i++ {
		n := r.nodes[i]
		if n.Pos() >= to {
			break
		}
		if n == self || n.Pos() < at || n.End() > to {
			continue
		}
		if self != nil && n.Pos() == self.Pos() && n.End() == self.End() && r.depth[n] <= r.depth[self] {
			continue
		}
		b.Write(r.src[r.off(at):r.off(n.Pos())])
		b.WriteString(r.node(n))
		at = n.End()
	}
	b.Write(r.src[r.off(at):r.off(to)])
	return b.String()
}
