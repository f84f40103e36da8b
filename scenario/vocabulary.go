package scenario

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/mtgfuzz/mtgfuzz/props"
	"github.com/mtgfuzz/mtgfuzz/rulings"
)

// Vocabulary is what a scenario's names and values may be: the card pool, counter kinds,
// the values of each choice made as a permanent enters, the property IDs and the ruling
// IDs. A scenario parsed with one (Vocabulary.Parse, Load, LoadDir) has every name
// checked where it is written: an unknown one is an input error at its file:line:column
// with the nearest valid names, not a failure found halfway through a replay.
type Vocabulary struct {
	Cards    []string
	Counters []string
	Choices  map[string][]string // choice key ("color") -> its values ("W", "U", ...)
	// Properties and Rulings are the IDs a scenario may name in property: and ruling:.
	Properties []string
	Rulings    []string
}

// NewVocabulary is the vocabulary of an engine's pool (its cards, counter kinds and entry
// choices) with every registered property and every ruling of package rulings (the
// general rules and invariants included).
func NewVocabulary(cards, counters []string, choices map[string][]string) *Vocabulary {
	v := &Vocabulary{Cards: slices.Sorted(slices.Values(cards)), Counters: counters, Choices: choices, Rulings: rulings.IDs()}
	for _, p := range props.All() {
		v.Properties = append(v.Properties, p.ID)
	}
	return v
}

// Parse reads one scenario file, checking its names against v.
func (v *Vocabulary) Parse(path string, data []byte) (*Scenario, error) {
	return parse(path, data, v)
}

// Load reads and parses one scenario file, checking its names against v.
func (v *Vocabulary) Load(path string) (*Scenario, error) { return load(path, v) }

// LoadDir is LoadDir with every file's names checked against v.
func (v *Vocabulary) LoadDir(root string) ([]*Scenario, error) { return loadDir(root, v) }

// maxNumber bounds every number a scenario writes (life, counters, damage, X, turn): no
// position needs more, and the bound keeps every sum an engine computes far from
// overflowing.
const maxNumber = 1_000_000

// checkCard reports a card name that is not in the pool.
func (p *parser) checkCard(n *yaml.Node, name, what string) bool {
	if p.vocab == nil || p.vocab.Cards == nil || slices.Contains(p.vocab.Cards, name) {
		return true
	}
	p.errf(n, "%s: unknown card %q%s", what, name, suggest(name, p.vocab.Cards, "a card of the pool (see fuzz cards)"))
	return false
}

// checkRef reports a card an action names that is no label or card of the setup, no
// player, no Name#id and no card of the pool (a token made during the game).
func (p *parser) checkRef(n *yaml.Node, ref, what string) {
	if p.vocab == nil || p.vocab.Cards == nil || ref == "" || ref == "A" || ref == "B" || p.known(ref) ||
		slices.Contains(p.vocab.Cards, ref) {
		return
	}
	if _, _, ok := parseCardID(ref); ok || isStackRef(ref) {
		return
	}
	p.errf(n, "%s: %q is no label or card of the setup, nor a card of the pool%s", what, ref, suggest(ref, p.vocab.Cards, "a label, a card name or Name#id"))
}

// checkLabel reports a label that is a card name of the pool: a reference to it would
// mean either.
func (p *parser) checkLabel(n *yaml.Node, label, what string) {
	if p.vocab != nil && slices.Contains(p.vocab.Cards, label) {
		p.errf(n, "%s: label %q is a card name; pick a label no card has", what, label)
	}
}

func (p *parser) checkCounter(n *yaml.Node, kind, what string) {
	if p.vocab == nil || p.vocab.Counters == nil || slices.Contains(p.vocab.Counters, kind) {
		return
	}
	p.errf(n, "%s: unknown counter kind %q%s", what, kind, suggest(kind, p.vocab.Counters, "one of "+strings.Join(p.vocab.Counters, ", ")))
}

func (p *parser) checkChoice(k, v *yaml.Node, key, value, what string) {
	if p.vocab == nil || p.vocab.Choices == nil {
		return
	}
	values, ok := p.vocab.Choices[key]
	if !ok {
		keys := slices.Sorted(maps.Keys(p.vocab.Choices))
		p.errf(k, "%s: unknown choice %q%s", what, key, suggest(key, keys, "one of "+strings.Join(keys, ", ")))
		return
	}
	if !slices.Contains(values, value) {
		p.errf(v, "%s %s: %q is not a value of this choice%s", what, key, value, suggest(value, values, "one of "+strings.Join(values, ", ")))
	}
}

// checkRuling reports a ruling: value that names no ruling of package rulings.
func (p *parser) checkRuling(n *yaml.Node, id string) {
	if p.vocab == nil || slices.Contains(p.vocab.Rulings, id) {
		return
	}
	p.errf(n, "ruling: unknown ruling %q%s", id, suggest(id, p.vocab.Rulings, "a ruling ID of docs/rulings.md"))
}

// checkProperty reports a property: value that selects no property: an ID, a ruling ID
// some property checks, or ID/... for a property's sub-properties.
func (p *parser) checkProperty(n *yaml.Node, id string) {
	if p.vocab == nil {
		return
	}
	for _, prop := range props.All() {
		if prop.ID == id || strings.HasPrefix(prop.ID, id+"/") || slices.Contains(prop.Rulings, id) {
			return
		}
	}
	p.errf(n, "property: %q is no property or ruling a property checks%s", id, suggest(id, p.vocab.Properties, "a property ID (see fuzz list)"))
}

// suggest is " (did you mean X?)" for the valid names nearest to s, or " (want WANT)"
// when none is near.
func suggest(s string, valid []string, want string) string {
	best, bestD := []string(nil), 1<<30
	for _, v := range valid {
		d := distance(fold(s), fold(v))
		switch {
		case d < bestD:
			best, bestD = []string{v}, d
		case d == bestD:
			best = append(best, v)
		}
	}
	// A suggestion must keep most of what was written: one letter changed of "Q" is no hint.
	if n := len([]rune(s)); len(best) > 0 && (bestD == 0 || bestD < n && bestD <= max(2, n/3)) {
		if len(best) > 3 {
			best = best[:3]
		}
		return fmt.Sprintf(" (did you mean %s?)", strings.Join(best, " or "))
	}
	return " (want " + want + ")"
}

// fold makes the comparison blind to case and to typographic quotes and dashes.
func fold(s string) string {
	return strings.ToLower(strings.NewReplacer("’", "'", "‘", "'", "“", `"`, "”", `"`, "–", "-", "—", "-").Replace(s))
}

// distance is the Levenshtein distance between a and b, in runes.
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// isStackRef: "stack N" (a position on the stack) or "stack#N" (a stack object), which the
// replay checks against the stack of the moment.
func isStackRef(ref string) bool {
	n, ok := strings.CutPrefix(ref, "stack ")
	if !ok {
		n, ok = strings.CutPrefix(ref, "stack#")
	}
	_, err := strconv.Atoi(n)
	return ok && err == nil
}
