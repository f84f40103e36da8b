package engine

import (
	"fmt"
	"go/ast"
	"go/types"
	"sort"
	"testing"

	"github.com/mtgfuzz/mtgfuzz/gen"
	h "github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sharedListFields are the lists state.clone shares between a state and its clone.
var sharedListFields = map[string]bool{"Battlefield": true, "Attackers": true, "Stack": true, "Effects": true,
	"Library": true, "Hand": true, "Graveyard": true, "Exile": true}

// sharedListWrites lists, in the engine's files plus planted (name -> source), the writes
// that would change a list state.clone shares where another state may read it: an element
// assigned (or a field of one, or a field through a *stackItem or *effect), a list
// shortened with two indices and kept (its spare capacity then lies over elements the
// others read, and the next append writes them), copy into one, or an in-place function of
// package slices applied to one. A list is a field of those names of a state or
// playerState, one reached through a *[]h.ObjectID (zoneList), or any variable or field of
// type []stackItem or []effect (a helper handed the list).
func sharedListWrites(planted map[string]string) ([]string, error) {
	fset, files, info, err := typedEngineFiles(planted)
	if err != nil {
		return nil, err
	}
	named := func(t types.Type, names ...string) bool {
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		n, ok := t.(*types.Named)
		if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "engine" {
			return false
		}
		for _, name := range names {
			if n.Obj().Name() == name {
				return true
			}
		}
		return false
	}
	elementList := func(t types.Type) bool {
		sl, ok := t.(*types.Slice)
		return ok && named(sl.Elem(), typeName[stackItem](), typeName[effect]())
	}
	elementPointer := func(t types.Type) bool {
		_, ok := t.(*types.Pointer)
		return ok && named(t, typeName[stackItem](), typeName[effect]())
	}
	var shared func(e ast.Expr) bool
	shared = func(e ast.Expr) bool {
		e = ast.Unparen(e)
		switch x := e.(type) {
		case *ast.SelectorExpr:
			if sharedListFields[x.Sel.Name] && named(info.TypeOf(x.X), typeName[state](), typeName[playerState]()) {
				return true
			}
			return elementList(info.TypeOf(x))
		case *ast.Ident:
			return elementList(info.TypeOf(x))
		case *ast.SliceExpr:
			return shared(x.X)
		case *ast.StarExpr:
			p, ok := info.TypeOf(x.X).(*types.Pointer)
			if !ok {
				return false
			}
			sl, ok := p.Elem().(*types.Slice)
			return ok && types.ExprString(x.X) != "" && types.TypeString(sl.Elem(), nil) == "github.com/mtgfuzz/mtgfuzz/harness.ObjectID"
		}
		return false
	}
	var found []string
	note := func(n ast.Node, what string, e ast.Expr) {
		found = append(found, fmt.Sprintf("%s: %s %s", fset.Position(n.Pos()), what, types.ExprString(e)))
	}
	written := func(lhs ast.Expr) {
		for e := lhs; ; {
			switch x := ast.Unparen(e).(type) {
			case *ast.SelectorExpr:
				if elementPointer(info.TypeOf(x.X)) {
					note(lhs, "writes through a pointer into a shared list:", lhs)
					return
				}
				e = x.X
			case *ast.IndexExpr:
				if shared(x.X) {
					note(lhs, "writes an element of a shared list:", lhs)
					return
				}
				e = x.X
			case *ast.StarExpr:
				e = x.X
			default:
				return
			}
		}
	}
	kept := func(e ast.Expr) {
		if x, ok := ast.Unparen(e).(*ast.SliceExpr); ok && x.High != nil && !x.Slice3 && shared(x.X) {
			note(x, "keeps a shared list shortened with its capacity:", x)
		}
	}
	inPlace := map[string]bool{"Sort": true, "SortFunc": true, "SortStableFunc": true, "Reverse": true, "Delete": true,
		"DeleteFunc": true, "Insert": true, "Replace": true, "Compact": true, "CompactFunc": true}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.AssignStmt:
				for _, l := range x.Lhs {
					written(l)
				}
				for _, r := range x.Rhs {
					kept(r)
				}
			case *ast.IncDecStmt:
				written(x.X)
			case *ast.ValueSpec:
				for _, v := range x.Values {
					kept(v)
				}
			case *ast.ReturnStmt:
				for _, r := range x.Results {
					kept(r)
				}
			case *ast.CallExpr:
				switch fn := x.Fun.(type) {
				case *ast.Ident:
					if fn.Name == "append" && len(x.Args) > 0 {
						kept(x.Args[0])
					}
					if fn.Name == "copy" && len(x.Args) > 0 && shared(x.Args[0]) {
						note(x, "copies into a shared list:", x.Args[0])
					}
				case *ast.SelectorExpr:
					if pkg, ok := fn.X.(*ast.Ident); ok && pkg.Name == "slices" && inPlace[fn.Sel.Name] && len(x.Args) > 0 && shared(x.Args[0]) {
						note(x, "changes a shared list in place: slices."+fn.Sel.Name, x.Args[0])
					}
				}
			}
			return true
		})
	}
	sort.Strings(found)
	return found, nil
}

