package main

import (
	"context"
	"flag"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBenchmarksDocCommands: every command line in BENCHMARKS.md's ```sh blocks that runs
// the CLI (./fuzz, also in a quoted --engine or sh -c line) names a subcommand and flags that
// exist, and every "go test -bench PATTERN" names a benchmark its package declares: a
// figure whose command no longer runs can't be reproduced. It times nothing.
func TestBenchmarksDocCommands(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "BENCHMARKS.md"))
	require.NoError(t, err)
	c := newCLI(context.Background(), newInterrupt(func() {}), io.Discard, io.Discard)
	flagSets := map[string]*flag.FlagSet{}
	for _, cmd := range commands() {
		flagSets[cmd.name] = c.flagsOf(cmd)
	}
	var fuzzLines, benchLines int
	var check func(seg []string, where string)
	check = func(seg []string, where string) {
		for i, tok := range seg {
			if strings.Contains(tok, "./fuzz ") { // quoted: --engine './fuzz serve', sh -c '...'
				for _, inner := range shellSegments(shellWords(tok)) {
					check(inner, where)
				}
			}
			if tok != "./fuzz" {
				continue
			}
			fuzzLines++
			require.Greater(t, len(seg), i+1, "%s: ./fuzz with no subcommand", where)
			fs, ok := flagSets[seg[i+1]]
			require.True(t, ok, "%s: fuzz has no subcommand %q", where, seg[i+1])
			for _, arg := range seg[i+2:] {
				if name, ok := strings.CutPrefix(arg, "-"); ok {
					name, _, _ = strings.Cut(strings.TrimPrefix(name, "-"), "=")
					assert.NotNil(t, fs.Lookup(name), "%s: fuzz %s has no flag --%s", where, seg[i+1], name)
				}
			}
			return
		}
		if len(seg) >= 2 && seg[0] == "go" && seg[1] == "test" {
			benchLines++
			checkBenchPattern(t, seg, where)
		}
	}
	for _, line := range shBlockLines(string(doc)) {
		for _, seg := range shellSegments(shellWords(line)) {
			check(seg, line)
		}
	}
	assert.GreaterOrEqual(t, fuzzLines, 5, "BENCHMARKS.md quotes the fuzz commands of its figures")
	assert.GreaterOrEqual(t, benchLines, 3, "BENCHMARKS.md quotes the go test benchmarks of its figures")
}

// checkBenchPattern: the packages of a "go test PKG -bench PATTERN" line declare a
// benchmark the pattern's top level matches.
func checkBenchPattern(t *testing.T, seg []string, where string) {
	var pkgs []string
	pattern := ""
	for i, tok := range seg {
		switch {
		case strings.HasPrefix(tok, "./"):
			pkgs = append(pkgs, tok)
		case tok == "-bench" && i+1 < len(seg):
			pattern = seg[i+1]
		}
	}
	require.NotEmpty(t, pkgs, "%s: names its package", where)
	require.NotEmpty(t, pattern, "%s: names its benchmarks", where)
	top, _, _ := strings.Cut(pattern, "/")
	re, err := regexp.Compile(top)
	require.NoError(t, err, where)
	decl := regexp.MustCompile(`(?m)^func (Benchmark\w+)\(b \*testing\.B\)`)
	for _, pkg := range pkgs {
		files, err := filepath.Glob(filepath.Join("..", "..", pkg, "*_test.go"))
		require.NoError(t, err)
		found := false
		for _, f := range files {
			src, err := os.ReadFile(f)
			require.NoError(t, err)
			for _, m := range decl.FindAllStringSubmatch(string(src), -1) {
				found = found || re.MatchString(m[1])
			}
		}
		assert.True(t, found, "%s: %s declares no benchmark matching %q", where, pkg, top)
	}
}

// shBlockLines are the lines of the document's ```sh blocks, a line ending in a
// backslash joined to the next.
func shBlockLines(doc string) []string {
	var out []string
	in, cont := false, ""
	for _, line := range strings.Split(doc, "\n") {
		switch {
		case strings.HasPrefix(line, "```sh"):
			in = true
		case strings.HasPrefix(line, "```"):
			in = false
		case in:
			if l, ok := strings.CutSuffix(line, "\\"); ok {
				cont += l + " "
				continue
			}
			out = append(out, cont+line)
			cont = ""
		}
	}
	return out
}

// shellWords splits a command line into words as a shell would for these documents:
// quotes group (and are removed), a # out of quotes starts a comment.
func shellWords(line string) []string {
	var words []string
	var cur strings.Builder
	var quote rune
	inWord := false
	for _, r := range line {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(r)
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == '#' && !inWord:
			return words
		case r == ' ' || r == '\t':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words
}

// shellSegments cuts words into simple commands at ; | && and the words of a loop.
func shellSegments(words []string) [][]string {
	var segs [][]string
	var cur []string
	for _, w := range words {
		trimmed := strings.TrimSuffix(w, ";")
		switch trimmed {
		case "|", "&&", "||", "do", "done", "then", "fi", "(", ")":
			segs, cur = append(segs, cur), nil
			continue
		}
		cur = append(cur, strings.TrimPrefix(trimmed, "$("))
		if trimmed != w {
			segs, cur = append(segs, cur), nil
		}
	}
	return append(segs, cur)
}
