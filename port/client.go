package port

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/mtgfuzz/mtgfuzz/cards"
	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Options configures a client of a port process.
type Options struct {
	// Command is the port's command line, run by /bin/sh in Dir ("" : the working directory).
	Command string
	Dir     string
	// Faults are the port's deliberate faults to switch on (it must offer them).
	Faults []string
	// Timeout bounds each call; 0 means DefaultTimeout. StartTimeout bounds starting the
	// process and the handshake (a "go run" may compile first); 0 means
	// DefaultStartTimeout.
	Timeout      time.Duration
	StartTimeout time.Duration
	// NoPipeline asks for each snapshot and legal-action list separately instead of with
	// the start or apply that made the state: three round trips a step instead of one
	// (for measuring what pipelining saves).
	NoPipeline bool
	// Versions are the protocol versions to offer in the handshake (nil: every version
	// this package speaks, Versions), for testing a port in an older one.
	Versions []int
}

// Defaults for Options.
const (
	DefaultTimeout      = 10 * time.Second
	DefaultStartTimeout = 3 * time.Minute
)

// Client drives a port process as a harness.Engine. A port that crashes, hangs, answers
// garbage, out of order or in another protocol version makes the call fail with a
// *Failure naming the operation, the request and what came back (and the port's stderr);
// the process is then killed, and the next Start starts it again, so a campaign goes on
// with its next case. Close always reaps the process.
//
// A Client is not safe for concurrent use; a campaign makes one per worker.
type Client struct {
	opts  Options
	proc  *process
	run   int // incarnation of the process, so a state of an earlier one is refused
	next  int64
	hello Response // the handshake's answer
	// objects are the objects the port sent with a key in this scenario (version 2).
	objects objectTable
	// pending holds what a start or apply already returned about the new state, used once
	// each: the next Observe or Legal of that state asks the port again, so a port that
	// changes a state after handing it out is still caught.
	pending map[StateID]*answer
	// ahead are the answers to the last request's "then" (version 2), used only by the
	// calls right after it, each only if it asks exactly that; foresight chooses what
	// to ask for.
	ahead     []aheadAnswer
	foresight foresight
	broken    *Failure
	timer     *time.Timer // bounds each call; one for all, reset for each
}

// answer is a response as the client reads it: the snapshot and legal actions stay JSON
// text until they are asked for, since many never are.
type answer struct {
	Response
	Snapshot json.RawMessage `json:"snapshot,omitempty"`
	Legal    json.RawMessage `json:"legal,omitempty"`
	// Objects are the objects a version 2 answer sends, compact its snapshot as sent, and
	// snap that snapshot read, as it arrived (it may refer to the objects of earlier
	// answers).
	Objects []KeyedObject `json:"objects,omitempty"`
	compact *CompactSnapshot
	snap    *harness.Snapshot
	// Then are the answers to the request's "then".
	Then []*answer `json:"then,omitempty"`
}

// compactAnswer is an answer as version 2 is read, in one pass: its snapshots are
// decoded at once, not kept as text.
type compactAnswer struct {
	Response
	Snapshot *CompactSnapshot `json:"snapshot,omitempty"`
	Legal    json.RawMessage  `json:"legal,omitempty"`
	Objects  []KeyedObject    `json:"objects,omitempty"`
	Then     []*compactAnswer `json:"then,omitempty"`
}

func (w *compactAnswer) answer() *answer {
	if w == nil {
		return nil
	}
	a := &answer{Response: w.Response, Legal: w.Legal, Objects: w.Objects, compact: w.Snapshot}
	for _, t := range w.Then {
		a.Then = append(a.Then, t.answer())
	}
	return a
}

// decodeAnswer is DecodeResponse for the client, in the session's protocol version.
func decodeAnswer(line []byte, version int) (*answer, error) {
	var r *answer
	if version >= 2 {
		var w compactAnswer
		if err := unmarshal(line, &w); err != nil {
			return nil, fmt.Errorf("not a JSON response: %w", err)
		}
		r = w.answer()
	} else {
		r = new(answer)
		if err := unmarshal(line, r); err != nil {
			return nil, fmt.Errorf("not a JSON response: %w", err)
		}
	}
	if r.ID == 0 && r.Error == nil {
		return nil, fmt.Errorf("a response without an id")
	}
	return r, nil
}

// given reports whether an answer carries a value (JSON null is no value).
func given(raw json.RawMessage) bool { return len(raw) > 0 && string(raw) != "null" }

