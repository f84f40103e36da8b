package port

import (
	"errors"
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

// errorOffset is the byte offset in its input at which a decoding error was found, or 0
// when the error doesn't say: a failure quotes the answer around it, so that the part the
// complaint is about is shown even in a long answer.
func errorOffset(err error) int {
	var te *gojson.UnmarshalTypeError
	if errors.As(err, &te) {
		return int(te.Offset)
	}
	var se *gojson.SyntaxError
	if errors.As(err, &se) {
		return int(se.Offset)
	}
	return 0
}
