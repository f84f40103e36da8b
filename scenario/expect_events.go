package scenario

import (
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Expectations about what happened between two checkpoints, read from the events the
// engine reported (harness.Event), not from the boards: a creature that state-based
// actions put into a graveyard and that left it again before any checkpoint (a token
// ceases to exist there, CR 704.5d), or what the untap step did, where no player gets
// priority (502.4), shows on no board a scenario can stop at.

// EventCheck: since the previous expectation point (the last step that had expectations,
// or the start), the engine reported each listed event (Happened), or none of them
// ("not_happened:").
type EventCheck struct {
	At       Pos
	Events   []EventSpec
	Happened bool
}

// EventSpec is one event a "happened:" entry names: {card: bears, event: moved, from:
// battlefield, to: graveyard}.
type EventSpec struct {
	Card  string
	Event string // one of eventNames
	// From and To are the zones of a "moved" event, "" for any.
	From, To harness.Zone
}

// eventNames are the events a scenario may name, each with the kind of harness.Event it
// reads and what the engine must declare it reports.
var eventNames = []struct {
	name, kind string
	report     harness.Report
	verb       string // the entry as words: "bears moved", "forest became untapped"
}{
	{"moved", "zone_change", harness.ReportZoneChanges, "move"},
	{"tapped", "tapped", harness.ReportTaps, "become tapped"},
	{"untapped", "untapped", harness.ReportTaps, "become untapped"},
}

func eventNamed(name string) (kind string, report harness.Report, verb string) {
	for _, e := range eventNames {
		if e.name == name {
			return e.kind, e.report, e.verb
		}
	}
	return "", "", ""
}

func (e *EventCheck) Position() Pos { return e.At }

func (e *EventCheck) Key() string {
	if e.Happened {
		return "happened"
	}
	return "not_happened"
}

// reports lists what the engine must report for the check to be judged, in a fixed order.
func (e *EventCheck) reports() []harness.Report {
	var out []harness.Report
	for _, r := range harness.Reports {
		if slices.ContainsFunc(e.Events, func(s EventSpec) bool { _, need, _ := eventNamed(s.Event); return need == r }) {
			out = append(out, r)
		}
	}
	return out
}

// events reads `happened: [{card: bears, event: moved, from: battlefield, to: graveyard}]`
// and not_happened:.
func (p *parser) events(v *yaml.Node, at Pos, key string) Expectation {
	e := &EventCheck{At: at, Happened: key == "happened"}
	var names []string
	for _, n := range eventNames {
		names = append(names, n.name)
	}
	items := p.list(v, key)
	for _, item := range items {
		if item.Kind != yaml.MappingNode {
			p.errf(item, "%s: each entry is {card: REF, event: %s}, got %s", key, strings.Join(names, "|"), kindName(item))
			continue
		}
		var s EventSpec
		var zoneNode *yaml.Node
		given := map[string]bool{}
		for _, kv := range p.mapping(item, key+" entry", "card", "event", "from", "to") {
			w := key + " " + kv.k.Value
			given[kv.k.Value] = true
			switch kv.k.Value {
			case "card":
				if s.Card, _ = p.name(kv.v, w); s.Card != "" {
					p.checkRef(kv.v, s.Card, w)
				}
			case "event":
				if s.Event, _ = p.name(kv.v, w); s.Event != "" && !slices.Contains(names, s.Event) {
					p.errf(kv.v, "%s: want one of %s, got %q", w, strings.Join(names, ", "), s.Event)
					s.Event = ""
				}
			case "from", "to":
				zoneNode = kv.v
				z, ok := p.str(kv.v, w)
				if ok && !slices.Contains(zoneNames, z) {
					p.errf(kv.v, "%s: want %s, got %q", w, strings.Join(zoneNames, ", "), z)
				} else if kv.k.Value == "from" {
					s.From = harness.Zone(z)
				} else {
					s.To = harness.Zone(z)
				}
			}
		}
		switch {
		case !given["card"] || !given["event"]:
			p.errf(item, "%s: an entry needs card: and event: (one of %s)", key, strings.Join(names, ", "))
			continue
		case s.Card == "" || s.Event == "":
			continue // said above
		case s.Event != "moved" && zoneNode != nil:
			p.errf(zoneNode, "%s: from: and to: belong to event: moved", key)
			continue
		}
		e.Events = append(e.Events, s)
	}
	if len(items) == 0 {
		p.errf(v, "%s: list at least one event", key)
	}
	if len(e.Events) == 0 {
		return nil
	}
	return e
}

// zoneNames are the zones as a scenario writes them.
var zoneNames = []string{"library", "hand", "battlefield", "graveyard", "stack", "exile"}

// checkEvents judges each entry against the events since the previous expectation point.
func (r *replayer) checkEvents(e *EventCheck) []string {
	for _, need := range e.reports() {
		if !r.reports(need) {
			return []string{notReported(r.eng, e.Key(), need)}
		}
	}
	evs := r.eventsSinceMark()
	var out []string
	for _, s := range e.Events {
		id, err := r.book.one(s.Card, &r.snap)
		if err != nil {
			out = append(out, err.Error())
			continue
		}
		kind, _, verb := eventNamed(s.Event)
		var matched, others []string // the texts of the events that match, and of the card's other ones of that kind
		for _, ev := range evs {
			if ev.Card != id || ev.Kind != kind {
				continue
			}
			if (s.From == "" || ev.From == s.From) && (s.To == "" || ev.To == s.To) {
				matched = append(matched, eventText(ev))
			} else {
				others = append(others, eventText(ev))
			}
		}
		want := s.Card + " to " + verb + zonesText(s)
		switch {
		case e.Happened && len(matched) == 0:
			got := "it didn't"
			if len(others) > 0 {
				got = "only " + strings.Join(others, "; ")
			}
			out = append(out, fmt.Sprintf("expected %s since %s, got: %s", want, r.markText(), got))
		case !e.Happened && len(matched) > 0:
			out = append(out, fmt.Sprintf("expected %s not to %s%s since %s, got: %s", s.Card, verb, zonesText(s), r.markText(), strings.Join(matched, "; ")))
		}
	}
	return out
}

// zonesText writes the zones a "moved" entry names: " from battlefield to graveyard".
func zonesText(s EventSpec) string {
	t := ""
	if s.From != "" {
		t += " from " + string(s.From)
	}
	if s.To != "" {
		t += " to " + string(s.To)
	}
	return t
}

// eventsNode writes a happened: or not_happened: list back.
func eventsNode(e *EventCheck) *yaml.Node {
	items := make([]*yaml.Node, len(e.Events))
	for i, s := range e.Events {
		n := mapNode(true)
		add(n, "card", str(s.Card))
		add(n, "event", str(s.Event))
		if s.From != "" {
			add(n, "from", str(string(s.From)))
		}
		if s.To != "" {
			add(n, "to", str(string(s.To)))
		}
		items[i] = n
	}
	return seqNode(true, items...)
}