// remote is a state of the port: its handle, in one run of the process.
type remote struct {
	run int
	id  StateID
}

// Open starts the port and shakes hands with it.
func Open(opts Options) (*Client, error) {
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.StartTimeout <= 0 {
		opts.StartTimeout = DefaultStartTimeout
	}
	if opts.Versions == nil {
		opts.Versions = Versions
	}
	c := &Client{opts: opts, pending: map[StateID]*answer{}, objects: objectTable{}}
	if err := c.launch(); err != nil {
		return nil, &StartError{Command: opts.Command, Err: err}
	}
	return c, nil
}

// Engine is c as a harness.Engine: with harness.ManaQueries when the port declares the mana
// queries, with harness.SBAQueries when it declares the state-based-action ones, without
// what it does not declare.
func (c *Client) Engine() harness.Engine {
	sup := c.Supports()
	mana, sba := sup.Query(harness.QueryMana), sup.Query(harness.QuerySBA)
	if sup.Query(harness.QueryView) {
		return c.withView(mana, sba)
	}
	switch {
	case mana && sba:
		return &ManaSBAClient{&ManaClient{c}}
	case mana:
		return &ManaClient{c}
	case sba:
		return &SBAClient{c}
	}
	return c
}

func (c *Client) launch() error {
	p, err := spawn(c.opts.Command, c.opts.Dir)
	if err != nil {
		return err
	}
	c.proc, c.run, c.broken = p, c.run+1, nil
	clear(c.pending)
	clear(c.objects)
	c.ahead = nil
	resp, err := c.callWithin(&Request{Op: OpHandshake, Versions: c.opts.Versions, Faults: c.opts.Faults, Cards: cards.All()}, c.opts.StartTimeout)
	if err != nil {
		c.proc.kill()
		return err
	}
	if !slices.Contains(c.opts.Versions, resp.Version) {
		f := c.fail(OpHandshake, nil, resp, fmt.Sprintf("the port chose protocol version %d; this harness speaks %v", resp.Version, c.opts.Versions))
		return f
	}
	c.hello = resp.Response
	return nil
}

// ProtocolVersion is the protocol version the port chose in the handshake.
func (c *Client) ProtocolVersion() int { return c.hello.Version }

// Name is the engine's name from the handshake.
func (c *Client) Name() string {
	if c.hello.Engine == "" {
		return "port"
	}
	return c.hello.Engine
}

// Version is the engine's own version from the handshake.
func (c *Client) Version() string { return c.hello.EngineVersion }

// Supports is what the port declared in its handshake.
func (c *Client) Supports() harness.Support {
	if c.hello.Supports == nil {
		return harness.Support{}
	}
	return *c.hello.Supports
}

// Faults lists the deliberate faults the port offers.
func (c *Client) Faults() []Fault { return c.hello.Faults }

// Stderr is the tail of what the port wrote to its stderr.
func (c *Client) Stderr() string { return c.proc.stderr.String() }

// Broken is the protocol failure since the last (re)start of the process, or nil.
func (c *Client) Broken() error {
	if c.broken == nil {
		return nil
	}
	return c.broken
}

// Close asks the port to close, and reaps it.
func (c *Client) Close() error {
	if c.broken == nil {
		c.callWithin(&Request{Op: OpClose}, time.Second)
	}
	c.proc.stop(2 * time.Second)
	return nil
}

func (c *Client) Start(setup harness.Setup) (harness.State, error) {
	if c.broken != nil {
		if err := c.launch(); err != nil {
			return nil, err
		}
	}
	c.begin(OpStart, 0)
	c.foresight.newScenario()
	clear(c.pending)
	clear(c.objects)
	resp, err := c.call(&Request{Op: OpStart, Setup: &setup, Want: c.want()})
	if err != nil {
		return nil, err
	}
	return c.keep(resp), nil
}

// want is what start and apply ask to get back with the new state.
func (c *Client) want() []string {
	if c.opts.NoPipeline {
		return nil
	}
	return []string{WantSnapshot, WantLegal}
}

// begin notes a call of op about state id (0: none). It returns what the last request's
// "then" answered, if that is the answer to this call, and what this call's request should
// ask as its "then".
func (c *Client) begin(op string, id StateID) (ahead *answer, then []Then) {
	if len(c.ahead) > 0 && c.ahead[0].op == op && c.ahead[0].state == id {
		ahead, c.ahead = c.ahead[0].answer, c.ahead[1:]
	} else {
		c.ahead = nil
	}
	then = c.foresight.next(op, id)
	if c.hello.Version < 2 || c.opts.NoPipeline || id == 0 {
		then = nil
	}
	return ahead, then
}

