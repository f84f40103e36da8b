package port

import (
	"fmt"

	"github.com/mtgfuzz/mtgfuzz/cards"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Version is the newest protocol version this package speaks. A client offers the
// versions it speaks in its handshake; the server answers with the highest one both speak.
// Version 2 sends snapshots compactly (compact.go); version 1 is still served and spoken.
const Version = 2

// Versions lists the protocol versions this package speaks, newest first.
var Versions = []int{2, 1}

// Operations (Request.Op).
const (
	OpHandshake    = "handshake"
	OpStart        = "start"
	OpLegal        = "legal"
	OpApply        = "apply"
	OpObserve      = "observe"
	OpManaOutcomes = "mana_outcomes"
	OpCouldProduce = "could_produce"
	OpSBAChecks    = "sba_checks"
	OpPlayerView   = "player_view"
	OpReset        = "reset"
	OpClose        = "close"
)

// What a start or apply may be asked to return besides the new state (Request.Want): the
// new state's snapshot and legal actions, saving two round trips per step.
const (
	WantSnapshot = "snapshot"
	WantLegal    = "legal"
)

// Request is one message to the engine: one JSON object on one line. Fields an operation
// does not use are left out; fields a receiver does not know are ignored.
type Request struct {
	ID int64  `json:"id"`
	Op string `json:"op"`
	// handshake
	Versions []int    `json:"versions,omitempty"`
	Faults   []string `json:"faults,omitempty"` // deliberate faults to switch on, if the engine offers them
	// Cards is the printed card data of the harness's pool (package cards): what a port
	// may build its cards from.
	Cards []cards.Card `json:"cards,omitempty"`
	// start
	Setup *harness.Setup `json:"setup,omitempty"`
	// legal, apply, observe, mana_outcomes, could_produce, sba_checks, player_view
	State  StateID         `json:"state,omitempty"`
	Action *harness.Action `json:"action,omitempty"` // apply, sba_checks
	Want   []string        `json:"want,omitempty"`   // start, apply
	// Then (version 2; every operation with a state) asks the port, once it has
	// answered, to answer these requests too, in order, in the answer's Then: the harness
	// asks this when it expects to ask them next, saving round trips.
	Then []Then `json:"then,omitempty"`
	// mana_outcomes, could_produce
	Card    harness.CardID `json:"card,omitempty"`
	Ability int            `json:"ability,omitempty"`
	// player_view: whose view (a pointer: player A is the zero value)
	Viewer *harness.Player `json:"viewer,omitempty"`
}

// Then is a request asked ahead (version 2): observe or legal, about a state.
type Then struct {
	Op    string  `json:"op"`
	State StateID `json:"state"`
}

// StateID is the engine's handle on a game state. States are values: apply returns a new
// one and leaves the old one valid. A start releases every state of the scenario before.
type StateID int64

// Response is the engine's answer to the request with the same ID. Exactly one of Error
// and the operation's results is set.
type Response struct {
	ID    int64  `json:"id"`
	Error *Error `json:"error,omitempty"`
	// handshake
	Version       int              `json:"version,omitempty"`
	Engine        string           `json:"engine,omitempty"`
	EngineVersion string           `json:"engine_version,omitempty"`
	Supports      *harness.Support `json:"supports,omitempty"`
	Faults        []Fault          `json:"faults,omitempty"` // the deliberate faults the engine offers
	// start, apply
	State  StateID         `json:"state,omitempty"`
	Events []harness.Event `json:"events,omitempty"`
	// observe (and start, apply with want)
	Snapshot *harness.Snapshot `json:"snapshot,omitempty"`
	// legal (and start, apply with want)
	Legal *[]harness.Action `json:"legal,omitempty"`
	// mana_outcomes
	Outcomes *[]harness.Mana `json:"outcomes,omitempty"`
	// could_produce: mana type letters, WUBRGC order ("" for none)
	Types *string `json:"types,omitempty"`
	// sba_checks: each check of state-based actions applying the action made
	Checks *[]harness.SBACheck `json:"checks,omitempty"`
	// player_view: what the viewer may know (hidden information)
	View *harness.PlayerView `json:"view,omitempty"`
	// Then are the answers to the request's "then" (version 2), in order, without ids.
	Then []*Response `json:"then,omitempty"`
}

// Fault is a deliberate rules bug an engine offers to switch on, so that a harness can
// check its properties catch it (the mutation-kill matrix).
type Fault struct {
	Name        string `json:"name"`
	Ruling      string `json:"ruling,omitempty"` // the ruling ID it breaks
	Rule        string `json:"rule,omitempty"`   // the CR rule
	Description string `json:"description,omitempty"`
}

// Error kinds.
const (
	// ErrIllegal: apply refused an action (an answer about the rules, not a broken port).
	ErrIllegal = "illegal"
	// ErrUnsupported: the engine does not do what was asked (a query, a card, a fault).
	ErrUnsupported = "unsupported"
	// ErrBadRequest: the request could not be read or names an unknown operation or state.
	ErrBadRequest = "bad_request"
	// ErrVersion: no protocol version in common.
	ErrVersion = "version"
	// ErrEngine: the engine failed on a valid request (an error or a panic).
	ErrEngine = "engine"
)

// Error is an operation's failure, reported as a message: a port never answers a bad
// request by exiting.
type Error struct {
	Kind    string `json:"kind"`
	Message string `json:"message"`
}

func (e *Error) Error() string { return e.Kind + ": " + e.Message }

// Is makes an "unsupported" answer harness.ErrUnsupported: the engine declining, as an
// engine in process says it.
func (e *Error) Is(target error) bool {
	return target == harness.ErrUnsupported && e.Kind == ErrUnsupported
}

// DecodeRequest reads one request line. It never panics; a line that is not a request is
// an error saying why.
func DecodeRequest(line []byte) (*Request, error) {
	var r Request
	if err := unmarshal(line, &r); err != nil {
		return nil, fmt.Errorf("not a JSON request: %v", err)
	}
	if r.Op == "" {
		return nil, fmt.Errorf("request %d has no op", r.ID)
	}
	return &r, nil
}

// DecodeResponse reads one response line. It never panics; a line that is not a response
// is an error saying why.
func DecodeResponse(line []byte) (*Response, error) {
	var r Response
	if err := unmarshal(line, &r); err != nil {
		return nil, fmt.Errorf("not a JSON response: %v", err)
	}
	if r.ID == 0 && r.Error == nil {
		return nil, fmt.Errorf("a response without an id")
	}
	return &r, nil
}

// typesText writes a TypeSet as the protocol does.
func typesText(t harness.TypeSet) string { return t.String() }

// parseTypes reads mana type letters.
func parseTypes(s string) (harness.TypeSet, error) {
	var t harness.TypeSet
	for _, r := range s {
		m, err := harness.ParseManaType(string(r))
		if err != nil {
			return 0, err
		}
		t = t.With(m)
	}
	return t, nil
}
