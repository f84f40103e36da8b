package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// newFlagSet makes a subcommand's flag set. It prints nothing itself: parse turns its
// errors into usage errors (exit 2) and -h into the command's help on stdout.
func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// parse parses args, allowing flags after positional arguments ("replay x.yaml --report
// junit"), and returns the positional arguments.
func (c *cli) parse(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				c.commandHelp(fs)
				return nil, err
			}
			return nil, usageErrorf("%s: %v", fs.Name(), err)
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

func (c *cli) commandHelp(fs *flag.FlagSet) {
	for _, cmd := range commands() {
		if cmd.name == fs.Name() {
			fmt.Fprintf(c.stdout, "Usage: fuzz %s\n\nFlags:\n", cmd.synopsis)
		}
	}
	fs.SetOutput(c.stdout)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
}

// shardFlag is --shard K/N: this run takes the K-th of N disjoint parts of the work.
type shardFlag struct{ k, n int }

func (s *shardFlag) String() string {
	if s.n == 0 {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.k, s.n)
}

func (s *shardFlag) Set(v string) error {
	ks, ns, ok := strings.Cut(v, "/")
	k, err1 := strconv.Atoi(ks)
	n, err2 := strconv.Atoi(ns)
	if !ok || err1 != nil || err2 != nil || n < 1 || k < 1 || k > n {
		return fmt.Errorf("want K/N with 1 <= K <= N, as in 1/2")
	}
	s.k, s.n = k, n
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
