package harness

import "slices"

// Query names an optional query interface, as a [Support] declares it.
type Query string

// The query areas.
const (
	// QueryMana is the mana area's questions: the [ManaQueries] interface.
	QueryMana Query = "mana"
	// QuerySBA is the board each check of state-based actions saw: the [SBAQueries]
	// interface.
	QuerySBA Query = "sba"
	// QueryView is what one player may know: the [ViewQueries] interface.
	QueryView Query = "view"
	// QueryUncached is a twin of the engine that keeps nothing between states: the
	// [Uncached] interface. Only an engine in Go, in process, has it: the protocol has no
	// message for it, so it is not among the Queries a port may declare.
	QueryUncached Query = "uncached"
)

// Queries lists every query area a port may declare, in a fixed order.
var Queries = []Query{QueryMana, QuerySBA, QueryView}

// Report names something an engine may or may not report, as a [Support] declares it.
type Report string

const (
	// ReportLinks: Object.ExiledWith, the cards exiled with a permanent (CR 607.2a).
	ReportLinks Report = "exiled_with"
	// ReportTriggers: an Event of kind "triggered" for each ability that triggers and is
	// put on the stack or, a mana ability, resolves at once (CR 603.3, 605.4a), and one of
	// kind "trigger_removed" for one removed for want of a legal target (603.3d); the
	// event's Card is the ability's source.
	ReportTriggers Report = "triggers"
	// ReportZoneChanges: an Event of kind "zone_change" for every object that moves from
	// one zone to another (CR 400.7), its Card the card, From and To the zones.
	ReportZoneChanges Report = "zone_changes"
	// ReportTaps: an Event of kind "tapped" or "untapped" every time a permanent becomes
	// tapped or untapped (CR 701.26), whatever does it: a cost, an effect, attacking
	// (508.1f), the untap step (502.3). A permanent that enters tapped doesn't become so.
	ReportTaps Report = "taps"
)

// Reports lists everything an engine may report, in a fixed order.
var Reports = []Report{ReportLinks, ReportTriggers, ReportZoneChanges, ReportTaps}

// Support is what an engine declares it supports: the cards it knows, the kinds of action
// it can express, the steps a game may start in, and the optional queries it answers. A
// nil list means "every one"; a non-nil list is exactly what is supported. The campaign
// draws boards from the supported cards and steps only, and reports a property whose needs
// fall outside the declaration as unsupported rather than failed or vacuous.
type Support struct {
	Cards   []string     `json:"cards,omitempty"`
	Actions []ActionKind `json:"actions,omitempty"`
	Steps   []Step       `json:"steps,omitempty"`
	Queries []Query      `json:"queries,omitempty"`
	// Reported lists what of [Reports] the engine reports; nil means all of it. An
	// expectation that reads something unreported is answered "not reported".
	Reported []Report `json:"reports,omitempty"`
}

// Declarer is the optional interface of an engine that supports part of the rules. An
// engine without it supports everything it is asked (its queries aside: those are the
// optional interfaces it implements).
type Declarer interface {
	Supports() Support
}

// SupportOf returns what eng supports: its declaration if it has one, everything if not.
// Queries are always narrowed to the query interfaces eng implements, whatever it declares,
// so that a declaration can't promise an answer the engine can't give.
func SupportOf(eng Engine) Support {
	var s Support
	if d, ok := eng.(Declarer); ok {
		s = d.Supports()
	}
	implemented := []Query{}
	if _, ok := ManaQueriesOf(eng); ok {
		implemented = append(implemented, QueryMana)
	}
	if _, ok := SBAQueriesOf(eng); ok {
		implemented = append(implemented, QuerySBA)
	}
	if _, ok := ViewQueriesOf(eng); ok {
		implemented = append(implemented, QueryView)
	}
	if _, ok := eng.(Uncached); ok {
		implemented = append(implemented, QueryUncached)
	}
	if s.Queries == nil {
		s.Queries = implemented
	} else {
		s.Queries = slices.DeleteFunc(slices.Clone(s.Queries), func(q Query) bool { return !slices.Contains(implemented, q) })
	}
	return s
}

// Card reports whether the named card is supported.
func (s Support) Card(name string) bool { return s.Cards == nil || slices.Contains(s.Cards, name) }

// Action reports whether actions of kind k are supported.
func (s Support) Action(k ActionKind) bool { return s.Actions == nil || slices.Contains(s.Actions, k) }

// Step reports whether a game may start in step st.
func (s Support) Step(st Step) bool { return s.Steps == nil || slices.Contains(s.Steps, st) }

// Query reports whether the query area q is answered.
func (s Support) Query(q Query) bool { return s.Queries == nil || slices.Contains(s.Queries, q) }

// Reports reports whether r is reported.
func (s Support) Reports(r Report) bool { return s.Reported == nil || slices.Contains(s.Reported, r) }

// Everything reports whether s restricts nothing but, perhaps, queries.
func (s Support) Everything() bool { return s.Cards == nil && s.Actions == nil && s.Steps == nil }
