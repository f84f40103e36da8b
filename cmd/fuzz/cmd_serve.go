package main

import (
	"os"
	"runtime/debug"
	"slices"

	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/port"
)

// serve makes the reference engine a port: it speaks the protocol of docs/protocol.md on
// stdin and stdout until a close message or the end of stdin. It is how the protocol is
// tested against a real process, and --trace FILE records a correct transcript for
// implementers to read.
func (c *cli) serve(args []string) error {
	fs := newFlagSet("serve")
	var faults faultList
	fs.Var(&faults, "fault", "switch on the engine fault `NAME` in every session (repeatable); a client may ask for more")
	trace := fs.String("trace", "", "write the transcript (\"> \" request, \"< \" answer, one message a line) to `FILE`")
	pos, err := c.parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usageErrorf("serve takes no arguments, got %q", pos)
	}
	for _, name := range faults {
		if _, ok := lookupFault(name); !ok {
			return unknownFault(name)
		}
	}
	opts := port.ServeOptions{
		Engine: func(asked []string) (harness.Engine, error) {
			on := slices.Clone([]string(faults))
			for _, f := range asked {
				if !slices.Contains(on, f) {
					on = append(on, f)
				}
			}
			return engine.New(engine.Options{Faults: on})
		},
		Version:   moduleVersion(),
		GCPercent: port.ServeGCPercent,
	}
	for _, f := range engine.Faults() {
		opts.Faults = append(opts.Faults, port.Fault(f))
	}
	if *trace != "" {
		f, err := os.Create(*trace)
		if err != nil {
			return inputErrorf("--trace: %v", err)
		}
		defer f.Close()
		opts.Trace = f
	}
	return port.Serve(c.stdin, c.stdout, opts)
}

// moduleVersion is the build's module version ("(devel)" from a checkout).
func moduleVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		return bi.Main.Version
	}
	return ""
}
