package main

import (
	"context"
	"encoding/json"
	"flag"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mtgfuzz/mtgfuzz/cards"
	"github.com/mtgfuzz/mtgfuzz/rulings"
)

// TestRulingsDoc: docs/rulings.md is what "fuzz rulings --markdown" prints (refresh it
// with -update), and documents every ruling.
func TestRulingsDoc(t *testing.T) {
	r := generatedDoc(t, "rulings.md", "TestRulingsDoc", "rulings", "--markdown")
	assert.Len(t, rulings.All(), 58)
	for _, rl := range rulings.All() {
		assert.Contains(t, r.stdout, "\n### "+rl.ID+"\n")
	}
	for _, group := range []string{rulings.General, rulings.Resonance, rulings.Skull, rulings.GeneralRules, rulings.Invariants} {
		assert.Contains(t, r.stdout, "\n## "+group+"\n")
	}
	assert.Contains(t, r.stdout, "none yet: no property checks this ruling", "rulings with no property say so")

	js := fuzz(t, "rulings", "--json")
	var infos []rulingInfo
	require.NoError(t, json.Unmarshal([]byte(js.stdout), &infos))
	require.Len(t, infos, 58)
	assert.Contains(t, infos[0].Properties, "mana.undefined-type")
}

// TestRulingsText: "fuzz rulings" lists every ruling under its group, the general rules
// and invariants after the official rulings, each with its CR rules or none.
func TestRulingsText(t *testing.T) {
	t.Setenv("COLUMNS", "100")
	r := fuzz(t, "rulings")
	require.Equal(t, exitOK, r.code, r.stderr)
	at := func(s string) int {
		i := strings.Index(r.stdout, s)
		assert.GreaterOrEqual(t, i, 0, "%q is listed", s)
		return i
	}
	assert.True(t, strings.HasPrefix(r.stdout, rulings.General+":\nmana.undefined-type  (CR 106.5, 106.1b, 605.2)\n"), r.stdout)
	resonance, skull := at("\n\n"+rulings.Resonance+":\n"), at("\n\n"+rulings.Skull+":\n")
	general, invariants := at("\n\n"+rulings.GeneralRules+":\nrules.turn  (CR 502.3, 514.2, 611.2a, 500.5b, 504.1, 103.8a, 514.1, 514.3a, 508.8)\n"), at("\n\n"+rulings.Invariants+":\n")
	assert.True(t, resonance < skull && skull < general && general < invariants, "the groups in order")
	assert.Greater(t, at("\ninvariant.purity  (no CR rule)\n"), invariants)
	assert.Greater(t, at("\nrules.differential  (no CR rule)\n"), general)
	assert.True(t, strings.HasSuffix(r.stdout, "\n58 rulings, 56 with a property\n"), r.stdout)
}

// TestCards: "fuzz cards" lists the whole pool with type lines and Oracle text; --json is
// the cards package's table.
func TestCards(t *testing.T) {
	t.Setenv("COLUMNS", "80")
	r := fuzz(t, "cards")
	require.Equal(t, exitOK, r.code, r.stderr)
	for _, c := range cards.All() {
		assert.Contains(t, "\n"+r.stdout, "\n"+c.Name, "card %s", c.Name)
	}
	assert.Contains(t, r.stdout, "Walking Ballista  {X}{X}\n    Artifact Creature — Construct  0/0\n")
	assert.Contains(t, r.stdout, "Exotic Orchard\n    Land\n    {T}: Add one mana of any color that a land an opponent controls could\n    produce.\n", "Oracle text wrapped")
	for _, line := range strings.Split(r.stdout, "\n") {
		assert.LessOrEqual(t, len([]rune(line)), 80, "wrapped to the width: %q", line)
	}
	js := fuzz(t, "cards", "--json")
	require.Equal(t, exitOK, js.code)
	want, err := cards.JSON()
	require.NoError(t, err)
	assert.JSONEq(t, string(want), js.stdout)
}

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
