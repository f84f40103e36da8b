package main

import (
	"flag"
	"fmt"
	"time"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/engine"
	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/port"
)

// engineFlags select the engine under test, shared by every command that runs one: the
// reference engine in process by default, or with --engine a port, a program speaking the
// protocol of docs/protocol.md on its stdin and stdout.
type engineFlags struct {
	command      string
	timeout      time.Duration
	startTimeout time.Duration
}

func (e *engineFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&e.command, "engine", "", "test the port `CMD` (a shell command line speaking docs/protocol.md) instead of the reference engine")
	fs.DurationVar(&e.timeout, "timeout", port.DefaultTimeout, "with --engine: the longest the port may take to answer one message")
	fs.DurationVar(&e.startTimeout, "start-timeout", port.DefaultStartTimeout, "with --engine: the longest the port may take to start and answer the handshake (a build included)")
}

// onEngineError is --on-engine-error: what a campaign does when the engine breaks.
type onEngineError string

func (o *onEngineError) String() string { return string(*o) }

func (o *onEngineError) Set(v string) error {
	if v != "continue" && v != "stop" {
		return fmt.Errorf("want continue or stop")
	}
	*o = onEngineError(v)
	return nil
}

// choices are the values --on-engine-error takes, for its usage line.
func (onEngineError) choices() []string { return []string{"continue", "stop"} }

// stop reports whether the campaign stops at its first engine error.
func (o onEngineError) stop() bool { return o == "stop" }

// factory checks the fault names (for a port, its handshake does) and returns how to make
// the engine with those faults switched on. Each campaign worker makes its own engine.
func (e *engineFlags) factory(faults []string) (func() (harness.Engine, error), error) {
	if e.command == "" {
		for _, name := range faults {
			if _, ok := lookupFault(name); !ok {
				return nil, unknownFault(name)
			}
		}
		return func() (harness.Engine, error) { return engine.New(engine.Options{Faults: faults}) }, nil
	}
	if e.timeout <= 0 {
		return nil, usageErrorf("--timeout must be positive")
	}
	if e.startTimeout <= 0 {
		return nil, usageErrorf("--start-timeout must be positive")
	}
	return func() (harness.Engine, error) {
		c, err := e.client(faults)
		if err != nil {
			return nil, err
		}
		return c.Engine(), nil
	}, nil
}

// client starts the port with faults switched on.
func (e *engineFlags) client(faults []string) (*port.Client, error) {
	c, err := port.Open(port.Options{Command: e.command, Faults: faults, Timeout: e.timeout, StartTimeout: e.startTimeout})
	if err != nil {
		return nil, fmt.Errorf("--engine %s: %w", campaign.ShellQuote(e.command), err)
	}
	return c, nil
}

// open makes one engine with faults switched on.
func (e *engineFlags) open(faults []string) (harness.Engine, error) {
	factory, err := e.factory(faults)
	if err != nil {
		return nil, err
	}
	return factory()
}

// trace replays a case on this engine with the faults (comma-separated) on: the
// report.Tracer of the HTML boards, and the boards a saved scenario is written from. nil
// if the engine won't start.
func (e *engineFlags) trace(faults string, setup harness.Setup, actions []harness.Action) *gen.Trace {
	var names faultList
	names.Set(faults)
	eng, err := e.open(names)
	if err != nil {
		return nil
	}
	defer eng.Close()
	return gen.Replay(eng, setup, actions)
}

// args are the flags that select this engine again, for printed commands: "" for the
// reference engine, else " --engine 'CMD'" (and the timeout when not the default).
func (e *engineFlags) args() string {
	if e.command == "" {
		return ""
	}
	s := " --engine " + campaign.ShellQuote(e.command)
	if e.timeout != port.DefaultTimeout {
		s += " --timeout " + e.timeout.String()
	}
	if e.startTimeout != port.DefaultStartTimeout {
		s += " --start-timeout " + e.startTimeout.String()
	}
	return s
}

// portOf is the port client behind eng, if eng is one.
func portOf(eng harness.Engine) (*port.Client, bool) {
	switch e := eng.(type) {
	case *port.Client:
		return e, true
	case *port.ManaClient:
		return e.Client, true
	}
	return nil, false
}
