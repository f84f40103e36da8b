package port

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// ServeOptions configures Serve.
type ServeOptions struct {
	// Engine makes the engine served, with the deliberate faults a client asks for in its
	// handshake switched on (none if it asks for none).
	Engine func(faults []string) (harness.Engine, error)
	// Faults lists the faults Engine accepts, announced in the handshake.
	Faults []Fault
	// Version is the engine's own version, announced in the handshake.
	Version string
	// Trace, if set, receives the transcript: every line read ("> ") and written ("< ").
	Trace io.Writer
	// Versions are the protocol versions served (nil: every version this package speaks,
	// Versions), for testing a client against a port of an older version.
	Versions []int
	// GCPercent, if positive, is the garbage collector's target while Serve runs
	// (debug.SetGCPercent); a process that only serves a port should set ServeGCPercent.
	GCPercent int
}

// ServeGCPercent is the garbage collector's target for a process that only serves a port.
// Such a process keeps little live memory (the states of one scenario) and allocates
// quickly (every answer), so at the default target (100) its collections run often, and on
// a machine of few cores they take the cores the harness waits on: BenchmarkCases ran
// about a quarter faster through a port at 400.
const ServeGCPercent = 400

// Serve runs the protocol on in and out until a close request or the end of in: any
// harness.Engine becomes a port. Requests are answered in order, one line each; a request
// that fails is answered with an error message, never by stopping. The error returned is
// about in and out themselves (a read or write failure).
func Serve(in io.Reader, out io.Writer, opts ServeOptions) error {
	if opts.GCPercent > 0 {
		defer debug.SetGCPercent(debug.SetGCPercent(opts.GCPercent))
	}
	s := &server{opts: opts, states: map[StateID]harness.State{}}
	defer func() {
		if s.eng != nil {
			s.eng.Close()
		}
	}()
	r := bufio.NewReaderSize(in, 1<<16)
	w := bufio.NewWriter(out)
	for {
		line, err := r.ReadBytes('\n')
		if len(line) > 0 {
			if opts.Trace != nil {
				fmt.Fprintf(opts.Trace, "> %s", ensureNewline(line))
			}
			resp, done := s.handle(line)
			b, merr := s.encode(resp)
			if merr != nil {
				b, _ = marshal(&Response{ID: resp.ID, Error: &Error{Kind: ErrEngine, Message: "encoding the answer: " + merr.Error()}})
			}
			b = append(b, '\n')
			if opts.Trace != nil {
				fmt.Fprintf(opts.Trace, "< %s", b)
			}
			if _, werr := w.Write(b); werr != nil {
				return werr
			}
			if r.Buffered() == 0 || done { // answer now unless more requests are already waiting
				if werr := w.Flush(); werr != nil {
					return werr
				}
			}
			if done {
				return nil
			}
		}
		if err == io.EOF {
			return w.Flush()
		}
		if err != nil {
			return err
		}
	}
}

func ensureNewline(b []byte) []byte {
	if len(b) > 0 && b[len(b)-1] == '\n' {
		return b
	}
	return append(slices.Clone(b), '\n')
}

type server struct {
	opts    ServeOptions
	eng     harness.Engine
	states  map[StateID]harness.State
	next    StateID
	version int
	objects objectKeys // version 2: the objects sent in this scenario
}

// encode writes an answer in the session's version: from version 2 on, its snapshots are
// compact (compact.go).
func (s *server) encode(resp *Response) ([]byte, error) {
	if resp.Supports != nil {
		return marshal(&wireResponse{Response: resp, ID: &resp.ID, Supports: declared(resp.Supports)})
	}
	if s.version < 2 || resp.Snapshot == nil && len(resp.Then) == 0 {
		return marshal(resp)
	}
	w, objects, err := s.wire(resp, nil)
	if err != nil {
		return nil, err
	}
	w.ID, w.Objects = &resp.ID, objects
	return marshal(w)
}

// wireResponse is an answer as it is sent: in version 2 with compact snapshots, and with
// a handshake's support declared as declared.
type wireResponse struct {
	ID *int64 `json:"id,omitempty"` // the answers to a then have none
	*Response
	Supports *supportWire      `json:"supports,omitempty"`
	Objects  []json.RawMessage `json:"objects,omitempty"`
	Snapshot json.RawMessage   `json:"snapshot,omitempty"`
	Then     []*wireResponse   `json:"then,omitempty"`
}

