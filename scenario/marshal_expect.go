package scenario

import (
	"bytes"
	"fmt"

	"go.yaml.in/yaml/v3"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// expectationNode writes the value of one expectation (its key is e.Key()).
func expectationNode(e Expectation) *yaml.Node {
	switch e := e.(type) {
	case *Offered:
		n := mapNode(true)
		add(n, "card", str(e.Card))
		switch {
		case e.Ability.Text != "":
			add(n, "ability", str(e.Ability.Text))
		case !e.Ability.Mana:
			add(n, "ability", intNode(e.Ability.Index+1))
		}
		outs := seqNode(true)
		for _, m := range e.Outcomes {
			if m.IsZero() {
				outs.Content = append(outs.Content, str("none"))
			} else {
				outs.Content = append(outs.Content, manaNode(m))
			}
		}
		add(n, "outcomes", outs)
		return n
	case *Pool:
		return perPlayerNode(e.Pools, manaNode)
	case *Life:
		return perPlayerNode(e.Life, intNode)
	case *Lost:
		return perPlayerNode(e.Lost, boolNode)
	case *Tapped:
		return seqNode(true, strNodes(e.Cards)...)
	case *Legality:
		return str(e.Action.String())
	case *ObjectCheck:
		return objectNode(e)
	case *CouldProduce:
		n := mapNode(true)
		add(n, "card", str(e.Card))
		add(n, "types", str(e.Types.String()))
		return n
	case *ZoneContents:
		return perPlayerNode(e.Cards, func(s []string) *yaml.Node { return seqNode(true, strNodes(s)...) })
	case *StackContents:
		return seqNode(true, strNodes(e.Names)...)
	case *TurnStep:
		n := mapNode(true)
		if e.Turn != nil {
			add(n, "turn", intNode(*e.Turn))
		}
		if e.Active != nil {
			add(n, "active", str(e.Active.String()))
		}
		if e.Step != nil {
			add(n, "step", str(string(*e.Step)))
		}
		if e.Priority != nil {
			add(n, "priority", str(playerOrNone(*e.Priority)))
		}
		return n
	case *PendingCheck:
		if e.None {
			return str("none")
		}
		n := mapNode(true)
		if e.Player != nil {
			add(n, "player", str(e.Player.String()))
		}
		if e.Options != nil {
			add(n, "options", seqNode(true, strNodes(*e.Options)...))
		}
		return n
	case *CastingCheck:
		if e.None {
			return str("none")
		}
		n := mapNode(true)
		if e.Card != "" {
			add(n, "card", str(e.Card))
		}
		if e.Cost != nil {
			add(n, "cost", &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: e.Cost.String(), Style: yaml.DoubleQuotedStyle})
		}
		return n
	case *PropertyCheck:
		return str(e.ID)
	case *ViewCheck:
		return viewNode(e)
	case *ExiledWithCheck:
		return exiledWithNode(e)
	case *TriggerCheck:
		return triggersNode(e)
	case *EventCheck:
		return eventsNode(e)
	}
	panic(fmt.Sprintf("corpus: unknown expectation %T", e))
}

func perPlayerNode[T any](pp PerPlayer[T], f func(T) *yaml.Node) *yaml.Node {
	n := mapNode(true)
	for pl, v := range pp {
		if v != nil {
			add(n, harness.Player(pl).String(), f(*v))
		}
	}
	return n
}

func objectNode(e *ObjectCheck) *yaml.Node {
	n := mapNode(true)
	add(n, "card", str(e.Card))
	e.Characteristics.addTo(n)
	optStr := func(k string, v *string) {
		if v != nil {
			add(n, k, str(*v))
		}
	}
	optInt := func(k string, v *int) {
		if v != nil {
			add(n, k, intNode(*v))
		}
	}
	if e.Zone != nil {
		add(n, "zone", str(string(*e.Zone)))
	}
	if e.Controller != nil {
		add(n, "controller", str(e.Controller.String()))
	}
	if e.Owner != nil {
		add(n, "owner", str(e.Owner.String()))
	}
	if e.Tapped != nil {
		add(n, "tapped", boolNode(*e.Tapped))
	}
	if e.Sick != nil {
		add(n, "sick", boolNode(*e.Sick))
	}
	if e.Token != nil {
		add(n, "token", boolNode(*e.Token))
	}
	if e.Counters != nil {
		add(n, "counters", countersNode(*e.Counters))
	}
	optInt("damage", e.Damage)
	optInt("mana_value", e.ManaValue)
	optInt("abilities_count", e.AbilitiesCount)
	optStr("attached", e.Attached)
	optStr("copy_of", e.CopyOf)
	if e.Copiable != nil {
		add(n, "copiable", copiableNode(e.Copiable))
	}
	return n
}

// encodeFlow writes a node on one line (for the game log).
func encodeFlow(n *yaml.Node) []byte {
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	if err := enc.Encode(n); err != nil {
		return []byte(fmt.Sprintf("<%v>", err))
	}
	_ = enc.Close()
	return bytes.TrimSpace(buf.Bytes())
}
