package scenario

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

var expectKeys = []string{"offered", "pool", "tapped", "untapped", "legal", "illegal", "object",
	"could_produce", "life", "lost", "hand", "library", "graveyard", "exile", "battlefield", "stack",
	"step", "pending", "casting", "property", "holds", "exiled_with", "triggered", "not_triggered", "happened", "not_happened", "view"}

// expectations reads a list of expectation items; an item is a mapping whose every key is
// one expectation ("- pool: {A: "{}"}"), checked in the order written.
func (p *parser) expectations(n *yaml.Node) []Expectation {
	var out []Expectation
	for _, item := range p.list(n, "expect") {
		if item.Kind != yaml.MappingNode {
			p.errf(item, "expect: each item is KIND: VALUE (one of %s), got %s", strings.Join(expectKeys, ", "), kindName(item))
			continue
		}
		for _, kv := range p.mapping(item, "expect", expectKeys...) {
			if e := p.expectation(kv.k.Value, kv.v, pos(kv.k)); e != nil {
				out = append(out, e)
			}
		}
	}
	return out
}

func (p *parser) expectation(key string, v *yaml.Node, at Pos) Expectation {
	switch key {
	case "offered":
		return p.offered(v, at)
	case "pool":
		return &Pool{At: at, Pools: perPlayer(p, v, "pool", p.mana)}
	case "tapped", "untapped":
		return &Tapped{At: at, Cards: p.strs(v, key), Tapped: key == "tapped"}
	case "legal", "illegal":
		a, ok := p.actionLine(v, key)
		if !ok {
			return nil
		}
		if a.Verb == VerbPassUntil || a.Verb == VerbResolve {
			p.errf(v, "%s: %q is a helper, not one action", key, a.Verb)
			return nil
		}
		return &Legality{At: at, Action: a, Legal: key == "legal"}
	case "object":
		return p.object(v, at)
	case "could_produce":
		e := &CouldProduce{At: at}
		for _, kv := range p.mapping(v, key, "card", "types") {
			switch kv.k.Value {
			case "card":
				e.Card, _ = p.name(kv.v, "could_produce card")
			case "types":
				e.Types, _ = parseScalar(p, kv.v, "could_produce types", parseTypeSet)
			}
		}
		if e.Card == "" {
			p.errf(v, "could_produce: needs card: and types:")
			return nil
		}
		return e
	case "life":
		return &Life{At: at, Life: perPlayer(p, v, "life", p.integer)}
	case "lost":
		return &Lost{At: at, Lost: perPlayer(p, v, "lost", p.boolean)}
	case "hand", "library", "graveyard", "exile", "battlefield":
		read := func(n *yaml.Node, what string) ([]string, bool) { return nonNil(p.strs(n, what)), true }
		return &ZoneContents{At: at, Zone: harness.Zone(key), Cards: perPlayer(p, v, key, read)}
	case "stack":
		return &StackContents{At: at, Names: nonNil(p.strs(v, "stack"))}
	case "step":
		return p.turnStep(v, at)
	case "pending":
		return p.pending(v, at)
	case "casting":
		return p.casting(v, at)
	case "exiled_with":
		return p.exiledWith(v, at)
	case "view":
		return p.view(v, at)
	case "triggered", "not_triggered":
		return p.triggers(v, at, key)
	case "happened", "not_happened":
		return p.events(v, at, key)
	case "property", "holds":
		if id, ok := p.name(v, key); ok {
			p.checkProperty(v, id)
			return &PropertyCheck{At: at, ID: id, AnyReach: key == "holds"}
		}
	}
	return nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func (p *parser) offered(v *yaml.Node, at Pos) Expectation {
	e := &Offered{At: at, Ability: AbilityRef{Mana: true}}
	gotOutcomes := false
	for _, kv := range p.mapping(v, "offered", "card", "ability", "outcomes") {
		switch kv.k.Value {
		case "card":
			e.Card, _ = p.name(kv.v, "offered card")
		case "ability":
			s, ok := p.str(kv.v, "offered ability")
			if !ok {
				break
			}
			if s == "mana" {
				break
			}
			n, err := strconv.Atoi(s)
			switch {
			case err != nil && s != "":
				e.Ability = AbilityRef{Text: s}
			case err != nil || n < 1:
				p.errf(kv.v, "offered ability: want \"mana\" (the first mana ability), a number from 1 or the ability's text, got %q", s)
			default:
				e.Ability = AbilityRef{Index: n - 1}
			}
		case "outcomes":
			gotOutcomes = true
			e.Outcomes = []harness.Mana{}
			for _, o := range p.list(kv.v, "offered outcomes") {
				if m, ok := p.mana(o, "offered outcome"); ok {
					e.Outcomes = append(e.Outcomes, m)
				}
			}
		}
	}
	if e.Card == "" || !gotOutcomes {
		p.errf(v, "offered: needs card: and outcomes: (e.g. outcomes: [none] or [\"{U}\", \"{C}\"])")
		return nil
	}
	return e
}

func (p *parser) object(v *yaml.Node, at Pos) Expectation {
	e := &ObjectCheck{At: at}
	for _, kv := range p.mapping(v, "object", objectKeys...) {
		w := "object " + kv.k.Value
		if p.characteristic(&e.Characteristics, kv.k.Value, kv.v, w) {
			continue
		}
		switch kv.k.Value {
		case "card":
			e.Card, _ = p.name(kv.v, w)
		case "zone":
			if s, ok := p.str(kv.v, w); ok {
				z := harness.Zone(s)
				if !slices.Contains(zoneNames, s) {
					p.errf(kv.v, "%s: want %s, got %q", w, strings.Join(zoneNames, ", "), s)
				}
				e.Zone = &z
			}
		case "controller", "owner":
			if pl, ok := p.player(kv.v, w); ok {
				if kv.k.Value == "owner" {
					e.Owner = &pl
				} else {
					e.Controller = &pl
				}
			}
		case "tapped", "sick", "token":
			if b, ok := p.boolean(kv.v, w); ok {
				switch kv.k.Value {
				case "tapped":
					e.Tapped = &b
				case "sick":
					e.Sick = &b
				default:
					e.Token = &b
				}
			}
		case "counters":
			c := p.counters(kv.v, w)
			e.Counters = &c
		case "copiable":
			e.Copiable = p.copiable(kv.v)
		case "damage", "mana_value", "abilities_count":
			if n, ok := p.integer(kv.v, w); ok {
				switch kv.k.Value {
				case "damage":
					e.Damage = &n
				case "mana_value":
					e.ManaValue = &n
				default:
					e.AbilitiesCount = &n
				}
			}
		case "attached":
			e.Attached = p.optStr(kv.v, w)
		case "copy_of":
			if e.CopyOf = p.optStr(kv.v, w); e.CopyOf != nil {
				p.checkCopyOf(kv.v, *e.CopyOf)
			}
		}
	}
	if e.Card == "" {
		p.errf(v, "object: needs card: (a label, a name or #id)")
		return nil
	}
	return e
}

// optStr reads a scalar that may be empty ("" or nothing at all).
func (p *parser) optStr(n *yaml.Node, what string) *string {
	n = deref(n)
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		s := ""
		return &s
	}
	if s, ok := p.str(n, what); ok {
		return &s
	}
	return nil
}

