package scenario

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// parser walks a yaml.Node tree. It collects every problem it finds (each with its line)
// rather than stopping at the first, so a writer fixes a file in one pass.
type parser struct {
	path string
	errs []error
	// known reports whether a string is a label or card name of the setup; action lines
	// use it to split "targeting Crystal Skull, Isu Spyglass, bears" correctly.
	known func(string) bool
	// labels gives the card name of each label of the setup.
	labels map[string]string
	vocab  *Vocabulary // nil: names are not checked
}

// errf records a problem at n: its line and column.
func (p *parser) errf(n *yaml.Node, format string, args ...any) {
	e := &Error{Path: p.path, Msg: fmt.Sprintf(format, args...)}
	if n != nil {
		e.Line, e.Col = n.Line, n.Column
	}
	p.errs = append(p.errs, e)
}

func pos(n *yaml.Node) Pos { return Pos{Line: n.Line, Col: n.Column} }

// deref follows an alias (&anchor / *alias) to the node it names.
func deref(n *yaml.Node) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	return n
}

type pair struct{ k, v *yaml.Node }

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		if n.Tag == "!!null" {
			return "nothing"
		}
		return fmt.Sprintf("%q", n.Value)
	}
	return "something else"
}

// mapping returns the key/value pairs of a mapping node, reporting a non-mapping, a
// duplicate key, or (when allowed is not empty) a key not in allowed.
func (p *parser) mapping(n *yaml.Node, what string, allowed ...string) []pair {
	n = deref(n)
	if n.Kind != yaml.MappingNode {
		p.errf(n, "%s: want a mapping (key: value lines), got %s", what, kindName(n))
		return nil
	}
	seen := map[string]bool{}
	var out []pair
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := deref(n.Content[i]), deref(n.Content[i+1])
		if k.Kind != yaml.ScalarNode {
			p.errf(k, "%s: keys must be plain words", what)
			continue
		}
		if seen[k.Value] {
			p.errf(k, "%s: key %q given twice", what, k.Value)
			continue
		}
		seen[k.Value] = true
		if len(allowed) > 0 && !slices.Contains(allowed, k.Value) {
			p.errf(k, "%s: unknown key %q (want one of: %s)", what, k.Value, strings.Join(allowed, ", "))
			continue
		}
		out = append(out, pair{k, v})
	}
	return out
}

// str reads a scalar as text (numbers and words alike: "106.5" stays "106.5").
func (p *parser) str(n *yaml.Node, what string) (string, bool) {
	n = deref(n)
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		p.errf(n, "%s: want a single value, got %s", what, kindName(n))
		return "", false
	}
	return n.Value, true
}

// name reads a non-empty scalar.
func (p *parser) name(n *yaml.Node, what string) (string, bool) {
	s, ok := p.str(n, what)
	s = strings.TrimSpace(s)
	if ok && s == "" {
		p.errf(n, "%s: must not be empty", what)
		return "", false
	}
	return s, ok
}

func (p *parser) integer(n *yaml.Node, what string) (int, bool) {
	s, ok := p.str(n, what)
	if !ok {
		return 0, false
	}
	v, err := strconv.Atoi(strings.TrimSpace(s))
	switch {
	case err == nil && (v > maxNumber || v < -maxNumber):
		p.errf(n, "%s: %s is out of range: want a number from %d to %d", what, strings.TrimSpace(s), -maxNumber, maxNumber)
		return 0, false
	case err != nil && strings.Contains(err.Error(), "out of range"):
		p.errf(n, "%s: %s is out of range: want a number from %d to %d", what, strings.TrimSpace(s), -maxNumber, maxNumber)
		return 0, false
	case err != nil:
		p.errf(n, "%s: want a whole number, got %q", what, s)
		return 0, false
	}
	return v, true
}

// natural reads a whole number that can't be negative (damage, counters, lands played).
func (p *parser) natural(n *yaml.Node, what string) (int, bool) {
	v, ok := p.integer(n, what)
	if ok && v < 0 {
		p.errf(n, "%s: want 0 or more, got %d", what, v)
		return 0, false
	}
	return v, ok
}

func (p *parser) boolean(n *yaml.Node, what string) (bool, bool) {
	s, ok := p.str(n, what)
	if !ok {
		return false, false
	}
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "true", "yes":
		return true, true
	case "false", "no":
		return false, true
	}
	p.errf(n, "%s: want true or false, got %q", what, s)
	return false, false
}

// list returns a sequence's items; a single scalar counts as a one-item list, so
// "ruling: x" and "tapped: Forest" read naturally.
func (p *parser) list(n *yaml.Node, what string) []*yaml.Node {
	n = deref(n)
	switch {
	case n.Kind == yaml.SequenceNode:
		out := make([]*yaml.Node, len(n.Content))
		for i, c := range n.Content {
			out[i] = deref(c)
		}
		return out
	case n.Kind == yaml.ScalarNode && n.Tag == "!!null":
		return nil
	case n.Kind == yaml.ScalarNode:
		return []*yaml.Node{n}
	}
	p.errf(n, "%s: want a list, got %s", what, kindName(n))
	return nil
}

