package port

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/harness"
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

// TestCompactSnapshotsReadAsWhole: each snapshot of a game, sent compactly, reads back as
// the same snapshot sent whole (version 1); an object is sent once per scenario, and
// again only once it has changed or the scenario has been reset.
func TestCompactSnapshotsReadAsWhole(t *testing.T) {
	eng, err := engine.New(engine.Options{})
	require.NoError(t, err)
	setup := harness.Setup{Turn: 1, Active: harness.A, Step: harness.Main1}
	setup.Players[0].Life, setup.Players[1].Life = 20, 20
	setup.Players[0].Battlefield = []harness.PermanentSpec{{CardSpec: harness.CardSpec{Name: "Forest"}}, {CardSpec: harness.CardSpec{Name: "Llanowar Elves"}}}
	setup.Players[0].Hand = []harness.CardSpec{{Name: "Island"}}
	setup.Players[1].Library = []harness.CardSpec{{Name: "Grizzly Bears"}}
	require.NoError(t, setup.Normalize())
	st, err := eng.Start(setup)
	require.NoError(t, err)
	var server objectKeys
	client := objectTable{}
	send := func(snap harness.Snapshot) (harness.Snapshot, int) {
		wire, objects, err := server.encode(&snap)
		require.NoError(t, err)
		var keyed []KeyedObject
		for _, o := range objects {
			var k KeyedObject
			require.NoError(t, json.Unmarshal(o, &k))
			keyed = append(keyed, k)
		}
		require.NoError(t, client.register(keyed))
		got, err := client.decode(wire)
		require.NoError(t, err)
		return got, len(objects)
	}
	whole := func(snap harness.Snapshot) harness.Snapshot { // as version 1 sends and reads it
		b, err := marshal(&snap)
		require.NoError(t, err)
		var out harness.Snapshot
		require.NoError(t, unmarshal(b, &out))
		return out
	}
	snap, err := eng.Observe(st)
	require.NoError(t, err)
	got, sent := send(snap)
	assert.Equal(t, whole(snap), got)
	assert.Equal(t, 4, sent, "every object the first time")
	got, sent = send(snap)
	assert.Equal(t, whole(snap), got)
	assert.Zero(t, sent, "the same snapshot again: keys only")

	legal, err := eng.Legal(st)
	require.NoError(t, err)
	var tap harness.Action
	for _, a := range legal {
		if a.Kind == harness.Activate && a.Name == "Forest" {
			tap = a
		}
	}
	next, _, err := eng.Apply(st, tap)
	require.NoError(t, err)
	snap, err = eng.Observe(next)
	require.NoError(t, err)
	got, sent = send(snap)
	assert.Equal(t, whole(snap), got)
	assert.Equal(t, 1, sent, "only the Forest, now tapped")

	server.reset()
	clear(client)
	got, sent = send(snap)
	assert.Equal(t, whole(snap), got)
	assert.Equal(t, 4, sent, "a new scenario sends every object again")
}

// TestCompactSnapshotOfUnknownKeys: a snapshot naming a key no answer of the scenario sent
// is an error saying so, as is an object without a key.
func TestCompactSnapshotOfUnknownKeys(t *testing.T) {
	_, err := objectTable{}.decode([]byte(`{"turn":1,"players":[{"hand":[7]},{}],"battlefield":[]}`))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "object key 7: no object with this key was sent in this scenario")
	err = objectTable{}.register([]KeyedObject{{Object: harness.Object{Name: "Forest"}}})
	require.Error(t, err)
	assert.True(t, strings.Contains(err.Error(), `an object without a positive key: "Forest"`), err.Error())
}

// TestSupportWireHasSupportsFields: the handshake's form of a Support has every field of
// harness.Support, with the same JSON names, in the same order.
func TestSupportWireHasSupportsFields(t *testing.T) {
	names := func(t reflect.Type) []string {
		var out []string
		for i := range t.NumField() {
			out = append(out, t.Field(i).Tag.Get("json"))
		}
		return out
	}
	assert.Equal(t, names(reflect.TypeOf(harness.Support{})), names(reflect.TypeOf(supportWire{})))
}