// TestSharedListsWrittenOnlyByAppend: no engine code changes a list state.clone shares
// between states in place, so that sharing them changes no state but the one written;
// and the check finds the writes it exists to stop.
func TestSharedListsWrittenOnlyByAppend(t *testing.T) {
	planted := `package engine

import (
	"slices"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

func plantedIndex(s *state, id h.ObjectID) { s.Battlefield[0] = id }
func plantedField(s *state) { s.Stack[0].X++ }
func plantedPop(s *state) { s.Stack = s.Stack[:len(s.Stack)-1] }
func plantedSort(s *state) { slices.Sort(s.Players[0].Hand) }
func plantedHelper(st []stackItem) { copy(st[1:], st) }
func plantedPointer(s *state) { s.top().X = 2 }
func plantedZone(s *state) { list := s.zoneList(h.A, h.Hand); (*list)[0] = 0 }
func plantedFine(s *state, id h.ObjectID) {
	s.Battlefield = append(s.Battlefield, id)
	s.Stack = s.Stack[: len(s.Stack)-1 : len(s.Stack)-1]
	hand := slices.Clone(s.Players[0].Hand)
	slices.Sort(hand)
	it := *s.top()
	it.X = 3
	_ = it
}
`
	found, err := sharedListWrites(map[string]string{"planted_lists.go": planted})
	require.NoError(t, err)
	inEngine, inPlanted := splitPlanted(found, "planted_lists.go")
	assert.Empty(t, inEngine)
	assert.Equal(t, []string{
		"planted_lists.go:10:31: writes an element of a shared list: s.Stack[0].X",
		"planted_lists.go:11:39: keeps a shared list shortened with its capacity: s.Stack[:len(s.Stack) - 1]",
		"planted_lists.go:12:30: changes a shared list in place: slices.Sort s.Players[0].Hand",
		"planted_lists.go:13:38: copies into a shared list: st[1:]",
		"planted_lists.go:14:33: writes through a pointer into a shared list: s.top().X",
		"planted_lists.go:15:63: writes an element of a shared list: (*list)[0]",
		"planted_lists.go:9:46: writes an element of a shared list: s.Battlefield[0]",
	}, inPlanted)
}

// recordingEngine is the reference engine keeping every state it returns with a deep copy
// made as it returned it (frozen).
type recordingEngine struct {
	*Reference
	returned []*state
	saved    []state
}

func (e *recordingEngine) keep(st h.State) {
	s := st.(*state)
	e.returned = append(e.returned, s)
	e.saved = append(e.saved, frozen(s))
}

func (e *recordingEngine) Start(setup h.Setup) (h.State, error) {
	st, err := e.Reference.Start(setup)
	if err == nil {
		e.keep(st)
	}
	return st, err
}

func (e *recordingEngine) Apply(st h.State, a h.Action) (h.State, []h.Event, error) {
	next, evs, err := e.Reference.Apply(st, a)
	if err == nil {
		e.keep(next)
	}
	return next, evs, err
}

// TestFinishedStatesStayUnchanged plays generated games on the correct engine, steered
// every way eachGeneratedTrace steers them, and on each faulty one but the one that
// changes applyAction's input on purpose, steered one way each in turn: no state Start or Apply
// returned has changed when its game ends (the lists and records the states after it
// share with it included).
func TestFinishedStatesStayUnchanged(t *testing.T) {
	gens := generators(t)
	play := func(faults []string, g *gen.Generator, seed uint64) int {
		ref, err := New(Options{Faults: faults})
		require.NoError(t, err)
		eng := &recordingEngine{Reference: ref}
		g.Run(gen.NewTapeSource(seed), eng, 12)
		for i, s := range eng.returned {
			if !same(frozen(s), eng.saved[i]) {
				t.Fatalf("faults %v, seed %d: state %d changed after it was returned", faults, seed, i)
			}
		}
		return len(eng.returned)
	}
	states := 0
	for _, g := range gens {
		for seed := uint64(1); seed <= 6; seed++ {
			states += play(nil, g, seed)
		}
	}
	for i, f := range Faults() {
		if f.Name != FaultMutatesInput {
			states += play([]string{f.Name}, gens[i%len(gens)], uint64(i))
		}
	}
	t.Logf("%d states checked", states)
}