// supportWire is a harness.Support as the handshake sends it: a list declared empty (an
// engine that answers no query, reports nothing) is sent as [], not left out, since a
// list left out means "everything".
type supportWire struct {
	Cards    *[]string             `json:"cards,omitempty"`
	Actions  *[]harness.ActionKind `json:"actions,omitempty"`
	Steps    *[]harness.Step       `json:"steps,omitempty"`
	Queries  *[]harness.Query      `json:"queries,omitempty"`
	Reported *[]harness.Report     `json:"reports,omitempty"`
}

func declared(s *harness.Support) *supportWire {
	return &supportWire{kept(s.Cards), kept(s.Actions), kept(s.Steps), kept(s.Queries), kept(s.Reported)}
}

// kept is a list that is sent even when empty; nil when there is none.
func kept[T any](list []T) *[]T {
	if list == nil {
		return nil
	}
	return &list
}

// wire is resp with its snapshots, and its Then's, made compact; the objects they send
// for the first time are added to objects.
func (s *server) wire(resp *Response, objects []json.RawMessage) (*wireResponse, []json.RawMessage, error) {
	w := &wireResponse{Response: resp}
	if resp.Snapshot != nil {
		snap, more, err := s.objects.encode(resp.Snapshot)
		if err != nil {
			return nil, nil, err
		}
		w.Snapshot, objects = snap, append(objects, more...)
	}
	for _, t := range resp.Then {
		then, more, err := s.wire(t, objects)
		if err != nil {
			return nil, nil, err
		}
		w.Then, objects = append(w.Then, then), more
	}
	return w, objects, nil
}

// handle answers one line; done is set by a close request.
func (s *server) handle(line []byte) (resp *Response, done bool) {
	req, err := DecodeRequest(line)
	if err != nil {
		return &Response{ID: idOf(line), Error: &Error{Kind: ErrBadRequest, Message: err.Error()}}, false
	}
	defer func() {
		if r := recover(); r != nil {
			resp = &Response{ID: req.ID, Error: &Error{Kind: ErrEngine,
				Message: fmt.Sprintf("%s panicked: %v\n%s", req.Op, r, debug.Stack())}}
		}
	}()
	resp = s.answer(req)
	if resp.Error == nil && s.version >= 2 {
		for _, t := range req.Then {
			resp.Then = append(resp.Then, s.answer(&Request{Op: t.Op, State: t.State}))
		}
	}
	resp.ID = req.ID
	return resp, req.Op == OpClose
}

// answer is the answer to req: its results, or the error it failed with.
func (s *server) answer(req *Request) *Response {
	for _, t := range req.Then {
		if !slices.Contains(thenOps, t.Op) {
			return &Response{Error: badRequest("then %q: a request may be followed only by %v", t.Op, thenOps)}
		}
	}
	resp, err := s.do(req)
	if err != nil {
		e, ok := err.(*Error)
		switch {
		case ok:
		case harness.Declined(err): // the engine declines (a board it can't set up)
			e = &Error{Kind: ErrUnsupported, Message: strings.TrimPrefix(err.Error(), ErrUnsupported+": ")}
		default:
			e = &Error{Kind: ErrEngine, Message: err.Error()}
		}
		return &Response{Error: e}
	}
	return resp
}

// thenOps are the operations a request's "then" may ask for.
var thenOps = []string{OpObserve, OpLegal}

// idOf digs the id out of a line that is not a whole request, so the error answer can
// still be matched; 0 when there is none.
func idOf(line []byte) int64 {
	var v struct {
		ID int64 `json:"id"`
	}
	unmarshal(line, &v)
	return v.ID
}

func badRequest(format string, args ...any) *Error {
	return &Error{Kind: ErrBadRequest, Message: fmt.Sprintf(format, args...)}
}

