// Command serve makes the goport engine a port: it speaks docs/protocol.md on stdin and
// stdout, so every command of the CLI can test it, as it would an engine in any language:
//
//	go run ./cmd/fuzz check-engine --engine 'go run ./examples/goport/serve'
//	go run ./cmd/fuzz run --engine 'go run ./examples/goport/serve' --counterexamples 3
//	go run ./cmd/fuzz diff --engine 'go run ./examples/goport/serve'
//
// Logs go to stderr: stdout is the protocol's.
package main

import (
	"fmt"
	"os"

	"github.com/mtgfuzz/mtgfuzz/examples/goport"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/port"
)

func main() {
	if err := serve(); err != nil {
		fmt.Fprintln(os.Stderr, "goport:", err)
		os.Exit(1)
	}
}

func serve() error {
	return port.Serve(os.Stdin, os.Stdout, port.ServeOptions{
		Engine: func(faults []string) (harness.Engine, error) {
			if len(faults) > 0 { // the handshake refuses faults not in ServeOptions.Faults
				return nil, fmt.Errorf("goport has no deliberate faults")
			}
			return goport.New(), nil
		},
		Version:   "1",
		GCPercent: port.ServeGCPercent, // this process does nothing else
	})
}
