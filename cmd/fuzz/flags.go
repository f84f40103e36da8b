package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// newFlagSet makes a subcommand's flag set. It prints nothing itself: parse turns its
// errors into usage errors (exit 2) and -h into the command's help on stdout.
func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// parse parses args, allowing flags after positional arguments ("replay x.yaml --report
// junit"), and returns the positional arguments. A flag's bad value is a usage error
// saying what the flag wants.
func (c *cli) parse(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				c.commandHelp(fs)
				return nil, err
			}
			return nil, usageErrorf("%s: %v", fs.Name(), flagError(fs, err))
		}
		args = fs.Args()
		if len(args) == 0 {
			break
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	for _, f := range []struct{ name, bounds string }{{"timeout", "each answer of a port"}, {"start-timeout", "a port's start"}} {
		if set[f.name] && !set["engine"] && fs.Lookup("engine") != nil {
			// The reference engine runs in the process and answers at once: a limit on a
			// port's answers or start would silently limit nothing.
			return nil, usageErrorf("%s: --%s bounds %s; it needs --engine CMD", fs.Name(), f.name, f.bounds)
		}
	}
	return pos, nil
}

// badValueRE matches the flag package's error for a value its own types can't parse.
var badValueRE = regexp.MustCompile(`^invalid value "(.*)" for flag -(\S+): (.*)$`)

// flagError rewrites the flag package's errors as "--name value: what it wants": its own
// "parse error" and "value out of range" say nothing of what would do.
func flagError(fs *flag.FlagSet, err error) error {
	m := badValueRE.FindStringSubmatch(err.Error())
	if m == nil {
		return err
	}
	value, name, why := m[1], m[2], m[3]
	var getter flag.Getter
	if f := fs.Lookup(name); f != nil {
		getter, _ = f.Value.(flag.Getter)
	}
	if getter == nil || why != "parse error" && why != "value out of range" {
		return fmt.Errorf("--%s %s: %s", name, value, why)
	}
	want := why
	switch getter.Get().(type) {
	case uint, uint64:
		want = "want a whole number, 0 or more"
	case int, int64:
		want = "want a whole number"
	case time.Duration:
		want = "want a duration such as 90s, 15m or 2h"
	case float64:
		want = "want a number"
	case bool:
		want = "want true or false"
	}
	if why == "value out of range" {
		want = "too large; " + want
	}
	return fmt.Errorf("--%s %s: %s", name, value, want)
}

// commandHelp prints a command's usage line and flags: "fuzz help CMD" and "fuzz CMD -h".
// While usage collects every command's flags (c.flagSet set), it hands fs over instead.
func (c *cli) commandHelp(fs *flag.FlagSet) {
	if c.flagSet != nil {
		c.flagSet(fs)
		return
	}
	for _, cmd := range commands() {
		if cmd.name == fs.Name() {
			fmt.Fprintf(c.stdout, "Usage: %s\n\nFlags:\n", strings.Join(usageLines(cmd, fs), "\n"))
		}
	}
	fs.SetOutput(c.stdout)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
}

// flagsOf is cmd's flag set, as its own code declares it: the command is run with -h and
// hands the set over before doing anything.
func (c *cli) flagsOf(cmd command) *flag.FlagSet {
	var fs *flag.FlagSet
	collect := &cli{ctx: c.ctx, intr: c.intr, stdout: &checkedWriter{w: io.Discard}, stderr: io.Discard, prog: newProgressLine(io.Discard),
		flagSet: func(f *flag.FlagSet) { fs = f }}
	cmd.run(collect, []string{"-h"})
	if fs == nil {
		fs = newFlagSet(cmd.name) // a command with no flags
	}
	return fs
}

// usageWidth is how wide usage lines are: the golden help text and the README's CLI
// reference show them as they are.
const usageWidth = 92

