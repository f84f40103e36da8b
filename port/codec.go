package port

import (
	"fmt"

	gojson "github.com/goccy/go-json"
)

// The protocol's messages are encoded and decoded with goccy/go-json, a pure-Go drop-in
// for encoding/json (the same struct tags, the same output): a port's throughput is
// bounded by JSON work on snapshots and legal-action lists, and it decodes them two to
// four times and encodes them about 1.6 times as fast (BenchmarkCodec).

// unmarshal is json.Unmarshal that never panics: a line from a port is untrusted input,
// and a panic in the decoder becomes an error like any other bad line.
func unmarshal(data []byte, v any) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("undecodable: %v", r)
		}
	}()
	return gojson.Unmarshal(data, v)
}

// marshal is json.Marshal.
func marshal(v any) ([]byte, error) { return gojson.Marshal(v) }
