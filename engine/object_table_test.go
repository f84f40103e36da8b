package engine

import (
	"testing"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// tableOf is a table of n records, each with its ID and Damage = ID.
func tableOf(n int) *objectTable {
	t := &objectTable{}
	for i := 1; i <= n; i++ {
		t.add(object{ID: h.ObjectID(i), Damage: i})
	}
	return t
}

// get reads record id of t as a state holding t reads it.
func (t *objectTable) get(id h.ObjectID) *object {
	s := state{objects: *t}
	return s.obj(id)
}

// TestObjectTableSharesUntilWritten: a clone shares every chunk; a write on either side
// copies only the chunk written, and the other side never sees it.
func TestObjectTableSharesUntilWritten(t *testing.T) {
	a := tableOf(3*objectChunkLen + 1)
	b := a.share()
	for i := range a.chunks {
		if a.chunks[i] != b.chunks[i] {
			t.Fatalf("chunk %d is copied by share", i)
		}
	}
	b.mut(2).Damage = 100
	a.mut(objectChunkLen + 1).Damage = 200
	if a.get(2).Damage != 2 || b.get(2).Damage != 100 {
		t.Fatalf("record 2: %d in the original, %d in the clone; want 2 and 100", a.get(2).Damage, b.get(2).Damage)
	}
	if b.get(objectChunkLen+1).Damage != objectChunkLen+1 || a.get(objectChunkLen+1).Damage != 200 {
		t.Fatalf("a write to the original shows in the clone")
	}
	if a.chunks[2] != b.chunks[2] || a.chunks[0] == b.chunks[0] || a.chunks[1] == b.chunks[1] {
		t.Fatalf("only the chunks written are copied, each on the side writing")
	}
	// A second write to an owned chunk writes in place; a clone of the clone shares again.
	p := b.mut(3)
	if p != b.mut(3) || p != b.get(3) {
		t.Fatalf("an owned chunk is copied again")
	}
	c := b.share()
	c.add(object{ID: h.ObjectID(c.n + 1)})
	c.mut(3).Damage = 300
	if b.n != 3*objectChunkLen+1 || b.get(3).Damage != 3 || c.get(3).Damage != 300 || p.Damage != 3 {
		t.Fatalf("after a second clone the first writes into what it shares: %d, %d", b.get(3).Damage, c.get(3).Damage)
	}
	if a.get(0) != nil || a.mut(h.ObjectID(a.n+1)) != nil {
		t.Fatalf("IDs 0 and past the end have no record")
	}
}

// TestFinishedStateRecordsCantBeWritten: writing a record of a state applyAction or newGame
// returned panics rather than changing a state others read.
func TestFinishedStateRecordsCantBeWritten(t *testing.T) {
	s, err := newGame(board([]string{"Wastes"}, nil), nil)
	if err != nil {
		t.Fatal(err)
	}
	id := s.Battlefield[0]
	c := s.clone()
	c.mut(id).Tapped = true
	if s.obj(id).Tapped {
		t.Fatalf("a write to the clone changed the finished state")
	}
	defer func() {
		if recover() == nil {
			t.Fatalf("writing a finished state's record did not panic")
		}
	}()
	s.mut(id).Tapped = true
}

// TestAuditSeesAWriteToASharedRecord: the check that no returned state changes later
// (TestOptimisticStepsMatchCareful) catches a write that skips mut, the copy-on-write a
// missed write site would skip: frozen copies the records, so it does not share them.
func TestAuditSeesAWriteToASharedRecord(t *testing.T) {
	s, err := newGame(board([]string{"Wastes"}, nil), nil)
	if err != nil {
		t.Fatal(err)
	}
	saved := frozen(s)
	next, _, err := applyAction(s, h.Action{Player: h.A, Kind: h.Pass})
	if err != nil {
		t.Fatal(err)
	}
	if !same(frozen(s), saved) {
		t.Fatalf("a pass changed the state passed from")
	}
	c := next.clone()
	c.obj(s.Battlefield[0]).Tapped = true // a write site that forgot mut
	if same(frozen(s), saved) {
		t.Fatalf("a write into a record shared with a returned state went unseen")
	}
}
