package scenario

import "github.com/mtgfuzz/mtgfuzz/harness"

// Expectation is one check on the replayed game. Each kind is a struct below; its Key is
// the YAML key it is written with.
type Expectation interface {
	Position() Pos
	Key() string
}

// Offered: the exact set of outcomes a mana ability would offer if activated now
// (harness.Engine.ManaOutcomes, CR 106.7), compared as a set. The zero Mana is "none".
type Offered struct {
	At       Pos
	Card     string
	Ability  AbilityRef
	Outcomes []harness.Mana
}

// Pool: the exact contents of the named players' mana pools.
type Pool struct {
	At    Pos
	Pools PerPlayer[harness.Mana]
}

// Tapped: each listed permanent is tapped (or, with Tapped false, untapped).
type Tapped struct {
	At     Pos
	Cards  []string
	Tapped bool
}

// Legality: the action line matches some legal action now (Legal true), or none (false).
type Legality struct {
	At     Pos
	Action ActionSpec
	Legal  bool
}

// ObjectCheck: the computed characteristics and status of one object. Only the fields
// given (non-nil) are checked.
type ObjectCheck struct {
	At   Pos
	Card string
	Characteristics
	Zone           *harness.Zone
	Controller     *harness.Player
	Owner          *harness.Player
	Tapped         *bool
	Sick           *bool
	Token          *bool           // a token, not a card (CR 111.1); being one isn't copied (707.2)
	Counters       *map[string]int // exact: kinds with 0 are the same as absent
	Damage         *int
	ManaValue      *int // CR 202.3: X is 0 but on the stack (107.3g, 107.3m)
	AbilitiesCount *int
	Attached       *string // reference, or "" for not attached
	CopyOf         *string
	Copiable       *Characteristics // the copiable values (CR 707.2)
}

// CouldProduce: the exact set of mana types the permanent could produce (CR 106.7).
type CouldProduce struct {
	At    Pos
	Card  string
	Types harness.TypeSet
}

// Life: the life totals of the named players.
type Life struct {
	At   Pos
	Life PerPlayer[int]
}

// Lost: whether each named player has lost the game (CR 104.3, 704.5a-c).
type Lost struct {
	At   Pos
	Lost PerPlayer[bool]
}

// ZoneContents: the exact contents of a zone per player, as card references. The
// library and graveyard are ordered (top first, bottom first); hand, exile and
// battlefield are compared as multisets.
type ZoneContents struct {
	At    Pos
	Zone  harness.Zone
	Cards PerPlayer[[]string]
}

// StackContents: the names of the objects on the stack, bottom first.
type StackContents struct {
	At    Pos
	Names []string
}

// TurnStep: the turn, active player, step and priority holder (only the given ones).
type TurnStep struct {
	At       Pos
	Turn     *int
	Active   *harness.Player
	Step     *harness.Step
	Priority *harness.Player // NoPlayer: nobody has priority (a decision is pending)
}

// PendingCheck: the decision the game waits for (None: no decision pending).
type PendingCheck struct {
	At      Pos
	None    bool
	Player  *harness.Player
	Options *[]string
}

// CastingCheck: the spell or ability being cast or activated and its locked-in cost
// (CR 601.2f), or None.
type CastingCheck struct {
	At   Pos
	None bool
	Card string
	Cost *Cost
}

// Cost is a total mana cost: generic plus coloured symbols, written "{4}{G}".
type Cost struct {
	Generic int
	Mana    harness.Mana
}

// PropertyCheck: a property (package props) holds on the trace replayed so far, and its
// situation was reached ("property:"). The ID is a property ID or a ruling ID (every
// property of it). With AnyReach ("holds:") the situation needn't be reached: a found
// counterexample claims only that the property holds, because the situation it reached
// may be one that only the bug created (a creature that died of 1 damage under a fault
// leaves the correct engine with no state-based action to judge).
type PropertyCheck struct {
	At       Pos
	ID       string
	AnyReach bool
}

func (e *Offered) Position() Pos       { return e.At }
func (e *Pool) Position() Pos          { return e.At }
func (e *Tapped) Position() Pos        { return e.At }
func (e *Legality) Position() Pos      { return e.At }
func (e *ObjectCheck) Position() Pos   { return e.At }
func (e *CouldProduce) Position() Pos  { return e.At }
func (e *Life) Position() Pos          { return e.At }
func (e *Lost) Position() Pos          { return e.At }
func (e *ZoneContents) Position() Pos  { return e.At }
func (e *StackContents) Position() Pos { return e.At }
func (e *TurnStep) Position() Pos      { return e.At }
func (e *PendingCheck) Position() Pos  { return e.At }
func (e *CastingCheck) Position() Pos  { return e.At }
func (e *PropertyCheck) Position() Pos { return e.At }

func (e *Offered) Key() string       { return "offered" }
func (e *Pool) Key() string          { return "pool" }
func (e *ObjectCheck) Key() string   { return "object" }
func (e *CouldProduce) Key() string  { return "could_produce" }
func (e *Life) Key() string          { return "life" }
func (e *Lost) Key() string          { return "lost" }
func (e *ZoneContents) Key() string  { return string(e.Zone) }
func (e *StackContents) Key() string { return "stack" }
func (e *TurnStep) Key() string      { return "step" }
func (e *PendingCheck) Key() string  { return "pending" }
func (e *CastingCheck) Key() string  { return "casting" }
func (e *PropertyCheck) Key() string {
	if e.AnyReach {
		return "holds"
	}
	return "property"
}

func (e *Tapped) Key() string {
	if e.Tapped {
		return "tapped"
	}
	return "untapped"
}

func (e *Legality) Key() string {
	if e.Legal {
		return "legal"
	}
	return "illegal"
}
