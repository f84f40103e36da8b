package scenario

import (
	"bytes"
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Marshal writes the scenario as canonical YAML, in the same syntax people write by hand;
// Parse reads it back to the same scenario (positions aside). Comments are not kept.
func Marshal(sc *Scenario) []byte {
	root := mapNode(false)
	add(root, "format", intNode(FormatVersion))
	if len(sc.Rulings) == 1 {
		add(root, "ruling", str(sc.Rulings[0]))
	} else {
		add(root, "rulings", seqNode(true, strNodes(sc.Rulings)...))
	}
	if len(sc.Rules) > 0 {
		rules := seqNode(true)
		for _, r := range sc.Rules {
			rules.Content = append(rules.Content, ruleNode(r))
		}
		add(root, "rules", rules)
	}
	add(root, "title", str(sc.Title))
	if sc.Origin != "" {
		add(root, "origin", str(sc.Origin))
	}
	add(root, "setup", setupNode(&sc.Initial))
	if len(sc.Steps) > 0 {
		acts := seqNode(false)
		for _, st := range sc.Steps {
			acts.Content = append(acts.Content, stepNode(st))
		}
		add(root, "actions", acts)
	}
	if len(sc.Expect) > 0 {
		add(root, "expect", expectList(sc.Expect))
	}
	styleScalars(root, false)
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(root); err != nil {
		panic(fmt.Sprintf("corpus: encoding a scenario: %v", err)) // only a bug in this file can cause it
	}
	_ = enc.Close()
	return buf.Bytes()
}

func str(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s} }

func strNodes(ss []string) []*yaml.Node {
	out := make([]*yaml.Node, len(ss))
	for i, s := range ss {
		out[i] = str(s)
	}
	return out
}

// ruleNode writes a rule number plain (106.5, not "106.5"): Parse reads the text as
// written, so 106.10 stays 106.10.
func ruleNode(r string) *yaml.Node {
	if strings.ContainsAny(r, " :#,[]{}") {
		return str(r)
	}
	return &yaml.Node{Kind: yaml.ScalarNode, Value: r}
}

func intNode(n int) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: fmt.Sprint(n)}
}

func boolNode(b bool) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: fmt.Sprint(b)}
}

func manaNode(m harness.Mana) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: m.String(), Style: yaml.DoubleQuotedStyle}
}

func mapNode(flow bool) *yaml.Node {
	n := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
	if flow {
		n.Style = yaml.FlowStyle
	}
	return n
}

func seqNode(flow bool, items ...*yaml.Node) *yaml.Node {
	n := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Content: items}
	if flow {
		n.Style = yaml.FlowStyle
	}
	return n
}

func add(m *yaml.Node, key string, v *yaml.Node) {
	m.Content = append(m.Content, str(key), v)
}

func setupNode(s *SetupSpec) *yaml.Node {
	n := mapNode(false)
	add(n, "turn", intNode(s.Turn))
	add(n, "active", str(s.Active.String()))
	add(n, "step", str(string(s.Step)))
	if s.LandsPlayed != 0 {
		add(n, "lands_played", intNode(s.LandsPlayed))
	}
	for pl := range s.Players {
		ps := &s.Players[pl]
		if pl == int(harness.B) && isEmptyPlayer(ps) {
			continue
		}
		add(n, harness.Player(pl).String(), playerNode(ps))
	}
	return n
}

func isEmptyPlayer(ps *PlayerSpec) bool {
	return ps.Life == nil && ps.Pool.IsZero() && len(ps.Library)+len(ps.Hand)+len(ps.Graveyard)+
		len(ps.Exile)+len(ps.Battlefield) == 0
}

func playerNode(ps *PlayerSpec) *yaml.Node {
	n := mapNode(false)
	if ps.Life != nil {
		add(n, "life", intNode(*ps.Life))
	}
	if !ps.Pool.IsZero() {
		add(n, "pool", manaNode(ps.Pool))
	}
	if len(ps.Battlefield) > 0 {
		bf := seqNode(false)
		for _, pe := range ps.Battlefield {
			bf.Content = append(bf.Content, permanentNode(&pe))
		}
		add(n, "battlefield", bf)
	}
	for _, z := range []struct {
		key   string
		cards []CardEntry
	}{{"hand", ps.Hand}, {"library", ps.Library}, {"graveyard", ps.Graveyard}, {"exile", ps.Exile}} {
		if len(z.cards) > 0 {
			add(n, z.key, cardsNode(z.cards))
		}
	}
	if len(n.Content) == 0 {
		n.Style = yaml.FlowStyle
	}
	return n
}

