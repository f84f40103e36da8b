package scenario

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/mtgfuzz/mtgfuzz/cards"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

var (
	setupKeys     = []string{"turn", "active", "step", "lands_played", "A", "B"}
	playerKeys    = []string{"life", "pool", "library", "hand", "graveyard", "exile", "battlefield"}
	cardKeys      = []string{"card", "label", "id"}
	permanentKeys = []string{"card", "label", "id", "tapped", "sick", "token", "size", "face_down", "transformed", "counters",
		"damage", "attached", "owner", "choices", "copying", "exiled_with"}
)

func (p *parser) setup(n *yaml.Node) SetupSpec {
	s := SetupSpec{At: pos(deref(n)), Turn: 1, Active: harness.A, Step: harness.Main1}
	for _, kv := range p.mapping(n, "setup", setupKeys...) {
		switch kv.k.Value {
		case "turn":
			if v, ok := p.integer(kv.v, "turn"); ok {
				if v < 1 {
					p.errf(kv.v, "turn: want 1 or more, got %d", v)
				}
				s.Turn = v
			}
		case "active":
			if v, ok := p.player(kv.v, "active"); ok {
				s.Active = v
			}
		case "step":
			if v, ok := p.step(kv.v, "step"); ok {
				s.Step = v
			}
		case "lands_played":
			s.LandsPlayed, _ = p.natural(kv.v, "lands_played")
		case "A", "B":
			pl, _ := harness.ParsePlayer(kv.k.Value)
			s.Players[pl] = p.playerSetup(kv.v, kv.k.Value)
		}
	}
	p.checkLabels(&s)
	return s
}

func (p *parser) playerSetup(n *yaml.Node, who string) PlayerSpec {
	ps := PlayerSpec{At: pos(deref(n))}
	if deref(n).Kind == yaml.ScalarNode && deref(n).Tag == "!!null" {
		return ps // "B:" with nothing under it: an empty seat
	}
	for _, kv := range p.mapping(n, "setup "+who, playerKeys...) {
		what := who + " " + kv.k.Value
		switch kv.k.Value {
		case "life":
			if v, ok := p.integer(kv.v, what); ok {
				ps.Life = &v
			}
		case "pool":
			ps.Pool, _ = p.mana(kv.v, what)
		case "library":
			ps.Library = p.cards(kv.v, what)
		case "hand":
			ps.Hand = p.cards(kv.v, what)
		case "graveyard":
			ps.Graveyard = p.cards(kv.v, what)
		case "exile":
			ps.Exile = p.cards(kv.v, what)
		case "battlefield":
			for _, item := range p.list(kv.v, what) {
				if e, ok := p.permanent(item, what); ok {
					ps.Battlefield = append(ps.Battlefield, e)
				}
			}
		}
	}
	return ps
}

func (p *parser) cards(n *yaml.Node, what string) []CardEntry {
	var out []CardEntry
	for _, item := range p.list(n, what) {
		e := CardEntry{At: pos(item)}
		if item.Kind == yaml.ScalarNode {
			if s, ok := p.name(item, what); ok && p.checkCard(item, s, what) {
				e.Name = s
				out = append(out, e)
			}
			continue
		}
		for _, kv := range p.mapping(item, what+" card", cardKeys...) {
			p.cardKey(&e, kv, what)
		}
		if p.requireName(item, &e, what) {
			out = append(out, e)
		}
	}
	return out
}

func (p *parser) cardKey(e *CardEntry, kv pair, what string) {
	switch kv.k.Value {
	case "card":
		if name, ok := p.name(kv.v, what+" card"); ok {
			p.checkCard(kv.v, name, what+" card")
			e.Name = name
		}
	case "label":
		if label, ok := p.name(kv.v, what+" label"); ok {
			p.checkLabel(kv.v, label, what)
			e.Label = label
		}
	case "id":
		if v, ok := p.integer(kv.v, what+" id"); ok {
			if v < 1 {
				p.errf(kv.v, "%s id: want 1 or more, got %d", what, v)
			}
			e.ID = harness.CardID(v)
		}
	}
}

func (p *parser) requireName(n *yaml.Node, e *CardEntry, what string) bool {
	if e.Name == "" {
		p.errf(n, "%s: a card needs card: NAME", what)
		return false
	}
	return true
}

