package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"strings"
	"testing"
)

// FuzzRunFlags: any command line of "fuzz run" is either refused with a usage or input
// error that says what is wrong, or makes a campaign configuration that holds: at least
// one property, a positive size, workers and steps in range, a known report format.
func FuzzRunFlags(f *testing.F) {
	for _, seed := range []string{"", "--checks 5", "--time 1s", "--checks 5 --time 1s", "--workers 0", "--steps -3",
		"--props mana.*", "--props nothing", "--fault x", "--shard 2/3", "--shard 3/2", "--report html --out x.html",
		"--seed -1", "--checks 99999999999999999999", "stray", "-h", "--out /dev/null/x"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, line string) {
		args := strings.Fields(line)
		var out, errb bytes.Buffer
		c := newCLI(context.Background(), newInterrupt(func() {}), &out, &errb)
		fl, format, cfg, err := c.campaignSetup(args)
		var ue *usageError
		var ie *inputError
		switch {
		case errors.Is(err, flag.ErrHelp):
			return
		case errors.As(err, &ue), errors.As(err, &ie):
			if strings.TrimSpace(err.Error()) == "" {
				t.Fatalf("%q: an error that says nothing", line)
			}
			return
		case err != nil:
			t.Fatalf("%q: %v is neither a usage nor an input error", line, err)
		}
		switch {
		case len(cfg.Props) == 0:
			t.Fatalf("%q: no property", line)
		case cfg.Checks < 1 && cfg.Budget <= 0:
			t.Fatalf("%q: no size: checks %d, budget %v", line, cfg.Checks, cfg.Budget)
		case cfg.Workers < 1 || cfg.Workers > maxWorkers || cfg.MaxSteps < 1 || cfg.MaxSteps > maxSteps:
			t.Fatalf("%q: workers %d, steps %d", line, cfg.Workers, cfg.MaxSteps)
		case format == "" || fl.corpus == "":
			t.Fatalf("%q: format %q, corpus %q", line, format, fl.corpus)
		case cfg.Shard.N > 0 && (cfg.Shard.K < 1 || cfg.Shard.K > cfg.Shard.N):
			t.Fatalf("%q: shard %d/%d", line, cfg.Shard.K, cfg.Shard.N)
		}
	})
}

// FuzzQuickCommands: the commands that print without running anything (help, list,
// cards, rulings) exit 0 with output on stdout only, or 2 with a message on stderr only.
func FuzzQuickCommands(f *testing.F) {
	for _, seed := range []string{"help", "help run", "help bogus", "list", "list --json", "list --faults", "list x",
		"cards", "cards --json", "cards --x", "rulings --json", "rulings --markdown --json", "-h", "bogus"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, line string) {
		args := strings.Fields(line)
		if len(args) == 0 || !isQuick(args[0]) {
			return // the other commands run campaigns or replays: FuzzRunFlags covers run's flags
		}
		var out, errb bytes.Buffer
		code := run(context.Background(), args, &out, &errb)
		switch code {
		case exitOK:
			if errb.Len() > 0 {
				t.Fatalf("%q: exit 0 with stderr %q", line, errb.String())
			}
		case exitUsage:
			if errb.Len() == 0 || out.Len() > 0 {
				t.Fatalf("%q: exit 2 must say why on stderr only; stdout %q, stderr %q", line, out.String(), errb.String())
			}
		default:
			t.Fatalf("%q: exit %d", line, code)
		}
	})
}

// isQuick: help, the listing commands, and words that are no command (a usage error);
// any other flag first runs the default campaign.
func isQuick(name string) bool {
	switch name {
	case "help", "-h", "--help", "-help", "list", "cards", "rulings":
		return true
	}
	return !isCommand(name) && !strings.HasPrefix(name, "-")
}

func isCommand(name string) bool {
	for _, c := range commands() {
		if c.name == name {
			return true
		}
	}
	return false
}
