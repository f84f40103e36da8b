package props

import (
	"errors"
	"fmt"
	"slices"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props/internal/manaoracle"
)

// A and B are the players, short for the hand-made boards.
const (
	A = harness.A
	B = harness.B
)

// This file holds a scripted fake engine and builders of hand-made traces, so each
// property can be shown the exact violation it must report (and the exact situation it
// must count) without the reference engine.

// fake is a scripted engine: states are indexes into states; questions it has no script
// for are answered by the props oracle (the fake isn't what the tests test).
type fake struct {
	states []*fakeState
	// mutate makes Apply change the state it is given; flip makes every second Legal
	// call list the actions in another order.
	mutate, flip bool
	calls        int
}

type fakeState struct {
	snap     harness.Snapshot
	legal    []harness.Action
	outcomes map[[2]int][]harness.Mana
	could    map[harness.CardID]harness.TypeSet
	next     map[string]int
	events   map[string][]harness.Event
}

var errNotScripted = errors.New("fake: not scripted")

func (f *fake) add(s harness.Snapshot, legal ...harness.Action) int {
	f.states = append(f.states, &fakeState{snap: s, legal: legal, outcomes: map[[2]int][]harness.Mana{},
		could: map[harness.CardID]harness.TypeSet{}, next: map[string]int{}, events: map[string][]harness.Event{}})
	return len(f.states) - 1
}

// offer scripts ManaOutcomes for (card, ability) in state st.
func (f *fake) offer(st int, c harness.CardID, ai int, ms ...harness.Mana) {
	f.states[st].outcomes[[2]int{int(c), ai}] = ms
}

func (f *fake) st(s harness.State) (*fakeState, error) {
	i, ok := s.(int)
	if !ok || i < 0 || i >= len(f.states) {
		return nil, fmt.Errorf("fake: bad state %v", s)
	}
	return f.states[i], nil
}

func (f *fake) Name() string                               { return "fake" }
func (f *fake) Close() error                               { return nil }
func (f *fake) Start(harness.Setup) (harness.State, error) { return 0, nil }

func (f *fake) Legal(s harness.State) ([]harness.Action, error) {
	st, err := f.st(s)
	if err != nil {
		return nil, err
	}
	out := slices.Clone(st.legal)
	f.calls++
	if f.flip && f.calls%2 == 0 {
		slices.Reverse(out)
	}
	return out, nil
}

func (f *fake) Apply(s harness.State, a harness.Action) (harness.State, []harness.Event, error) {
	st, err := f.st(s)
	if err != nil {
		return nil, nil, err
	}
	next, ok := st.next[a.Key()]
	if !ok {
		return nil, nil, errNotScripted
	}
	if f.mutate {
		st.snap.Players[0].Life--
	}
	return next, st.events[a.Key()], nil
}

func (f *fake) Observe(s harness.State) (harness.Snapshot, error) {
	st, err := f.st(s)
	if err != nil {
		return harness.Snapshot{}, err
	}
	return st.snap, nil
}

func (f *fake) ManaOutcomes(s harness.State, c harness.CardID, ai int) ([]harness.Mana, error) {
	st, err := f.st(s)
	if err != nil {
		return nil, err
	}
	if ms, ok := st.outcomes[[2]int{int(c), ai}]; ok {
		return ms, nil
	}
	if ms, ok := manaoracle.New(&st.snap, nil).Outcomes(c, ai); ok {
		return ms, nil
	}
	return nil, errNotScripted
}

func (f *fake) CouldProduce(s harness.State, c harness.CardID) (harness.TypeSet, error) {
	st, err := f.st(s)
	if err != nil {
		return 0, err
	}
	if t, ok := st.could[c]; ok {
		return t, nil
	}
	if t, ok := manaoracle.New(&st.snap, nil).CouldProduce(c); ok {
		return t, nil
	}
	return 0, errNotScripted
}

// move is one step of a hand-made trace: from state From, action Action leads to To.
type move struct {
	From   int
	Action harness.Action
	To     int
	Events []harness.Event
}

// mv is a move without events.
func mv(from int, a harness.Action, to int) move { return move{From: from, Action: a, To: to} }

// trace records moves as a gen.Trace, and scripts them into f so Apply replays them.
func (f *fake) trace(start int, moves ...move) *gen.Trace {
	tr := &gen.Trace{Start: f.states[start].snap, StartState: start}
	for _, m := range moves {
		from := f.states[m.From]
		from.next[m.Action.Key()] = m.To
		from.events[m.Action.Key()] = m.Events
		before, after := from.snap, f.states[m.To].snap // as observed now: the states may change later
		tr.Steps = append(tr.Steps, gen.TraceStep{
			Before: &before, Legal: slices.Clone(from.legal), Action: m.Action, Events: m.Events,
			After: &after, BeforeState: m.From, AfterState: m.To,
		})
	}
	return tr
}

// activate is A activating ability ai of card c with the given choices.
func activate(p harness.Player, c harness.CardID, ai int, choices ...string) harness.Action {
	return harness.Action{Player: p, Kind: harness.Activate, Card: c, Ability: ai, Choices: choices}
}