func (s *server) do(req *Request) (*Response, error) {
	if req.Op == OpHandshake {
		return s.handshake(req)
	}
	if req.Op == OpClose {
		return &Response{}, nil
	}
	if s.eng == nil {
		return nil, badRequest("%s before the handshake", req.Op)
	}
	switch req.Op {
	case OpReset:
		clear(s.states)
		s.objects.reset()
		return &Response{}, nil
	case OpStart:
		if req.Setup == nil {
			return nil, badRequest("start without a setup")
		}
		clear(s.states)
		s.objects.reset()
		st, err := s.eng.Start(req.Setup.Clone())
		if err != nil {
			return nil, err
		}
		return s.newState(st, nil, req.Want)
	}
	switch req.Op {
	case OpLegal, OpObserve, OpApply, OpManaOutcomes, OpCouldProduce, OpSBAChecks, OpPlayerView:
	default:
		return nil, badRequest("unknown op %q", req.Op)
	}
	st, ok := s.states[req.State]
	if !ok {
		return nil, badRequest("no state %d (states live until the next start or reset)", req.State)
	}
	switch req.Op {
	case OpLegal:
		legal, err := s.eng.Legal(st)
		if err != nil {
			return nil, err
		}
		return &Response{Legal: nonNil(legal)}, nil
	case OpObserve:
		snap, err := s.eng.Observe(st)
		if err != nil {
			return nil, err
		}
		return &Response{Snapshot: &snap}, nil
	case OpApply:
		if req.Action == nil {
			return nil, badRequest("apply without an action")
		}
		next, events, err := s.eng.Apply(st, *req.Action)
		if err != nil {
			return nil, &Error{Kind: ErrIllegal, Message: err.Error()}
		}
		return s.newState(next, events, req.Want)
	case OpManaOutcomes, OpCouldProduce:
		mq, ok := harness.ManaQueriesOf(s.eng)
		if !ok {
			return nil, &Error{Kind: ErrUnsupported, Message: "this engine does not answer the mana queries"}
		}
		if req.Op == OpCouldProduce {
			t, err := mq.CouldProduce(st, req.Card)
			if err != nil {
				return nil, err
			}
			text := typesText(t)
			return &Response{Types: &text}, nil
		}
		out, err := mq.ManaOutcomes(st, req.Card, req.Ability)
		if err != nil {
			return nil, err
		}
		return &Response{Outcomes: nonNil(out)}, nil
	case OpSBAChecks:
		q, ok := harness.SBAQueriesOf(s.eng)
		if !ok {
			return nil, &Error{Kind: ErrUnsupported, Message: "this engine does not answer the state-based-action queries"}
		}
		if req.Action == nil {
			return nil, badRequest("sba_checks without an action")
		}
		checks, err := q.SBAChecks(st, *req.Action)
		if err != nil {
			return nil, &Error{Kind: ErrIllegal, Message: err.Error()}
		}
		return &Response{Checks: nonNil(checks)}, nil
	case OpPlayerView:
		return s.playerView(st, req)
	}
	panic("unreachable")
}

func (s *server) handshake(req *Request) (*Response, error) {
	served := s.opts.Versions
	if served == nil {
		served = Versions
	}
	version := 0
	for _, v := range req.Versions {
		if slices.Contains(served, v) && v > version {
			version = v
		}
	}
	if version == 0 {
		return nil, &Error{Kind: ErrVersion, Message: fmt.Sprintf("this engine speaks protocol versions %v; the client offered %v", served, req.Versions)}
	}
	for _, f := range req.Faults {
		if !slices.ContainsFunc(s.opts.Faults, func(o Fault) bool { return o.Name == f }) {
			return nil, &Error{Kind: ErrUnsupported, Message: fmt.Sprintf("no fault %q (this engine offers %d faults)", f, len(s.opts.Faults))}
		}
	}
	eng, err := s.opts.Engine(req.Faults)
	if err != nil {
		return nil, err
	}
	if s.eng != nil {
		s.eng.Close()
	}
	s.eng, s.version = eng, version
	clear(s.states)
	s.objects.reset()
	sup := harness.SupportOf(eng)
	// The query areas a message can ask: the uncached twin (harness.QueryUncached) is
	// for an engine in process only.
	sup.Queries = slices.DeleteFunc(sup.Queries, func(q harness.Query) bool { return !slices.Contains(harness.Queries, q) })
	return &Response{Version: version, Engine: eng.Name(), EngineVersion: s.opts.Version, Supports: &sup, Faults: s.opts.Faults}, nil
}

func (s *server) newState(st harness.State, events []harness.Event, want []string) (*Response, error) {
	s.next++
	s.states[s.next] = st
	resp := &Response{State: s.next, Events: events}
	if slices.Contains(want, WantSnapshot) {
		snap, err := s.eng.Observe(st)
		if err != nil {
			return nil, err
		}
		resp.Snapshot = &snap
	}
	if slices.Contains(want, WantLegal) {
		legal, err := s.eng.Legal(st)
		if err != nil {
			return nil, err
		}
		resp.Legal = nonNil(legal)
	}
	return resp, nil
}

func nonNil[T any](s []T) *[]T {
	if s == nil {
		s = []T{}
	}
	return &s
}
