package scenario

import (
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Expectations about triggered abilities (CR 603): which triggered since the previous
// expectations, how many times, or that nothing did.

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
//
// An entry with times ({card: Jhoira, times: 2}) counts: exactly that many of the card's
// abilities (of that ability, with its text) triggered and went on the stack, or resolved
// at once, since the previous expectation point; each trigger is one (CR 603.2c: an
// ability triggers once for each time its event occurs).
//
// None ("triggered: []", or "triggered: none") says that no ability at all triggered since
// the previous expectation point (CR 603.2): none went on the stack, no triggered mana
// ability resolved, none was removed by 603.3d. Cards is then empty.
type TriggerCheck struct {
	At    Pos
	Cards []string
	// Abilities is the ability text each entry of Cards names, "" for any ability of the
	// card; nil when no entry names one.
	Abilities []string
	// Times is the exact count each entry of Cards asks for, 0 for "at least once"; nil
	// when no entry gives one.
	Times     []int
	Triggered bool
	None      bool
}

// ability is the ability text entry i names, "" for any.
func (e *TriggerCheck) ability(i int) string {
	if i < len(e.Abilities) {
		return e.Abilities[i]
	}
	return ""
}

// times is the exact count entry i asks for, 0 for "at least once".
func (e *TriggerCheck) times(i int) int {
	if i < len(e.Times) {
		return e.Times[i]
	}
	return 0
}

func (e *TriggerCheck) Position() Pos { return e.At }

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

// triggers reads `triggered: [Drake Haven]` and `not_triggered: [Heartbeat of Spring]`,
// whose entries may also be `{card: Astral Slide, ability: "TEXT", times: 2}`, and
// `triggered: []` (or none): nothing triggered.
func (p *parser) triggers(v *yaml.Node, at Pos, key string) Expectation {
	e := &TriggerCheck{At: at, Triggered: key == "triggered"}
	if e.Triggered && (isNone(v) || deref(v).Kind == yaml.SequenceNode && len(deref(v).Content) == 0) {
		e.None = true
		return e
	}
	var items []*yaml.Node
	if !isNone(v) {
		items = p.list(v, key)
	}
	for _, item := range items {
		card, ability, times := "", "", 0
		if item.Kind == yaml.MappingNode {
			for _, kv := range p.mapping(item, key+" entry", "card", "ability", "times") {
				switch kv.k.Value {
				case "card":
					card, _ = p.name(kv.v, key+" card")
				case "ability":
					ability, _ = p.name(kv.v, key+" ability")
				case "times":
					times = p.triggerTimes(kv.v, key)
				}
			}
			if card == "" {
				p.errf(item, "%s: an entry with ability: or times: needs card: too (the ability's source)", key)
				continue
			}
		} else if card, _ = p.name(item, key); card == "" {
			continue
		}
		p.checkRef(item, card, key)
		e.Cards, e.Abilities, e.Times = append(e.Cards, card), append(e.Abilities, ability), append(e.Times, times)
	}
	if !slices.ContainsFunc(e.Abilities, func(a string) bool { return a != "" }) {
		e.Abilities = nil
	}
	if !slices.ContainsFunc(e.Times, func(n int) bool { return n != 0 }) {
		e.Times = nil
	}
	if len(items) == 0 {
		p.errf(v, "%s: list at least one card (for \"nothing triggered at all\", write triggered: [])", key)
	}
	if len(e.Cards) == 0 {
		return nil
	}
	return e
}

// triggerTimes reads the times: of a triggered: entry, a count from 1: "no time at all"
// is not_triggered:, and an entry of not_triggered: takes none.
func (p *parser) triggerTimes(v *yaml.Node, key string) int {
	if key != "triggered" {
		p.errf(v, "%s: times: belongs to triggered: entries (not_triggered: already means none at all)", key)
		return 0
	}
	n, ok := p.integer(v, "triggered times")
	switch {
	case !ok:
		return 0
	case n == 0:
		p.errf(v, "triggered times: 0 is no trigger at all: write the entry under not_triggered: instead")
		return 0
	case n < 0:
		p.errf(v, "triggered times: want a count from 1, got %d", n)
		return 0
	}
	return n
}

// checkTriggers reads the events since the previous expectation point.
func (r *replayer) checkTriggers(e *TriggerCheck) []string {
	if !r.reports(harness.ReportTriggers) {
		return []string{notReported(r.eng, e.Key(), harness.ReportTriggers)}
	}
	if e.None {
		return r.checkNothingTriggered()
	}
	var out []string
	for i, ref := range e.Cards {
		id, err := r.book.one(ref, &r.snap)
		if err != nil {
			out = append(out, err.Error())
			continue
		}
		if text := e.ability(i); text != "" {
			out = append(out, r.checkTriggeredAbility(e, i, ref, id, text)...)
			continue
		}
		put, removed := 0, false
		for _, ev := range r.eventsSinceMark() {
			if ev.Card != id {
				continue
			}
			if ev.Kind == eventTriggered {
				put++
			}
			removed = removed || ev.Kind == eventTriggerRemoved
		}
		switch n := e.times(i); {
		case n > 0 && put != n:
			out = append(out, fmt.Sprintf("expected %s's abilities to trigger and go on the stack exactly %s since %s, got %s", ref, timesText(n), r.markText(), timesText(put)))
		case e.Triggered && put == 0:
			got := "no ability of it triggered"
			if removed {
				got = "it triggered but was removed without going on the stack (CR 603.3d)"
			}
			out = append(out, fmt.Sprintf("expected an ability of %s to trigger and go on the stack since %s, got: %s", ref, r.markText(), got))
		case !e.Triggered && (put > 0 || removed):
			out = append(out, fmt.Sprintf("expected no ability of %s to trigger since %s, got: it triggered", ref, r.markText()))
		}
	}
	return out
}

// checkNothingTriggered judges "triggered: []": since the previous expectation point, the
// engine reported no ability triggering at all (CR 603.2), neither put on the stack or
// resolved as a mana ability nor removed by 603.3d.
func (r *replayer) checkNothingTriggered() []string {
	var got []string
	for _, ev := range r.eventsSinceMark() {
		if ev.Kind == eventTriggered || ev.Kind == eventTriggerRemoved {
			got = append(got, eventText(ev))
		}
	}
	if len(got) == 0 {
		return nil
	}
	return []string{fmt.Sprintf("expected nothing to trigger since %s, got %s", r.markText(), strings.Join(got, "; "))}
}

// eventsSinceMark lists the events the engine reported since the previous expectation
// point, in order.
func (r *replayer) eventsSinceMark() []harness.Event {
	var out []harness.Event
	for _, st := range r.trace.Steps[r.mark:] {
		out = append(out, st.Events...)
	}
	return out
}

// timesText writes a count of triggers: "once", "2 times".
func timesText(n int) string {
	switch n {
	case 0:
		return "none"
	case 1:
		return "once"
	}
	return fmt.Sprintf("%d times", n)
}

// checkTriggeredAbility judges entry i, which names the ability's text: since the
// previous expectation point, a step in which the engine reported a "triggered" event for
// card id put on the stack an ability of it with that text (CR 603.3), as many times as
// the entry says, or (not_triggered) none did.
func (r *replayer) checkTriggeredAbility(e *TriggerCheck, i int, ref string, id harness.CardID, text string) []string {
	put := 0
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
				put++
			} else if !slices.Contains(others, so.Text) {
				others = append(others, so.Text)
			}
		}
	}
	switch n := e.times(i); {
	case n > 0 && put != n:
		return []string{fmt.Sprintf("expected %s's ability %q to trigger and go on the stack exactly %s since %s, got %s", ref, text, timesText(n), r.markText(), timesText(put))}
	case e.Triggered && put == 0:
		got := "no ability of it went on the stack"
		if len(others) > 0 {
			got = "only " + strings.Join(quoteAll(others), ", ")
		}
		return []string{fmt.Sprintf("expected %s's ability %q to trigger and go on the stack since %s, got: %s", ref, text, r.markText(), got)}
	case !e.Triggered && put > 0:
		return []string{fmt.Sprintf("expected %s's ability %q not to trigger since %s, got: it triggered and went on the stack", ref, text, r.markText())}
	}
	return nil
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = fmt.Sprintf("%q", s)
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

// triggersNode writes a triggered: or not_triggered: list; [] for "nothing triggered".
func triggersNode(e *TriggerCheck) *yaml.Node {
	items := strNodes(e.Cards)
	for i := range items {
		text, n := e.ability(i), e.times(i)
		if text == "" && n == 0 {
			continue
		}
		items[i] = mapNode(true)
		add(items[i], "card", str(e.Cards[i]))
		if text != "" {
			add(items[i], "ability", str(text))
		}
		if n > 0 {
			add(items[i], "times", intNode(n))
		}
	}
	return seqNode(true, items...)
}
