package port

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	gojson "github.com/goccy/go-json"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Version 2 sends snapshots compactly. Profiling BenchmarkCases showed the cost of a port
// is mostly the bytes of snapshots (about 5 KB each, 74 MB for the benchmark's 300 cases),
// not the engine: most objects of a snapshot are unchanged since the snapshot before, and
// the purity property observes the same state again and again. So in version 2 a
// snapshot's zones (libraries, hands, graveyards, exiles, the battlefield) list object
// keys, integers, and the answer's "objects" carries each object not sent before in this
// scenario, with its key (a positive number the port picks, unique in the scenario). The
// same object (the same computed characteristics and status) seen again is written as
// its key alone. Keys live until the next start or reset, like state handles. A port
// that gives every object a new key each time speaks version 2 correctly, only less
// compactly.

// CompactSnapshot is a snapshot as version 2 sends it. The embedded Snapshot carries every
// field but the zones of objects (an outer field hides the embedded one of the same JSON
// name).
type CompactSnapshot struct {
	harness.Snapshot
	Players     [2]CompactPlayer `json:"players"`
	Battlefield []int            `json:"battlefield"`
}

// CompactPlayer is a player's zones in a CompactSnapshot.
type CompactPlayer struct {
	harness.PlayerState
	Library   []int `json:"library"`
	Hand      []int `json:"hand"`
	Graveyard []int `json:"graveyard"`
	Exile     []int `json:"exile"`
}

// KeyedObject is an object of a version 2 answer's "objects".
type KeyedObject struct {
	Key int `json:"key"`
	harness.Object
}

// zoneCount is the number of zones of objects in a snapshot: four a player, and the
// battlefield.
const zoneCount = 9

// zones lists the places of a wire snapshot that hold objects, in the order they are sent.
func (w *CompactSnapshot) zones() [zoneCount]*[]int {
	a, b := &w.Players[0], &w.Players[1]
	return [zoneCount]*[]int{&a.Library, &a.Hand, &a.Graveyard, &a.Exile, &b.Library, &b.Hand, &b.Graveyard, &b.Exile, &w.Battlefield}
}

// objectZones lists the same places of a snapshot.
func objectZones(s *harness.Snapshot) [zoneCount]*[]*harness.Object {
	a, b := &s.Players[0], &s.Players[1]
	return [zoneCount]*[]*harness.Object{&a.Library, &a.Hand, &a.Graveyard, &a.Exile, &b.Library, &b.Hand, &b.Graveyard, &b.Exile, &s.Battlefield}
}

// objectKeys is the server's side of a scenario's keys: the text of each object sent,
// with its key. Objects are matched by their text, never by pointer, so an engine that
// changes an object it handed out is still seen to.
type objectKeys struct {
	keys map[string]int
	buf  bytes.Buffer
	enc  *gojson.Encoder
}

func (k *objectKeys) reset() { clear(k.keys) }

// encode writes snap as version 2 does, and the objects not sent before.
func (k *objectKeys) encode(snap *harness.Snapshot) (wire json.RawMessage, objects []json.RawMessage, err error) {
	if k.keys == nil {
		k.keys = map[string]int{}
		k.enc = gojson.NewEncoder(&k.buf)
	}
	w := CompactSnapshot{Snapshot: *snap}
	for p := range snap.Players {
		w.Players[p].PlayerState = snap.Players[p]
	}
	wz := w.zones()
	for i, zone := range objectZones(snap) {
		if *zone == nil {
			continue
		}
		keys := make([]int, len(*zone))
		for j, o := range *zone {
			k.buf.Reset()
			if err := k.enc.Encode(o); err != nil {
				return nil, nil, err
			}
			text := bytes.TrimSuffix(k.buf.Bytes(), []byte("\n"))
			key, ok := k.keys[string(text)]
			if !ok {
				key = len(k.keys) + 1
				k.keys[string(text)] = key
				raw := make([]byte, 0, len(text)+16)
				raw = append(strconv.AppendInt(append(raw, `{"key":`...), int64(key), 10), ',')
				objects = append(objects, append(raw, text[1:]...))
			}
			keys[j] = key
		}
		*wz[i] = keys
	}
	wire, err = marshal(&w)
	return wire, objects, err
}

// objectTable is the client's side of a scenario's keys: the object each key stands for.
type objectTable map[int]*harness.Object

// register notes the objects an answer sent.
func (t objectTable) register(objects []KeyedObject) error {
	for i := range objects {
		if objects[i].Key <= 0 {
			return fmt.Errorf("an object without a positive key: %q", objects[i].Name)
		}
		t[objects[i].Key] = &objects[i].Object
	}
	return nil
}

// decode reads a version 2 snapshot.
func (t objectTable) decode(raw []byte) (harness.Snapshot, error) {
	var w CompactSnapshot
	if err := unmarshal(raw, &w); err != nil {
		return harness.Snapshot{}, err
	}
	return t.resolve(&w)
}

// resolve is the snapshot w stands for: its keys replaced by their objects, the zones in
// one allocation.
func (t objectTable) resolve(w *CompactSnapshot) (harness.Snapshot, error) {
	snap := w.Snapshot
	for p := range snap.Players {
		snap.Players[p] = w.Players[p].PlayerState
	}
	wz := w.zones()
	n := 0
	for _, keys := range wz {
		n += len(*keys)
	}
	all := make([]*harness.Object, n)
	for i, zone := range objectZones(&snap) {
		keys := *wz[i]
		if keys == nil {
			*zone = nil
			continue
		}
		out := all[:len(keys):len(keys)]
		all = all[len(keys):]
		for j, key := range keys {
			if out[j] = t[key]; out[j] == nil {
				return harness.Snapshot{}, fmt.Errorf("object key %d: no object with this key was sent in this scenario (keys live until the next start or reset)", key)
			}
		}
		*zone = out
	}
	return snap, nil
}