func cardsNode(cards []CardEntry) *yaml.Node {
	flow := true
	items := make([]*yaml.Node, len(cards))
	for i, e := range cards {
		items[i] = cardEntryNode(&e, nil)
		flow = flow && items[i].Kind == yaml.ScalarNode
	}
	return seqNode(flow, items...)
}

func permanentNode(pe *PermanentEntry) *yaml.Node {
	return cardEntryNode(&pe.CardEntry, func(n *yaml.Node) {
		if pe.Tapped {
			add(n, "tapped", boolNode(true))
		}
		if pe.Sick {
			add(n, "sick", boolNode(true))
		}
		if pe.Token {
			add(n, "token", boolNode(true))
		}
		if pe.Size != 0 {
			add(n, "size", intNode(pe.Size))
		}
		if pe.FaceDown {
			add(n, "face_down", boolNode(true))
		}
		if pe.Transformed {
			add(n, "transformed", boolNode(true))
		}
		if len(pe.Counters) > 0 {
			add(n, "counters", countersNode(pe.Counters))
		}
		if pe.Damage != 0 {
			add(n, "damage", intNode(pe.Damage))
		}
		if pe.Attached != "" {
			add(n, "attached", str(pe.Attached))
		}
		if len(pe.Copying) > 0 {
			var items []*yaml.Node
			for _, c := range pe.Copying {
				items = append(items, str(c))
			}
			add(n, "copying", seqNode(true, items...))
		}
		if len(pe.ExiledWith) > 0 {
			add(n, "exiled_with", seqNode(true, strNodes(pe.ExiledWith)...))
		}
		if pe.Owner != nil {
			add(n, "owner", str(pe.Owner.String()))
		}
		if len(pe.Choices) > 0 {
			c := mapNode(true)
			for _, k := range harness.SortedKeys(pe.Choices) {
				add(c, k, str(pe.Choices[k]))
			}
			add(n, "choices", c)
		}
	})
}

// cardEntryNode writes a card as its plain name when nothing else is said about it, or as
// a one-line mapping {card: NAME, label: ..., ...}.
func cardEntryNode(e *CardEntry, more func(*yaml.Node)) *yaml.Node {
	n := mapNode(true)
	add(n, "card", str(e.Name))
	if e.Label != "" {
		add(n, "label", str(e.Label))
	}
	if e.ID != 0 {
		add(n, "id", intNode(int(e.ID)))
	}
	if more != nil {
		more(n)
	}
	if len(n.Content) == 2 {
		return str(e.Name)
	}
	return n
}

func countersNode(m map[string]int) *yaml.Node {
	c := mapNode(true)
	for _, k := range harness.SortedKeys(m) {
		add(c, k, intNode(m[k]))
	}
	return c
}

func stepNode(st Step) *yaml.Node {
	if st.Action != nil && len(st.Expect) == 0 {
		return str(st.Action.String())
	}
	n := mapNode(false)
	if st.Action != nil {
		add(n, "do", str(st.Action.String()))
	}
	add(n, "expect", expectList(st.Expect))
	return n
}

func expectList(es []Expectation) *yaml.Node {
	n := seqNode(false)
	for _, e := range es {
		item := mapNode(false)
		add(item, e.Key(), expectationNode(e))
		n.Content = append(n.Content, item)
	}
	return n
}

// styleScalars picks how each text is written: plain when YAML reads it back as the same
// text in its context (inside [ ] or { } commas and brackets end a plain scalar), else in
// double quotes, like the mana strings people write ("{G}").
func styleScalars(n *yaml.Node, inFlow bool) {
	switch n.Kind {
	case yaml.ScalarNode:
		if n.Tag == "!!str" && n.Style == 0 && !plainSafe(n.Value, inFlow) {
			n.Style = yaml.DoubleQuotedStyle
		}
	case yaml.MappingNode, yaml.SequenceNode:
		flow := inFlow || n.Style&yaml.FlowStyle != 0
		for _, c := range n.Content {
			styleScalars(c, flow)
		}
	}
}

func plainSafe(s string, inFlow bool) bool {
	if s == "" || s != strings.TrimSpace(s) || strings.ContainsAny(s[:1], "-?:,[]{}#&*!|>'\"%@`") ||
		strings.Contains(s, ": ") || strings.HasSuffix(s, ":") || strings.Contains(s, " #") ||
		strings.ContainsAny(s, "\n\t") || (inFlow && strings.ContainsAny(s, ",[]{}")) {
		return false
	}
	var v any
	if err := yaml.Unmarshal([]byte(s), &v); err != nil {
		return false
	}
	got, ok := v.(string)
	return ok && got == s
}
