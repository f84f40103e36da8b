package port

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
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

// TestSendToAPortThatDoesNotRead: a request a port never reads (its pipe full) is given up
// after the call's bound, written from the caller's goroutine under a deadline.
func TestSendToAPortThatDoesNotRead(t *testing.T) {
	p, err := spawn("sleep 30", "")
	if err != nil {
		t.Fatal(err)
	}
	defer p.kill()
	c := &Client{proc: p}
	timer := time.NewTimer(time.Minute)
	defer timer.Stop()
	err = c.send(make([]byte, 1<<20), 300*time.Millisecond, timer)
	if err == nil || !strings.Contains(err.Error(), "the port did not read the request within 300ms") {
		t.Fatalf("got %v", err)
	}
}
