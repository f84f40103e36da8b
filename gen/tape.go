package gen

import "encoding/binary"

// Draw is one recorded choice: its label, the range it was drawn from and the value taken.
type Draw struct {
	Label string
	N     int // the value is in [0, N)
	Value int
}

// Span is one [Source.Group] as it ran: the draws [Start, End) made inside it. Parent is
// the index of the enclosing span in the same list, -1 at the top. Shrinkers delete,
// zero and reorder spans, so a permanent or a walk step goes or moves as a whole.
type Span struct {
	Label      string
	Start, End int
	Parent     int
}

// TapeSource is the campaign's own [Source]: it draws either from a seeded SplitMix64
// stream or from a given tape of values, and records every draw and group either way, so
// a random case turns into a tape that replays it exactly.
//
// Replay rules (the same for [BytesSource]): a value v for a draw of range n gives v mod n;
// draws past the end of the tape give 0, the simplest choice. Draws of range 1 consume
// nothing and are not recorded: they carry no choice.
type TapeSource struct {
	rng    splitMix
	random bool
	input  []uint64
	pos    int
	draws  []Draw
	spans  []Span
	parent int
}

// NewTapeSource returns a recording source drawing at random from seed.
func NewTapeSource(seed uint64) *TapeSource {
	t := &TapeSource{}
	t.Reset(seed)
	return t
}

// ReplayTape returns a recording source that replays values.
func ReplayTape(values []uint64) *TapeSource {
	t := &TapeSource{}
	t.ResetReplay(values)
	return t
}

// BytesSource is the driver for Go native fuzzing (testing.F): data is read as 8-byte
// little-endian words, the last one zero-filled when short, and replayed as a tape. Every
// input is a valid case (zero-filling never rejects), so every fuzz execution counts, and
// the recorded tape of a crasher can be shrunk by [Shrink].
func BytesSource(data []byte) *TapeSource { return ReplayTape(BytesTape(data)) }

// BytesTape is the tape [BytesSource] replays for data: its 8-byte little-endian words,
// the last one zero-filled when short.
func BytesTape(data []byte) []uint64 {
	words := make([]uint64, (len(data)+7)/8)
	for i := range words {
		var buf [8]byte
		copy(buf[:], data[i*8:])
		words[i] = binary.LittleEndian.Uint64(buf[:])
	}
	return words
}

// TapeBytes is the inverse of [BytesSource]: the bytes that replay values.
func TapeBytes(values []uint64) []byte {
	out := make([]byte, 8*len(values))
	for i, v := range values {
		binary.LittleEndian.PutUint64(out[i*8:], v)
	}
	return out
}

// Reset makes t a fresh random source for seed, keeping its buffers.
func (t *TapeSource) Reset(seed uint64) {
	t.rng = splitMix{state: seed}
	t.random = true
	t.input = nil
	t.clear()
}

// ResetReplay makes t a fresh replay of values, keeping its buffers.
func (t *TapeSource) ResetReplay(values []uint64) {
	t.random = false
	t.input = values
	t.clear()
}

func (t *TapeSource) clear() {
	t.pos = 0
	t.draws = t.draws[:0]
	t.spans = t.spans[:0]
	t.parent = -1
}

// Uintn draws a value in [0, n).
func (t *TapeSource) Uintn(label string, n int) int {
	if n <= 1 {
		return 0
	}
	var v uint64
	switch {
	case t.random:
		v = t.rng.below(uint64(n))
	case t.pos < len(t.input):
		v = t.input[t.pos] % uint64(n)
	}
	t.pos++
	t.draws = append(t.draws, Draw{Label: label, N: n, Value: int(v)})
	return int(v)
}

// Group runs f as one span.
func (t *TapeSource) Group(label string, f func(Source)) {
	idx := len(t.spans)
	t.spans = append(t.spans, Span{Label: label, Start: len(t.draws), End: -1, Parent: t.parent})
	saved := t.parent
	t.parent = idx
	defer func() {
		t.parent = saved
		t.spans[idx].End = len(t.draws)
	}()
	f(t)
}

// Draws is what was drawn so far, in order. The slice is t's own: copy it to keep it
// past the next Reset.
func (t *TapeSource) Draws() []Draw { return t.draws }

// Spans lists the groups so far, in the order they began.
func (t *TapeSource) Spans() []Span { return t.spans }

// Values is the recorded tape: the value of every draw, in order. Replaying it makes the
// same draws. It is a new slice.
func (t *TapeSource) Values() []uint64 {
	out := make([]uint64, len(t.draws))
	for i := range out {
		out[i] = uint64(t.draws[i].Value)
	}
	return out
}

// ShortlexLess reports whether tape a is simpler than b: shorter, or as long and smaller at
// the first difference. Compare recorded tapes (Values), which hold every draw made:
// trailing zeros are draws too, and a tape ending in zeros is not simpler for it.
// Shrinkers only accept strictly simpler tapes, so they always terminate.
func ShortlexLess(a, b []uint64) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

// TrimTape drops trailing zeros, which replay the same (draws past the end are 0): the
// compact form to store.
func TrimTape(v []uint64) []uint64 { return trimZeros(v) }

func trimZeros(v []uint64) []uint64 {
	n := len(v)
	for n > 0 && v[n-1] == 0 {
		n--
	}
	return v[:n]
}

// TapeSchema names the generators' draw structure. A tape replays the same case only under
// the schema it was recorded with: bump it whenever Board or Run change what they draw or
// in which order, so stored tapes are known stale instead of silently meaning another case.
const TapeSchema = "gen/v2"
