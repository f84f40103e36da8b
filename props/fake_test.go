package props

import (
	"errors"
	"fmt"
	"slices"

	"github.com/mtgfuzz/mtgfuzz/gen"
	"github.com/mtgfuzz/mtgfuzz/harness"
	"github.com/mtgfuzz/mtgfuzz/props/internal/manaoracle"
)

// This file holds a scripted fake engine and builders of hand-made traces, so each
// property can be shown the exact violation it must report (and the exact situation it
// must count) without the reference engine.

// testCards are the computed characteristics of the cards the unit tests use, with their
// Oracle texts as the reference engine reports them (the cards package, `fuzz cards`).
var testCards = map[string]harness.Object{
	"Forest":          {Supertypes: []string{"Basic"}, Types: []string{"Land"}, Subtypes: []string{"Forest"}, Abilities: []string{"({T}: Add {G}.)"}},
	"Island":          {Supertypes: []string{"Basic"}, Types: []string{"Land"}, Subtypes: []string{"Island"}, Abilities: []string{"({T}: Add {U}.)"}},
	"Swamp":           {Supertypes: []string{"Basic"}, Types: []string{"Land"}, Subtypes: []string{"Swamp"}, Abilities: []string{"({T}: Add {B}.)"}},
	"Wastes":          {Supertypes: []string{"Basic"}, Types: []string{"Land"}, Abilities: []string{"{T}: Add {C}."}},
	"Reflecting Pool": {Types: []string{"Land"}, Abilities: []string{"{T}: Add one mana of any type that a land you control could produce."}},
	"Exotic Orchard":  {Types: []string{"Land"}, Abilities: []string{"{T}: Add one mana of any color that a land an opponent controls could produce."}},
	"Fellwar Stone":   {Types: []string{"Artifact"}, Abilities: []string{"{T}: Add one mana of any color that a land an opponent controls could produce."}},
	"Meteor Crater":   {Types: []string{"Land"}, Abilities: []string{"{T}: Choose a color of a permanent you control. Add one mana of that color."}},
	"Gaea's Cradle":   {Supertypes: []string{"Legendary"}, Types: []string{"Land"}, Abilities: []string{"{T}: Add {G} for each creature you control."}},
	"Vivid Crag": {Types: []string{"Land"}, Abilities: []string{"This land enters tapped with two charge counters on it.",
		"{T}: Add {R}.", "{T}, Remove a charge counter from this land: Add one mana of any color."}},
	"Mutavault": {Types: []string{"Land"}, Abilities: []string{"{T}: Add {C}.",
		"{1}: This land becomes a 2/2 creature with all creature types until end of turn. It's still a land."}},
	"Llanowar Elves": {Colors: "G", Types: []string{"Creature"}, Subtypes: []string{"Elf", "Druid"}, Power: ptr(1), Toughness: ptr(1),
		Abilities: []string{"{T}: Add {G}."}},
	"Grizzly Bears": {Colors: "G", Types: []string{"Creature"}, Subtypes: []string{"Bear"}, Power: ptr(2), Toughness: ptr(2)},
	"Pili-Pala": {Types: []string{"Artifact", "Creature"}, Subtypes: []string{"Scarecrow"}, Power: ptr(1), Toughness: ptr(1),
		Abilities: []string{"Flying", "{2}, {Q}: Add one mana of any color."}},
	"Hangarback Walker": {Types: []string{"Artifact", "Creature"}, Subtypes: []string{"Construct"}, Power: ptr(0), Toughness: ptr(0),
		Abilities: []string{"This creature enters with X +1/+1 counters on it.",
			"When this creature dies, create a 1/1 colorless Thopter artifact creature token with flying for each +1/+1 counter on this creature.",
			"{1}, {T}: Put a +1/+1 counter on this creature."}},
	"Walking Ballista": {Types: []string{"Artifact", "Creature"}, Subtypes: []string{"Construct"}, Power: ptr(0), Toughness: ptr(0),
		Abilities: []string{"This creature enters with X +1/+1 counters on it.", "{4}: Put a +1/+1 counter on this creature.",
			"Remove a +1/+1 counter from this creature: It deals 1 damage to any target."}},
	"Mana Reflection": {Colors: "G", Types: []string{"Enchantment"},
		Abilities: []string{"If you tap a permanent for mana, it produces twice as much of that mana instead."}},
	"Nyxbloom Ancient": {Colors: "G", Types: []string{"Enchantment", "Creature"}, Power: ptr(5), Toughness: ptr(5),
		Abilities: []string{"Trample", "If you tap a permanent for mana, it produces three times as much of that mana instead."}},
	"Contamination": {Colors: "B", Types: []string{"Enchantment"},
		Abilities: []string{"At the beginning of your upkeep, sacrifice this enchantment unless you sacrifice a creature.",
			"If a land is tapped for mana, it produces {B} instead of any other type and amount."}},
	"Mana Flare": {Colors: "R", Types: []string{"Enchantment"},
		Abilities: []string{"Whenever a player taps a land for mana, that player adds one mana of any type that land produced."}},
	"Wild Growth": {Colors: "G", Types: []string{"Enchantment"}, Subtypes: []string{"Aura"},
		Abilities: []string{"Enchant land", "Whenever enchanted land is tapped for mana, its controller adds an additional {G}."}},
	"Gauntlet of Power": {Types: []string{"Artifact"},
		Abilities: []string{"As this artifact enters, choose a color.", "Creatures of the chosen color get +1/+1.",
			"Whenever a basic land is tapped for mana of the chosen color, its controller adds an additional one mana of that color."}},
	"Thousand-Year Elixir": {Types: []string{"Artifact"},
		Abilities: []string{"You may activate abilities of creatures you control as though those creatures had haste.",
			"{1}, {T}: Untap target creature."}},
	"Umbral Mantle": {Types: []string{"Artifact"}, Subtypes: []string{"Equipment"},
		Abilities: []string{"Equipped creature has \"{3}, {Q}: This creature gets +2/+2 until end of turn.\"", "Equip {0}"}},
	"Dark Ritual": {Colors: "B", Types: []string{"Instant"}, Abilities: []string{"Add {B}{B}{B}."}},
}