// aheadAnswer is the answer to one operation of a request's "then".
type aheadAnswer struct {
	op     string
	state  StateID
	answer *answer
}

// ask sends req, unless ahead already answers it.
func (c *Client) ask(ahead *answer, req *Request) (*answer, error) {
	if ahead == nil {
		return c.call(req)
	}
	if ahead.Error != nil {
		return nil, ahead.Error
	}
	return ahead, nil
}

func (c *Client) keep(resp *answer) remote {
	c.pending[resp.State] = resp
	return remote{run: c.run, id: resp.State}
}

func (c *Client) state(st harness.State) (StateID, error) {
	r, ok := st.(remote)
	switch {
	case c.broken != nil:
		return 0, fmt.Errorf("port: not running since an earlier failure: %w", c.broken)
	case !ok:
		return 0, fmt.Errorf("port: not a state of this port: %T", st)
	case r.run != c.run:
		return 0, fmt.Errorf("port: state %d belongs to an earlier run of the port process", r.id)
	}
	return r.id, nil
}

func (c *Client) Legal(st harness.State) ([]harness.Action, error) {
	id, err := c.state(st)
	if err != nil {
		return nil, err
	}
	ahead, then := c.begin(OpLegal, id)
	if p := c.pending[id]; p != nil && given(p.Legal) {
		raw := p.Legal
		p.Legal = nil
		return decodeValue[[]harness.Action](c, OpLegal, raw)
	}
	resp, err := c.ask(ahead, &Request{Op: OpLegal, State: id, Then: then})
	if err != nil {
		return nil, err
	}
	if !given(resp.Legal) {
		return nil, c.fail(OpLegal, nil, resp, "the answer has no legal actions")
	}
	return decodeValue[[]harness.Action](c, OpLegal, resp.Legal)
}

// decodeValue decodes a value an answer carried; a text that is not a T breaks the
// protocol.
func decodeValue[T any](c *Client, op string, raw json.RawMessage) (T, error) {
	var v T
	if err := unmarshal(raw, &v); err != nil {
		f := c.fail(op, nil, []byte(raw), "garbage: "+err.Error())
		f.At = errorOffset(err)
		return v, f
	}
	return v, nil
}

func (c *Client) Apply(st harness.State, a harness.Action) (harness.State, []harness.Event, error) {
	id, err := c.state(st)
	if err != nil {
		return st, nil, err
	}
	_, then := c.begin(OpApply, id)
	resp, err := c.call(&Request{Op: OpApply, State: id, Action: &a, Want: c.want(), Then: then})
	if err != nil {
		return st, nil, err
	}
	c.foresight.applied(id, resp.State)
	return c.keep(resp), resp.Events, nil
}

func (c *Client) Observe(st harness.State) (harness.Snapshot, error) {
	id, err := c.state(st)
	if err != nil {
		return harness.Snapshot{}, err
	}
	ahead, then := c.begin(OpObserve, id)
	if p := c.pending[id]; p != nil && p.snap != nil {
		snap := *p.snap
		p.snap, p.Snapshot = nil, nil
		return snap, nil
	}
	if p := c.pending[id]; p != nil && given(p.Snapshot) {
		raw := p.Snapshot
		p.Snapshot = nil
		return decodeValue[harness.Snapshot](c, OpObserve, raw)
	}
	resp, err := c.ask(ahead, &Request{Op: OpObserve, State: id, Then: then})
	if err != nil {
		return harness.Snapshot{}, err
	}
	if resp.snap != nil {
		return *resp.snap, nil
	}
	if !given(resp.Snapshot) {
		return harness.Snapshot{}, c.fail(OpObserve, nil, resp, "the answer has no snapshot")
	}
	return decodeValue[harness.Snapshot](c, OpObserve, resp.Snapshot)
}

// ManaClient is a Client of a port that answers the mana queries.
type ManaClient struct{ *Client }

