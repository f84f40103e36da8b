package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// result is one in-process invocation of the CLI.
type result struct {
	code           int
	stdout, stderr string
}

// fuzz runs the command line in-process, exactly as main would, with what a clock decides
// in its reports masked (see untimed), so that results compare.
func fuzz(t *testing.T, args ...string) result {
	t.Helper()
	r := fuzzTimed(t, args...)
	return result{r.code, untimed(r.stdout), untimed(r.stderr)}
}

// fuzzTimed is fuzz with the reports' timing left as it is.
func fuzzTimed(t *testing.T, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), args, &out, &errb)
	return result{code, out.String(), errb.String()}
}

// clocked is what a clock decides in a report, and what untimed puts in its place: the
// text's "took" line, the JSON's timing fields, JUnit's time attributes and pace property.
// The faults table's TIME column is stripTimes's.
var clocked = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`(?m)^took \S+, \S+ (\w+)/s`), "took TIME, RATE $1/s"},
	{regexp.MustCompile(`(?m)^took \S+ \(building the schema \S+, recording the reach \S+\)`), "took TIME (building the schema TIME, recording the reach TIME)"},
	{regexp.MustCompile(`"elapsed_ms": \d+`), `"elapsed_ms": 0`},
	{regexp.MustCompile(`"(\w+)_per_second": [0-9.e+]+`), `"${1}_per_second": 0`},
	{regexp.MustCompile(` time="[0-9.]+"`), ` time="0"`},
	{regexp.MustCompile(`(name="\w+_per_second" value=)"[0-9.]+"`), `$1"0"`},
}

// untimed masks what a clock decides in s.
func untimed(s string) string {
	for _, c := range clocked {
		s = c.re.ReplaceAllString(s, c.with)
	}
	return s
}

// transcript renders invocations as a golden transcript: the command, its exit code,
// then what it printed on each stream.
func transcript(calls [][]string, results []result) string {
	var b strings.Builder
	for i, args := range calls {
		r := results[i]
		fmt.Fprintf(&b, "$ fuzz %s\n--> exit %d\n", strings.Join(args, " "), r.code)
		if r.stdout != "" {
			b.WriteString("[stdout]\n" + r.stdout)
		}
		if r.stderr != "" {
			b.WriteString("[stderr]\n" + r.stderr)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// golden compares got with testdata/name, or rewrites it under -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "missing golden file; run go test ./cmd/fuzz -update")
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s mismatch (-want +got):\n%s", path, diff)
	}
}

// corpusFile is a hand-written scenario of the module's corpus, for replay and explain.
func corpusFile(t *testing.T, rel string) string {
	t.Helper()
	p := filepath.Join("..", "..", "corpus", rel)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("corpus file %s not there: %v", rel, err)
	}
	return p
}
