package scenario

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/mtgfuzz/mtgfuzz/cards"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Expectations about links between abilities (CR 607) and copiable values (CR 707.2).

// ExiledWithCheck: exactly these cards (as a multiset of references) are exiled with the
// permanent: those its linked abilities, as it is now, refer to (Snapshot ExiledWith,
// CR 607.2a). Cards is empty for none.
type ExiledWithCheck struct {
	At    Pos
	Card  string
	Cards []string
}

func (e *ExiledWithCheck) Position() Pos { return e.At }
func (e *ExiledWithCheck) Key() string   { return "exiled_with" }

// exiledWith reads `exiled_with: {card: Helvault, cards: [bears]}`.
func (p *parser) exiledWith(v *yaml.Node, at Pos) Expectation {
	e := &ExiledWithCheck{At: at}
	gotCards := false
	for _, kv := range p.mapping(v, "exiled_with", "card", "cards") {
		switch kv.k.Value {
		case "card":
			if e.Card, _ = p.name(kv.v, "exiled_with card"); e.Card != "" {
				p.checkRef(kv.v, e.Card, "exiled_with card")
			}
		case "cards":
			gotCards = true
			e.Cards = nonNil(p.strs(kv.v, "exiled_with cards"))
			for _, c := range e.Cards {
				p.checkRef(kv.v, c, "exiled_with cards")
			}
		}
	}
	if e.Card == "" || !gotCards {
		p.errf(v, "exiled_with: needs card: and cards: (e.g. cards: [bears], or [] for none)")
		return nil
	}
	return e
}

// copiable reads `copiable: {name: Grizzly Bears, power: 2, ...}`.
func (p *parser) copiable(v *yaml.Node) *Characteristics {
	c := &Characteristics{}
	for _, kv := range p.mapping(v, "object copiable", characteristicKeys...) {
		p.characteristic(c, kv.k.Value, kv.v, "object copiable "+kv.k.Value)
	}
	return c
}

// checkExiledWith compares the cards exiled with a permanent with the expected ones.
func (r *replayer) checkExiledWith(e *ExiledWithCheck) []string {
	if !r.reports(harness.ReportLinks) {
		return []string{notReported(r.eng, "exiled_with", harness.ReportLinks)}
	}
	o, msg := r.permanent(e.Card)
	if msg != "" {
		return []string{msg}
	}
	var objs []*harness.Object
	var got []string
	for _, c := range o.ExiledWith {
		x := r.snap.Find(c)
		if x == nil {
			return []string{fmt.Sprintf("the engine says card %d is exiled with %s, but it is in no zone", c, e.Card)}
		}
		objs = append(objs, x)
		got = append(got, r.book.write(c, &r.snap))
	}
	ok, err := r.zoneMatches(e.Cards, objs, false)
	if err != nil {
		return []string{err.Error()}
	}
	if !ok {
		return []string{fmt.Sprintf("expected the cards exiled with %s (CR 607.2a) %s, got %s", e.Card, listText(e.Cards), listText(got))}
	}
	return nil
}

// checkCopiable compares copiable values (CR 707.2): the engine's, for a copy; the
// printed card's, for an object that copies nothing.
func checkCopiable(card string, want *Characteristics, o *harness.Object) []string {
	got := o.Copiable
	if got == nil {
		c, ok := cards.ByName(o.Name)
		if !ok || o.FaceDown {
			return []string{fmt.Sprintf("expected %s's copiable values, got none: it copies nothing and %q is no printed card", card, o.Name)}
		}
		got = &harness.Characteristics{Name: c.Name, ManaCost: c.ManaCost, Colors: strings.Join(c.Colors, ""),
			Supertypes: c.Supertypes, Types: c.Types, Subtypes: c.Subtypes, Power: c.Power, Toughness: c.Toughness,
			Loyalty: c.Loyalty, Abilities: c.Oracle}
	}
	var out []string
	want.check(got, func(field, want, have string) {
		if want != have {
			out = append(out, fmt.Sprintf("expected %s's copiable %s (CR 707.2) %s, got %s", card, field, want, have))
		}
	})
	return out
}

// reports says whether the engine reports what an expectation reads (its declaration,
// harness.Support.Reports); an engine that declares nothing reports everything.
func (r *replayer) reports(what harness.Report) bool {
	return harness.SupportOf(r.eng).Reports(what)
}

// notReported is the answer to an expectation the engine can't be judged on.
func notReported(eng harness.Engine, key string, what harness.Report) string {
	return fmt.Sprintf("%s: not reported: the engine %s declares it doesn't report %s, so this can't be judged", key, eng.Name(), what)
}

// exiledWithNode and the others write the expectations back (marshal_expect.go).
func exiledWithNode(e *ExiledWithCheck) *yaml.Node {
	n := mapNode(true)
	add(n, "card", str(e.Card))
	add(n, "cards", seqNode(true, strNodes(e.Cards)...))
	return n
}

func copiableNode(c *Characteristics) *yaml.Node {
	n := mapNode(true)
	c.addTo(n)
	return n
}