func (c *ManaClient) ManaOutcomes(st harness.State, card harness.CardID, ability int) ([]harness.Mana, error) {
	id, err := c.state(st)
	if err != nil {
		return nil, err
	}
	_, then := c.begin(OpManaOutcomes, id)
	resp, err := c.call(&Request{Op: OpManaOutcomes, State: id, Card: card, Ability: ability, Then: then})
	if err != nil {
		return nil, err
	}
	if resp.Outcomes == nil {
		return nil, c.fail(OpManaOutcomes, nil, resp, "the answer has no outcomes")
	}
	return *resp.Outcomes, nil
}

func (c *ManaClient) CouldProduce(st harness.State, card harness.CardID) (harness.TypeSet, error) {
	id, err := c.state(st)
	if err != nil {
		return 0, err
	}
	_, then := c.begin(OpCouldProduce, id)
	resp, err := c.call(&Request{Op: OpCouldProduce, State: id, Card: card, Then: then})
	if err != nil {
		return 0, err
	}
	if resp.Types == nil {
		return 0, c.fail(OpCouldProduce, nil, resp, "the answer has no types")
	}
	t, err := parseTypes(*resp.Types)
	if err != nil {
		return 0, c.fail(OpCouldProduce, nil, resp, err.Error())
	}
	return t, nil
}

// SBAClient is a Client of a port that answers the state-based-action queries.
type SBAClient struct{ *Client }

func (c *SBAClient) SBAChecks(st harness.State, a harness.Action) ([]harness.SBACheck, error) {
	return c.sbaChecks(st, a)
}

// ManaSBAClient is a Client of a port that answers both the mana and the
// state-based-action queries.
type ManaSBAClient struct{ *ManaClient }

func (c *ManaSBAClient) SBAChecks(st harness.State, a harness.Action) ([]harness.SBACheck, error) {
	return c.sbaChecks(st, a)
}

func (c *Client) sbaChecks(st harness.State, a harness.Action) ([]harness.SBACheck, error) {
	id, err := c.state(st)
	if err != nil {
		return nil, err
	}
	_, then := c.begin(OpSBAChecks, id)
	resp, err := c.call(&Request{Op: OpSBAChecks, State: id, Action: &a, Then: then})
	if err != nil {
		return nil, err
	}
	if resp.Checks == nil {
		return nil, c.fail(OpSBAChecks, nil, resp, "the answer has no checks")
	}
	return *resp.Checks, nil
}

// Failure is a port that broke the protocol: it crashed, hung, answered garbage, out of
// order or in another version. It names the operation, the request sent and what came
// back, and keeps the tail of the port's stderr.
type Failure struct {
	Op       string
	Request  string // the request line sent
	Response string // the line received, if any
	Problem  string
	Stderr   string
	// At is the byte offset in Response where a decoder found the problem (0: unknown);
	// the quoted response is the part around it.
	At int
}

func (f *Failure) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "port broke the protocol on %s: %s", f.Op, f.Problem)
	if f.Request != "" {
		fmt.Fprintf(&b, "\n  request:  %s", clip(f.Request, 400))
	}
	if f.Response != "" {
		fmt.Fprintf(&b, "\n  response: %s", clipAround(f.Response, f.At, 400))
	}
	if f.Stderr != "" {
		fmt.Fprintf(&b, "\n  port stderr (last lines):\n    %s", strings.ReplaceAll(lastLines(f.Stderr, 12), "\n", "\n    "))
	}
	return b.String()
}

func clip(s string, n int) string {
	s = strings.TrimRight(s, "\n")
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}

// clipAround is clip, keeping the n bytes around offset at when it lies beyond them.
func clipAround(s string, at, n int) string {
	s = strings.TrimRight(s, "\n")
	if at <= n/2 || len(s) <= n {
		return clip(s, n)
	}
	from := min(at-n/2, len(s)-n)
	return "..." + clip(s[from:], n)
}

