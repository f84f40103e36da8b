package fuzztarget

import (
	"archive/zip"
	"bytes"
	"crypto/sha1"
	"encoding/hex"
	"io"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLibFuzzerInputs: ToLibFuzzer and FromLibFuzzer are inverse, and FromLibFuzzer reads
// a raw input as go-fuzz-headers' GetBytes does (a big-endian length, 0 meaning 30, taken
// modulo what is left unless it is exactly that).
func TestLibFuzzerInputs(t *testing.T) {
	for _, data := range [][]byte{{1}, {0, 1, 2, 3, 4, 5, 6, 7, 8}, bytes.Repeat([]byte{9}, 300)} {
		got, ok := FromLibFuzzer(ToLibFuzzer(data))
		assert.True(t, ok)
		assert.Equal(t, data, got)
	}
	got, ok := FromLibFuzzer(ToLibFuzzer(nil))
	assert.True(t, ok)
	assert.Equal(t, []byte{0}, got, "no data is the one byte 0: the same case")

	for _, tc := range []struct {
		raw  []byte
		want []byte
		ok   bool
	}{
		{[]byte{0, 0, 0, 2, 'a', 'b', 'c'}, []byte("ab"), true},
		{[]byte{0, 0, 0, 5, 'a', 'b', 'c'}, []byte("ab"), true},  // 5 % 3
		{[]byte{0, 0, 0, 3, 'a', 'b', 'c'}, []byte("abc"), true}, // exactly what is left
		{append([]byte{0, 0, 0, 0}, bytes.Repeat([]byte{'x'}, 40)...), bytes.Repeat([]byte{'x'}, 30), true},
		{[]byte{0, 0, 0, 1}, nil, false},
		{[]byte{7}, nil, false},
	} {
		got, ok := FromLibFuzzer(tc.raw)
		assert.Equal(t, tc.ok, ok, "%x", tc.raw)
		assert.Equal(t, tc.want, got, "%x", tc.raw)
	}
}

func TestGoFuzzFiles(t *testing.T) {
	data := []byte("\x00\x01\"quoted\"\n\xff")
	file := GoFuzzFile(data)
	assert.True(t, IsGoFuzzFile(file))
	got, err := ParseGoFuzzFile(file)
	require.NoError(t, err)
	assert.Equal(t, data, got)
	got, err = ReadInput(file)
	require.NoError(t, err)
	assert.Equal(t, data, got)

	for _, tc := range []struct{ file, err string }{
		{"go test fuzz v1\n\n[]byte(\"a\")\nstring(\"b\")\n", "line 4: not a []byte"},
		{"go test fuzz v1\n[]byte(\"a\"\n", "line 2: not a Go expression"},
		{"go test fuzz v1\n[]byte(x)\n", "line 2: not a string literal"},
		{"go test fuzz v1\n", "0 values"},
		{"go test fuzz v1\n[]byte(\"a\")\n[]byte(\"b\")\n", "2 values"},
	} {
		_, err := ParseGoFuzzFile([]byte(tc.file))
		assert.ErrorContains(t, err, tc.err, "%q", tc.file)
	}
	_, err = ReadInput([]byte{1, 2})
	assert.ErrorContains(t, err, "a raw input of 2 bytes gives a fuzz target nothing")
}

// TestSeedCorpusZip: the zip holds the target's seeds as raw libFuzzer inputs named by
// their SHA-1, and the same seed and cases write the same bytes.
func TestSeedCorpusZip(t *testing.T) {
	tg, _ := Lookup("cost")
	var a, b bytes.Buffer
	n, err := tg.WriteSeedCorpus(&a, 1, 10)
	require.NoError(t, err)
	_, err = tg.WriteSeedCorpus(&b, 1, 10)
	require.NoError(t, err)
	assert.Equal(t, a.Bytes(), b.Bytes())

	seeds, err := tg.Seeds(1, 10)
	require.NoError(t, err)
	z, err := zip.NewReader(bytes.NewReader(a.Bytes()), int64(a.Len()))
	require.NoError(t, err)
	require.Len(t, z.File, n)
	var got [][]byte
	for _, f := range z.File {
		r, err := f.Open()
		require.NoError(t, err)
		raw, err := io.ReadAll(r)
		require.NoError(t, err)
		sum := sha1.Sum(raw)
		assert.Equal(t, hex.EncodeToString(sum[:]), f.Name)
		data, ok := FromLibFuzzer(raw)
		require.True(t, ok)
		got = append(got, data)
	}
	assert.ElementsMatch(t, seeds, got)
}
