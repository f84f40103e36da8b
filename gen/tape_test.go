package gen_test

import (
	"testing"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTapeSourceIsDeterministicPerSeed(t *testing.T) {
	draw := func(seed uint64) []int {
		src := gen.NewTapeSource(seed)
		out := make([]int, 50)
		for i := range out {
			out[i] = src.Uintn("x", 1000)
		}
		return out
	}
	assert.Equal(t, draw(7), draw(7), "same seed, same draws")
	assert.NotEqual(t, draw(7), draw(8), "another seed draws otherwise")
}

func TestTapeReplayReproducesARandomRun(t *testing.T) {
	g, err := gen.New(nil, gen.Steer{})
	require.NoError(t, err)
	for seed := uint64(0); seed < 50; seed++ {
		src := gen.NewTapeSource(seed)
		want := g.Board(src)
		wantDraws := append([]gen.Draw(nil), src.Draws()...)

		replay := gen.ReplayTape(src.Values())
		got := g.Board(replay)
		assert.Equal(t, want, got, "seed %d: the recorded tape builds the same board", seed)
		assert.Equal(t, wantDraws, replay.Draws(), "seed %d: and makes the same draws", seed)
	}
}

func TestReplayRules(t *testing.T) {
	src := gen.ReplayTape([]uint64{7, 9})
	assert.Equal(t, 2, src.Uintn("a", 5), "7 mod 5")
	assert.Equal(t, 0, src.Uintn("one", 1), "a range of 1 has no choice")
	assert.Equal(t, 9, src.Uintn("b", 10), "the range-1 draw consumed nothing, so 9 is next")
	assert.Equal(t, 0, src.Uintn("c", 10), "past the end of the tape: 0")
	assert.Equal(t, []gen.Draw{{"a", 5, 2}, {"b", 10, 9}, {"c", 10, 0}}, src.Draws())
	assert.Equal(t, []uint64{2, 9, 0}, src.Values(), "normalized: every draw made, mod its range")
	assert.Equal(t, []uint64{2, 9}, gen.TrimTape(src.Values()), "the stored form drops trailing zeros")
}

func TestBytesSourceReadsLittleEndianWordsZeroFilled(t *testing.T) {
	src := gen.BytesSource(gen.TapeBytes([]uint64{3, 1 << 40}))
	assert.Equal(t, 3, src.Uintn("a", 100))
	assert.Equal(t, int((1<<40)%1000), src.Uintn("b", 1000))

	short := gen.BytesSource([]byte{5}) // one byte: the word 5, zero-filled
	assert.Equal(t, 5, short.Uintn("a", 100))
	assert.Equal(t, 0, short.Uintn("b", 100), "nothing left: 0")
}

func TestBytesTapeIsWhatBytesSourceReplays(t *testing.T) {
	assert.Equal(t, []uint64{3, 1 << 40}, gen.BytesTape(gen.TapeBytes([]uint64{3, 1 << 40})))
	assert.Equal(t, []uint64{0x0201, 5}, gen.BytesTape([]byte{1, 2, 0, 0, 0, 0, 0, 0, 5}), "the last word zero-filled")
	assert.Empty(t, gen.BytesTape(nil))
}

func TestGroupsRecordSpans(t *testing.T) {
	src := gen.NewTapeSource(1)
	src.Uintn("a", 10)
	src.Group("outer", func(s gen.Source) {
		s.Uintn("b", 10)
		s.Group("inner", func(s gen.Source) { s.Uintn("c", 10) })
	})
	assert.Equal(t, []gen.Span{
		{Label: "outer", Start: 1, End: 3, Parent: -1},
		{Label: "inner", Start: 2, End: 3, Parent: 0},
	}, src.Spans())
}

func TestShortlexLess(t *testing.T) {
	for _, tc := range []struct {
		a, b   []uint64
		less   bool
		reason string
	}{
		{[]uint64{9}, []uint64{0, 1}, true, "shorter is simpler whatever the values"},
		{[]uint64{1, 2}, []uint64{1, 3}, true, "same length: first difference decides"},
		{[]uint64{1, 3}, []uint64{1, 2}, false, "larger at the first difference"},
		{[]uint64{1, 2, 0, 0}, []uint64{1, 2}, false, "recorded zeros are draws: longer is not simpler"},
		{[]uint64{1, 0}, []uint64{1, 0}, false, "equal is not less"},
	} {
		assert.Equal(t, tc.less, gen.ShortlexLess(tc.a, tc.b), tc.reason)
	}
}
