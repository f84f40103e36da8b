package engine

import (
	"errors"

	"github.com/mtgfuzz/mtgfuzz/harness"
)

// Options configures the reference engine.
type Options struct {
	// Faults switches on deliberate rule bugs by name (see Faults). Empty: the correct engine.
	Faults []string
}

// FaultInfo describes one deliberate rule bug.
type FaultInfo struct {
	Name        string // "mana.undefined-type/gives-colorless": ruling ID, slash, what breaks
	Ruling      string
	Rule        string
	Description string
}

// Faults lists every deliberate fault, sorted by name.
func Faults() []FaultInfo { return nil }

// CardNames lists the card pool, sorted.
func CardNames() []string { return nil }

// Reference is the reference engine as a harness.Engine.
type Reference struct{ opts Options }

// New returns the reference engine; an unknown fault name is an error.
func New(opts Options) (*Reference, error) { return &Reference{opts: opts}, nil }

var errStub = errors.New("engine: not built yet")

func (r *Reference) Name() string                                     { return "reference" }
func (r *Reference) Start(s harness.Setup) (harness.State, error)     { return nil, errStub }
func (r *Reference) Legal(st harness.State) ([]harness.Action, error) { return nil, errStub }
func (r *Reference) Apply(st harness.State, a harness.Action) (harness.State, []harness.Event, error) {
	return nil, nil, errStub
}
func (r *Reference) Observe(st harness.State) (harness.Snapshot, error) {
	return harness.Snapshot{}, errStub
}
func (r *Reference) ManaOutcomes(st harness.State, c harness.CardID, ab int) ([]harness.Mana, error) {
	return nil, errStub
}
func (r *Reference) CouldProduce(st harness.State, c harness.CardID) (harness.TypeSet, error) {
	return 0, errStub
}
func (r *Reference) Close() error { return nil }
