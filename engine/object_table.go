package engine

import (
	"slices"
	"sync/atomic"

	h "github.com/mtgfuzz/mtgfuzz/harness"
)

// objectTable holds a state's object records, indexed by ObjectID-1, in chunks that a
// state shares with the states cloned from it. Every step clones its state, and most steps
// change a few records, if any (a land tapped, a spell cast): copying the few chunks
// written, not every record, is what makes a clone cheap.
//
// A chunk is written only by the table that owns it: mut copies a chunk it does not own
// first. Cloning (share) gives up the ownership of both tables, the old and the new, so
// neither writes a chunk the other reads. A finished state's table is frozen: it never
// owns a chunk, and writing it is a bug that panics (a finished state is read only).
type objectTable struct {
	chunks []*objectChunk
	n      int // records held: IDs 1 to n
	// owner is the identity the chunks this table may write carry: 0 while it owns none
	// (a fresh one is taken on the first write), frozenOwner once the state is finished.
	owner uint64
}

// objectChunkLen is the records in one chunk: few enough that copying one on a first
// write costs little, enough that a state's table is a handful of pointers.
const objectChunkLen = 8

type objectChunk struct {
	owner uint64
	recs  [objectChunkLen]object
}

const frozenOwner = ^uint64(0)

// owners hands out table identities. Only equality between them matters, never their
// values, so the order in which concurrent games take them changes nothing.
var owners atomic.Uint64

// mut returns record id (nil for 0 or unknown), to change, copying its chunk first if the
// table does not own it.
func (t *objectTable) mut(id h.ObjectID) *object {
	if i := id - 1; i < h.ObjectID(t.n) {
		return &t.own(int(i / objectChunkLen)).recs[i%objectChunkLen]
	}
	return nil
}

// own returns chunk i, made the table's own.
func (t *objectTable) own(i int) *objectChunk {
	w := t.writer()
	c := t.chunks[i]
	if c.owner != w {
		c = &objectChunk{owner: w, recs: c.recs}
		t.chunks[i] = c
	}
	return c
}

// writer returns the identity of the table's own chunks, taking one on its first write.
func (t *objectTable) writer() uint64 {
	switch t.owner {
	case frozenOwner:
		panic("engine: an object record of a finished state is written")
	case 0:
		t.owner = owners.Add(1)
	}
	return t.owner
}

// add appends a record.
func (t *objectTable) add(o object) {
	c := t.n / objectChunkLen
	if c == len(t.chunks) {
		t.chunks = append(t.chunks, &objectChunk{owner: t.writer()})
	}
	t.own(c).recs[t.n%objectChunkLen] = o
	t.n++
}

// reserve makes room for n records in an empty table, in one allocation: a new game adds
// all its records at once (newGame). The chunks are the table's own, as add makes them.
func (t *objectTable) reserve(n int) {
	if t.n != 0 || len(t.chunks) != 0 {
		panic("engine: reserve on a table that holds records")
	}
	block := make([]objectChunk, (n+objectChunkLen-1)/objectChunkLen)
	t.chunks = make([]*objectChunk, len(block))
	w := t.writer()
	for i := range block {
		block[i].owner = w
		t.chunks[i] = &block[i]
	}
}

// share returns a table holding the same records, for a clone. Both tables then own no
// chunk: the first write to a chunk on either side copies it.
func (t *objectTable) share() objectTable {
	if t.owner != frozenOwner {
		t.owner = 0
	}
	return objectTable{chunks: slices.Clone(t.chunks), n: t.n}
}

// freeze makes the table read only (state.finish).
func (t *objectTable) freeze() { t.owner = frozenOwner }
