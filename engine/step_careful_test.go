package engine

import (
	"errors"
	"reflect"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/mtgfuzz/mtgfuzz/gen"
	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// auditEngine is the reference engine with every Apply checked: the optimistic step
// applyAction takes (attempt works on the step's own state, with no checkpoint) gives the same
// state and events as the careful run that copies the state before each attempt and keeps
// checkpoints; the projection a returned state keeps from its step (state.projection) is
// the one project makes of it; and no state it returned has changed by the end of the case.
type auditEngine struct {
	*Reference
	t        *testing.T
	returned []*state
	saved    []state
	retried  int // steps whose optimistic run needed a choice (errCareful)
}

// frozen is a deep copy of s to compare with same: its projection cache and origin, its
// mode and the state its proposal goes back to (a pointer, compared apart) left out. Its
// object records and the lists clone shares are copied too, not shared, so that a later
// write into a record or a list element s shares shows as a difference.
func frozen(s *state) state {
	c := s.clone()
	c.Battlefield, c.Attackers = slices.Clone(s.Battlefield), slices.Clone(s.Attackers)
	c.Stack, c.Effects = slices.Clone(s.Stack), slices.Clone(s.Effects)
	for p := range c.Players {
		ps, from := &c.Players[p], &s.Players[p]
		ps.Library, ps.Hand = slices.Clone(from.Library), slices.Clone(from.Hand)
		ps.Graveyard, ps.Exile = slices.Clone(from.Graveyard), slices.Clone(from.Exile)
	}
	c.view, c.careful, c.origin = nil, false, nil
	c.objects = objectTable{n: s.objects.n}
	for _, ch := range s.objects.chunks {
		c.objects.chunks = append(c.objects.chunks, &objectChunk{recs: ch.recs})
	}
	if c.Proposal != nil {
		c.Proposal.Before = nil
	}
	return *c
}

// stateOpts compare states field by field, unexported ones too; card definitions and
// abilities (card data) are the same when they are the same pointer, and functions (card
// code, in target specifications and modifications) are not state.
var stateOpts = []cmp.Option{
	cmp.FilterPath(func(p cmp.Path) bool { return p.Last().Type().Kind() == reflect.Func }, cmp.Ignore()),
	cmp.Exporter(func(reflect.Type) bool { return true }),
	cmp.Comparer(func(a, b *cardDef) bool { return a == b }),
	cmp.Comparer(func(a, b *ability) bool { return a == b }),
}

func same(a, b state) bool { return cmp.Equal(a, b, stateOpts...) }

func (e *auditEngine) keep(s *state) {
	e.returned = append(e.returned, s)
	e.saved = append(e.saved, frozen(s))
}

func (e *auditEngine) Start(setup h.Setup) (h.State, error) {
	st, err := e.Reference.Start(setup)
	if err == nil {
		s := st.(*state)
		if !sameProjection(s.projected(), project(s)) {
			e.t.Fatalf("the projection the new game kept is not its own")
		}
		e.keep(s)
	}
	return st, err
}

func (e *auditEngine) Apply(st h.State, a h.Action) (h.State, []h.Event, error) {
	s := st.(*state)
	if _, _, err := tryStep(s, a); errors.Is(err, errCareful) {
		e.retried++
	}
	next, evs, err := e.Reference.Apply(st, a)
	cs := *s
	cs.careful = true
	cnext, cevs, cerr := tryStep(&cs, a)
	if (err == nil) != (cerr == nil) {
		e.t.Fatalf("%s: optimistic step error %v, careful %v", a, err, cerr)
	}
	if err != nil {
		return nil, nil, err
	}
	n := next.(*state)
	cnext.finish(s)
	if !same(frozen(n), frozen(cnext)) || !reflect.DeepEqual(evs, cevs) {
		e.t.Fatalf("%s: the optimistic step differs from the careful one: %s%s", a,
			cmp.Diff(frozen(n), frozen(cnext), stateOpts...), cmp.Diff(evs, cevs))
	}
	if n.careful {
		e.t.Fatalf("%s: Step returned a careful state", a)
	}
	if p, cp := n.Proposal, cnext.Proposal; p != nil && (p.Before == nil) != (cp.Before == nil) ||
		p != nil && p.Before != nil && !same(frozen(p.Before), frozen(cp.Before)) {
		e.t.Fatalf("%s: the proposals go back to different states", a)
	}
	if !sameProjection(n.projected(), project(n)) {
		e.t.Fatalf("%s: the projection the step kept is not its state's", a)
	}
	e.keep(n)
	return next, evs, nil
}

// sameProjection: a and b give every object the same characteristics and copiable values.
func sameProjection(a, b *view) bool {
	if len(a.chars) != len(b.chars) || !slices.Equal(a.copies, b.copies) {
		return false
	}
	for i := range a.chars {
		id := h.ObjectID(i + 1)
		if !cmp.Equal(a.Of(id), b.Of(id), stateOpts...) || !cmp.Equal(a.Copiable(id), b.Copiable(id), stateOpts...) {
			return false
		}
	}
	return true
}

// TestOptimisticStepsMatchCareful walks generated cases through auditEngine: every step
// gives what the careful run gives, the careful run is needed by some (decisions are
// asked), and every state a case went through is unchanged when the case ends.
func TestOptimisticStepsMatchCareful(t *testing.T) {
	ref, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := gen.New(nil, gen.Steer{})
	if err != nil {
		t.Fatal(err)
	}
	eng := &auditEngine{Reference: ref, t: t}
	steps := 0
	for seed := uint64(0); seed < 100; seed++ {
		eng.returned, eng.saved = eng.returned[:0], eng.saved[:0]
		tr := g.Run(gen.NewTapeSource(seed), eng, 12)
		if tr.Err != nil {
			t.Fatalf("seed %d: %v", seed, tr.Err)
		}
		steps += len(tr.Steps)
		for i, s := range eng.returned {
			if !same(frozen(s), eng.saved[i]) {
				t.Fatalf("seed %d: state %d changed after Step returned it", seed, i)
			}
		}
	}
	if eng.retried == 0 {
		t.Fatalf("no step of %d needed the careful run", steps)
	}
	t.Logf("%d steps, %d run carefully", steps, eng.retried)
}