// usageLines is cmd's usage, from its flag set: "fuzz NAME", the flags it requires, each
// other flag as "[--flag VALUE]" in name order, then its positional arguments; wrapped to
// usageWidth, the next lines indented.
func usageLines(cmd command, fs *flag.FlagSet) []string {
	// cmd.args is its required flags, each with its value, then its positional arguments.
	words := []string{"fuzz", cmd.name}
	args := strings.Fields(cmd.args)
	for len(args) >= 2 && strings.HasPrefix(args[0], "--") {
		words, args = append(words, args[0], args[1]), args[2:]
	}
	fs.VisitAll(func(f *flag.Flag) {
		if !slices.Contains(words, "--"+f.Name) {
			words = append(words, "[--"+strings.TrimSpace(f.Name+" "+valueName(f))+"]")
		}
	})
	words = append(words, args...)
	var lines []string
	line := ""
	for _, w := range words {
		if line != "" && len(line)+1+len(w) > usageWidth {
			lines = append(lines, line)
			line = "     "
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	return append(lines, line)
}

// valueName is what a flag's value is called in a usage line: the `NAME` of its help text,
// the choices of a flag that has them, or its type's (N, DUR, TEXT); nothing for a switch.
func valueName(f *flag.Flag) string {
	if c, ok := f.Value.(interface{ choices() []string }); ok {
		return strings.Join(c.choices(), "|")
	}
	name, _ := flag.UnquoteUsage(f)
	switch name {
	case "":
		return ""
	case "int", "uint":
		return "N"
	case "duration":
		return "DUR"
	case "string", "value":
		return "TEXT"
	}
	return name
}

// shardFlag is --shard K/N: this run takes the K-th of N disjoint parts of the work; or
// --shard auto (auto/N), resolved from the CI engine's variables (autoShard).
type shardFlag struct {
	k, n int
	auto bool
}

func (s *shardFlag) String() string {
	if s.n == 0 {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.k, s.n)
}

func (s *shardFlag) Set(v string) error {
	if rest, ok := strings.CutPrefix(v, "auto"); ok {
		s.k, s.n, s.auto = 0, 0, true
		if rest == "" {
			return nil
		}
		n, err := strconv.Atoi(strings.TrimPrefix(rest, "/"))
		if !strings.HasPrefix(rest, "/") || err != nil || n < 1 {
			return fmt.Errorf("want auto, or auto/N with N at least 1, as in auto/4")
		}
		s.n = n
		return nil
	}
	s.auto = false
	ks, ns, ok := strings.Cut(v, "/")
	k, err1 := strconv.Atoi(ks)
	n, err2 := strconv.Atoi(ns)
	if !ok || err1 != nil || err2 != nil || n < 1 || k < 1 || k > n {
		return fmt.Errorf("want K/N with 1 <= K <= N, as in 1/2, or auto")
	}
	s.k, s.n = k, n
	return nil
}

// propsFlag is --props: comma-separated globs of property and ruling IDs, and repeatable:
// "--props a --props b" is "--props a,b", each term counts.
type propsFlag struct{ terms *string }

func (f propsFlag) String() string {
	if f.terms == nil {
		return ""
	}
	return *f.terms
}

func (f propsFlag) Set(v string) error {
	if strings.Contains(v, "|") {
		// The pattern reads like a regular expression's alternation, which it is not.
		return fmt.Errorf("terms are separated by commas, not |: write --props '%s'", strings.ReplaceAll(v, "|", ","))
	}
	if *f.terms != "" && v != "" {
		*f.terms += ","
	}
	*f.terms += v
	return nil
}

// faultList is --fault NAME, repeatable or comma-separated.
type faultList []string

func (f *faultList) String() string { return strings.Join(*f, ",") }

func (f *faultList) Set(v string) error {
	for _, name := range strings.Split(v, ",") {
		if name = strings.TrimSpace(name); name != "" {
			*f = append(*f, name)
		}
	}
	return nil
}

// moduleRoot is the nearest directory at or above the working directory holding a go.mod,
// or "" if there is none.
func moduleRoot() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// defaultCorpus is corpus/ at the module root when there is one, else corpus/ here.
func defaultCorpus() string {
	if root := moduleRoot(); root != "" {
		return display(filepath.Join(root, "corpus"))
	}
	return "corpus"
}

// foundDirName is where "fuzz run" saves counterexamples unless --corpus says otherwise:
// a directory git ignores, so a run never dirties the checkout. Keeping a case as a
// regression test is a decision: move it into corpus/ and commit it.
const foundDirName = "found"

// foundDir is found/ at the module root when there is one, else found/ here.
func foundDir() string {
	if root := moduleRoot(); root != "" {
		return display(filepath.Join(root, foundDirName))
	}
	return foundDirName
}

// display shortens a path relative to the working directory when it lies below it, so
// printed commands stay short and copyable.
func display(path string) string {
	wd, err := os.Getwd()
	if err != nil {
		return path
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return path
	}
	rel, err := filepath.Rel(wd, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return abs
	}
	return rel
}