func ptr(n int) *int { return &n }

// perm is card id, a testCards card, on the battlefield under ctl. Options change it.
func perm(id harness.CardID, name string, ctl harness.Player, opts ...func(*harness.Object)) *harness.Object {
	o, ok := testCards[name]
	if !ok {
		panic("testCards has no " + name)
	}
	o.Card, o.Object, o.Name, o.Owner, o.Controller, o.Zone = id, harness.ObjectID(id), name, ctl, ctl, harness.Battlefield
	o.Abilities = slices.Clone(o.Abilities)
	if o.Power != nil {
		o.Power, o.Toughness = ptr(*o.Power), ptr(*o.Toughness)
	}
	for _, f := range opts {
		f(&o)
	}
	return &o
}

func tapped(o *harness.Object) { o.Tapped = true }
func sick(o *harness.Object)   { o.Sick = true }
func attached(c harness.CardID) func(*harness.Object) {
	return func(o *harness.Object) { o.AttachedTo = c }
}
func counters(kind string, n int) func(*harness.Object) {
	return func(o *harness.Object) {
		o.Counters = map[string]int{kind: n}
		if kind == "+1/+1" && o.Power != nil {
			*o.Power += n
			*o.Toughness += n
		}
	}
}

// board is a snapshot of turn 3, A's first main phase, A with priority.
func board(objs ...*harness.Object) harness.Snapshot {
	s := harness.Snapshot{Turn: 3, Active: harness.A, Step: harness.Main1, Priority: harness.A}
	s.Players[0].Life, s.Players[1].Life = 20, 20
	s.Battlefield = objs
	slices.SortFunc(s.Battlefield, func(a, b *harness.Object) int { return int(a.Card) - int(b.Card) })
	return s
}

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

// withPool returns s with player p's pool set.
func withPool(s harness.Snapshot, p harness.Player, m harness.Mana) harness.Snapshot {
	s.Players[p].Pool = m
	return s
}

func mana(s string) harness.Mana {
	m, err := harness.ParseMana(s)
	if err != nil {
		panic(err)
	}
	return m
}

func manas(ss ...string) []harness.Mana {
	var out []harness.Mana
	for _, s := range ss {
		out = append(out, mana(s))
	}
	return out
}
