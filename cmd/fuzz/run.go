package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"sync/atomic"

	"github.com/mtgfuzz/mtgfuzz/campaign"
	"github.com/mtgfuzz/mtgfuzz/port"
)

// Exit codes.
const (
	exitOK    = 0 // everything held
	exitFail  = 1 // a property failed, was vacuous or errored; a scenario failed; a fault survived
	exitUsage = 2 // a usage or input error
	exitStart = 3 // the port under test could not be started
)

// command is one subcommand: its positional arguments (and required flags) for the usage
// text, whose flags come from the command's own flag set (see usageLines), and the
// function running it.
type command struct {
	name string
	args string
	run  func(c *cli, args []string) error
}

// commands lists the subcommands (a function, not a variable: their code refers back to
// the list for help texts).
func commands() []command {
	return []command{
		{"run", "", (*cli).runCampaign},
		{"merge", "FILE...", (*cli).merge},
		{"replay", "[PATH...]", (*cli).replay},
		{"explain", "PATH", (*cli).explain},
		{"list", "", (*cli).list},
		{"cards", "", (*cli).cardsCmd},
		{"rulings", "", (*cli).rulingsCmd},
		{"rules", "", (*cli).rulesCmd},
		{"faults", "[NAME...]", (*cli).faults},
		{"serve", "", (*cli).serve},
		{"check-engine", "", (*cli).checkEngine},
		{"diff", "--engine CMD", (*cli).diffEngines},
		{"export-seeds", "--out DIR", (*cli).exportSeeds},
		{"import", "FILE", (*cli).importInput},
		{"mutate", "[REPORT...]", (*cli).mutateCmd},
		{"version", "", (*cli).versionCmd},
	}
}

// cli is one invocation: where results and errors go, and the context and interrupt that
// stop it.
type cli struct {
	ctx    context.Context
	intr   *interrupt
	stdin  io.Reader           // what serve reads its requests from
	getenv func(string) string // the environment (--shard auto reads it)
	stdout *checkedWriter      // so that a report lost on the way is an output error (outputChecked)
	stderr io.Writer
	prog   *progressLine // the progress line on stderr, cleared before anything else goes there
	// interruptNotes, when set, are what a first and a second interrupt do to the running
	// command, told on stderr; unset, run's (see interrupted). Signals read it from
	// another goroutine.
	interruptNotes atomic.Pointer[[2]string]
	// flagSet, when set, gets each command's flag set in place of its help (flagsOf).
	flagSet func(*flag.FlagSet)
	// observe, when set, also hears every campaign progress report (tests interrupt a
	// run at a chosen moment with it).
	observe func(campaign.Progress)
}

// progress is the campaign's progress callback: the terminal line, and observe.
func (c *cli) progress(p campaign.Progress) {
	c.prog.update(p)
	if c.observe != nil {
		c.observe(p)
	}
}

// run is the whole command line with no signal handling: tests call it in-process.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	return runWith(ctx, newInterrupt(cancel), args, stdout, stderr)
}

// runWith is the whole command line; main calls it with an interrupt fed by signals.
func runWith(ctx context.Context, in *interrupt, args []string, stdout, stderr io.Writer) int {
	return newCLI(ctx, in, stdout, stderr).main(args)
}

func newCLI(ctx context.Context, in *interrupt, stdout, stderr io.Writer) *cli {
	return &cli{ctx: ctx, intr: in, stdin: os.Stdin, getenv: os.Getenv, stdout: &checkedWriter{w: stdout}, stderr: stderr, prog: newProgressLine(stderr)}
}

// main runs one command line and returns its exit code.
func (c *cli) main(args []string) int {
	in := c.intr
	in.mu.Lock()
	in.notify = c.interrupted
	in.mu.Unlock()
	code := c.exitCode(c.outputChecked(c.dispatch(args)))
	if sig := in.exitCode(); sig != 0 {
		return sig
	}
	return code
}

