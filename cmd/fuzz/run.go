package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

// Exit codes.
const (
	exitOK    = 0 // everything held
	exitFail  = 1 // a property failed, was vacuous or errored; a scenario failed; a fault survived
	exitUsage = 2 // a usage or input error
)

// command is one subcommand: its synopsis for the usage text and the function running it.
type command struct {
	name     string
	synopsis string
	run      func(c *cli, args []string) error
}

// commands lists the subcommands (a function, not a variable: their code refers back to
// the list for help texts).
func commands() []command {
	return []command{
		{"run", "run [--props PATTERN] [--checks N | --time DUR] [--seed N] [--workers N] [--fault NAME]\n" +
			"      [--corpus DIR] [--report text|json|junit] [--out FILE] [--shard K/N] [--steps N] [--engine CMD]",
			(*cli).runCampaign},
		{"replay", "replay [--fault NAME] [--report text|json|junit] [--out FILE] [--engine CMD] [PATH...]", (*cli).replay},
		{"explain", "explain [--fault NAME] [--engine CMD] PATH", (*cli).explain},
		{"list", "list [--json] [--faults]", (*cli).list},
		{"faults", "faults [--json | --report text|json|junit] [--out FILE] [--seed N] [--checks N] [--workers N]\n" +
			"      [--engine CMD] [NAME...]", (*cli).faults},
		{"serve", "serve [--fault NAME] [--trace FILE]", (*cli).serve},
	}
}

// cli is one invocation: where results and errors go, and the context that stops it.
type cli struct {
	ctx    context.Context
	stdin  io.Reader // what serve reads its requests from
	stdout io.Writer
	stderr io.Writer
}

// run is the whole command line: main only calls it, and tests call it in-process.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	c := &cli{ctx: ctx, stdin: os.Stdin, stdout: stdout, stderr: stderr}
	return c.exitCode(c.dispatch(args))
}

func (c *cli) dispatch(args []string) error {
	if len(args) == 0 {
		return c.runCampaign(nil)
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
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
		fmt.Fprintf(w, "  fuzz %s\n", cmd.synopsis)
	}
	fmt.Fprint(w, `
Run "fuzz COMMAND -h" for a command's flags.
Exit codes: 0 all held; 1 a property failed, was vacuous or errored, a scenario failed,
or a fault survived; 2 usage or input error.
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
		fmt.Fprintf(c.stderr, "fuzz: %v\nRun 'fuzz help' for usage.\n", ue.msg)
		return exitUsage
	case errors.As(err, &ie):
		fmt.Fprintf(c.stderr, "fuzz: %v\n", ie.err)
		return exitUsage
	}
	fmt.Fprintf(c.stderr, "fuzz: %v\n", err)
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

// inputError is bad input (an unreadable or invalid corpus file, an unknown property
// pattern or fault): exit 2. Its message names the file and line when there is one.
type inputError struct{ err error }

func (e *inputError) Error() string { return e.err.Error() }
func (e *inputError) Unwrap() error { return e.err }

func inputErrorf(format string, args ...any) error {
	return &inputError{fmt.Errorf(format, args...)}
}