func lastLines(s string, n int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// fail records that the port broke the protocol, kills it, and returns the failure.
func (c *Client) fail(op string, req []byte, resp any, problem string) *Failure {
	f := &Failure{Op: op, Request: string(req), Problem: problem}
	switch r := resp.(type) {
	case []byte:
		f.Response = string(r)
	case *answer:
		b, _ := marshal(r)
		f.Response = string(b)
	}
	c.proc.kill()
	f.Stderr = c.proc.stderr.String()
	c.broken = f
	return f
}

// send writes a request line to the port within d. A pipe takes the write at once unless
// the port has stopped reading, so it is written from this goroutine under a deadline;
// only a writer without deadlines gets a goroutine of its own.
func (c *Client) send(line []byte, d time.Duration, timer *time.Timer) error {
	late := func() error { return fmt.Errorf("the port did not read the request within %s", d) }
	if w, ok := c.proc.stdin.(interface{ SetWriteDeadline(time.Time) error }); ok && w.SetWriteDeadline(time.Now().Add(d)) == nil {
		_, err := c.proc.stdin.Write(line)
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return late()
		}
		if err != nil {
			return fmt.Errorf("could not send the request (%v); the port %s", err, c.proc.exitText())
		}
		return nil
	}
	written := make(chan error, 1)
	go func() { _, err := c.proc.stdin.Write(line); written <- err }()
	select {
	case err := <-written:
		if err != nil {
			return fmt.Errorf("could not send the request (%v); the port %s", err, c.proc.exitText())
		}
		return nil
	case <-timer.C:
		return late()
	}
}

// decodeSnapshots decodes the snapshots of a version 2 answer as it arrives, since they
// may refer to the objects of earlier answers.
func (c *Client) decodeSnapshots(resp *answer) error {
	if err := c.objects.register(resp.Objects); err != nil {
		return err
	}
	for _, r := range append([]*answer{resp}, resp.Then...) {
		if r != nil && r.compact != nil {
			snap, err := c.objects.resolve(r.compact)
			if err != nil {
				return err
			}
			r.snap, r.compact = &snap, nil
		}
	}
	return nil
}

func (c *Client) call(req *Request) (*answer, error) { return c.callWithin(req, c.opts.Timeout) }

// callWithin sends req and waits at most d for its answer. An error answer is returned as
// an *Error (an illegal action, an unsupported query: the engine's answer); anything else
// going wrong is a *Failure.
func (c *Client) callWithin(req *Request, d time.Duration) (*answer, error) {
	if c.broken != nil {
		return nil, fmt.Errorf("port: not running since an earlier failure: %w", c.broken)
	}
	c.next++
	req.ID = c.next
	line, err := marshal(req)
	if err != nil {
		return nil, err
	}
	line = append(line, '\n')
	if c.timer == nil {
		c.timer = time.NewTimer(d)
	} else {
		c.timer.Reset(d)
	}
	timer := c.timer
	defer timer.Stop()
	if err := c.send(line, d, timer); err != nil {
		return nil, c.fail(req.Op, line, nil, err.Error())
	}
	select {
	case got, ok := <-c.proc.lines:
		if !ok || got.err != nil {
			why := "closed its output"
			if ok && got.err.Error() != "EOF" {
				why = got.err.Error()
			}
			return nil, c.fail(req.Op, line, nil, fmt.Sprintf("no answer: the port %s (%s)", why, c.proc.exitText()))
		}
		resp, err := decodeAnswer(got.line, c.hello.Version)
		if err != nil {
			f := c.fail(req.Op, line, got.line, "garbage: "+err.Error()+
				" (stdout is the protocol channel, one JSON message a line and nothing else: write logs and banners to stderr)")
			f.At = errorOffset(err)
			return nil, f
		}
		if resp.ID != req.ID {
			return nil, c.fail(req.Op, line, got.line, fmt.Sprintf("out of order: an answer to request %d while waiting for request %d", resp.ID, req.ID))
		}
		if resp.Error != nil {
			if resp.Error.Kind == ErrVersion || req.Op == OpHandshake {
				return nil, c.fail(req.Op, line, got.line, "the handshake failed: "+resp.Error.Error())
			}
			return nil, resp.Error
		}
		if c.hello.Version >= 2 {
			if err := c.decodeSnapshots(resp); err != nil {
				return nil, c.fail(req.Op, line, got.line, "a snapshot that can't be read: "+err.Error())
			}
		}
		if len(resp.Then) > len(req.Then) {
			return nil, c.fail(req.Op, line, got.line, fmt.Sprintf("%d answers to a \"then\" of %d", len(resp.Then), len(req.Then)))
		}
		for i, t := range resp.Then {
			c.ahead = append(c.ahead, aheadAnswer{req.Then[i].Op, req.Then[i].State, t})
		}
		return resp, nil
	case <-timer.C:
		flag := "--timeout"
		if req.Op == OpHandshake {
			flag = "--start-timeout"
		}
		return nil, c.fail(req.Op, line, nil, fmt.Sprintf("no answer within %s (the port hangs or is too slow; see %s)", d, flag))
	}
}