// interrupted tells the user what a signal does, on stderr.
func (c *cli) interrupted(first bool) {
	if n := c.interruptNotes.Load(); n != nil {
		note := n[1]
		if first {
			note = n[0]
		}
		c.errorf("%s", note)
		return
	}
	if first {
		c.errorf("interrupted: shrinking what failed, then the partial report (again: stop shrinking)")
	} else {
		c.errorf("interrupted again: saving the counterexamples as they are")
	}
}

// errorf prints "fuzz: message" on stderr, clearing the progress line first.
func (c *cli) errorf(format string, args ...any) {
	c.prog.clear()
	fmt.Fprintf(c.stderr, "fuzz: "+format+"\n", args...)
}

func (c *cli) dispatch(args []string) error {
	if len(args) == 0 {
		return c.runCampaign(nil)
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		if len(args) > 1 && args[0] == "help" {
			// "fuzz help run" is "fuzz run -h".
			for _, cmd := range commands() {
				if cmd.name == args[1] {
					return cmd.run(c, []string{"-h"})
				}
			}
			return usageErrorf("help: unknown command %q", args[1])
		}
		c.usage(c.stdout)
		return nil
	}
	if strings.HasPrefix(args[0], "-") {
		// "fuzz --seed 3" is "fuzz run --seed 3": the default campaign with flags.
		return c.runCampaign(args)
	}
	for _, cmd := range commands() {
		if cmd.name == args[0] {
			return cmd.run(c, args[1:])
		}
	}
	return usageErrorf("unknown command %q", args[0])
}

func (c *cli) usage(w io.Writer) {
	fmt.Fprint(w, `fuzz: property-based rules fuzzing for Magic: The Gathering engines.

Usage:
  fuzz                  the default campaign: every property against the reference engine
`)
	for _, cmd := range commands() {
		for _, line := range usageLines(cmd, c.flagsOf(cmd)) {
			fmt.Fprintf(w, "  %s\n", line)
		}
	}
	fmt.Fprint(w, `
FORMAT is text, json, junit or html. Run "fuzz help COMMAND" (or "fuzz COMMAND -h")
for a command's flags.
Exit codes: 0 all held; 1 a property failed, was vacuous or errored, a scenario failed,
or a fault survived; 2 usage, input or output error; 3 the port under test could not be
started; 130 or 143 interrupted by SIGINT or SIGTERM (the partial report was written).
`)
}

// exitCode maps a command's error to the exit code, printing what the user must see.
func (c *cli) exitCode(err error) int {
	var ue *usageError
	var ie *inputError
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, flag.ErrHelp):
		return exitOK
	case errors.Is(err, errFailed):
		return exitFail // the report already said what failed and how to reproduce it
	case errors.As(err, &ue):
		c.errorf("%v\nRun 'fuzz help' for usage.", ue.msg)
		return exitUsage
	case errors.As(err, &ie):
		c.errorf("%v", ie.err)
		return exitUsage
	case errors.As(err, new(*port.StartError)):
		c.errorf("%v", err)
		return exitStart
	}
	c.errorf("%v", err)
	return exitFail
}

// errFailed means the command ran and reported a failure (a property failed or was
// vacuous, a scenario failed, a fault survived): exit 1 with nothing more to print.
var errFailed = errors.New("failed")

// usageError is a bad command line: exit 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usageErrorf(format string, args ...any) error {
	return &usageError{fmt.Sprintf(format, args...)}
}

// inputError is bad input or output (an unreadable or invalid corpus file, an unknown
// property pattern or fault, a report or counterexample that can't be written): exit 2.
// Its message names the file and line when there is one.
type inputError struct{ err error }

func (e *inputError) Error() string { return e.err.Error() }
func (e *inputError) Unwrap() error { return e.err }

func inputErrorf(format string, args ...any) error {
	return &inputError{fmt.Errorf(format, args...)}
}