// strs reads a list of non-empty scalars.
func (p *parser) strs(n *yaml.Node, what string) []string {
	var out []string
	for _, c := range p.list(n, what) {
		if s, ok := p.name(c, what); ok {
			out = append(out, s)
		}
	}
	return out
}

func (p *parser) player(n *yaml.Node, what string) (harness.Player, bool) {
	s, ok := p.str(n, what)
	if !ok {
		return harness.NoPlayer, false
	}
	pl, err := harness.ParsePlayer(s)
	if err != nil {
		p.errf(n, "%s: want A or B, got %q", what, s)
		return harness.NoPlayer, false
	}
	return pl, true
}

func (p *parser) mana(n *yaml.Node, what string) (harness.Mana, bool) {
	return parseScalar(p, n, what, parseManaText)
}

// step reads a step name. harness.ParseStep's error already says what it read and what it
// wants, so it is reported as it is.
func (p *parser) step(n *yaml.Node, what string) (harness.Step, bool) {
	s, ok := p.str(n, what)
	if !ok {
		return "", false
	}
	st, err := harness.ParseStep(s)
	if err != nil {
		p.errf(n, "%v", err)
		return "", false
	}
	return st, true
}

// parseScalar reads a scalar and converts it with parse, reporting a conversion error as
// "what: error" at the node, so every typed value of a scenario (mana, a cost, a set of
// mana types) reads and fails the same way.
func parseScalar[T any](p *parser, n *yaml.Node, what string, parse func(string) (T, error)) (T, bool) {
	var zero T
	s, ok := p.str(n, what)
	if !ok {
		return zero, false
	}
	v, err := parse(s)
	if err != nil {
		p.errf(n, "%s: %v", what, err)
		return zero, false
	}
	return v, true
}

// isNone reports whether n is the word "none": an optional part of the game, such as a
// pending decision or a spell being cast, is absent.
func isNone(n *yaml.Node) bool {
	n = deref(n)
	return n.Kind == yaml.ScalarNode && n.Value == "none"
}

// parseManaText reads "{B}{B}", "BB", "{}", "" or "none" (no mana).
func parseManaText(s string) (harness.Mana, error) {
	t := strings.TrimSpace(s)
	if strings.EqualFold(t, "none") {
		return harness.Mana{}, nil
	}
	m, err := harness.ParseMana(t)
	if err != nil {
		return harness.Mana{}, fmt.Errorf("mana %q: want symbols of W U B R G C like \"{G}{G}\", or \"{}\" for none", s)
	}
	return m, nil
}

// perPlayer reads {A: ..., B: ...}.
func perPlayer[T any](p *parser, n *yaml.Node, what string, read func(*yaml.Node, string) (T, bool)) PerPlayer[T] {
	var out PerPlayer[T]
	pairs := p.mapping(n, what, "A", "B")
	if pairs == nil && deref(n).Kind == yaml.MappingNode {
		p.errf(n, "%s: name at least one player (A: or B:)", what)
	}
	for _, kv := range pairs {
		pl, _ := harness.ParsePlayer(kv.k.Value)
		if v, ok := read(kv.v, what+" of "+kv.k.Value); ok {
			out.Set(pl, v)
		}
	}
	return out
}

var yamlLineRE = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// yamlError turns a YAML syntax error into "path:line: message". yaml.v3 gives some
// errors without a line: those about the end of the input are put on its last line, the
// others on the first.
func yamlError(path string, data []byte, err error) error {
	if line, col := tabIndent(data); line > 0 {
		// YAML forbids tabs in indentation; yaml.v3 only says "found character that
		// cannot start any token", or worse, at a line that may not be the tab's.
		return &Error{Path: path, Line: line, Col: col, Msg: "tabs can't indent YAML; use spaces"}
	}
	msg := err.Error()
	if m := yamlLineRE.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		text := m[2]
		if isParserError(text) {
			// yaml.v3 reports a parser (not scanner) error at the 0-based line where the
			// construct it was reading began, which may be before the mistake.
			line++
			text += " (at or after this line)"
		}
		return &Error{Path: path, Line: line, Msg: "YAML syntax: " + text}
	}
	line := 1
	if strings.Contains(msg, "end of stream") {
		line = max(1, bytes.Count(bytes.TrimRight(data, "\n"), []byte("\n"))+1)
	}
	return &Error{Path: path, Line: line, Msg: "YAML syntax: " + strings.TrimPrefix(msg, "yaml: ")}
}

// tabIndent is the line and column of the first tab in a line's indentation, or 0, 0.
func tabIndent(data []byte) (line, col int) {
	for i, l := range bytes.Split(data, []byte("\n")) {
		indent := len(l) - len(bytes.TrimLeft(l, " \t"))
		if j := bytes.IndexByte(l[:indent], '\t'); j >= 0 {
			return i + 1, j + 1
		}
	}
	return 0, 0
}

// isParserError tells yaml.v3's parser errors (see its parserc.go) from its scanner
// errors, whose line numbers are already 1-based.
func isParserError(msg string) bool {
	for _, p := range []string{"did not find expected", "found duplicate %", "found incompatible YAML document", "found undefined tag handle"} {
		if strings.HasPrefix(msg, p) {
			return true
		}
	}
	return false
}
