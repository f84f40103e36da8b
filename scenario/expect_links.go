package scenario

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/mtgfuzz/mtgfuzz/cards"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Expectations about links between abilities (CR 607), triggered abilities (CR 603) and
// copiable values (CR 707.2).

// ExiledWithCheck: exactly these cards (as a multiset of references) are exiled with the
// permanent: those its linked abilities, as it is now, refer to (Snapshot ExiledWith,
// CR 607.2a). Cards is empty for none.
type ExiledWithCheck struct {
	At    Pos
	Card  string
	Cards []string
}

// TriggerCheck: since the previous expectation point (the last step that had
// expectations, or the start), an ability of each listed card triggered and was put on
// the stack, or, a triggered mana ability, resolved at once (CR 603.3, 605.4a): the engine
// reported a "triggered" event for it. With Triggered false, none of its abilities
// triggered at all: no "triggered" event, nor a "trigger_removed" one (a trigger removed
// for want of a legal target, CR 603.3d, triggered but was never on the stack, so it
// satisfies neither).
//
// An entry that names the ability's text as well ({card: Astral Slide, ability: "Return
// that card to the battlefield under its owner's control."}) reads only that ability of
// the card: one that triggered and went on the stack, its stack object's text
// (harness.StackObject.Text) being the one written. That is how a scenario sees a delayed
// triggered ability (CR 603.7), which no board shows while it waits: it triggers at the
// step it waits for, or it doesn't.
type TriggerCheck struct {
	At    Pos
	Cards []string
	// Abilities is the ability text each entry of Cards names, "" for any ability of the
	// card; nil when no entry names one.
	Abilities []string
	Triggered bool
}

// ability is the ability text entry i names, "" for any.
func (e *TriggerCheck) ability(i int) string {
	if i < len(e.Abilities) {
		return e.Abilities[i]
	}
	return ""
}

func (e *ExiledWithCheck) Position() Pos { return e.At }
func (e *TriggerCheck) Position() Pos    { return e.At }
func (e *ExiledWithCheck) Key() string   { return "exiled_with" }

func (e *TriggerCheck) Key() string {
	if e.Triggered {
		return "triggered"
	}
	return "not_triggered"
}

// Event kinds an engine reports about triggered abilities (harness.Event.Kind).
const (
	eventTriggered      = "triggered"
	eventTriggerRemoved = "trigger_removed"
)

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

// triggers reads `triggered: [Drake Haven]` and `not_triggered: [Heartbeat of Spring]`,
// whose entries may also be `{card: Astral Slide, ability: "TEXT"}`.
func (p *parser) triggers(v *yaml.Node, at Pos, key string) Expectation {
	e := &TriggerCheck{At: at, Triggered: key == "triggered"}
	items := p.list(v, key)
	for _, item := range items {
		card, ability := "", ""
		if item.Kind == yaml.MappingNode {
			for _, kv := range p.mapping(item, key+" entry", "card", "ability") {
				if kv.k.Value == "card" {
					card, _ = p.name(kv.v, key+" card")
				} else {
					ability, _ = p.name(kv.v, key+" ability")
				}
			}
			if card == "" {
				p.errf(item, "%s: an entry with ability: needs card: too (the ability's source)", key)
				continue
			}
		} else if card, _ = p.name(item, key); card == "" {
			continue
		}
		p.checkRef(item, card, key)
		e.Cards, e.Abilities = append(e.Cards, card), append(e.Abilities, ability)
	}
	if !slices.ContainsFunc(e.Abilities, func(a string) bool { return a != "" }) {
		e.Abilities = nil
	}
	if len(items) == 0 {
		p.errf(v, "%s: list at least one card", key)
	}
	if len(e.Cards) == 0 {
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

// checkTriggers reads the events since the previous expectation point.
func (r *replayer) checkTriggers(e *TriggerCheck) []string {
	if !r.reports(harness.ReportTriggers) {
		return []string{notReported(r.eng, e.Key(), harness.ReportTriggers)}
	}
	var out []string
	for i, ref := range e.Cards {
		id, err := r.book.one(ref, &r.snap)
		if err != nil {
			out = append(out, err.Error())
			continue
		}
		if text := e.ability(i); text != "" {
			out = append(out, r.checkTriggeredAbility(e, ref, id, text)...)
			continue
		}
		put, removed := false, false
		for _, st := range r.trace.Steps[r.mark:] {
			for _, ev := range st.Events {
				if ev.Card != id {
					continue
				}
				put = put || ev.Kind == eventTriggered
				removed = removed || ev.Kind == eventTriggerRemoved
			}
		}
		switch {
		case e.Triggered && !put:
			got := "no ability of it triggered"
			if removed {
				got = "it triggered but was removed without going on the stack (CR 603.3d)"
			}
			out = append(out, fmt.Sprintf("expected an ability of %s to trigger and go on the stack since %s, got: %s", ref, r.markText(), got))
		case !e.Triggered && (put || removed):
			out = append(out, fmt.Sprintf("expected no ability of %s to trigger since %s, got: it triggered", ref, r.markText()))
		}
	}
	return out
}

// checkTriggeredAbility judges one entry that names the ability's text: since the
// previous expectation point, a step in which the engine reported a "triggered" event for
// card id put on the stack an ability of it with that text (CR 603.3), or (not_triggered)
// none did.
func (r *replayer) checkTriggeredAbility(e *TriggerCheck, ref string, id harness.CardID, text string) []string {
	put := false
	var others []string // the texts of its abilities that did trigger, for the message
	for _, st := range r.trace.Steps[r.mark:] {
		if !slices.ContainsFunc(st.Events, func(ev harness.Event) bool { return ev.Card == id && ev.Kind == eventTriggered }) {
			continue
		}
		for _, so := range st.After.Stack {
			if so.Card != id || so.Kind != "ability" || slices.ContainsFunc(st.Before.Stack, func(b harness.StackObject) bool { return b.Object == so.Object }) {
				continue
			}
			if so.Text == text {
				put = true
			} else if !slices.Contains(others, so.Text) {
				others = append(others, so.Text)
			}
		}
	}
	switch {
	case e.Triggered && !put:
		got := "no ability of it went on the stack"
		if len(others) > 0 {
			got = "only " + strings.Join(quoteAll(others), ", ")
		}
		return []string{fmt.Sprintf("expected %s's ability %q to trigger and go on the stack since %s, got: %s", ref, text, r.markText(), got)}
	case !e.Triggered && put:
		return []string{fmt.Sprintf("expected %s's ability %q not to trigger since %s, got: it triggered and went on the stack", ref, text, r.markText())}
	}
	return nil
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = strconv.Quote(s)
	}
	return out
}

// markText says where the events a trigger expectation reads begin.
func (r *replayer) markText() string {
	if r.mark == 0 {
		return "the start"
	}
	return fmt.Sprintf("the previous expectations (after %d engine actions)", r.mark)
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
