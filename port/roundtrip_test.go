package port

import (
	"fmt"
	"os"
	"testing"
)

// BenchmarkRoundTrip measures the floor of one round trip to a port process: a request
// and an answer with nothing in them (reset), what every call costs before any JSON of
// snapshots is written or read. BenchmarkCases divided by the round trips a campaign
// makes says how far above it the protocol is.
func BenchmarkRoundTrip(b *testing.B) {
	c, err := Open(Options{Command: fmt.Sprintf("PORT_TEST_MODE=serve %s", os.Args[0])})
	if err != nil {
		b.Fatal(err)
	}
	defer c.Close()
	b.ResetTimer()
	for range b.N {
		if _, err := c.call(&Request{Op: OpReset}); err != nil {
			b.Fatal(err)
		}
	}
}