func (p *parser) turnStep(v *yaml.Node, at Pos) Expectation {
	e := &TurnStep{At: at}
	for _, kv := range p.mapping(v, "step", "turn", "active", "step", "priority") {
		w := "step " + kv.k.Value
		switch kv.k.Value {
		case "turn":
			if n, ok := p.integer(kv.v, w); ok {
				e.Turn = &n
			}
		case "active":
			if pl, ok := p.player(kv.v, w); ok {
				e.Active = &pl
			}
		case "step":
			if st, ok := p.step(kv.v, w); ok {
				e.Step = &st
			}
		case "priority":
			if s, ok := p.str(kv.v, w); ok {
				pl := harness.NoPlayer
				if s != "none" && s != "-" {
					pl, _ = p.player(kv.v, w)
				}
				e.Priority = &pl
			}
		}
	}
	return e
}

func (p *parser) pending(v *yaml.Node, at Pos) Expectation {
	if isNone(v) {
		return &PendingCheck{At: at, None: true}
	}
	e := &PendingCheck{At: at}
	for _, kv := range p.mapping(v, "pending", "player", "options") {
		switch kv.k.Value {
		case "player":
			if pl, ok := p.player(kv.v, "pending player"); ok {
				e.Player = &pl
			}
		case "options":
			o := nonNil(p.strs(kv.v, "pending options"))
			e.Options = &o
		}
	}
	return e
}

func (p *parser) casting(v *yaml.Node, at Pos) Expectation {
	if isNone(v) {
		return &CastingCheck{At: at, None: true}
	}
	e := &CastingCheck{At: at}
	for _, kv := range p.mapping(v, "casting", "card", "cost") {
		switch kv.k.Value {
		case "card":
			e.Card, _ = p.name(kv.v, "casting card")
		case "cost":
			if c, ok := parseScalar(p, kv.v, "casting cost", ParseCost); ok {
				e.Cost = &c
			}
		}
	}
	return e
}

// parseTypeSet reads mana type letters "WUC"; "" or "none" is the empty set.
func parseTypeSet(s string) (harness.TypeSet, error) {
	var ts harness.TypeSet
	t := strings.TrimSpace(s)
	if strings.EqualFold(t, "none") {
		return 0, nil
	}
	for _, r := range strings.ToUpper(t) {
		switch r {
		case '{', '}', ' ', ',':
			continue
		}
		mt, err := harness.ParseManaType(string(r))
		if err != nil {
			return 0, fmt.Errorf("%q: want letters of W U B R G C, or \"\" for none", s)
		}
		ts = ts.With(mt)
	}
	return ts, nil
}

// parseColors reads colour letters in any order and writes them in WUBRG order.
func parseColors(s string) (string, error) {
	ts, err := parseTypeSet(s)
	if err != nil || ts.Has(harness.Colorless) {
		return "", fmt.Errorf("%q: want colour letters of W U B R G, or \"\" for colourless", s)
	}
	return ts.String(), nil
}

// ParseCost reads a total cost like "{4}{G}" or "{0}".
func ParseCost(s string) (Cost, error) {
	var c Cost
	t := strings.TrimSpace(s)
	for t != "" {
		if !strings.HasPrefix(t, "{") {
			return Cost{}, fmt.Errorf("cost %q: want symbols like {4}{G}", s)
		}
		end := strings.Index(t, "}")
		if end < 0 {
			return Cost{}, fmt.Errorf("cost %q: unclosed {", s)
		}
		sym := t[1:end]
		t = t[end+1:]
		if n, err := strconv.Atoi(sym); err == nil && n >= 0 {
			c.Generic += n
			continue
		}
		mt, err := harness.ParseManaType(sym)
		if err != nil {
			return Cost{}, fmt.Errorf("cost %q: unknown symbol {%s}", s, sym)
		}
		c.Mana[mt]++
	}
	return c, nil
}

func (c Cost) String() string {
	s := ""
	if c.Generic > 0 || c.Mana.IsZero() {
		s = fmt.Sprintf("{%d}", c.Generic)
	}
	if !c.Mana.IsZero() {
		s += c.Mana.String()
	}
	return s
}