func (p *parser) permanent(n *yaml.Node, what string) (PermanentEntry, bool) {
	e := PermanentEntry{CardEntry: CardEntry{At: pos(n)}}
	if n.Kind == yaml.ScalarNode {
		s, ok := p.name(n, what)
		e.Name = s
		return e, ok && p.checkCard(n, s, what)
	}
	var size *yaml.Node
	for _, kv := range p.mapping(n, what+" permanent", permanentKeys...) {
		w := what + " " + kv.k.Value
		switch kv.k.Value {
		case "size":
			e.Size, _ = p.natural(kv.v, w)
			size = kv.v
		case "card", "label", "id":
			p.cardKey(&e.CardEntry, kv, what)
		case "tapped":
			e.Tapped, _ = p.boolean(kv.v, w)
		case "sick":
			e.Sick, _ = p.boolean(kv.v, w)
		case "token":
			e.Token, _ = p.boolean(kv.v, w)
		case "face_down":
			e.FaceDown, _ = p.boolean(kv.v, w)
		case "transformed":
			e.Transformed, _ = p.boolean(kv.v, w)
		case "damage":
			e.Damage, _ = p.natural(kv.v, w)
		case "attached":
			e.Attached, _ = p.name(kv.v, w)
		case "copying":
			e.Copying = p.copying(kv.v, w)
		case "exiled_with":
			e.ExiledWith = p.copying(kv.v, w)
		case "owner":
			if v, ok := p.player(kv.v, w); ok {
				e.Owner = &v
			}
		case "counters":
			e.Counters = p.counters(kv.v, w)
		case "choices":
			e.Choices = map[string]string{}
			for _, c := range p.mapping(kv.v, w) {
				if v, ok := p.str(c.v, w+" "+c.k.Value); ok {
					p.checkChoice(c.k, c.v, c.k.Value, v, w)
					e.Choices[c.k.Value] = v
				}
			}
		}
	}
	if size != nil && e.Name != "" {
		p.checkSize(size, &e, what)
	}
	return e, p.requireName(n, &e.CardEntry, what)
}

// checkSize reports a size given to anything but a token whose creating effect sets its
// power and toughness (an X/X Shark, CR 111.3).
func (p *parser) checkSize(n *yaml.Node, e *PermanentEntry, what string) {
	c, ok := cards.ByName(e.Name)
	switch {
	case !e.Token:
		p.errf(n, "%s size: only an X/X token takes a size, and %s is not marked token: true", what, e.Name)
	case ok && (!c.Token || !c.SizeX):
		p.errf(n, "%s size: %s's power and toughness are printed, not an X it is created with; sized tokens: %s", what, e.Name, strings.Join(sizedTokens(), ", "))
	}
}

// sizedTokens lists the tokens of the printed card table that are created with a size.
func sizedTokens() []string {
	var out []string
	for _, c := range cards.All() {
		if c.Token && c.SizeX {
			out = append(out, c.Name)
		}
	}
	return out
}

// counters reads {+1/+1: 2, charge: 1}.
func (p *parser) counters(n *yaml.Node, what string) map[string]int {
	out := map[string]int{}
	for _, kv := range p.mapping(n, what) {
		p.checkCounter(kv.k, kv.k.Value, what)
		if v, ok := p.natural(kv.v, what+" "+kv.k.Value); ok {
			out[kv.k.Value] = v
		}
	}
	return out
}

// checkLabels enforces that references are unambiguous: labels are unique, are not a card
// name or a player, and every attachment names a permanent of the setup.
func (p *parser) checkLabels(s *SetupSpec) {
	names := map[string]int{}
	eachEntry(s, func(_ int, e *CardEntry, _ *PermanentEntry) { names[e.Name]++ })
	labels := map[string]bool{}
	eachEntry(s, func(_ int, e *CardEntry, _ *PermanentEntry) {
		l := e.Label
		switch {
		case l == "":
		case labels[l]:
			p.errf(&yaml.Node{Line: e.At.Line}, "label %q is used twice", l)
		case strings.EqualFold(l, "A") || strings.EqualFold(l, "B"):
			p.errf(&yaml.Node{Line: e.At.Line}, "label %q: A and B name the players; pick another label", l)
		case strings.Contains(l, "#"):
			p.errf(&yaml.Node{Line: e.At.Line}, "label %q: labels can't hold # (Name#3 is how card IDs are written)", l)
		case names[l] > 0 && l != e.Name:
			p.errf(&yaml.Node{Line: e.At.Line}, "label %q is also a card name; pick another label", l)
		}
		labels[l] = true
	})
	for pl := range s.Players {
		for _, pm := range s.Players[pl].Battlefield {
			if pm.Attached == "" {
				continue
			}
			if _, err := staticRef(s, pm.Attached, true); err != nil {
				p.errf(&yaml.Node{Line: pm.At.Line}, "%s attached: %v", pm.Name, err)
			}
		}
		for _, pm := range s.Players[pl].Battlefield {
			p.checkCopying(s, pm)
			p.checkExiledWith(s, pm)
		}
	}
}

// staticRef resolves a reference against the setup alone: a label, "#id", or a card name
// that only one card of the setup has. battlefield limits it to permanents.
func staticRef(s *SetupSpec, ref string, battlefield bool) (int, error) {
	var byLabel, byName []int
	idx := 0
	eachEntry(s, func(_ int, e *CardEntry, perm *PermanentEntry) {
		defer func() { idx++ }()
		if battlefield && perm == nil {
			return
		}
		if e.Label == ref {
			byLabel = append(byLabel, idx)
		}
		if e.Name == ref {
			byName = append(byName, idx)
		}
	})
	if _, _, ok := parseCardID(ref); ok {
		return -1, nil // checked once IDs are numbered
	}
	switch {
	case len(byLabel) == 1:
		return byLabel[0], nil
	case len(byName) == 1:
		return byName[0], nil
	case len(byName) > 1:
		return -1, fmt.Errorf("%d cards are named %q; give the one you mean a label", len(byName), ref)
	}
	if battlefield {
		return -1, fmt.Errorf("no permanent labelled or named %q in the setup", ref)
	}
	return -1, fmt.Errorf("no card labelled or named %q in the setup", ref)
}
