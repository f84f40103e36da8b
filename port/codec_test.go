package port

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"testing"
)

// BenchmarkCodec compares encoding/json with the codec the protocol uses, on the largest
// answer of the recorded session:
//
//	go test ./port -run '^$' -bench Codec -count 6 | benchstat -col /codec -
func BenchmarkCodec(b *testing.B) {
	line := largestAnswer(b)
	var a answer
	if err := json.Unmarshal(line, &a); err != nil || !given(a.Snapshot) {
		b.Fatalf("the largest answer has no snapshot: %v", err)
	}
	var snap CompactSnapshot
	if err := json.Unmarshal(a.Snapshot, &snap); err != nil {
		b.Fatal(err)
	}
	codecs := []struct {
		name      string
		unmarshal func([]byte, any) error
		marshal   func(any) ([]byte, error)
	}{
		{"encoding-json", json.Unmarshal, json.Marshal},
		{"port", unmarshal, marshal},
	}
	for _, c := range codecs {
		b.Run("op=decode-answer/codec="+c.name, func(b *testing.B) {
			for range b.N {
				var r answer
				if err := c.unmarshal(line, &r); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("op=decode-snapshot/codec="+c.name, func(b *testing.B) {
			for range b.N {
				var s CompactSnapshot
				if err := c.unmarshal(a.Snapshot, &s); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("op=encode-snapshot/codec="+c.name, func(b *testing.B) {
			for range b.N {
				if _, err := c.marshal(&snap); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestCodecAgreesWithEncodingJSON: the codec writes what encoding/json writes and reads
// it back to the same value, for every answer of the recorded session.
func TestCodecAgreesWithEncodingJSON(t *testing.T) {
	for _, line := range answers(t) {
		var std, ours answer
		if err := json.Unmarshal(line, &std); err != nil {
			t.Fatal(err)
		}
		if err := unmarshal(line, &ours); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		want, _ := json.Marshal(&std)
		got, err := marshal(&ours)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("the codec wrote\n%s\nencoding/json wrote\n%s (%v)", got, want, err)
		}
	}
}

// answers are the answer lines of the recorded session docs/protocol/transcript.txt.
func answers(tb testing.TB) [][]byte {
	f, err := os.Open("../docs/protocol/transcript.txt")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out [][]byte
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		if l, ok := bytes.CutPrefix(sc.Bytes(), []byte("< ")); ok {
			out = append(out, bytes.Clone(l))
		}
	}
	if len(out) == 0 {
		tb.Fatal("the transcript has no answers")
	}
	return out
}

func largestAnswer(tb testing.TB) []byte {
	var max []byte
	for _, l := range answers(tb) {
		if len(l) > len(max) {
			max = l
		}
	}
	return max
}
