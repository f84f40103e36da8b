package port

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

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
